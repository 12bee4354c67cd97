// Why: watching a tapped session needs a page that is fed as the session runs, with no network
// beyond this machine. A small HTTP server on a loopback address serves the inspector page and a
// server-sent event stream of frames (the latest kept ones first, then each new one). It answers
// only requests addressed to itself by a loopback name, so a web page elsewhere cannot read the
// session through DNS rebinding.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Judge } from '../judge/judge.ts';
import { foreignAddressing } from '../live/loopback-host.ts';
import { profileForVersion } from '../validators/profiles.ts';
import type { Profile } from '../validators/context.ts';
import { MAX_LIVE_FRAME_BYTES, type LiveFrames } from './live-frames.ts';
import { inspectorHtml } from './page.ts';
import { actorsOf, profileShown, type CaseTrace, type Frame } from './trace.ts';

/** A running inspector server. */
export interface LiveInspector {
  /** The page's address: `http://127.0.0.1:<port>/`. */
  readonly url: string;
  /** Ends every event stream and stops listening. */
  stop(): Promise<void>;
}

const EVENTS_PATH = '/events';

/** The profile the page shows until the session's handshake settles one (the tap's default). */
const FIRST_PROFILE = profileForVersion('2025-11-25') as Profile;

/** The session before any message: what the page shows first. */
function startFrame(): Frame {
  const session = new Judge({ profile: FIRST_PROFILE });
  const view = session.view();
  session.stop();
  return { label: 'start', pointer: null, step: null, name: null, direction: null, id: null, findings: [], view, ...actorsOf([]), taken: [] };
}

/**
 * Serves the inspector page for a live session on `host:port` (a loopback address; port 0 picks
 * a free one) and streams `frames` into it.
 */
export async function startLiveInspector(frames: LiveFrames, title: string, host: string, port: number): Promise<LiveInspector> {
  const trace: CaseTrace = {
    kind: 'live',
    source: 'tap',
    name: title,
    description: null,
    expect: null,
    profile: profileShown(FIRST_PROFILE, false),
    verdict: { status: 'live', text: 'live: waiting for the first message' },
    frames: [startFrame()],
  };
  const page = await inspectorHtml(trace, { live: EVENTS_PATH });
  const streams = new Set<ServerResponse>();
  const sockets = new Set<Socket>();
  let bound = 0;
  let shown = host;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (foreignAddressing(req.headers, shown, bound) !== undefined || req.method !== 'GET') {
      res.writeHead(req.method === 'GET' ? 403 : 405, { 'content-type': 'text/plain; charset=utf-8' }).end('not served\n');
      return;
    }
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' }).end(page);
      return;
    }
    if (path !== EVENTS_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    // A comment first, so the page sees the stream open before the session's first message.
    res.write(': mcp-statechart tap\n\n');
    const send = (text: string, item: { seq: number }): void => {
      // A page that stops reading is dropped rather than buffered for without end (it can connect again).
      if (res.writableLength > MAX_LIVE_FRAME_BYTES) res.destroy();
      else res.write(`id: ${item.seq}\ndata: ${text}\n\n`);
    };
    for (const { item, text } of frames.kept()) send(text, item);
    const unlisten = frames.listen(send);
    streams.add(res);
    res.on('close', () => {
      unlisten();
      streams.delete(res);
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  bound = address.port;
  shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${bound}/`,
    stop: async () => {
      for (const res of streams) res.end();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}
