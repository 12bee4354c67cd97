// Defect (JSON-RPC 2.0, -32601 "Method not found"): ping, which 2026-07-28 removed, is refused with
// -32602 (Invalid params) instead of -32601.
import { startModernPeer } from './modern-peer.mjs';

startModernPeer({ change: { pingAnswer: { code: -32602, status: 400 } } });
