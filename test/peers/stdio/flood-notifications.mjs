// Defect: once initialized, floods stdout with valid notifications (tools/list_changed, declared)
// for as long as it runs, and never answers tools/list; it keeps flooding after stdin closes.
import { ECHO_TOOL, startPeer } from './base-peer.mjs';

const NOTE = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }) + '\n';
const BATCH = NOTE.repeat(256);

function flood() {
  if (process.stdout.write(BATCH)) setImmediate(flood);
  else process.stdout.once('drain', flood);
}

// The checker stops reading: the broken pipe is expected.
process.stdout.on('error', () => process.exit(0));
startPeer({
  capabilities: { tools: { listChanged: true } },
  tools: [ECHO_TOOL],
  exitOnClose: false,
  answer: (message) => {
    if (message.method === 'notifications/initialized') flood();
    return message.method === 'tools/list';
  },
});
