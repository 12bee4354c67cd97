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
import { BoundedMap } from '../machines/bounded-map.ts';
import { eraOfProbeAnswer } from '../validators/era.ts';
import { HttpHeaderJudge, type HeaderFinding } from './http-header-rules.ts';
import type { ProbeKind } from './live-judge.ts';

/** What a configured header's value is recorded as. */
export const MASKED_VALUE = '[REDACTED]';

/** Response headers that matter to MCP over HTTP, in the order they are recorded. */
const RESPONSE_HEADERS = ['content-type', 'mcp-session-id', 'mcp-protocol-version', 'location', 'allow', 'www-authenticate'] as const;

/** Longest excerpt of an error body kept in a finding's message. */
const EXCERPT_CHARS = 200;

/** Probe exchanges remembered until their answer (the checker's exchanges are sequential: a few at a time). */
const PROBE_EXCHANGES = 4096;

/** Writes the transport's events and findings to the recorder, redacted. */
export class HttpRecording {
  readonly recorder: Recorder;
  readonly #session: HttpSessionState;
  readonly #redact: (text: string) => string;
  /** Configured header values, by lower-case name: never recorded. */
  readonly #masked: ReadonlyMap<string, string>;

  readonly #redactor: Redactor;
  /**
   * The tap's judge of HTTP headers and statuses, run on the checker's own traffic as it is
   * recorded: the statuses a 2026-07-28 server owes (404 with -32601, 400 with -32022) are judged
   * on the same code path as in the tap, and the checker's own headers with them.
   */
  readonly #headers = new HttpHeaderJudge();
  /** The probe each exchange's POST was, while its answer is awaited. */
  readonly #probes = new BoundedMap<number, ProbeKind>(PROBE_EXCHANGES);

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
    const event = this.recorder.event({ kind: 'http_request', exchange, method, headers: recorded });
    this.#judged(this.#headers.request(exchange, event, method, recorded));
    return event;
  }

  /** Records a response's status and the headers that matter. */
  response(exchange: number, status: number, headers: IncomingHttpHeaders): number {
    const recorded: Record<string, string> = {};
    for (const name of RESPONSE_HEADERS) {
      const value = headers[name];
      if (value !== undefined) recorded[name] = this.text(Array.isArray(value) ? value.join(', ') : value);
    }
    const event = this.recorder.event({ kind: 'http_response', exchange, status, headers: recorded });
    this.#headers.response(exchange, event, status, recorded);
    return event;
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
    const recorded = this.recorder.message(direction, text, eventId === undefined ? { exchange } : { exchange, event_id: this.text(eventId) });
    if (recorded.message === undefined) return recorded;
    if (direction === 'client_to_server') {
      const found = this.#headers.requestMessage(exchange, recorded.message);
      // A probe's request is wrong on purpose (a mismatching or missing header, a version no server has): not the checker's fault.
      if (recorded.probe === undefined) this.#judged(found);
      else this.#probes.set(exchange, recorded.probe);
      return recorded;
    }
    const found = this.#headers.responseMessage(exchange, recorded.message);
    // A legacy server's answer to the era probe is judged in neither era (docs/live-checks.md, "Which era").
    if (this.#probes.get(exchange) !== 'era-probe' || eraOfProbeAnswer(recorded.message) === 'modern') this.#judged(found);
    return recorded;
  }

  #judged(found: readonly HeaderFinding[]): void {
    for (const f of found) this.recorder.finding(f.rule, f.event, f.pointer, f.message);
  }

  /** Records a finding at an event. */
  finding(rule: RuleSpec, event: number | null, pointer: string, message: string): void {
    this.recorder.finding(rule, event, pointer, message);
  }
}
