// A correct server whose echo tool takes 300 ms: requests overlap, and a cancelled call is still
// answered late, with its own answer (which a client must tolerate).
import { startPeer } from './base-peer.mjs';

startPeer({
  answer: (message, correct) => {
    if (message.method !== 'tools/call') return false;
    setTimeout(() => correct(message), 300);
    return true;
  },
});
