// Why: the stdio face of the modern test peer (modern-core.mjs): one JSON-RPC message per line, a
// listen stream held until notifications/cancelled names it (told of list changes while open), exit when stdin closes.
import { createInterface } from 'node:readline';
import { answer, listChanged } from './modern-core.mjs';

/** Starts the peer with `options` (see modern-core.mjs `answer`). */
export function startModernPeer(options = {}) {
  const send = (message) => process.stdout.write(JSON.stringify(message) + '\n');
  const lines = createInterface({ input: process.stdin });
  /** The open listen streams: request id -> filter (dropped when notifications/cancelled names one). */
  const listens = new Map();
  lines.on('line', (line) => {
    const message = JSON.parse(line);
    if (options.answer?.(message, send) === true) return;
    if (message.method === 'notifications/cancelled') listens.delete(message.params?.requestId);
    const answered = answer(message, options);
    if (answered.hold === true) listens.set(message.id, message.params?.notifications ?? {});
    if (answered.changed === true) for (const [id, filter] of listens) for (const m of listChanged(id, filter, options.change)) send(m);
    if (answered.delayMs !== undefined) setTimeout(() => answered.messages.forEach(send), answered.delayMs);
    else for (const m of answered.messages) send(m);
  });
  lines.on('close', () => process.exit(0));
}
