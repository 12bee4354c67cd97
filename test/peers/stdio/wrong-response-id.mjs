// Defect: answers ping with an id the client never used.
import { send, startPeer } from './base-peer.mjs';

startPeer({
  answer: (message) => {
    if (message.method !== 'ping') return false;
    send({ jsonrpc: '2.0', id: message.id + 1000, result: {} });
    return true;
  },
});
