// Not a defect: a correct server whose behaviour changed since a scenario was recorded: its echo
// tool answers in upper case and describes itself anew (a scenario's regression, not a protocol finding).
import { ECHO_TOOL, send, startPeer } from './base-peer.mjs';

startPeer({
  tools: [{ ...ECHO_TOOL, description: 'Echoes its text, louder.' }],
  answer(message) {
    if (message.method !== 'tools/call') return false;
    send({ jsonrpc: '2.0', id: message.id, result: { content: [{ type: 'text', text: String(message.params?.arguments?.text).toUpperCase() }] } });
    return true;
  },
});
