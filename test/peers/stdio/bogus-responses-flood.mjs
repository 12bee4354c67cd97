// Defect (hostile): once initialized, writes 12,000 notifications with a response to an id the
// client never sent after every 100 of them, before answering anything. Responses nobody asked
// for must not reset the flood bound: the checker reports transport/message-flood.
import { startPeer } from './base-peer.mjs';

const lines = [];
for (let n = 0; n < 12_000; n++) {
  lines.push(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }));
  if (n % 100 === 99) lines.push(JSON.stringify({ jsonrpc: '2.0', id: 1_000_000 + n, result: {} }));
}
const flood = lines.join('\n') + '\n';

process.stdout.on('error', () => process.exit(0));
startPeer({
  capabilities: { tools: { listChanged: true } },
  exitOnClose: true,
  answer: (message) => {
    if (message.method === 'notifications/initialized') process.stdout.write(flood);
    return false;
  },
});
