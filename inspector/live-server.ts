// Why: watching a tapped session needs a page that is fed as the session runs, with no network
// beyond this machine. A small HTTP server on a loopback address serves the inspector page and a
// server-sent event stream of frames (the latest kept ones first, then each new one). It answers
// only requests addressed to itself by a loopback name, so a web page elsewhere cannot read the
// session through DNS rebinding: it listens through the shared loopback listener
// (live/loopback-listener.ts), as the HTTP tap and the judging server do.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Judge } from '../judge/judge.ts';
import { LoopbackListener } from '../live/loopback-listener.ts';
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
  const notServed = (res: ServerResponse, method: string | undefined): void => {
    res.writeHead(method === 'GET' ? 403 : 405, { 'content-type': 'text/plain; charset=utf-8' }).end('not served\n');
  };
  const serve = (req: IncomingMessage, res: ServerResponse): void => {
    if (req.method !== 'GET') {
      notServed(res, req.method);
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
  };
  // A request not addressed to the inspector by a loopback name, or from a page elsewhere, is not served.
  const listener = new LoopbackListener({ serve, refuse: (res) => notServed(res, res.req.method) });
  const { host: shown, port: bound } = await listener.listen(host, port);
  return {
    url: `http://${shown}:${bound}/`,
    stop: async () => {
      for (const res of streams) res.end();
      await listener.close();
    },
  };
}
