// Why: the checker must control every byte it sends and bound everything it waits for, and must
// leave no socket behind. Node's own http/https client does exactly what it is told (no redirects
// followed, no decompression of its own (live/content-coding.ts undoes what the answer says), no headers added beyond Host, Content-Length and Connection), and
// one agent per transport lets close() destroy every connection it opened.
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { isLoopbackHost } from './loopback-host.ts';

/** An HTTP method the Streamable HTTP transport uses. */
export type HttpMethod = 'POST' | 'GET' | 'DELETE';

/** How a request came out: a response head (its body still to read), no head in time, or a failure. */
export type WireOutcome =
  | { readonly kind: 'reply'; readonly reply: http.IncomingMessage }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'error'; readonly code: string };

/** How reading a whole body came out. */
export type BodyOutcome =
  | { readonly kind: 'body'; readonly bytes: Buffer }
  | { readonly kind: 'too-large' }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'error'; readonly code: string };

/** Connection failures that mean the server was never reached (as opposed to lost). */
export const UNREACHABLE_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL',
  'CERT_HAS_EXPIRED', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** A description of a connection failure that names no address or port (traces stay comparable). */
export function describeFailure(code: string): string {
  switch (code) {
    case 'ECONNREFUSED': return 'connection refused';
    case 'ENOTFOUND': case 'EAI_AGAIN': return 'host name not resolved';
    case 'EHOSTUNREACH': case 'ENETUNREACH': case 'EADDRNOTAVAIL': return 'host unreachable';
    case 'ECONNRESET': return 'connection reset before the answer was complete';
    case 'EPIPE': return 'connection closed while the request was sent';
    case 'HPE_INVALID_CONSTANT': case 'HPE_INVALID_HEADER_TOKEN': case 'HPE_INVALID_STATUS': case 'HPE_HEADER_OVERFLOW':
      return 'the answer was not valid HTTP/1.1';
    default: return code.startsWith('ERR_TLS') || code.includes('CERT') ? 'TLS handshake failed' : `connection failed (${code})`;
  }
}

/** Sends HTTP requests to one endpoint and tracks every request and socket until close(). */
export class HttpWire {
  readonly #url: URL;
  readonly #agent: http.Agent;
  readonly #requests = new Set<http.ClientRequest>();
  readonly #sockets = new Set<Socket>();
  #closed = false;

  constructor(url: URL) {
    this.#url = url;
    const Agent = url.protocol === 'https:' ? https.Agent : http.Agent;
    this.#agent = new Agent({ keepAlive: true, maxSockets: 16 });
  }

  /**
   * Sends one request and waits at most `timeoutMs` for the response head. A kept-alive connection
   * the server closed just as it was reused fails before the server read anything; such a request
   * is sent once more on a new connection, as Node's documentation advises.
   */
  async open(method: HttpMethod, headers: Readonly<Record<string, string>>, body: string | undefined, timeoutMs: number): Promise<WireOutcome> {
    const first = await this.#attempt(method, headers, body, timeoutMs);
    return first.kind === 'error' && first.reusedSocket === true && first.code === 'ECONNRESET' ? this.#attempt(method, headers, body, timeoutMs) : first;
  }

  #attempt(method: HttpMethod, headers: Readonly<Record<string, string>>, body: string | undefined, timeoutMs: number): Promise<WireOutcome & { reusedSocket?: boolean }> {
    if (this.#closed) return Promise.resolve({ kind: 'error', code: 'ERR_CLOSED' });
    const client = this.#url.protocol === 'https:' ? https : http;
    const payload = body === undefined ? undefined : Buffer.from(body, 'utf8');
    const all: Record<string, string | number> = { ...headers };
    if (payload !== undefined) all['content-length'] = payload.length;
    return new Promise((resolve) => {
      let settled = false;
      const settle = (outcome: WireOutcome & { reusedSocket?: boolean }): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(outcome);
      };
      let request: http.ClientRequest;
      try {
        request = client.request(this.#url, { method, headers: all, agent: this.#agent });
      } catch (error) {
        settle({ kind: 'error', code: (error as NodeJS.ErrnoException).code ?? 'ERR_REQUEST' });
        return;
      }
      const timer = setTimeout(() => {
        settle({ kind: 'timeout' });
        request.destroy();
      }, timeoutMs);
      this.#requests.add(request);
      request.on('socket', (socket: Socket) => this.#sockets.add(socket));
      request.on('close', () => this.#requests.delete(request));
      request.on('response', (reply) => settle({ kind: 'reply', reply }));
      request.on('error', (error: NodeJS.ErrnoException) => settle({ kind: 'error', code: error.code ?? 'ERR_REQUEST', reusedSocket: request.reusedSocket }));
      request.end(payload);
    });
  }

  /**
   * Reads a whole body (`body`: the reply's, with its content codings undone), at most `maxBytes`
   * of it, within `timeoutMs`; destroys it when cut short.
   */
  readBody({ reply, body }: { readonly reply: http.IncomingMessage; readonly body: Readable }, maxBytes: number, timeoutMs: number): Promise<BodyOutcome> {
    return new Promise<BodyOutcome>((resolve) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let settled = false;
      const settle = (outcome: BodyOutcome): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        body.off('data', onData);
        body.on('error', () => {});
        if (outcome.kind !== 'body') {
          body.destroy();
          reply.destroy();
        }
        resolve(outcome);
      };
      const timer = setTimeout(() => settle({ kind: 'timeout' }), timeoutMs);
      const onData = (chunk: Buffer): void => {
        size += chunk.length;
        if (size > maxBytes) settle({ kind: 'too-large' });
        else chunks.push(chunk);
      };
      body.on('data', onData);
      body.on('end', () => settle({ kind: 'body', bytes: Buffer.concat(chunks, size) }));
      body.on('error', (error: NodeJS.ErrnoException) => settle({ kind: 'error', code: error.code ?? 'ECONNRESET' }));
      body.on('close', () => settle({ kind: 'error', code: 'ECONNRESET' }));
      // A body announced larger than the limit is refused at once, not waited for (coded, it is larger still decoded).
      const announced = Number(reply.headers['content-length']);
      if (Number.isFinite(announced) && announced > maxBytes) settle({ kind: 'too-large' });
    });
  }

  /** Whether the endpoint is on a loopback address (where a foreign Origin must be refused). */
  get isLoopback(): boolean {
    return isLoopbackHost(this.#url.hostname);
  }

  /** The endpoint's origin, to tell a redirect elsewhere from one to the same server. */
  get origin(): string {
    return this.#url.origin;
  }

  /** Resolves a Location header against the endpoint (undefined when it is not a URL). */
  resolve(location: string): URL | undefined {
    try {
      return new URL(location, this.#url);
    } catch {
      return undefined;
    }
  }

  /** Aborts every request in flight, destroys every connection, and says whether all are gone (again on a second call). */
  close(): { requestsAborted: number; socketsClosed: boolean } {
    this.#closed = true;
    const requestsAborted = this.#requests.size;
    for (const request of this.#requests) request.destroy();
    this.#requests.clear();
    this.#agent.destroy();
    for (const socket of this.#sockets) socket.destroy();
    const socketsClosed = [...this.#sockets].every((s) => s.destroyed);
    this.#sockets.clear();
    return { requestsAborted, socketsClosed };
  }
}
