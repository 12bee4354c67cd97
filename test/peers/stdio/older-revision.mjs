// Not a defect: answers initialize with MCP 2024-11-05, an older published revision it supports,
// whatever the client offers (the lifecycle lets a server answer another version it supports).
// A check cannot judge such a session, and must say so rather than blame the server.
import { send, startPeer } from './base-peer.mjs';

startPeer({
  answer: (message) => {
    if (message.method !== 'initialize') return false;
    send({ jsonrpc: '2.0', id: message.id, result: { protocolVersion: '2024-11-05', capabilities: { tools: {} }, serverInfo: { name: 'older', version: '1' } } });
    return true;
  },
});
