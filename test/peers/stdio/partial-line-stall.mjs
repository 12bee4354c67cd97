// Defect: starts its answer to tools/list, writes part of the line, and stalls (it exits when stdin closes).
import { startPeer } from './base-peer.mjs';

startPeer({
  answer: (message) => {
    if (message.method !== 'tools/list') return false;
    process.stdout.write(`{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":{"tools":[{"name":"ec`);
    return true;
  },
});
