// Defect: keeps the tool call in progress in one variable, and answers each call 200 ms after it
// came with whatever that variable then holds. One call at a time it is correct; when a second call
// arrives while one is in flight, the first is never answered and the second is answered twice.
import { startPeer } from './base-peer.mjs';

let inProgress;
startPeer({
  answer: (message, correct) => {
    if (message.method !== 'tools/call') return false;
    inProgress = message;
    setTimeout(() => correct(inProgress), 200);
    return true;
  },
});
