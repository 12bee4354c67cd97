// Defect: a response to ping that carries both result and error.
import { send, startPeer } from './base-peer.mjs';

startPeer({
  answer: (message) => {
    if (message.method !== 'ping') return false;
    send({ jsonrpc: '2.0', id: message.id, result: {}, error: { code: -32603, message: 'both' } });
    return true;
  },
});
