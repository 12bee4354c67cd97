// Defect: exits while a request (tools/list) is unanswered.
import { startPeer } from './base-peer.mjs';

startPeer({
  answer: (message) => {
    if (message.method === 'tools/list') process.exit(3);
    return false;
  },
});
