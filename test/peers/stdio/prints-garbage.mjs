// Defect: answers tools/list with 4 KB of pseudo-random bytes (newlines among them) and nothing else.
import { startPeer } from './base-peer.mjs';

let state = 0x2545f491;
const garbage = Buffer.alloc(4096);
for (let i = 0; i < garbage.length; i++) {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  garbage[i] = state & 0xff;
}
garbage[garbage.length - 1] = 0x0a;

startPeer({
  answer: (message) => {
    if (message.method !== 'tools/list') return false;
    process.stdout.write(garbage);
    return true;
  },
});
