// Defect (2026-07-28, basic, Statelessness: "Servers MUST NOT rely on prior requests over the same
// connection to establish context (e.g., capabilities, protocol version, client identity)"): a
// request without _meta is refused -32602 as it must be, but from then on the connection is taken
// for a legacy one, and every request, its own _meta notwithstanding, is answered -32601 (as the
// 2.x SDK's serveStdio does).
import { startModernPeer } from './modern-peer.mjs';

let pinned = false;
startModernPeer({
  answer: (message, send) => {
    if (message.id === undefined) return false;
    if (pinned) {
      send({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } });
      return true;
    }
    if (message.params?._meta === undefined) pinned = true;
    return false;
  },
});
