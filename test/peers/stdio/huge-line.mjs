// Defect (of size): answers tools/list with one line of 64 MiB, written in pieces as the pipe drains.
import { startPeer } from './base-peer.mjs';

const TOTAL = 64 * 1024 * 1024;
const piece = Buffer.alloc(1024 * 1024, 'x');

function writeLine(id) {
  const head = Buffer.from(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"tools":[{"name":"echo","inputSchema":{"type":"object"},"description":"`);
  process.stdout.write(head);
  let written = head.length;
  const more = () => {
    while (written < TOTAL) {
      written += piece.length;
      if (!process.stdout.write(piece)) return process.stdout.once('drain', more);
    }
    process.stdout.write('"}]}}\n');
  };
  more();
}

// The checker stops reading: the broken pipe is expected.
process.stdout.on('error', () => process.exit(0));
startPeer({
  answer: (message) => {
    if (message.method !== 'tools/list') return false;
    writeLine(message.id);
    return true;
  },
});
