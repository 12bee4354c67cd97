// A slow server for the tap's shutdown wait: answers initialize at once, and every other request
// argv[2] milliseconds later (default 3000), also after its input has closed; it exits once its
// input has closed and nothing is left to answer, as a server that finishes its work does.
import { createInterface } from 'node:readline';

const delayMs = Number(process.argv[2] ?? 3000);
let pending = 0;
let closed = false;

function maybeExit() {
  if (closed && pending === 0) process.exit(0);
}

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const message = JSON.parse(line);
  if (message.id === undefined || typeof message.method !== 'string') return;
  if (message.method === 'initialize') {
    process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'slow', version: '1.0.0' } } }) + '\n');
    return;
  }
  pending += 1;
  setTimeout(() => {
    process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: {} }) + '\n', () => {
      pending -= 1;
      maybeExit();
    });
  }, delayMs);
});
lines.on('close', () => {
  closed = true;
  maybeExit();
});
// Ended by the tap: say so on stderr, which the tap passes on.
process.on('SIGTERM', () => {
  process.stderr.write('slow server: SIGTERM\n');
  process.exit(143);
});
