// Defect: a 2026-07-28 server that sends notifications/tools/list_changed on its own, outside any
// subscriptions/listen stream, before it answers server/discover (the notification must carry the
// subscription id of the listen stream it is sent on: stateless/subscription-id-missing).
import { startModernPeer } from './modern-peer.mjs';

let notified = false;
startModernPeer({
  answer: (message, send) => {
    if (notified) return false;
    notified = true;
    send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: {} });
    return false;
  },
});
