// Why: HTTP test peers must listen on 127.0.0.1 only, on an ephemeral port, and leave nothing
// behind: stop() closes every connection (keep-alive and held-open streams included) and resolves
// only when the listener has really closed, failing loudly if it does not within a bound.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running loopback HTTP server. */
export interface RunningPeer {
  /** The MCP endpoint: `http://127.0.0.1:<port>/mcp`. */
  readonly url: URL;
  /** Closes every connection and the listener; rejects when the listener does not close in time. */
  stop(): Promise<void>;
  /** Connections still open on the server (0 once stopped). */
  connections(): Promise<number>;
}

/** How long stop() waits for the listener to close before failing. */
const STOP_LIMIT_MS = 3_000;

/** Starts `handler` on 127.0.0.1, port 0. */
export async function listenLoopback(handler: http.RequestListener): Promise<RunningPeer> {
  const server = http.createServer({ keepAliveTimeout: 60_000 }, handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    connections: () => new Promise((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count)))),
    stop: () =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the peer did not close within its limit')), STOP_LIMIT_MS);
        server.close((error) => {
          clearTimeout(timer);
          if (error) reject(error);
          else resolve();
        });
        server.closeAllConnections();
      }),
  };
}

/** Reads a request body (test peers only read small ones). */
export function readRequestBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
