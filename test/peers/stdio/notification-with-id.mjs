// Defect: a notification that carries an id.
import { send, startPeer } from './base-peer.mjs';

startPeer({
  capabilities: { tools: { listChanged: true } },
  answer: (message) => {
    if (message.method === 'notifications/initialized') send({ jsonrpc: '2.0', id: 77, method: 'notifications/tools/list_changed' });
    return false;
  },
});
