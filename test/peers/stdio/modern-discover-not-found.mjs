// Defect (2026-07-28, server/discover: "Servers MUST implement it"): server/discover is answered
// -32601 (method not found), while every other request is served as 2026-07-28.
import { startModernPeer } from './modern-peer.mjs';

startModernPeer({
  answer: (message, send) => {
    if (message.method !== 'server/discover') return false;
    send({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } });
    return true;
  },
});
