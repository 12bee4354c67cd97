// Defect: a message with bytes that are not UTF-8 (a Latin-1 "é" in a tool description).
import { startPeer } from './base-peer.mjs';

startPeer({
  answer: (message) => {
    if (message.method !== 'tools/list') return false;
    const head = Buffer.from(`{"jsonrpc":"2.0","id":${message.id},"result":{"tools":[{"name":"echo","description":"caf`);
    const tail = Buffer.from('","inputSchema":{"type":"object"}}]}}\n');
    process.stdout.write(Buffer.concat([head, Buffer.from([0xe9]), tail]));
    return true;
  },
});
