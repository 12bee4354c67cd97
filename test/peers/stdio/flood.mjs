// A flooding server for the tap's load test: answers initialize (declaring logging), and once the
// client's notifications/initialized arrives writes argv[2] log notifications as fast as the pipe
// takes them (waiting for it to drain), each line numbered, then exits when its input closes.
import { createInterface } from 'node:readline';

const count = Number(process.argv[2] ?? 100000);

/** The n-th notification line, exactly as written (the test rebuilds it to compare bytes). */
export function floodLine(n) {
  return JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', logger: 'flood', data: `line ${n} ${'x'.repeat(n % 97)}` } }) + '\n';
}

async function flood() {
  for (let n = 0; n < count; n++) {
    if (!process.stdout.write(floodLine(n))) await new Promise((resolve) => process.stdout.once('drain', resolve));
  }
}

if (process.argv[1]?.endsWith('flood.mjs')) {
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    const message = JSON.parse(line);
    if (message.method === 'initialize') {
      process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { protocolVersion: '2025-11-25', capabilities: { logging: {} }, serverInfo: { name: 'flood', version: '1.0.0' } } }) + '\n');
    } else if (message.method === 'notifications/initialized') {
      void flood();
    }
  });
  lines.on('close', () => process.exit(0));
}
