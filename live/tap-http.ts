// Why: a Streamable HTTP client pointed at the tap instead of the server should notice nothing:
// every request and response goes through with its status, headers (hop-by-hop ones aside) and
// body bytes unchanged, SSE chunk by chunk as the server writes it, redirects handed back rather
// than followed. A copy of each JSON body and SSE event on the MCP endpoint is judged by the one
// Session; the listener binds to a loopback address only.
import { answerCarriesMessages } from './refusal-body.ts';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import { PassThrough } from 'node:stream';
import type { Direction } from '../validators/context.ts';
import { MAX_STDOUT_LINE_BYTES } from './stdio-transport.ts';
import { readSse } from './sse-reader.ts';
import type { TapRecorder } from './tap-recorder.ts';
import type { CleanupEvidence } from './transport.ts';
import { describeFailure } from './http-wire.ts';
import { contentCodings, decodeBody, decodingStream, type ContentCodings } from './content-coding.ts';
import { LoopbackListener } from './loopback-listener.ts';
import { ruleById } from '../validators/rules/index.ts';
import { recordedParamHeaders } from './mcp-param-headers.ts';

/** The largest JSON body or SSE event judged, in bytes (larger ones are passed on, not judged). */
export const MAX_HTTP_MESSAGE_BYTES = MAX_STDOUT_LINE_BYTES;

/** Headers that belong to one connection and are never passed on (RFC 9110, section 7.6.1). */
const HOP_BY_HOP: ReadonlySet<string> = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

/** Request headers recorded in the trace (never credentials). */
const REQUEST_HEADERS = ['accept', 'content-type', 'mcp-session-id', 'mcp-protocol-version', 'mcp-method', 'mcp-name', 'last-event-id', 'origin'] as const;
/** Response headers recorded in the trace. */
const RESPONSE_HEADERS = ['content-type', 'mcp-session-id', 'mcp-protocol-version', 'location', 'allow', 'www-authenticate'] as const;

/** Where the tap listens and where it forwards. */
export interface HttpTapOptions {
  /** A loopback address (checked by the caller). */
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** The server's MCP endpoint; requests keep their own path and query on its origin. */
  readonly upstream: URL;
  /** Told each session id the server assigns (so that every output shows a placeholder). */
  readonly onSessionId?: (id: string) => void;
  /** Told each request refused for its Host or Origin (why, and how many so far), which is never forwarded. */
  readonly onRefused?: (reason: string, count: number) => void;
}

/** What a request refused for its Host or Origin is answered (403, as the upstream SDKs answer one). */
const REFUSED_BODY = 'the tap answers only requests addressed to it by a loopback name and its port, from pages on this machine\n';

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The headers of a raw header list, without hop-by-hop ones and those the Connection header names. */
function endToEnd(raw: readonly string[], drop: readonly string[] = []): string[] {
  const named = new Set<string>(drop);
  for (let i = 0; i < raw.length; i += 2) {
    if ((raw[i] as string).toLowerCase() === 'connection') for (const n of (raw[i + 1] as string).split(',')) named.add(n.trim().toLowerCase());
  }
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase();
    if (HOP_BY_HOP.has(name) || named.has(name)) continue;
    out.push(raw[i] as string, raw[i + 1] as string);
  }
  return out;
}

function recorded(headers: http.IncomingHttpHeaders, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = names === REQUEST_HEADERS ? recordedParamHeaders(headers) : {};
  for (const name of names) {
    const value = headers[name];
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** A loopback reverse proxy in front of one Streamable HTTP server. */
export class HttpTap {
  readonly #recorder: TapRecorder;
  readonly #options: HttpTapOptions;
  readonly #agent: http.Agent;
  readonly #upstreamRequests = new Set<http.ClientRequest>();
  // A page on a name rebound to this machine reaches the tap; the server behind it must not see it.
  readonly #listener = new LoopbackListener({
    serve: (req, res) => this.#forward(req, res),
    refuse: (res, why, refused) => {
      this.#options.onRefused?.(why, refused);
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' }).end(REFUSED_BODY);
    },
  });
  #exchange = 0;
  #aborted = 0;
  #closedSockets = 0;

  constructor(recorder: TapRecorder, options: HttpTapOptions) {
    this.#recorder = recorder;
    this.#options = options;
    this.#agent = new (options.upstream.protocol === 'https:' ? https.Agent : http.Agent)({ keepAlive: true });
  }

  /** Starts listening; returns the address clients use (the upstream's path on the tap's origin). */
  async start(): Promise<string> {
    const { host, port } = await this.#listener.listen(this.#options.host, this.#options.port);
    return `http://${host}:${port}${this.#options.upstream.pathname}${this.#options.upstream.search}`;
  }

  /** Stops listening and ends every connection, both sides. */
  async stop(): Promise<CleanupEvidence> {
    for (const request of this.#upstreamRequests) {
      this.#aborted += 1;
      request.destroy();
    }
    const closed = await this.#listener.close();
    this.#closedSockets += closed.connectionsClosed;
    this.#agent.destroy();
    return { listener_closed: closed.listening, http_connections_closed: this.#closedSockets, http_requests_aborted: this.#aborted, http_requests_refused: this.#listener.refused };
  }

  #forward(req: IncomingMessage, res: ServerResponse): void {
    const upstream = this.#options.upstream;
    const judged = (req.url ?? '/').split('?')[0] === upstream.pathname;
    const method = req.method ?? 'GET';
    const exchange = this.#exchange++;
    const mcpMethod = method === 'POST' || method === 'GET' || method === 'DELETE' ? method : undefined;
    if (judged && mcpMethod !== undefined) {
      this.#recorder.event({ kind: 'http_request', exchange, method: mcpMethod, headers: recorded(req.headers, REQUEST_HEADERS) });
    }
    const headers = endToEnd(req.rawHeaders, ['host']);
    headers.push('host', upstream.host);
    const client = upstream.protocol === 'https:' ? https : http;
    const body = judged ? new BodyCopy(MAX_HTTP_MESSAGE_BYTES) : undefined;
    let received = false;
    const send = (firstAttempt: boolean): http.ClientRequest => {
      const request = client.request({
        protocol: upstream.protocol,
        hostname: upstream.hostname.replace(/^\[|\]$/g, ''),
        port: upstream.port === '' ? undefined : Number(upstream.port),
        method,
        path: req.url ?? '/',
        headers,
        agent: this.#agent,
      });
      this.#upstreamRequests.add(request);
      request.on('close', () => this.#upstreamRequests.delete(request));
      request.on('error', (error: NodeJS.ErrnoException) => {
        const code = error.code ?? 'ERR_STREAM';
        // A kept-alive connection the server closed as the request went out: nothing was answered,
        // so the request (held whole) is sent once more on a fresh connection, as Node's
        // documentation of `reusedSocket` advises; the client sees one exchange.
        if (firstAttempt && request.reusedSocket && code === 'ECONNRESET' && !res.headersSent && received && body !== undefined && !body.tooLarge) {
          outgoing = send(false);
          outgoing.end(body.bytes());
          return;
        }
        if (judged) this.#recorder.event({ kind: 'transport_error', code, detail: `the server: ${describeFailure(code)}`, exchange });
        if (!res.headersSent) {
          res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end(`the tap could not reach the server: ${describeFailure(code)}\n`);
        } else {
          res.destroy();
        }
      });
      request.on('response', (reply: IncomingMessage) => this.#answer(reply, res, judged && mcpMethod !== undefined, exchange, method));
      return request;
    };
    let outgoing = send(true);
    req.on('data', (chunk: Buffer) => {
      body?.push(chunk);
      if (!outgoing.write(chunk)) {
        req.pause();
        outgoing.once('drain', () => req.resume());
      }
    });
    req.on('end', () => {
      received = true;
      outgoing.end();
      if (body !== undefined && body.size > 0) this.#judgeBody('client_to_server', body, exchange, contentCodings(req.headers['content-encoding']));
    });
    req.on('error', () => outgoing.destroy());
    res.on('close', () => {
      if (!res.writableFinished) outgoing.destroy();
    });
  }

  #answer(reply: IncomingMessage, res: ServerResponse, judged: boolean, exchange: number, method: string): void {
    const status = reply.statusCode ?? 502;
    // The head is passed on before its headers are judged (the recording's order is the same:
    // nothing of the body has arrived yet).
    res.writeHead(status, reply.statusMessage, endToEnd(reply.rawHeaders));
    res.flushHeaders();
    if (judged) {
      const sessionId = reply.headers['mcp-session-id'];
      if (typeof sessionId === 'string' && sessionId !== '') this.#options.onSessionId?.(sessionId);
      if (status >= 100 && status <= 599) this.#recorder.event({ kind: 'http_response', exchange, status, headers: recorded(reply.headers, RESPONSE_HEADERS) });
    }
    const type = (reply.headers['content-type'] ?? '').toLowerCase();
    const messages = judged && answerCarriesMessages(method, status);
    const sse = messages && type.startsWith('text/event-stream');
    const json = messages && type.startsWith('application/json');
    const body = json ? new BodyCopy(MAX_HTTP_MESSAGE_BYTES) : undefined;
    const codings = contentCodings(reply.headers['content-encoding']);
    const copy = sse ? this.#judgeStream(exchange, codings) : undefined;
    // Passed on first, judged after: a copy written to the SSE reader is read and judged at once,
    // before the write returns, so writing it first put the judging of each event on the client's
    // path.
    reply.on('data', (chunk: Buffer) => {
      if (!res.write(chunk)) {
        reply.pause();
        res.once('drain', () => reply.resume());
      }
      body?.push(chunk);
      copy?.write(chunk);
    });
    reply.on('end', () => {
      res.end();
      copy?.end();
      if (body !== undefined && body.size > 0) this.#judgeBody('server_to_client', body, exchange, codings);
    });
    reply.on('error', () => {
      copy?.destroy();
      res.destroy();
    });
    reply.on('aborted', () => {
      if (judged) this.#recorder.event({ kind: 'transport_error', code: 'ECONNRESET', detail: 'the server dropped the connection mid-answer', exchange });
    });
  }

  /** Judges the copy of an SSE body: each event's data is one message; beyond the bounds, judging stops (passing on does not). */
  #judgeStream(exchange: number, codings: ContentCodings): PassThrough {
    const copy = new PassThrough();
    this.#recorder.event({ kind: 'stream', action: 'open', exchange });
    if (codings.kind === 'unsupported') {
      this.#unsupported(codings.name, 'an SSE stream', exchange);
      copy.resume();
      this.#recorder.event({ kind: 'stream', action: 'close', exchange });
      return copy;
    }
    const decoded = codings.kind === 'coded' ? decodingStream(copy, codings.codings, (coding, detail) => this.#invalid(coding, detail, 'an SSE stream', exchange)) : copy;
    const reading = readSse(decoded, { maxEventBytes: MAX_HTTP_MESSAGE_BYTES, idleMs: undefined }, {
      onEvent: (event) => {
        if (event.data !== '') this.#recorder.message('server_to_client', event.data, event.id === undefined || event.id === '' ? { exchange } : { exchange, event_id: event.id });
      },
    });
    void reading.ended.then((end) => {
      if (end.kind === 'too-large') {
        const at = this.#recorder.event({ kind: 'transport_error', code: 'event-too-large', detail: `an SSE event passed ${MAX_HTTP_MESSAGE_BYTES} bytes; the stream was passed on unchanged, not judged further`, exchange });
        this.#recorder.finding(ruleById('transport/event-over-limit'), at, '', `an SSE event is longer than the checker's ${MAX_HTTP_MESSAGE_BYTES}-byte message limit (passed on unchanged; the rest of the stream was not judged)`);
      } else if (end.kind === 'invalid-utf8') {
        const at = this.#recorder.event({ kind: 'transport_error', code: 'not-utf8', detail: 'an SSE stream is not valid UTF-8; it was passed on unchanged, not judged further', exchange });
        this.#recorder.finding(ruleById('json/invalid-utf8'), at, '', 'an SSE stream is not valid UTF-8 (passed on unchanged; the rest of the stream was not judged)');
      }
      // The copy must keep accepting chunks after judging stopped: it is drained and dropped.
      copy.unpipe();
      copy.resume();
      decoded.resume();
      this.#recorder.event({ kind: 'stream', action: 'close', exchange });
    });
    return copy;
  }

  /** Judges a whole JSON body (a request's, or an answer's), once its content codings are undone. */
  #judgeBody(direction: Direction, body: BodyCopy, exchange: number, codings: ContentCodings): void {
    if (codings.kind === 'unsupported') {
      this.#unsupported(codings.name, 'a JSON body', exchange);
      return;
    }
    if (body.tooLarge) {
      const at = this.#recorder.event({ kind: 'transport_error', code: 'body-too-large', detail: `a JSON body passed ${MAX_HTTP_MESSAGE_BYTES} bytes; it was passed on unchanged, not judged`, exchange });
      this.#recorder.finding(ruleById('transport/body-over-limit'), at, '', `a JSON body is longer than the checker's ${MAX_HTTP_MESSAGE_BYTES}-byte message limit (passed on unchanged, not judged)`);
      return;
    }
    let bytes = body.bytes();
    if (codings.kind === 'coded') {
      const decoded = decodeBody(bytes, codings.codings, MAX_HTTP_MESSAGE_BYTES);
      if (decoded.kind === 'too-large') {
        const at = this.#recorder.event({ kind: 'transport_error', code: 'body-too-large', detail: `a ${codings.name}-coded JSON body decodes past ${MAX_HTTP_MESSAGE_BYTES} bytes; decoding stopped there, the body was passed on unchanged, not judged`, exchange });
        this.#recorder.finding(ruleById('transport/body-over-limit'), at, '', `a ${codings.name}-coded JSON body decodes past the checker's ${MAX_HTTP_MESSAGE_BYTES}-byte message limit (${body.size} bytes coded; decoding stopped at the limit; passed on unchanged, not judged)`);
        return;
      }
      if (decoded.kind === 'invalid') {
        this.#invalid(decoded.coding, decoded.detail, 'a JSON body', exchange);
        return;
      }
      bytes = decoded.bytes;
    }
    let text: string;
    try {
      text = strict.decode(bytes);
    } catch {
      const at = this.#recorder.event({ kind: 'transport_error', code: 'not-utf8', detail: 'a JSON body is not valid UTF-8', exchange });
      this.#recorder.finding(ruleById('json/invalid-utf8'), at, '', 'a JSON body is not valid UTF-8 (passed on unchanged, not judged)');
      return;
    }
    this.#recorder.message(direction, text, { exchange });
  }

  /** A body whose coded bytes do not decode as its Content-Encoding says: a finding, and not judged further. */
  #invalid(coding: string, detail: string, what: string, exchange: number): void {
    const at = this.#recorder.event({ kind: 'transport_error', code: 'content-encoding-invalid', detail: `${what} does not decode as ${coding} (${detail}); passed on unchanged, not judged`, exchange });
    this.#recorder.finding(ruleById('http/content-encoding-invalid'), at, '', `${what} says Content-Encoding ${coding} but does not decode so (${detail}); passed on unchanged, not judged`);
  }

  /** A coding the tap cannot undo: what it carries is passed on and not judged (the peers agreed on it, no finding). */
  #unsupported(name: string, what: string, exchange: number): void {
    this.#recorder.event({ kind: 'transport_error', code: 'content-encoding-unsupported', detail: `${what} with Content-Encoding ${JSON.stringify(name)}, which the tap cannot decode, was passed on unchanged, not judged`, exchange });
  }
}

/** A bounded copy of a body: its bytes up to a limit, and whether it went past. */
class BodyCopy {
  readonly #limit: number;
  readonly #chunks: Buffer[] = [];
  size = 0;
  tooLarge = false;

  constructor(limit: number) {
    this.#limit = limit;
  }

  push(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.tooLarge) return;
    if (this.size > this.#limit) {
      this.tooLarge = true;
      this.#chunks.length = 0;
      return;
    }
    this.#chunks.push(chunk);
  }

  bytes(): Buffer {
    return Buffer.concat(this.#chunks);
  }
}
