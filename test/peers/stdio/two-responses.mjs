// Defect: answers ping twice.
import { startPeer } from './base-peer.mjs';

startPeer({
  answer: (message, correct) => {
    if (message.method !== 'ping') return false;
    correct(message);
    correct(message);
    return true;
  },
});
