// Defect: asks the client for its roots before answering initialize.
import { send, startPeer } from './base-peer.mjs';

startPeer({
  answer: (message) => {
    if (message.method === 'initialize') send({ jsonrpc: '2.0', id: 'early', method: 'roots/list' });
    return false;
  },
});
