// Correct but talkative: sends N (argv, default 6000) valid notifications before each answer, so
// that more than 10,000 messages arrive in all but never 10,000 without a response between them.
import { startPeer } from './base-peer.mjs';

const COUNT = Number(process.argv[2] ?? 6000);
const NOTE = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }) + '\n';

startPeer({
  capabilities: { tools: { listChanged: true } },
  answer: (message, correct) => {
    if (message.id === undefined || message.method === 'initialize') return false;
    process.stdout.write(NOTE.repeat(COUNT));
    correct(message);
    return true;
  },
});
