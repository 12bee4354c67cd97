// Defect: answers initialize, then closes its stdout and keeps running (it ignores stdin closing; SIGTERM ends it).
import { closeSync } from 'node:fs';
import { startPeer } from './base-peer.mjs';

setInterval(() => {}, 1000);
// Writing to the closed output fails; it keeps running regardless.
process.stdout.on('error', () => {});
startPeer({
  exitOnClose: false,
  answer: (message) => {
    if (message.method === 'notifications/initialized') closeSync(1);
    return false;
  },
});
