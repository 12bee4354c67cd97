// Why: a client that speaks Streamable HTTP is judged by the same session as one over stdio; this
// is only the transport. It listens on a loopback address, answers only requests addressed to it
// by a loopback name from this machine (DNS rebinding), starts a session at each initialize (with
// its Mcp-Session-Id), answers each client request on an SSE stream of its own POST (its progress
// travels there too), and sends the server's requests on the client's GET stream, or, when the
// client opened none, on the stream of a request still in progress. Each request's headers and
// each response's status are recorded with the session's messages.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { idKey, isRequestId, type IdKey, type RequestId } from '../validators/envelope.ts';
import { isJsonObject } from '../validators/shape.ts';
import { LoopbackListener } from '../live/loopback-listener.ts';
import { MAX_HTTP_MESSAGE_BYTES } from '../live/tap-http.ts';
import type { CleanupEvidence } from '../live/transport.ts';
import { RunBudget } from '../live/recording-bounds.ts';
import { recordedParamHeaders } from '../live/mcp-param-headers.ts';
import type { JsonObject } from '../validators/context.ts';
import { JudgingSession, type Outlet, type Route, type SessionOptions } from './judging-session.ts';
import { carriesRequestMeta, MODERN_VERSION } from './modern-serving.ts';

/** Sessions one run serves at most (each initialize starts one); past it, initialize is answered 503. */
export const MAX_SESSIONS = 64;

/**
 * Characters of message text the run's sessions keep in all (each keeps within its own limits as
 * well); past it, every session judges and counts its messages without keeping them.
 */
export const RUN_MESSAGE_CHARS = 64 * 1024 * 1024;

/** The path of the MCP endpoint. */
export const MCP_PATH = '/mcp';

/** Request headers recorded in the trace (never credentials). */
const REQUEST_HEADERS = ['accept', 'content-type', 'mcp-session-id', 'mcp-protocol-version', 'last-event-id', 'origin', 'mcp-method', 'mcp-name'] as const;

interface Stream {
  readonly res: ServerResponse;
  readonly exchange: number;
  /** 2026-07-28: the head is written with the first message, so that an error answer gets its status (404, 400). */
  head?: 'pending' | 'json' | 'sse';
}

/** The HTTP status of a 2026-07-28 error answer: 404 for an unknown method, 400 for invalid params or an unsupported version. */
function errorStatus(message: JsonObject | undefined): number {
  const error = message?.['error'];
  const code = isJsonObject(error) ? error['code'] : undefined;
  return code === -32601 ? 404 : code === -32602 || code === -32022 || code === -32600 ? 400 : 200;
}

/** Whether a POST without a session speaks 2026-07-28: its header, or its body's per-request `_meta`. */
function speaksModern(request: JsonObject | undefined, headers: IncomingMessage['headers']): boolean {
  if (request?.['method'] === 'initialize') return false;
  return headers['mcp-protocol-version'] === MODERN_VERSION || (request !== undefined && carriesRequestMeta(request['params']));
}

/** One HTTP session: its judging session and the streams open to its client (2026-07-28: one for the run, with no session id). */
class HttpSession implements Outlet {
  readonly id = randomUUID();
  readonly session: JudgingSession;
  get: Stream | undefined;
  readonly posts = new Map<IdKey, Stream>();
  #waiters: (() => void)[] = [];
  readonly modern: boolean;
  /** Records the head of an answer (its status and content type) in the session's trace. */
  readonly #recordHead: (exchange: number, status: number, type: string) => void;

  constructor(options: SessionOptions, modern: boolean, recordHead: (session: HttpSession, exchange: number, status: number, type: string) => void) {
    this.modern = modern;
    this.#recordHead = (exchange, status, type) => recordHead(this, exchange, status, type);
    this.session = new JudgingSession(this, options);
  }

  drop(related: RequestId): boolean {
    const own = this.posts.get(idKey(related));
    if (!this.modern || own === undefined || own.res.writableEnded) return false;
    this.posts.delete(idKey(related));
    own.res.end();
    return true;
  }

  route(related: RequestId | undefined, final = false, message?: JsonObject): Route | undefined {
    const own = related === undefined ? undefined : this.posts.get(idKey(related));
    const open = (s: Stream | undefined): s is Stream => s !== undefined && !s.res.writableEnded && !s.res.destroyed;
    if (this.modern) return open(own) ? this.#modernRoute(own, related as RequestId, final, message) : undefined;
    const stream = open(own) ? own : related !== undefined && final ? undefined : open(this.get) ? this.get : [...this.posts.values()].find(open);
    if (stream === undefined) return undefined;
    return {
      place: { exchange: stream.exchange },
      write: (text) => {
        stream.res.write(`event: message\ndata: ${text}\n\n`);
        if (final && stream === own && related !== undefined) {
          this.posts.delete(idKey(related));
          stream.res.end();
        }
      },
    };
  }

  /** A 2026-07-28 answer travels on its own request's stream only: a final answer first is a JSON body with its status, anything else opens an SSE stream. */
  #modernRoute(own: Stream, related: RequestId, final: boolean, message: JsonObject | undefined): Route {
    if (own.head === 'pending') {
      const json = final;
      const status = json ? errorStatus(message) : 200;
      const type = json ? 'application/json' : 'text/event-stream';
      own.res.writeHead(status, { 'content-type': type, ...(json ? {} : { 'cache-control': 'no-cache' }) });
      if (!json) own.res.flushHeaders();
      own.head = json ? 'json' : 'sse';
      this.#recordHead(own.exchange, status, type);
    }
    return {
      place: { exchange: own.exchange },
      write: (text) => {
        if (own.head === 'json') own.res.write(text);
        else own.res.write(`event: message\ndata: ${text}\n\n`);
        if (final) {
          this.posts.delete(idKey(related));
          own.res.end();
        }
      },
    };
  }

  changed(): Promise<void> {
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  opened(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const w of waiters) w();
  }

  close(): void {
    for (const s of [this.get, ...this.posts.values()]) s?.res.end();
    this.session.close();
    this.opened();
  }
}

/** The judging server over Streamable HTTP on a loopback address. */
export class JudgingHttpEndpoint {
  readonly #options: SessionOptions;
  readonly #sessions = new Map<string, HttpSession>();
  /** The 2026-07-28 session of the run: requests without a session id that carry the revision's `_meta`. */
  #modern: HttpSession | undefined;
  /** Every session in the order started (the run's traces). */
  readonly started: JudgingSession[] = [];
  readonly #onSessionId: ((id: string) => void) | undefined;
  readonly #listener = new LoopbackListener({
    serve: (req, res) => this.#serve(req, res),
    refuse: (res) => {
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end('the judging server answers only requests addressed to it by a loopback name, from pages on this machine\n');
    },
  });
  #exchange = 0;
  /** Told when the first request arrives (the client connected). */
  onRequest: (() => void) | undefined;

  constructor(options: SessionOptions, onSessionId?: (id: string) => void) {
    // Up to MAX_SESSIONS sessions each keep within their own limits; together they keep within the run's budget.
    this.#options = { ...options, budget: options.budget ?? new RunBudget(RUN_MESSAGE_CHARS) };
    this.#onSessionId = onSessionId;
  }

  /** Listens on 127.0.0.1 (a free port); returns the endpoint's URL. */
  async start(): Promise<string> {
    const { host, port } = await this.#listener.listen('127.0.0.1', 0);
    return `http://${host}:${port}${MCP_PATH}`;
  }

  /** Ends every session and connection and stops listening. */
  async stop(): Promise<CleanupEvidence> {
    for (const s of this.#sessions.values()) s.close();
    this.#modern?.close();
    const closed = await this.#listener.close();
    return { listener_closed: closed.listening, http_connections_closed: closed.connectionsClosed, http_requests_refused: this.#listener.refused };
  }

  #serve(req: IncomingMessage, res: ServerResponse): void {
    if ((req.url ?? '/').split('?')[0] !== MCP_PATH) {
      req.resume();
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(`the MCP endpoint is ${MCP_PATH}\n`);
      return;
    }
    this.onRequest?.();
    const method = req.method ?? 'GET';
    if (method !== 'POST' && method !== 'GET' && method !== 'DELETE') {
      req.resume();
      res.writeHead(405, { allow: 'GET, POST, DELETE' }).end();
      return;
    }
    const exchange = this.#exchange++;
    const header = req.headers['mcp-session-id'];
    const known = typeof header === 'string' ? this.#sessions.get(header) : undefined;
    const record = (s: HttpSession | undefined, status: number, type = ''): void => {
      if (s === undefined) return;
      this.#recordRequest(s, req, exchange, method);
      this.#recordHead(s, exchange, status, type);
    };
    if (known === undefined && typeof header !== 'string' && method !== 'POST' && this.#options.protocolVersion !== undefined && this.#options.protocolVersion !== MODERN_VERSION) {
      // A legacy server: a GET or DELETE names its session.
    } else if (known === undefined && typeof header !== 'string' && method !== 'POST') {
      // 2026-07-28 has no GET stream and no session to delete.
      req.resume();
      res.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    if (method === 'DELETE') {
      req.resume();
      if (known === undefined) return void res.writeHead(typeof header === 'string' ? 404 : 400).end();
      record(known, 200);
      res.writeHead(200).end();
      this.#sessions.delete(known.id);
      known.close();
      return;
    }
    if (method === 'GET') {
      req.resume();
      if (known === undefined) return void res.writeHead(typeof header === 'string' ? 404 : 400).end();
      if (known.get !== undefined && !known.get.res.writableEnded) return void res.writeHead(409).end();
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'mcp-session-id': known.id });
      record(known, 200, 'text/event-stream');
      res.flushHeaders();
      known.get = { res, exchange };
      res.on('close', () => {
        if (known.get?.res === res) known.get = undefined;
      });
      known.opened();
      return;
    }
    this.#post(req, res, known, typeof header === 'string', exchange, record);
  }

  #recordRequest(s: HttpSession, req: IncomingMessage, exchange: number, method: 'POST' | 'GET' | 'DELETE'): void {
    const headers: Record<string, string> = recordedParamHeaders(req.headers);
    for (const name of REQUEST_HEADERS) {
      const value = req.headers[name];
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    s.session.recorder.event({ kind: 'http_request', exchange, method, headers });
  }

  #recordHead(s: HttpSession, exchange: number, status: number, type: string): void {
    s.session.recorder.event({ kind: 'http_response', exchange, status, headers: { ...(type === '' ? {} : { 'content-type': type }), ...(s.modern ? {} : { 'mcp-session-id': s.id }) } });
  }

  /** The run's 2026-07-28 session (started with its first request). */
  #modernSession(): HttpSession | undefined {
    if (this.#modern !== undefined) return this.#modern;
    if (this.started.length >= MAX_SESSIONS) return undefined;
    this.#modern = new HttpSession(this.#options, true, (s, exchange, status, type) => this.#recordHead(s, exchange, status, type));
    this.started.push(this.#modern.session);
    return this.#modern;
  }

  /** A POST of the 2026-07-28 session: recorded, then served; its answer's head waits for the first message. */
  #modernPost(req: IncomingMessage, res: ServerResponse, s: HttpSession, text: string, request: JsonObject | undefined, exchange: number): void {
    this.#recordRequest(s, req, exchange, 'POST');
    if (request === undefined) {
      res.writeHead(202);
      this.#recordHead(s, exchange, 202, '');
      res.end();
      s.session.receive(text, { exchange });
      return;
    }
    const id = request['id'] as RequestId;
    const stream: Stream = { res, exchange, head: 'pending' };
    s.posts.set(idKey(id), stream);
    res.on('close', () => {
      if (s.posts.get(idKey(id))?.res !== res) return;
      s.posts.delete(idKey(id));
      // Closing the response stream is the client's cancellation of the request.
      if (!res.writableEnded) s.session.streamClosed(id);
    });
    s.session.receive(text, { exchange });
  }

  #post(req: IncomingMessage, res: ServerResponse, known: HttpSession | undefined, named: boolean, exchange: number, record: (s: HttpSession | undefined, status: number, type?: string) => void): void {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_HTTP_MESSAGE_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_HTTP_MESSAGE_BYTES) return void res.writeHead(413).end();
      const text = Buffer.concat(chunks).toString('utf8');
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      const request = isJsonObject(parsed) && typeof parsed['method'] === 'string' && isRequestId(parsed['id']) ? parsed : undefined;
      let s = known;
      const pinned = this.#options.protocolVersion;
      if (s === undefined && !named && (pinned === MODERN_VERSION || (pinned === undefined && speaksModern(isJsonObject(parsed) ? parsed : undefined, req.headers)))) {
        const modern = this.#modernSession();
        if (modern === undefined) {
          res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: `this run serves at most ${MAX_SESSIONS} sessions` } }));
          return;
        }
        this.#modernPost(req, res, modern, text, request, exchange);
        return;
      }
      if (s === undefined) {
        if (named || request?.['method'] !== 'initialize') {
          res.writeHead(named ? 404 : 400, { 'content-type': 'application/json' })
            .end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: named ? 'Session not found' : 'Bad Request: no Mcp-Session-Id (only initialize starts a session)' } }));
          return;
        }
        if (this.started.length >= MAX_SESSIONS) {
          res.writeHead(503, { 'content-type': 'application/json' })
            .end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: `this run serves at most ${MAX_SESSIONS} sessions` } }));
          return;
        }
        s = new HttpSession(this.#options, false, (session, at, status, type) => this.#recordHead(session, at, status, type));
        this.#sessions.set(s.id, s);
        this.started.push(s.session);
        this.#onSessionId?.(s.id);
      }
      if (request === undefined) {
        res.writeHead(202, { 'mcp-session-id': s.id });
        record(s, 202);
        res.end();
        s.session.receive(text, { exchange });
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'mcp-session-id': s.id });
      record(s, 200, 'text/event-stream');
      res.flushHeaders();
      const id = request['id'] as RequestId;
      const session = s;
      session.posts.set(idKey(id), { res, exchange });
      res.on('close', () => {
        if (session.posts.get(idKey(id))?.res === res) session.posts.delete(idKey(id));
      });
      session.opened();
      session.session.receive(text, { exchange });
    });
  }
}
