// Defect (2026-07-28 schema, Resource.uri: "format": "uri"): resources/list names a resource whose
// uri is no RFC 3986 URI (a bare path with a space); everything else is served as the revision says.
import { send, startModernPeer } from './modern-base.mjs';

startModernPeer({
  answer: (message) => {
    if (message.method !== 'resources/list') return false;
    send({ jsonrpc: '2.0', id: message.id, result: { resultType: 'complete', ttlMs: 0, cacheScope: 'public', resources: [{ uri: 'peer/read me.txt', name: 'readme' }] } });
    return true;
  },
});
