// Why: in an era-fallback cell the client negotiates the era as a client of both eras does: it
// opens with server/discover, and falls back to initialize when the answer shows a legacy server
// (2026-07-28, versioning "Backward Compatibility with Initialization-Based Versions"). That first
// request is the era probe the session already knows from the live check: judged with the
// 2026-07-28 session when the server answers as a modern one, described beside the legacy session
// when it does not. The cell marks it as such, so that a legacy server's answer to it (any error,
// which the page leaves implementation-defined) is no finding, and the trace judges again the same.
import type { LiveRecorder } from '../live/recorder.ts';
import { isRequestId } from '../validators/envelope.ts';
import { isJsonObject } from '../validators/shape.ts';

/**
 * Returns what to call with each client message's text before it is recorded: the first one, when
 * it is a server/discover request, is marked as the era probe; nothing else is touched.
 */
export function eraProbeMarker(recorder: Pick<LiveRecorder, 'expectProbe'>): (text: string) => void {
  let first = true;
  return (text) => {
    if (!first) return;
    first = false;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return; // not JSON: the session says so when it is recorded
    }
    if (isJsonObject(message) && message['method'] === 'server/discover' && isRequestId(message['id'])) recorder.expectProbe(message['id'], 'era-probe');
  };
}
