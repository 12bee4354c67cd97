// Why: the live check talks to a Streamable HTTP server exactly as the specification tells a
// client to: each message a POST accepting JSON and SSE, the session id kept only from the
// response that carries a valid InitializeResult and sent with the negotiated protocol version on
// every later request, DELETE at the end. Everything on the wire is recorded through the recorder,
// and the probes of the full scope (GET stream, resumption, foreign Origin, terminated session)
// report what the server did against the sentence of the specification it rests on.
import type { Redactor } from '../trace/redaction.ts';
import type { JsonObject } from '../validators/context.ts';
import { isJsonObject } from '../validators/shape.ts';
import { DEFAULT_MAX_BYTES } from '../validators/strict-json.ts';
import { TransportFailure, type CleanupEvidence, type ClientTransport, type HttpProbes, type RecordedMessage, type Recorder, type SendOptions } from './transport.ts';
import { modernHeaders } from './http-modern.ts';
import { readPostAnswer, errorStatusFailure, type Posted } from './http-answer.ts';
import { EXERCISED_LABEL, HttpExchanges, mediaType, statusLine, type Exchange } from './http-exchange.ts';
import { HttpRecording } from './http-record.ts';
import { HttpSessionState, isValidInitializeResult } from './http-session.ts';
import { isResponse, MAX_STREAM_MESSAGES, readBackgroundStream, readLongLivedStream, type BackgroundStream, type StreamHost } from './http-streams.ts';
import { HttpWire } from './http-wire.ts';
import { ruleById } from '../validators/rules/index.ts';

/** How a Streamable HTTP transport is set up. */
export interface HttpTransportOptions {
  /** The MCP endpoint (http: or https:). */
  readonly url: URL;
  readonly recorder: Recorder;
  /** How long one operation may take, in milliseconds. */
  readonly timeoutMs: number;
  /** Largest JSON body or SSE event in bytes (default 2,000,000, as for every message). */
  readonly maxMessageBytes?: number;
  /** Most messages a response stream may carry before its response (default 10,000). */
  readonly maxStreamMessages?: number;
  /** Headers sent with every request (read from the environment); their values are never recorded. */
  readonly headers?: Readonly<Record<string, string>>;
  /** The owner's redaction, applied to every header value, event id and excerpt recorded. */
  readonly redact?: (text: string) => string;
  /** The run's redactor: what is recorded goes through it, and a text is redacted before it is cut. */
  readonly redactor?: Redactor;
  /** Told each session id the server sends and the placeholder recorded in its place. */
  readonly onSessionId?: (id: string, placeholder: string) => void;
}

/** The Origin of the foreign-Origin probe: a name that can never resolve (RFC 6761 `.invalid`). */
export const FOREIGN_ORIGIN = 'https://foreign-origin.invalid';

/** What a client message is, as the POST that carries it is judged. */
export function postedOf(message: JsonObject, suffix = ''): Posted {
  const method = typeof message['method'] === 'string' ? message['method'] : undefined;
  if (method === undefined) return { kind: 'response', label: `POST response${suffix}`, initialize: false };
  const kind = 'id' in message ? 'request' : 'notification';
  return { kind, label: `POST ${method}${suffix}`, initialize: kind === 'request' && method === 'initialize' };
}

/** How the label of a modern probe's POST says what is wrong with it. */
const PROBE_LABELS: Partial<Record<NonNullable<SendOptions['probe']>, string>> = {
  'unsupported-version': ' in an unsupported protocol version',
  'header-mismatch': ' with an Mcp-Method header that does not match its body',
  'header-missing': ' without its Mcp-Method header',
  'foreign-origin': ' with a foreign Origin',
  'missing-meta': ' without a required _meta field',
  'removed-method': ' (a method 2026-07-28 removed)',
  'version-header-mismatch': ' with an MCP-Protocol-Version header that does not match its body',
  'name-header-mismatch': ' with an Mcp-Name header that does not match its body',
  'name-header-missing': ' without its Mcp-Name header',
  'encoded-name': ' with its Mcp-Name in the Base64 sentinel form',
};

/** A Streamable HTTP client transport with the full scope's HTTP probes. */
export class HttpTransport implements ClientTransport, HttpProbes {
  readonly kind = 'http' as const;
  readonly #ex: HttpExchanges;
  readonly #host: StreamHost;
  readonly #background = new Set<BackgroundStream>();
  #onServerMessage: ((message: JsonObject, event: number) => void) | undefined;
  /** The initialize exchange whose response is awaited: the session id its response offered. */
  #pendingInit: { exchange: number; id: unknown; offered: string | undefined; responseEvent: number } | undefined;
  #getStream: BackgroundStream | undefined;
  /** The open SSE streams answering long-lived requests (listens), by request id. */
  readonly #longLived = new Map<number, BackgroundStream>();
  #closed: CleanupEvidence | undefined;

  constructor(options: HttpTransportOptions) {
    const session = new HttpSessionState(options.onSessionId);
    const configured = options.headers ?? {};
    const rec = new HttpRecording(options.recorder, session, options.redact ?? ((text) => text), configured, options.redactor);
    const limits = {
      timeoutMs: options.timeoutMs,
      maxMessageBytes: options.maxMessageBytes ?? DEFAULT_MAX_BYTES,
      maxStreamMessages: options.maxStreamMessages ?? MAX_STREAM_MESSAGES,
    };
    this.#ex = new HttpExchanges(rec, session, new HttpWire(options.url), limits, configured);
    this.#host = {
      ex: this.#ex,
      deliver: (text, exchange, eventId) => this.#deliver(text, exchange, eventId),
      eventIds: new Set(),
      eventIdChars: 0,
      lastEventId: undefined,
    };
  }

  /** Whether the URL names a loopback host: only there is a request from a foreign Origin one the server must refuse. */
  get loopback(): boolean {
    return this.#ex.wire.isLoopback;
  }

  /** The negotiated protocol version, once a valid InitializeResult arrived. */
  get protocolVersion(): string | undefined {
    return this.#ex.session.version;
  }

  async start(onServerMessage: (message: JsonObject, event: number) => void): Promise<void> {
    this.#onServerMessage = onServerMessage;
  }

  async send(message: JsonObject, options: SendOptions = {}): Promise<void> {
    const modern = modernHeaders(message);
    const posted = postedOf(message, options.probe === undefined ? (options.ownStop === true ? EXERCISED_LABEL : '') : PROBE_LABELS[options.probe] ?? '');
    if (modern === undefined) {
      await this.#post(message, posted, {});
      return;
    }
    // The stateless revision mirrors the body into headers; a probe may set or drop one of them.
    const headers: Record<string, string> = { ...modern };
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (value === null) delete headers[name];
      else headers[name] = value;
    }
    const dropped = Object.entries(options.headers ?? {}).filter(([, value]) => value === null).map(([name]) => name);
    await this.#post(message, { ...posted, modern: true, ...(options.probe === undefined ? {} : { probe: options.probe }) }, headers, dropped, options.longLived === true);
  }

  async closeStream(id: number): Promise<void> {
    const stream = this.#longLived.get(id);
    if (stream === undefined) return;
    this.#longLived.delete(id);
    stream.stop();
    await stream.done;
  }

  async openGetStream(): Promise<boolean> {
    if (this.#getStream !== undefined) return true;
    const ex = await this.#probe(() => this.#ex.perform('GET', this.#ex.headersFor('GET'), 'GET'));
    if (ex === undefined || (await this.#ex.redirectFailure(ex)) !== undefined) return false;
    if (!this.#isStream(ex)) {
      if (ex.status === 405) await this.#ex.discard(ex);
      else await this.#ex.statusFailure(ex, ruleById('http/get-stream-answer'), `GET was answered HTTP ${statusLine(ex.status)} with ${ex.reply.headers['content-type'] ?? 'no Content-Type'}`);
      return false;
    }
    this.#getStream = this.#keep(readBackgroundStream(this.#host, ex, undefined));
    return true;
  }

  async resumeStream(): Promise<boolean> {
    const from = this.#host.lastEventId;
    if (from === undefined) return false;
    // A resumption follows a disconnection: the GET stream, if open, is dropped first.
    if (this.#getStream !== undefined) {
      this.#getStream.stop();
      await this.#getStream.done;
      this.#getStream = undefined;
    }
    const label = 'GET resuming from the last event id';
    const ex = await this.#probe(() => this.#ex.perform('GET', this.#ex.headersFor('GET', { 'last-event-id': from }), label));
    if (ex === undefined || (await this.#ex.redirectFailure(ex)) !== undefined) return false;
    if (!this.#isStream(ex)) {
      if (ex.status === 405) await this.#ex.discard(ex);
      else await this.#ex.statusFailure(ex, ruleById('http/get-stream-answer'), `${label} was answered HTTP ${statusLine(ex.status)} with ${ex.reply.headers['content-type'] ?? 'no Content-Type'}`);
      return false;
    }
    this.#keep(readBackgroundStream(this.#host, ex, from));
    return true;
  }

  async probeForeignOrigin(message: JsonObject): Promise<void> {
    if (!this.#ex.wire.isLoopback) return;
    const posted = postedOf(message, ' with a foreign Origin');
    const ex = await this.#probe(() => this.#ex.perform('POST', this.#ex.headersFor('POST', { origin: FOREIGN_ORIGIN }), posted.label, JSON.stringify(message)));
    if (ex === undefined || (await this.#ex.redirectFailure(ex)) !== undefined) return;
    if (ex.status === 403) return this.#ex.discard(ex);
    if (ex.status >= 400 && ex.status <= 499) {
      const version = this.#ex.session.version;
      if (version !== undefined && version >= '2025-11-25') {
        await this.#ex.statusFailure(ex, ruleById('http/origin-not-403'), `${posted.label} was refused with HTTP ${statusLine(ex.status)} instead of 403 Forbidden`);
      } else {
        await this.#ex.discard(ex);
      }
      return;
    }
    if (ex.status >= 500) {
      await errorStatusFailure(this.#host, ex, false);
      return;
    }
    this.#ex.rec.finding(ruleById('http/origin-accepted'), ex.responseEvent, '/status', `${posted.label} (${FOREIGN_ORIGIN}) to a loopback server was accepted with HTTP ${statusLine(ex.status)}`);
    await this.#probe(() => readPostAnswer(this.#host, ex, posted));
  }

  async terminateAndProbe(message: JsonObject): Promise<void> {
    const session = this.#ex.session;
    if (session.id === undefined || session.end !== 'open') return;
    await this.#stopBackground();
    if (!(await this.#delete())) return;
    const posted = postedOf(message, ' with the terminated session id');
    const ex = await this.#probe(() => this.#ex.perform('POST', this.#ex.headersFor('POST'), posted.label, JSON.stringify(message)));
    if (ex === undefined || ex.status === 404) return ex === undefined ? undefined : this.#ex.discard(ex);
    if ((await this.#ex.redirectFailure(ex)) !== undefined) return;
    if (ex.status >= 400) {
      await this.#ex.statusFailure(ex, ruleById('http/terminated-session-not-404'), `${posted.label} was answered HTTP ${statusLine(ex.status)} instead of 404 Not Found`);
      return;
    }
    this.#ex.rec.finding(ruleById('http/terminated-session-not-404'), ex.responseEvent, '/status', `${posted.label} was still served (HTTP ${statusLine(ex.status)}) after the session was deleted`);
    await this.#probe(() => readPostAnswer(this.#host, ex, posted));
  }

  async close(): Promise<CleanupEvidence> {
    if (this.#closed !== undefined) return this.#closed;
    await this.#stopBackground();
    // After abort() the session is left as it is (`open`): nothing more is sent.
    if (!this.#ex.closing && this.#ex.session.id !== undefined && this.#ex.session.end === 'open') await this.#delete();
    this.#ex.closing = true;
    const wire = this.#ex.wire.close();
    this.#closed = {
      http_session: this.#ex.session.end,
      http_requests_aborted: wire.requestsAborted,
      http_sockets_closed: wire.socketsClosed,
    };
    return this.#closed;
  }

  /** Ends everything at once, without a DELETE (the checker is being interrupted); close() still reports. */
  abort(): void {
    this.#ex.closing = true;
    this.#ex.wire.close();
  }

  /** POSTs one client message and reads its answer. */
  async #post(message: JsonObject, posted: Posted, extra: Readonly<Record<string, string>>, dropped: readonly string[] = [], longLived = false): Promise<void> {
    const headers = this.#ex.headersFor('POST', extra);
    for (const name of dropped) delete headers[name];
    const ex = await this.#ex.perform('POST', headers, posted.label, JSON.stringify(message));
    const id = message['id'];
    if (longLived && typeof id === 'number' && this.#isStream(ex)) {
      // A listen's stream stays open until the client closes it: read in the background, no answer awaited here.
      this.#checkOffer(ex);
      const stream = this.#keep(readLongLivedStream(this.#host, ex, posted.label));
      this.#longLived.set(id, stream);
      void stream.done.then(() => {
        if (this.#longLived.get(id) === stream) this.#longLived.delete(id);
      });
      return;
    }
    const offered = ex.reply.headers['mcp-session-id'];
    if (!posted.initialize) this.#checkOffer(ex);
    else this.#pendingInit = { exchange: ex.exchange, id: message['id'], offered: typeof offered === 'string' ? offered : undefined, responseEvent: ex.responseEvent };
    // A body the checker did not read past its own limit may have held the InitializeResult: the
    // session id it came with is then not reported as offered without one.
    let unread = false;
    try {
      await readPostAnswer(this.#host, ex, posted);
    } catch (error) {
      unread = error instanceof TransportFailure && error.code === 'too-large';
      throw error;
    } finally {
      const init = this.#pendingInit;
      if (init !== undefined && init.exchange === ex.exchange) {
        this.#pendingInit = undefined;
        if (init.offered !== undefined && !unread) this.#reportStrayOffer(init.offered, init.responseEvent, posted.label);
      }
    }
  }

  /** Records a server message; adopts the session when it is the awaited valid InitializeResult; hands it on. */
  #deliver(text: string, exchange: number, eventId: string | undefined): RecordedMessage {
    const recorded = this.#ex.rec.message('server_to_client', text, exchange, eventId);
    const message = recorded.message;
    const init = this.#pendingInit;
    if (init !== undefined && init.exchange === exchange && isResponse(message) && isJsonObject(message) && message['id'] === init.id) {
      this.#pendingInit = undefined;
      const result = message['result'];
      if (isValidInitializeResult(result)) {
        if (this.#ex.session.adopt(result, init.offered).badCharacters) {
          this.#ex.rec.finding(ruleById('http/session-id-visible-ascii'), init.responseEvent, '/headers/mcp-session-id', 'the session id issued with the InitializeResult has characters outside 0x21 to 0x7E');
        }
      } else if (init.offered !== undefined) {
        this.#reportStrayOffer(init.offered, init.responseEvent, 'POST initialize');
      }
    }
    if (isJsonObject(message)) this.#onServerMessage?.(message, recorded.index);
    return recorded;
  }

  /** Reports a session id offered by a response other than the one carrying a valid InitializeResult. */
  #checkOffer(ex: Exchange): void {
    const offered = ex.reply.headers['mcp-session-id'];
    if (typeof offered === 'string') this.#reportStrayOffer(offered, ex.responseEvent, ex.label);
  }

  #reportStrayOffer(offered: string, event: number, label: string): void {
    if (!this.#ex.session.isStrayOffer(offered)) return;
    this.#ex.rec.finding(ruleById('http/session-id-without-initialize-result'), event, '/headers/mcp-session-id',
      `the response to ${label} offered a session id without a valid InitializeResult; it is not kept`);
  }

  #isStream(ex: Exchange): boolean {
    return ex.status >= 200 && ex.status <= 299 && mediaType(ex.reply.headers['content-type']) === 'text/event-stream';
  }

  /** DELETEs the session; true when the server ended it. */
  async #delete(): Promise<boolean> {
    const session = this.#ex.session;
    const ex = await this.#probe(() => this.#ex.perform('DELETE', this.#ex.headersFor('DELETE'), 'DELETE'));
    if (ex === undefined || (await this.#ex.redirectFailure(ex)) !== undefined) {
      session.end = 'delete-failed';
      return false;
    }
    this.#checkOffer(ex);
    if (ex.status === 405 || ex.status === 404 || (ex.status >= 200 && ex.status <= 299)) {
      await this.#ex.discard(ex);
      session.end = ex.status === 405 ? 'delete-refused' : ex.status === 404 ? 'already-ended' : 'deleted';
      return session.end === 'deleted';
    }
    await this.#ex.statusFailure(ex, ruleById('http/error-status'), `DELETE was answered HTTP ${statusLine(ex.status)}`);
    session.end = 'delete-failed';
    return false;
  }

  /** Runs a probe step; a recorded TransportFailure ends the probe quietly (its finding is in the trace). */
  async #probe<T>(step: () => Promise<T>): Promise<T | undefined> {
    try {
      return await step();
    } catch (error) {
      if (error instanceof TransportFailure) return undefined;
      throw error;
    }
  }

  #keep(stream: BackgroundStream): BackgroundStream {
    this.#background.add(stream);
    void stream.done.then(() => {
      this.#background.delete(stream);
      if (this.#getStream === stream) this.#getStream = undefined;
    });
    return stream;
  }

  async #stopBackground(): Promise<void> {
    const streams = [...this.#background];
    for (const stream of streams) stream.stop();
    await Promise.all(streams.map((s) => s.done));
    this.#getStream = undefined;
  }
}
