// Defect (2026-07-28, resources, Error Handling: "If the requested resource does not exist, servers
// MUST return a JSON-RPC error with code -32602"; "Servers MUST NOT return an empty contents array
// for a non-existent resource"): a URI no resource has is answered with empty contents.
import { NOTE } from './modern-core.mjs';
import { startModernPeer } from './modern-peer.mjs';

startModernPeer({
  answer: (message, send) => {
    if (message.method !== 'resources/read' || message.params?.uri === NOTE.uri) return false;
    send({ jsonrpc: '2.0', id: message.id, result: { resultType: 'complete', contents: [], ttlMs: 0, cacheScope: 'public' } });
    return true;
  },
});
