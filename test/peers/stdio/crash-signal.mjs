// Defect: killed by a signal (as the kernel would) while tools/list is unanswered.
import { startPeer } from './base-peer.mjs';

startPeer({
  answer: (message) => {
    if (message.method === 'tools/list') process.kill(process.pid, 'SIGKILL');
    return false;
  },
});
