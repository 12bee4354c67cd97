// Defect (hostile): refuses initialize with an error message full of what a terminal acts on (clear
// screen, a hyperlink, a carriage return that overwrites the line, a bidirectional override, a line
// separator). Whatever the checker prints of it must show those characters, never pass them on.
import { send, startPeer } from './base-peer.mjs';

export const HOSTILE = 'refused\u001b[2J\u001b]8;;https://x.invalid\u0007link\u001b]8;;\u0007\rOK all good\u202Egnp.exe\u2028next\u009b31m';

startPeer({
  answer: (message) => {
    if (message.method !== 'initialize') return false;
    send({ jsonrpc: '2.0', id: message.id, error: { code: -32603, message: HOSTILE } });
    return true;
  },
});
