// Why: fuzz is judged on Streamable HTTP servers whose one defect is known and shows only in a
// sequence: a second request in flight turned away with 503 (which a client must report as the
// HTTP status it is, never as a timeout), a stream resumption that loses its Last-Event-ID, and
// two tool calls in flight at once both answered with the later one's result.
import type http from 'node:http';
import { McpHttpPeer, type Json } from './http-mcp-peer.ts';

/** How long each answer takes, so that requests overlap. */
const WORK_MS = 30;

/** Answers every request after 30 ms, and turns one away with 503 while another is being answered. */
export class Busy503Peer extends McpHttpPeer {
  #busy = 0;

  constructor() {
    super('json');
  }

  protected override answerRequest(req: http.IncomingMessage | undefined, res: http.ServerResponse, message: Json, response: Json, headers?: Record<string, string>): void {
    if (message['method'] === 'initialize') return super.answerRequest(req, res, message, response, headers);
    if (this.#busy > 0) return this.status(res, 503, { 'retry-after': '1' }, 'busy');
    this.#busy++;
    setTimeout(() => {
      this.#busy--;
      super.answerRequest(req, res, message, response, headers);
    }, WORK_MS);
  }
}

/** Resumes a stream from its start whatever Last-Event-ID says: the events the client has are sent again. */
export class ResumeLosesLastEventIdPeer extends McpHttpPeer {
  constructor() {
    super('sse');
  }

  protected override handleGet(req: http.IncomingMessage, res: http.ServerResponse): void {
    const last = req.headers['last-event-id'];
    if (typeof last !== 'string' || this.sessionRefusal(req) !== undefined) return super.handleGet(req, res);
    const stream = this.events.find((e) => e.id === last)?.stream;
    this.openSse(res);
    for (const e of this.events.filter((x) => x.stream === stream)) res.write(`id: ${e.id}\n${e.data === '' ? 'data:\n' : `event: message\ndata: ${e.data}\n`}\n`);
  }
}

/** Serves requests that come before notifications/initialized (the correct peer refuses them). */
export class HttpServesBeforeInitializedPeer extends McpHttpPeer {
  protected override servesBeforeInitialized(): boolean {
    return true;
  }
}

/**
 * Has an echo tool whose call takes 30 ms and keeps the arguments of the call in progress in one
 * shared variable: when a second call arrives while one is in flight, both are answered with the
 * later call's text, so the earlier answer carries another request's result under its own id.
 */
export class SharedCallStatePeer extends McpHttpPeer {
  #current: unknown;

  protected override answerRequest(req: http.IncomingMessage | undefined, res: http.ServerResponse, message: Json, response: Json, headers?: Record<string, string>): void {
    if (message['method'] !== 'tools/call' || !('result' in response)) return super.answerRequest(req, res, message, response, headers);
    this.#current = ((message['params'] ?? {}) as Json)['arguments'];
    setTimeout(() => {
      const text = String(((this.#current ?? {}) as Json)['text']);
      super.answerRequest(req, res, message, { jsonrpc: '2.0', id: message['id'], result: { content: [{ type: 'text', text }] } }, headers);
    }, WORK_MS);
  }

  protected override respond(message: Json): Json {
    if (message['method'] !== 'tools/call') return super.respond(message);
    return { jsonrpc: '2.0', id: message['id'], result: { content: [] } };
  }
}
