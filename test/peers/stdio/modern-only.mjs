// Not a defect: a server that speaks only MCP 2026-07-28 (stateless, no handshake). It answers
// server/discover, and refuses the initialize request with an UnsupportedProtocolVersionError
// listing what it supports (the versioning page asks that of a modern-only server).
import { startModernPeer } from './modern-peer.mjs';

startModernPeer();
