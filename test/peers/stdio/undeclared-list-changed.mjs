// Defect: sends notifications/tools/list_changed without declaring tools.listChanged.
import { send, startPeer } from './base-peer.mjs';

startPeer({
  capabilities: { tools: {} },
  answer: (message) => {
    if (message.method === 'notifications/initialized') send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    return false;
  },
});
