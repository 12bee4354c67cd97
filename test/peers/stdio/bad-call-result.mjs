// Defect: a tools/call result whose text content item has no text.
import { send, startPeer } from './base-peer.mjs';

startPeer({
  answer: (message) => {
    if (message.method !== 'tools/call') return false;
    send({ jsonrpc: '2.0', id: message.id, result: { content: [{ type: 'text' }] } });
    return true;
  },
});
