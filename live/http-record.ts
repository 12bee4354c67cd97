// Why: what the HTTP transport writes to the trace must never hold a secret or a live session id,
// and must be the same for two runs against the same server. Every header value, event id and
// excerpt goes through here: session ids become placeholders, configured header values (read from
// the environment) are masked whole, and the owner's redaction runs last. Messages themselves go
// to the recorder as exact text (it judges them and redacts what it writes).
import type { IncomingHttpHeaders } from 'node:http';
import type { Direction } from '../validators/context.ts';
import type { RuleSpec } from '../validators/rules/rule.ts';
import type { RecordedMessage, Recorder } from './transport.ts';
import type { HttpSessionState } from './http-session.ts';
import type { HttpMethod } from './http-wire.ts';
import { Redactor } from '../trace/redaction.ts';

/** What a configured header's value is recorded as. */
export const MASKED_VALUE = '[REDACTED]';

/** Response headers that matter to MCP over HTTP, in the order they are recorded. */
const RESPONSE_HEADERS = ['content-type', 'mcp-session-id', 'mcp-protocol-version', 'location', 'allow', 'www-authenticate'] as const;

/** Longest excerpt of an error body kept in a finding's message. */
const EXCERPT_CHARS = 200;

/** Writes the transport's events and findings to the recorder, redacted. */
export class HttpRecording {
  readonly recorder: Recorder;
  readonly #session: HttpSessionState;
  readonly #redact: (text: string) => string;
  /** Configured header values, by lower-case name: never recorded. */
  readonly #masked: ReadonlyMap<string, string>;

  readonly #redactor: Redactor;

  /** `redactor` is the run's (a fresh one when none is given); it learns the configured header values as credentials. */
  constructor(recorder: Recorder, session: HttpSessionState, redact: (text: string) => string, configured: Readonly<Record<string, string>>, redactor = new Redactor()) {
    this.recorder = recorder;
    this.#session = session;
    this.#redact = redact;
    this.#redactor = redactor;
    // A server may echo a credential back (in an error body, a header): the whole value, and the
    // part after an authorization scheme (`Bearer <token>`), are redacted wherever they appear.
    for (const value of Object.values(configured)) redactor.addCredential(value);
    this.#masked = new Map(Object.entries(configured).map(([name, value]) => [name.toLowerCase(), value]));
  }

  /** A text as it may be recorded: session ids replaced, then the owner's redaction (which knows the configured header values). */
  text(value: string): string {
    return this.#redact(this.#redactor.text(this.#session.scrub(value)));
  }

  /** A text redacted, then bounded to `max` characters with no part of a secret left at the cut (`...` marks a cut). */
  excerptOf(value: string, max: number): string {
    const cut = this.#redactor.cut(this.#session.scrub(value), max);
    return this.#redact(cut.cut ? `${cut.text}...` : cut.text);
  }

  /** A short single-line excerpt of a body, recorded only inside a finding's message. */
  excerpt(bytes: Buffer): string {
    const flat = bytes.toString('utf8').replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim();
    return this.excerptOf(flat, EXCERPT_CHARS);
  }

  /** Records an HTTP request; the values of configured headers are masked. */
  request(exchange: number, method: HttpMethod, headers: Readonly<Record<string, string>>): number {
    const recorded: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      const key = name.toLowerCase();
      recorded[key] = this.#masked.get(key) === value ? MASKED_VALUE : this.text(value);
    }
    return this.recorder.event({ kind: 'http_request', exchange, method, headers: recorded });
  }

  /** Records a response's status and the headers that matter. */
  response(exchange: number, status: number, headers: IncomingHttpHeaders): number {
    const recorded: Record<string, string> = {};
    for (const name of RESPONSE_HEADERS) {
      const value = headers[name];
      if (value !== undefined) recorded[name] = this.text(Array.isArray(value) ? value.join(', ') : value);
    }
    return this.recorder.event({ kind: 'http_response', exchange, status, headers: recorded });
  }

  /** Records an SSE stream opening, resuming (from an event id) or closing. */
  stream(action: 'open' | 'resume' | 'close', exchange: number, lastEventId?: string): number {
    return this.recorder.event(
      lastEventId === undefined
        ? { kind: 'stream', action, exchange }
        : { kind: 'stream', action, exchange, last_event_id: this.text(lastEventId) },
    );
  }

  /** Records an operation that got no answer in time. */
  timeout(operation: string, limitMs: number): number {
    return this.recorder.event({ kind: 'timeout', operation, limit_ms: limitMs });
  }

  /** Records a transport failure that is not an HTTP status. */
  transportError(code: string, detail: string, exchange: number | undefined): number {
    return this.recorder.event(
      exchange === undefined
        ? { kind: 'transport_error', code, detail: this.text(detail) }
        : { kind: 'transport_error', code, detail: this.text(detail), exchange },
    );
  }

  /** Records one wire message as its exact text; its SSE event id is recorded redacted. */
  message(direction: Direction, text: string, exchange: number, eventId?: string): RecordedMessage {
    return this.recorder.message(direction, text, eventId === undefined ? { exchange } : { exchange, event_id: this.text(eventId) });
  }

  /** Records a finding at an event. */
  finding(rule: RuleSpec, event: number | null, pointer: string, message: string): void {
    this.recorder.finding(rule, event, pointer, message);
  }
}
