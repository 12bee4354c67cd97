// Defect: keeps requests in flight by id, so a second request with the id of one in flight replaces
// it: both are answered, each with the later request's answer (tools/call and ping take 20 ms).
import { startPeer } from './base-peer.mjs';

const inFlight = new Map();
startPeer({
  answer: (message, correct) => {
    if (message.method !== 'tools/call' && message.method !== 'ping') return false;
    const entry = inFlight.get(message.id) ?? { count: 0 };
    entry.latest = message;
    entry.count += 1;
    inFlight.set(message.id, entry);
    setTimeout(() => {
      correct(entry.latest);
      if (--entry.count === 0) inFlight.delete(message.id);
    }, 20);
    return true;
  },
});
