// Defect: a request in a protocol version the server does not implement is served, not refused with
// -32022 (versioning: "it MUST respond with an UnsupportedProtocolVersionError").
import { startModernPeer } from './modern-peer.mjs';

startModernPeer({ change: { serveUnsupported: true } });
