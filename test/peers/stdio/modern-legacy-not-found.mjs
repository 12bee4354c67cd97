// Defect (2026-07-28, basic, Error Codes: "Implementations of this protocol version MUST NOT emit
// these codes: -32002"): an unknown resource is answered with the old resource-not-found code.
import { NOTE } from './modern-core.mjs';
import { startModernPeer } from './modern-peer.mjs';

startModernPeer({
  answer: (message, send) => {
    if (message.method !== 'resources/read' || message.params?.uri === NOTE.uri) return false;
    send({ jsonrpc: '2.0', id: message.id, error: { code: -32002, message: 'Resource not found', data: { uri: message.params?.uri } } });
    return true;
  },
});
