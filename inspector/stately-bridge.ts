import { createServer, type Server } from 'node:http';

/** The part of the `ws` package the bridge uses (it ships no types of its own). */
interface WsClient {
  readonly readyState: number;
  send(data: string): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
}
interface WsServer {
  readonly clients: Set<WsClient>;
  on(event: 'connection', listener: (client: WsClient) => void): void;
  close(): void;
}
interface WsModule {
  readonly WebSocketServer: new (options: { server: Server }) => WsServer;
}

/** A running bridge between the inspector running in this process and the Stately inspector page. */
export interface StatelyBridge {
  /** Where the WebSocket inspector connects: `ws://127.0.0.1:<port>`. */
  readonly url: string;
  /** The page that shows the Stately inspector (it needs stately.ai, that is, the internet). */
  readonly pageUrl: string;
  stop(): Promise<void>;
}

const OPEN = 1;
const BUFFERED = 500;

function page(wsUrl: string): string {
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>mcp-statechart: Stately inspector</title>
<style>html,body,iframe{margin:0;height:100%;width:100%;border:0}</style></head>
<body><iframe id="inspector" src="https://stately.ai/inspect"></iframe>
<script>
const frame = document.getElementById('inspector');
const waiting = [];
let ready = false;
window.addEventListener('message', (e) => {
  if (e.data && e.data.type === '@statelyai.connected') {
    ready = true;
    for (const m of waiting.splice(0)) frame.contentWindow.postMessage(m, '*');
  }
});
const socket = new WebSocket(${JSON.stringify(wsUrl)});
socket.onmessage = (e) => {
  const m = JSON.parse(e.data);
  if (ready) frame.contentWindow.postMessage(m, '*'); else waiting.push(m);
};
</script></body></html>`;
}

/**
 * Starts the loopback bridge: an HTTP server on 127.0.0.1 (never another interface) that serves
 * the inspector page and relays every WebSocket message to the other clients, replaying the last
 * few hundred to whoever connects later. Needs the optional `ws` package.
 */
export async function startStatelyBridge(port: number): Promise<StatelyBridge> {
  // @ts-ignore -- `ws` ships no types; WsModule above names the part used.
  const { WebSocketServer } = (await import('ws')) as unknown as WsModule;
  const url = `ws://127.0.0.1:${port}`;
  const http = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page(url));
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, '127.0.0.1', () => resolve());
  });
  // Attached once the port is ours: ws re-emits the server's errors, and a listen failure would
  // then be an unhandled 'error' event instead of a rejection.
  const sockets = new WebSocketServer({ server: http });
  const kept: string[] = [];
  sockets.on('connection', (client) => {
    for (const m of kept) client.send(m);
    client.on('message', (data) => {
      const m = data.toString();
      kept.push(m);
      if (kept.length > BUFFERED) kept.shift();
      for (const other of sockets.clients) if (other !== client && other.readyState === OPEN) other.send(m);
    });
  });
  return {
    url,
    pageUrl: `http://127.0.0.1:${port}/`,
    stop: () => new Promise<void>((resolve) => {
      sockets.close();
      http.close(() => resolve());
      http.closeAllConnections();
    }),
  };
}
