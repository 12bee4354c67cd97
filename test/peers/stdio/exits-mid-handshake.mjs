// Defect: answers initialize, then exits on notifications/initialized (the ping after it is never answered).
import { startPeer } from './base-peer.mjs';

startPeer({
  answer: (message) => {
    if (message.method === 'notifications/initialized') process.exit(0);
    return false;
  },
});
