// Defect: negotiates a protocol version that does not exist.
import { send, startPeer } from './base-peer.mjs';

startPeer({
  answer: (message) => {
    if (message.method !== 'initialize') return false;
    send({ jsonrpc: '2.0', id: message.id, result: { protocolVersion: '1999-01-01', capabilities: { tools: {} }, serverInfo: { name: 'old', version: '1' } } });
    return true;
  },
});
