// Defect (2026-07-28, subscriptions: "The server MUST send notifications/subscriptions/acknowledged
// as the first message" on a listen stream, "and MUST NOT send any notification on the stream"
// before it): once a listen stream has been dropped (notifications/cancelled naming it), the
// server answers the next subscriptions/listen with notifications/tools/list_changed first, then
// the acknowledgement. A first listen is answered correctly, so only a stream re-opened shows it.
import { startModernPeer } from './modern-peer.mjs';

const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';
const listens = new Set();
let dropped = false;

startModernPeer({
  answer: (message, send) => {
    if (message.method === 'notifications/cancelled' && listens.has(message.params?.requestId)) dropped = true;
    if (message.method !== 'subscriptions/listen' || message.id === undefined) return false;
    listens.add(message.id);
    if (!dropped) return false;
    send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: { [SUBSCRIPTION_ID]: message.id } } });
    send({ jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { notifications: message.params?.notifications ?? {}, _meta: { [SUBSCRIPTION_ID]: message.id } } });
    return true;
  },
});
