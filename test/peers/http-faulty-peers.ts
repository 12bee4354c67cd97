// Why: the reliability suite runs `check --url` against servers that fail the way real ones do
// under load or misconfiguration: an HTTP error status of any kind, SSE streams that break off or
// carry events without data, and a body that announces 2 GB and then stops. Each is correct in
// everything else, so what the check reports can only come from that fault.
import type http from 'node:http';
import { McpHttpPeer, type Json } from './http-mcp-peer.ts';

/** Answers tools/list with the given HTTP status and a short text body. */
export class StatusPeer extends McpHttpPeer {
  readonly code: number;

  constructor(code: number) {
    super('json');
    this.code = code;
  }

  protected override answerRequest(req: http.IncomingMessage | undefined, res: http.ServerResponse, message: Json, response: Json, headers?: Record<string, string>): void {
    if (message['method'] === 'tools/list') return this.status(res, this.code, { 'content-type': 'text/plain' }, `status ${this.code}`);
    super.answerRequest(req, res, message, response, headers);
  }
}

/** An SSE peer whose stream answering tools/list carries `body` verbatim after the priming event, then ends (it offers no resumption). */
export class SseBodyPeer extends McpHttpPeer {
  readonly body: (response: string) => string;

  constructor(body: (response: string) => string) {
    super('sse');
    this.body = body;
  }

  protected override answerRequest(req: http.IncomingMessage | undefined, res: http.ServerResponse, message: Json, response: Json, headers?: Record<string, string>): void {
    if (message['method'] !== 'tools/list') return super.answerRequest(req, res, message, response, headers);
    const stream = ++this.streams;
    this.openSse(res, headers);
    this.writeEvents(res, stream, [{ data: '' }]);
    res.end(this.body(JSON.stringify(response)));
  }

  /** No GET stream and no resumption: the broken stream is all there is. */
  protected override handleGet(_req: http.IncomingMessage, res: http.ServerResponse): void {
    this.status(res, 405, { allow: 'POST, DELETE' });
  }
}

/** Announces a 2 GB JSON body for tools/list, sends its first bytes, and then sends nothing more. */
export class HugeContentLengthPeer extends McpHttpPeer {
  constructor() {
    super('json');
  }

  protected override answerRequest(req: http.IncomingMessage | undefined, res: http.ServerResponse, message: Json, response: Json, headers?: Record<string, string>): void {
    if (message['method'] !== 'tools/list') return super.answerRequest(req, res, message, response, headers);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(2 * 1024 ** 3), ...headers });
    res.write(JSON.stringify(response).slice(0, 20));
  }
}
