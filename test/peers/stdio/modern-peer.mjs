// Why: the stdio face of the modern test peer (modern-core.mjs): one JSON-RPC message per line, a
// listen stream held until notifications/cancelled names it, exit when stdin closes.
import { createInterface } from 'node:readline';
import { answer } from './modern-core.mjs';

/** Starts the peer with `options` (see modern-core.mjs `answer`). */
export function startModernPeer(options = {}) {
  const send = (message) => process.stdout.write(JSON.stringify(message) + '\n');
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    const message = JSON.parse(line);
    if (options.answer?.(message, send) === true) return;
    for (const m of answer(message, options).messages) send(m);
  });
  lines.on('close', () => process.exit(0));
}
