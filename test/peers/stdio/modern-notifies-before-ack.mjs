// Defect: a listen stream carries notifications/tools/list_changed before its acknowledgement
// (subscriptions: "MUST NOT send any notification on the subscription before it").
import { startModernPeer } from './modern-peer.mjs';

startModernPeer({ change: { notifyBeforeAck: true } });
