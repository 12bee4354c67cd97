// Why: a matrix cell over Streamable HTTP must see every message both peers exchange, and the HTTP
// around them, without changing a byte. The client is pointed at this loopback proxy (127.0.0.1,
// a free port), which forwards each request to the server as it is and streams the answer back as
// it comes, recording in order: the request (method, the headers that matter to MCP), the client's
// message, the response (status, headers), and each message of a JSON body or SSE stream.
import { answerCarriesMessages } from '../live/refusal-body.ts';
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createParser } from 'eventsource-parser';
import type { LiveRecorder } from '../live/recorder.ts';

/** Request headers recorded (lower case), in this order. */
const REQUEST_HEADERS = ['accept', 'content-type', 'mcp-session-id', 'mcp-protocol-version', 'last-event-id'] as const;
/** Response headers recorded (lower case), in this order. */
const RESPONSE_HEADERS = ['content-type', 'mcp-session-id', 'mcp-protocol-version', 'allow'] as const;

/** The most bytes of one request or JSON response body recorded as a message. */
const MAX_BODY_BYTES = 2_000_000;

/** A running recording proxy. */
export interface RecordingProxy {
  /** The URL to give the client (same path as the server's). */
  readonly url: string;
  /** Stops listening and ends every connection still open (a GET stream, say). */
  close(): Promise<void>;
}

function pick(headers: IncomingHttpHeaders, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = headers[name];
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > MAX_BODY_BYTES) throw new Error('request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The body of a GET or DELETE refused (live/refusal-body.ts): passed on, not recorded as messages. */
const IGNORED_BODY = { chunk: (_bytes: Buffer): void => undefined, end: (): void => undefined };

/** Records the messages of a response body as they pass: SSE events one by one, a JSON body whole at its end. */
function bodyRecorder(recorder: LiveRecorder, exchange: number, contentType: string): { chunk(bytes: Buffer): void; end(): void } {
  if (contentType.startsWith('text/event-stream')) {
    const decoder = new TextDecoder();
    const parser = createParser({
      onEvent: (event) => {
        if (event.data === '') return;
        recorder.message('server_to_client', event.data, event.id === undefined ? { exchange } : { exchange, event_id: event.id });
      },
    });
    return { chunk: (bytes) => parser.feed(decoder.decode(bytes, { stream: true })), end: () => parser.feed(decoder.decode()) };
  }
  const chunks: Buffer[] = [];
  let bytes = 0;
  return {
    chunk: (data) => {
      bytes += data.length;
      if (bytes <= MAX_BODY_BYTES) chunks.push(data);
    },
    end: () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim() !== '') recorder.message('server_to_client', text, { exchange });
    },
  };
}

/** Starts a recording proxy on 127.0.0.1 (a free port) in front of `upstream` (an http://127.0.0.1 URL). */
export async function startRecordingProxy(upstream: URL, recorder: LiveRecorder, beforeClientMessage?: (text: string) => void): Promise<RecordingProxy> {
  let exchanges = 0;
  const sockets = new Set<Socket>();
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const exchange = exchanges++;
    const method = req.method === 'GET' || req.method === 'DELETE' ? req.method : 'POST';
    recorder.event({ kind: 'http_request', exchange, method, headers: pick(req.headers, REQUEST_HEADERS) });
    const body = await readBody(req);
    if (body.length > 0) {
      const text = body.toString('utf8');
      beforeClientMessage?.(text);
      recorder.message('client_to_server', text, { exchange });
    }
    const headers: IncomingHttpHeaders = { ...req.headers, host: upstream.host };
    const forwarded = request(upstream, { method: req.method, path: req.url, headers });
    req.on('close', () => {
      if (!res.writableFinished) forwarded.destroy();
    });
    forwarded.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    forwarded.on('response', (answer) => {
      const kept = pick(answer.headers, RESPONSE_HEADERS);
      recorder.event({ kind: 'http_response', exchange, status: answer.statusCode ?? 502, headers: kept });
      const sessionId = kept['mcp-session-id'];
      if (sessionId !== undefined) recorder.sessionId(sessionId);
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      const messages = answerCarriesMessages(method, answer.statusCode ?? 502) ? bodyRecorder(recorder, exchange, kept['content-type'] ?? '') : IGNORED_BODY;
      answer.on('data', (chunk: Buffer) => {
        messages.chunk(chunk);
        res.write(chunk);
      });
      answer.on('end', () => {
        messages.end();
        res.end();
      });
      answer.on('error', () => res.destroy());
      res.on('close', () => answer.destroy());
    });
    forwarded.end(body);
  };
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(400).end();
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${upstream.pathname}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
