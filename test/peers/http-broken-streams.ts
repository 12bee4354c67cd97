// Why: each defect class of a Streamable HTTP server's SSE streams gets one peer that is correct
// in everything else, so a test can assert the exact rule the defect breaks. Two more peers are
// correct and show what a client must cope with: a server request inside a response stream, and
// the resumption a server may demand (the connection closed before the response, the response
// delivered on the GET that resumes from the last event id).
import type http from 'node:http';
import { McpHttpPeer, type Json, type PeerEvent } from './http-mcp-peer.ts';

/** An SSE peer whose answer to tools/list is written by `write` instead. */
abstract class ToolsListStreamPeer extends McpHttpPeer {
  constructor() {
    super('sse');
  }

  protected abstract write(res: http.ServerResponse, stream: number, response: string): void;

  protected override answerRequest(req: http.IncomingMessage | undefined, res: http.ServerResponse, message: Json, response: Json, headers?: Record<string, string>): void {
    if (message['method'] !== 'tools/list') return super.answerRequest(req, res, message, response, headers);
    const stream = ++this.streams;
    this.openSse(res, headers);
    this.write(res, stream, JSON.stringify(response));
  }
}

/** Puts a wrong id in the SSE event answering tools/list. */
export class SseWrongIdPeer extends ToolsListStreamPeer {
  protected write(res: http.ServerResponse, stream: number, response: string): void {
    const wrong = JSON.parse(response) as Json;
    this.writeEvents(res, stream, [{ data: '' }, { data: JSON.stringify({ ...wrong, id: 1000 }) }]);
    res.end();
  }
}

/** Sends an event whose data is not JSON, then ends the stream. */
export class SseMalformedDataPeer extends ToolsListStreamPeer {
  protected write(res: http.ServerResponse, _stream: number, response: string): void {
    res.end(`data: ${response.slice(0, 25)}\n\n`);
  }
}

/** Writes the response as a bare line, without the `data:` field, so clients drop it. */
export class SseBareLinePeer extends ToolsListStreamPeer {
  protected write(res: http.ServerResponse, _stream: number, response: string): void {
    res.end(`${response}\n\n`);
  }
}

/** Reuses one event id on every event. */
export class EventIdReusePeer extends McpHttpPeer {
  constructor() {
    super('sse');
  }

  protected override writeEvents(res: http.ServerResponse, stream: number, events: readonly PeerEvent[]): void {
    super.writeEvents(res, stream, events.map((e) => ({ ...e, id: 'same-id' })));
  }
}

/** Sends no priming event: the response is the first event. */
export class NoPrimingPeer extends McpHttpPeer {
  constructor() {
    super('sse');
  }

  protected override writeEvents(res: http.ServerResponse, stream: number, events: readonly PeerEvent[]): void {
    super.writeEvents(res, stream, events.filter((e) => e.data !== ''));
  }
}

/** Ends the stream answering tools/list without the response (and without event ids). */
export class StreamEndsEarlyPeer extends ToolsListStreamPeer {
  protected write(res: http.ServerResponse): void {
    res.end();
  }
}

/** Keeps the stream answering tools/list open after the response. */
export class StreamStaysOpenPeer extends ToolsListStreamPeer {
  protected write(res: http.ServerResponse, stream: number, response: string): void {
    this.writeEvents(res, stream, [{ data: '' }, { data: response }]);
  }
}

/** Opens the stream answering tools/list, primes it, then sends nothing. */
export class SilentStreamPeer extends ToolsListStreamPeer {
  protected write(res: http.ServerResponse, stream: number): void {
    this.writeEvents(res, stream, [{ data: '' }]);
  }
}

/** Floods the stream answering tools/list with log notifications before the response. */
export class StreamFloodPeer extends ToolsListStreamPeer {
  readonly count: number;

  constructor(count: number) {
    super();
    this.count = count;
  }

  protected write(res: http.ServerResponse, stream: number, response: string): void {
    const log = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'working' } });
    this.writeEvents(res, stream, [{ data: '' }, ...Array.from({ length: this.count }, () => ({ data: log })), { data: response }]);
    res.end();
  }

  protected override capabilities(): Json {
    return { tools: {}, logging: {} };
  }
}

/** Sends an SSE event larger than the client's limit. */
export class HugeEventPeer extends ToolsListStreamPeer {
  protected write(res: http.ServerResponse, stream: number, response: string): void {
    const big = JSON.parse(response) as Json;
    const padded = { ...big, result: { tools: [], _meta: { padding: 'x'.repeat(4096) } } };
    this.writeEvents(res, stream, [{ data: '' }, { data: JSON.stringify(padded) }]);
    res.end();
  }
}

/** Primes the stream with a retry time, closes the connection, and answers on the resuming GET. */
export class PollingPeer extends ToolsListStreamPeer {
  #held: string | undefined;
  readonly retryMs: number;
  /** When the connection of the stream answering tools/list was closed (ms). */
  closedAt = 0;

  constructor(retryMs = 20) {
    super();
    this.retryMs = retryMs;
  }

  protected write(res: http.ServerResponse, stream: number, response: string): void {
    this.writeEvents(res, stream, [{ data: '', retry: this.retryMs }]);
    this.#held = response;
    this.closedAt = Date.now();
    res.end();
  }

  protected override handleGet(req: http.IncomingMessage, res: http.ServerResponse): void {
    const last = req.headers['last-event-id'];
    const held = this.#held;
    if (typeof last !== 'string' || held === undefined || this.sessionRefusal(req) !== undefined) return super.handleGet(req, res);
    this.#held = undefined;
    const stream = this.events.find((e) => e.id === last)?.stream ?? 0;
    this.openSse(res);
    this.writeEvents(res, stream, [{ data: held }]);
    res.end();
  }
}

/** Closes the stream before the response, with event ids, but refuses the resuming GET (405). */
export class ResumeRefusedPeer extends PollingPeer {
  protected override handleGet(_req: http.IncomingMessage, res: http.ServerResponse): void {
    this.status(res, 405);
  }
}

/** Answers GET with a JSON body instead of an SSE stream or 405. */
export class GetAnsweredJsonPeer extends McpHttpPeer {
  constructor() {
    super('sse');
  }

  protected override handleGet(_req: http.IncomingMessage, res: http.ServerResponse): void {
    this.status(res, 200, { 'content-type': 'application/json' }, '{}');
  }
}

/** Sends a JSON-RPC response on the GET stream. */
export class ResponseOnGetStreamPeer extends McpHttpPeer {
  constructor() {
    super('sse');
  }

  protected override handleGet(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (req.headers['last-event-id'] !== undefined) return super.handleGet(req, res);
    this.openSse(res);
    this.writeEvents(res, ++this.streams, [{ data: JSON.stringify({ jsonrpc: '2.0', id: 2, result: {} }) }]);
  }
}

/** Sends a ping request inside the stream answering tools/list, and the response only once the client has answered it. */
export class ServerRequestInStreamPeer extends ToolsListStreamPeer {
  /** The client's answers to the peer's requests. */
  readonly replies: Json[] = [];
  #waiting: (() => void) | undefined;

  protected write(res: http.ServerResponse, stream: number, response: string): void {
    this.writeEvents(res, stream, [{ data: '' }, { data: JSON.stringify({ jsonrpc: '2.0', id: 'server-ping', method: 'ping' }) }]);
    this.#waiting = () => {
      this.writeEvents(res, stream, [{ data: response }]);
      res.end();
    };
  }

  protected override accept(res: http.ServerResponse, message: Json): void {
    if (message['id'] === 'server-ping') {
      this.replies.push(message);
      this.#waiting?.();
    }
    super.accept(res, message);
  }
}
