// Defect (2026-07-28, basic, _meta: "A request missing any required field is malformed; the server
// MUST reject it with JSON-RPC error code -32602"): a request without _meta is served as if it
// spoke 2026-07-28.
import { answer } from './modern-core.mjs';
import { startModernPeer } from './modern-peer.mjs';

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
startModernPeer({
  answer: (message, send) => {
    if (message.id === undefined || message.params?._meta !== undefined) return false;
    for (const m of answer({ ...message, params: { ...message.params, _meta: META } }).messages) send(m);
    return true;
  },
});
