// Defect (2026-07-28, basic, _meta: "A request missing any required field is malformed; the server
// MUST reject it with JSON-RPC error code -32602"): a request whose _meta names the protocol
// version but not io.modelcontextprotocol/clientCapabilities is served.
import { startModernPeer } from './modern-peer.mjs';

startModernPeer({ change: { serveWithoutCapabilities: true } });
