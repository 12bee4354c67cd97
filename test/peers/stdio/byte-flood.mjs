// Defect (hostile): once initialized, writes argv[2] (default 300) log notifications of argv[3]
// bytes of data each (default one megabyte), then never answers the client's ping; closing its input does not stop it (it is ended by a signal). The checker must
// end with the ping's timeout, keep a bounded trace, and stay within its memory bound.
import { startPeer } from './base-peer.mjs';

const numbers = process.argv.slice(2).filter((a) => /^\d+$/.test(a)).map(Number);
const count = numbers[0] ?? 300;
const size = numbers[1] ?? 1024 * 1024;
const line = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', logger: 'bulk', data: 'x'.repeat(size) } }) + '\n';

async function flood() {
  for (let n = 0; n < count; n++) {
    if (!process.stdout.write(line)) await new Promise((resolve) => process.stdout.once('drain', resolve));
  }
}

process.stdout.on('error', () => process.exit(0));
startPeer({
  capabilities: { tools: {}, logging: {} },
  // It writes on after its input closes, until it is ended.
  exitOnClose: false,
  answer: (message) => {
    if (message.method === 'notifications/initialized') void flood();
    return message.method === 'ping';
  },
});
