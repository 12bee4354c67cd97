// Defect (2026-07-28, patterns: "Servers MUST NOT initiate JSON-RPC requests"): before it answers
// tools/list, the server asks the client for its roots with a request of its own.
import { startModernPeer } from './modern-peer.mjs';

let asked = false;
startModernPeer({
  answer: (message, send) => {
    if (message.method === 'tools/list' && !asked) {
      asked = true;
      send({ jsonrpc: '2.0', id: 'srv-1', method: 'roots/list' });
    }
    return false;
  },
});
