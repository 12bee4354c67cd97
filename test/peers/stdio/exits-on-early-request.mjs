// Not a defect: a legacy server that exits on any request before initialize (some SDKs' servers
// end so on what they do not expect). A check that opens with server/discover checks it again on a
// fresh process, with initialize.
import { startPeer } from './base-peer.mjs';

let initialized = false;
startPeer({
  answer: (message) => {
    if (message.method === 'initialize') initialized = true;
    else if (!initialized && message.id !== undefined) process.exit(1);
    return false;
  },
});
