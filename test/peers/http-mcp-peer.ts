// Why: the Streamable HTTP transport is judged against servers we control. This is a correct MCP
// server over Streamable HTTP, answering with JSON or with SSE (priming event, event ids,
// resumption), that enforces what the specification asks of a client (Accept, Content-Type,
// session id, MCP-Protocol-Version, Origin) so that a clean run proves our client right too.
// Broken peers subclass it and override the one behaviour they get wrong.
import type http from 'node:http';
import { listenLoopback, readRequestBody, type RunningPeer } from './http-peer.ts';

/** A JSON-RPC message as the peer reads and writes it. */
export type Json = Record<string, unknown>;

/** One SSE event as the peer writes it. */
export interface PeerEvent {
  readonly id?: string;
  readonly data: string;
  readonly retry?: number;
}

const SUPPORTED = new Set(['2025-11-25', '2025-06-18']);

/** A correct Streamable HTTP MCP server; `answer` picks JSON bodies or SSE streams for requests. */
export class McpHttpPeer {
  readonly answer: 'json' | 'sse';
  /** Session ids issued, and whether each is still active. */
  readonly sessions = new Map<string, boolean>();
  /** Every request the peer received: method, headers, body, and when it arrived (ms). */
  readonly seen: { method: string; headers: http.IncomingHttpHeaders; body: string; at: number }[] = [];
  /** SSE events sent per session, for resumption: id, stream, data. */
  protected readonly events: { id: string; stream: number; data: string }[] = [];
  protected streams = 0;
  #running: RunningPeer | undefined;

  constructor(answer: 'json' | 'sse') {
    this.answer = answer;
  }

  /** Starts listening; returns the endpoint. */
  async start(): Promise<URL> {
    this.#running = await listenLoopback((req, res) => {
      void this.#serve(req, res);
    });
    return this.#running.url;
  }

  /** Stops the peer and every connection it holds. */
  async stop(): Promise<void> {
    await this.#running?.stop();
  }

  /** Connections still open on the peer. */
  connections(): Promise<number> {
    return this.#running?.connections() ?? Promise.resolve(0);
  }

  /** Waits (within a bound) until the client has closed every connection; returns how many remain. */
  async connectionsAfterClientClose(limitMs = 2_000): Promise<number> {
    const until = Date.now() + limitMs;
    let open = await this.connections();
    while (open > 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      open = await this.connections();
    }
    return open;
  }

  get url(): URL {
    if (this.#running === undefined) throw new Error('the peer is not started');
    return this.#running.url;
  }

  async #serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const at = Date.now();
    const body = await readRequestBody(req);
    this.seen.push({ method: req.method ?? '', headers: req.headers, body, at });
    if (!this.originAllowed(req)) return this.refuseOrigin(res);
    if (req.method === 'POST') return this.handlePost(req, res, body);
    if (req.method === 'GET') return this.handleGet(req, res);
    if (req.method === 'DELETE') return this.handleDelete(req, res);
    this.status(res, 405, { allow: 'GET, POST, DELETE' });
  }

  /** A request without Origin, or with this server's own, is allowed. */
  protected originAllowed(req: http.IncomingMessage): boolean {
    const origin = req.headers.origin;
    return origin === undefined || origin === this.url.origin;
  }

  protected refuseOrigin(res: http.ServerResponse): void {
    this.status(res, 403);
  }

  protected status(res: http.ServerResponse, code: number, headers: Record<string, string> = {}, body = ''): void {
    res.writeHead(code, headers);
    res.end(body);
  }

  /** 400 or 404 for a request whose session is missing or ended; otherwise undefined (go on). */
  protected sessionRefusal(req: http.IncomingMessage): number | undefined {
    const id = req.headers['mcp-session-id'];
    if (typeof id !== 'string') return 400;
    if (this.sessions.get(id) !== true) return 404;
    const version = req.headers['mcp-protocol-version'];
    if (typeof version !== 'string' || !SUPPORTED.has(version)) return 400;
    return undefined;
  }

  protected handlePost(req: http.IncomingMessage, res: http.ServerResponse, body: string): void {
    const accept = req.headers.accept ?? '';
    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) return this.status(res, 406);
    if (req.headers['content-type'] !== 'application/json') return this.status(res, 415);
    let message: Json;
    try {
      message = JSON.parse(body) as Json;
    } catch {
      return this.status(res, 400);
    }
    if (message['method'] === 'initialize') return this.initialize(res, message);
    const refusal = this.sessionRefusal(req);
    if (refusal !== undefined) return this.status(res, refusal);
    if (!('id' in message) || !('method' in message)) return this.accept(res, message);
    this.answerRequest(req, res, message, this.respond(message));
  }

  protected initialize(res: http.ServerResponse, message: Json): void {
    const params = (message['params'] ?? {}) as Json;
    const offered = String(params['protocolVersion']);
    const result = {
      protocolVersion: SUPPORTED.has(offered) ? offered : '2025-11-25',
      capabilities: this.capabilities(),
      serverInfo: { name: 'http-test-peer', version: '1.0.0' },
    };
    const id = this.newSessionId();
    this.sessions.set(id, true);
    this.answerRequest(undefined, res, message, { jsonrpc: '2.0', id: message['id'], result }, { 'mcp-session-id': id });
  }

  /** The capabilities the peer declares. */
  protected capabilities(): Json {
    return { tools: {} };
  }

  protected newSessionId(): string {
    return `peer-sid-${this.sessions.size + 1}`;
  }

  /** Accepts a notification or response. */
  protected accept(res: http.ServerResponse, _message: Json): void {
    this.status(res, 202);
  }

  /** The response to a client request. */
  protected respond(message: Json): Json {
    const id = message['id'];
    const params = (message['params'] ?? {}) as Json;
    switch (message['method']) {
      case 'ping':
        return { jsonrpc: '2.0', id, result: {} };
      case 'tools/list':
        if (params['cursor'] !== undefined && typeof params['cursor'] !== 'string') return { jsonrpc: '2.0', id, error: { code: -32602, message: 'Invalid params: cursor' } };
        return { jsonrpc: '2.0', id, result: { tools: [{ name: 'echo', description: 'Echoes its text.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }] } };
      default:
        return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } };
    }
  }

  /** Answers a request with one JSON body or an SSE stream (primed, with event ids). */
  protected answerRequest(_req: http.IncomingMessage | undefined, res: http.ServerResponse, _message: Json, response: Json, headers: Record<string, string> = {}): void {
    const text = JSON.stringify(response);
    if (this.answer === 'json') return this.status(res, 200, { 'content-type': 'application/json', ...headers }, text);
    const stream = ++this.streams;
    this.openSse(res, headers);
    this.writeEvents(res, stream, [{ data: '' }, { data: text }]);
    res.end();
  }

  protected openSse(res: http.ServerResponse, headers: Record<string, string> = {}): void {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...headers });
    res.flushHeaders();
  }

  /** Writes events with fresh ids of `stream` (an event's own id wins), remembering them for resumption. */
  protected writeEvents(res: http.ServerResponse, stream: number, events: readonly PeerEvent[]): void {
    for (const event of events) {
      const id = event.id ?? `s${stream}-e${this.events.length + 1}`;
      this.events.push({ id, stream, data: event.data });
      res.write(`id: ${id}\n${event.retry === undefined ? '' : `retry: ${event.retry}\n`}${event.data === '' ? 'data:\n' : `event: message\ndata: ${event.data}\n`}\n`);
    }
  }

  /** GET: resumes a stream after Last-Event-ID, or opens the (silent) server stream. */
  protected handleGet(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (!(req.headers.accept ?? '').includes('text/event-stream')) return this.status(res, 406);
    const refusal = this.sessionRefusal(req);
    if (refusal !== undefined) return this.status(res, refusal);
    if (this.answer === 'json') return this.status(res, 405, { allow: 'POST, DELETE' });
    const last = req.headers['last-event-id'];
    this.openSse(res);
    if (typeof last === 'string') {
      const from = this.events.findIndex((e) => e.id === last);
      const stream = from === -1 ? undefined : this.events[from]?.stream;
      for (const e of this.events.slice(from + 1).filter((x) => x.stream === stream)) {
        res.write(`id: ${e.id}\nevent: message\ndata: ${e.data}\n\n`);
      }
    }
  }

  /** DELETE ends the session. */
  protected handleDelete(req: http.IncomingMessage, res: http.ServerResponse): void {
    const refusal = this.sessionRefusal(req);
    if (refusal !== undefined) return this.status(res, refusal);
    this.sessions.set(String(req.headers['mcp-session-id']), false);
    this.status(res, 200);
  }
}

/** Starts `peer`, runs `body` against its endpoint, and stops the peer even when `body` fails. */
export async function withPeer<P extends McpHttpPeer, T>(peer: P, body: (url: URL, peer: P) => Promise<T>): Promise<T> {
  const url = await peer.start();
  try {
    return await body(url, peer);
  } finally {
    await peer.stop();
  }
}
