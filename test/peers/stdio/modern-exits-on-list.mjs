// Defect: a 2026-07-28 server that answers server/discover, then ends the connection on tools/list
// without answering it (transport/closed-with-pending-requests).
import { startModernPeer } from './modern-peer.mjs';

startModernPeer({
  answer: (message) => {
    if (message.method === 'tools/list') process.exit(1);
    return false;
  },
});
