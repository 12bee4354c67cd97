// A legacy server that leaves every request before initialize unanswered (the stdio page: legacy
// servers answer unknown pre-initialize requests "with implementation-defined errors ... or not
// at all"), and is correct otherwise.
import { startPeer } from './base-peer.mjs';

let initialized = false;
startPeer({
  answer: (message) => {
    if (message.method === 'initialize') initialized = true;
    return !initialized && message.id !== undefined;
  },
});
