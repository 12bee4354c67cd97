// Why: every HTTP request of a live check is one recorded exchange: the request and its headers,
// the message it carries, then either the response status and headers, or a timeout, or a
// connection failure, each recorded as what it is. A timeout is never reported as an HTTP error
// and an HTTP error never as a timeout; a server that cannot be reached at all is not a finding
// (the run could not start), one that drops the connection later is.
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { ACCEPT_ENCODING, CONTENT_ENCODING_ERROR, contentCodings, decodingStream } from './content-coding.ts';
import type { RuleSpec } from '../validators/rules/rule.ts';
import { TransportFailure } from './transport.ts';
import type { HttpRecording } from './http-record.ts';
import type { HttpSessionState } from './http-session.ts';
import { describeFailure, UNREACHABLE_CODES, type HttpMethod, type HttpWire } from './http-wire.ts';
import { ruleById } from '../validators/rules/index.ts';

/** The label suffix of an exercised call's POST, whose timeout is the checker's own stop. */
export const EXERCISED_LABEL = ' (an exercised call)';

/**
 * The rule a timeout of the exchange labelled so rests on: http/timeout, or none for an exercised
 * call, whose timeout is the checker's own stop, recorded once by the exchange that waited for it.
 */
export function timeoutRule(label: string): RuleSpec | undefined {
  return label.endsWith(EXERCISED_LABEL) ? undefined : ruleById('http/timeout');
}

/** The bounds of a Streamable HTTP transport. */
export interface HttpLimits {
  /** How long one operation may take: a response head, a JSON body, the next event of a stream awaiting its response. */
  readonly timeoutMs: number;
  /** Largest JSON body or SSE event, in bytes. */
  readonly maxMessageBytes: number;
  /** Most messages a response stream may carry before its response. */
  readonly maxStreamMessages: number;
}

/** A response head received in an exchange (its body is still to be read). */
export interface Exchange {
  readonly exchange: number;
  readonly label: string;
  readonly reply: IncomingMessage;
  /** The body with its content codings undone (the reply itself when it has none). */
  readonly body: Readable;
  /** The codings undone, as Content-Encoding names them (undefined: none). */
  readonly coded: string | undefined;
  readonly status: number;
  /** Index of the `http_response` event. */
  readonly responseEvent: number;
}

/** How much of an error body is read for its excerpt. */
const ERROR_BODY_BYTES = 4096;

/** `503 Service Unavailable`. */
export function statusLine(status: number): string {
  const text = STATUS_CODES[status];
  return text === undefined ? String(status) : `${status} ${text}`;
}

/** The media type of a Content-Type value, lower case, without parameters. */
export function mediaType(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return undefined;
  const type = contentType.split(';')[0]?.trim().toLowerCase();
  return type === '' ? undefined : type;
}

/** Performs recorded HTTP exchanges with one endpoint. */
export class HttpExchanges {
  readonly rec: HttpRecording;
  readonly session: HttpSessionState;
  readonly wire: HttpWire;
  readonly limits: HttpLimits;
  readonly #configured: Readonly<Record<string, string>>;
  #next = 1;
  #reached = false;
  /** Set once close() starts: failures after it are the checker's own doing, not findings. */
  closing = false;

  constructor(rec: HttpRecording, session: HttpSessionState, wire: HttpWire, limits: HttpLimits, configured: Readonly<Record<string, string>>) {
    this.rec = rec;
    this.session = session;
    this.wire = wire;
    this.limits = limits;
    this.#configured = Object.fromEntries(Object.entries(configured).map(([name, value]) => [name.toLowerCase(), value]));
  }

  /**
   * The headers of a request: the configured ones (lower-cased), then what the method needs, the
   * session's and `extra`, so a configured header can never replace one the protocol prescribes.
   */
  headersFor(method: HttpMethod, extra: Readonly<Record<string, string>> = {}): Record<string, string> {
    const base: Record<string, string> =
      method === 'POST' ? { accept: 'application/json, text/event-stream', 'accept-encoding': ACCEPT_ENCODING, 'content-type': 'application/json' }
      : method === 'GET' ? { accept: 'text/event-stream', 'accept-encoding': ACCEPT_ENCODING }
      : {};
    return { ...this.#configured, ...base, ...this.session.headers(), ...extra };
  }

  /**
   * Sends one request (recording it, and `message` as the client's message it carries) and
   * returns the response head; throws a TransportFailure, recorded, when there is none.
   */
  async perform(method: HttpMethod, headers: Readonly<Record<string, string>>, label: string, message?: string): Promise<Exchange> {
    const exchange = this.#next++;
    this.rec.request(exchange, method, headers);
    if (message !== undefined) this.rec.message('client_to_server', message, exchange);
    const outcome = await this.wire.open(method, headers, message, this.limits.timeoutMs);
    if (outcome.kind === 'timeout') {
      if (this.closing) throw new TransportFailure('closed', `${label}: the transport was closed`);
      const at = this.rec.timeout(`${label}: response`, this.limits.timeoutMs);
      const rule = timeoutRule(label);
      if (rule !== undefined) this.rec.finding(rule, at, '', `no HTTP response to ${label} within ${this.limits.timeoutMs} ms`);
      throw new TransportFailure('timeout', `no HTTP response to ${label} within ${this.limits.timeoutMs} ms`);
    }
    if (outcome.kind === 'error') {
      if (this.closing) throw new TransportFailure('closed', `${label}: the transport was closed`);
      const detail = describeFailure(outcome.code);
      const at = this.rec.transportError(outcome.code, detail, exchange);
      if (!this.#reached && UNREACHABLE_CODES.has(outcome.code)) {
        throw new TransportFailure('unreachable', `the server could not be reached: ${detail}`, true);
      }
      this.rec.finding(ruleById('http/connection-lost'), at, '', `${label}: ${detail}`);
      throw new TransportFailure('connection-lost', `${label}: ${detail}`);
    }
    this.#reached = true;
    const reply = outcome.reply;
    const status = reply.statusCode ?? 0;
    // A session id is replaced by its placeholder wherever it is recorded, this response included.
    const offered = reply.headers['mcp-session-id'];
    if (typeof offered === 'string') this.session.note(offered);
    const responseEvent = this.rec.response(exchange, status, reply.headers);
    const codings = contentCodings(reply.headers['content-encoding']);
    if (codings.kind === 'unsupported') {
      // Not judged and not blamed: no MUST forbids a coding the client did not offer, and its bytes are not the message.
      this.rec.transportError('content-encoding-unsupported', `the answer to ${label} has Content-Encoding ${JSON.stringify(codings.name)}, which the check did not offer (it offers ${ACCEPT_ENCODING}) and cannot decode; its body was not judged`, exchange);
      // Fails once it is read (its reader is listening by then), as an undecodable body does.
      const body = new Readable({
        read() {
          this.destroy(Object.assign(new Error('a content coding the check cannot decode'), { code: CONTENT_ENCODING_ERROR }));
        },
      });
      reply.resume();
      return { exchange, label, reply, body, coded: codings.name, status, responseEvent };
    }
    const body = codings.kind !== 'coded' ? reply : decodingStream(reply, codings.codings, (coding, detail) => {
      if (this.closing) return;
      const at = this.rec.transportError('content-encoding-invalid', `the body answering ${label} does not decode as ${coding} (${detail})`, exchange);
      this.rec.finding(ruleById('http/content-encoding-invalid'), at, '', `the body answering ${label} says Content-Encoding ${codings.name} but does not decode so (${detail})`);
    });
    return { exchange, label, reply, body, coded: codings.kind === 'coded' ? codings.name : undefined, status, responseEvent };
  }

  /** Records a failure of the body of an exchange that was already answered (timeout, loss, size). */
  bodyFailure(ex: Exchange, kind: 'timeout' | 'error' | 'too-large', code?: string): TransportFailure {
    if (this.closing) return new TransportFailure('closed', `${ex.label}: the transport was closed`);
    if (kind === 'timeout') {
      const at = this.rec.timeout(`${ex.label}: body`, this.limits.timeoutMs);
      const rule = timeoutRule(ex.label);
      if (rule !== undefined) this.rec.finding(rule, at, '', `the body answering ${ex.label} did not complete within ${this.limits.timeoutMs} ms`);
      return new TransportFailure('timeout', `${ex.label}: body timed out`);
    }
    if (kind === 'too-large') {
      const decoded = ex.coded === undefined ? '' : ` once its ${ex.coded} coding is undone (decoding stopped there)`;
      this.rec.finding(ruleById('transport/body-over-limit'), ex.responseEvent, '', `the body answering ${ex.label} exceeds the checker's limit of ${this.limits.maxMessageBytes.toLocaleString('en-US')} bytes${decoded}; the connection was closed, and what it carried is not judged`);
      return new TransportFailure('too-large', `${ex.label}: body too large`);
    }
    if (code === CONTENT_ENCODING_ERROR) return new TransportFailure('content-encoding', `${ex.label}: the body does not decode as its Content-Encoding says`);
    const detail = describeFailure(code ?? 'ECONNRESET');
    const at = this.rec.transportError(code ?? 'ECONNRESET', detail, ex.exchange);
    this.rec.finding(ruleById('http/connection-lost'), at, '', `${ex.label}: ${detail}`);
    return new TransportFailure('connection-lost', `${ex.label}: ${detail}`);
  }

  /** Reads (a bounded part of) a body only to show it in a finding; never fails. */
  async excerpt(ex: Exchange): Promise<string> {
    const body = await this.wire.readBody(ex, ERROR_BODY_BYTES, this.limits.timeoutMs);
    if (body.kind !== 'body' || body.bytes.length === 0) return '';
    return ` (body: ${this.rec.excerpt(body.bytes)})`;
  }

  /** Reads and discards a body the check does not judge. */
  async discard(ex: Exchange): Promise<void> {
    await this.wire.readBody(ex, ERROR_BODY_BYTES, this.limits.timeoutMs);
  }

  /** Reports an HTTP status under `rule` (the message names it, with an excerpt of the body) and returns the failure to throw. */
  async statusFailure(ex: Exchange, rule: RuleSpec, what: string): Promise<TransportFailure> {
    const excerpt = await this.excerpt(ex);
    this.rec.finding(rule, ex.responseEvent, '/status', `${what}${excerpt}`);
    return new TransportFailure('http-status', `${ex.label}: HTTP ${statusLine(ex.status)}`);
  }

  /** For a 3xx answer: reports the redirect (never followed) and returns the failure to throw; otherwise undefined. */
  async redirectFailure(ex: Exchange): Promise<TransportFailure | undefined> {
    if (ex.status < 300 || ex.status > 399) return undefined;
    const location = ex.reply.headers.location;
    const target = location === undefined ? undefined : this.wire.resolve(location);
    const elsewhere = target !== undefined && target.origin !== this.wire.origin;
    await this.discard(ex);
    const rule = elsewhere ? ruleById('http/redirect-other-origin') : ruleById('http/redirect');
    const where = target === undefined ? 'without a usable Location' : elsewhere ? 'to another origin' : 'to the same origin';
    this.rec.finding(rule, ex.responseEvent, location === undefined ? '/status' : '/headers/location', `${ex.label} was answered HTTP ${statusLine(ex.status)} ${where}; redirects are not followed`);
    return new TransportFailure('redirect', `${ex.label}: HTTP ${statusLine(ex.status)}`);
  }
}
