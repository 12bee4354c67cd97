// Not a defect: a modern server that supports a later revision only. It answers server/discover in
// any version with its DiscoverResult (stdio page, Backward Compatibility: "The server returns a
// DiscoverResult: the server is modern. Select a mutually supported version from
// supportedVersions") and refuses every other request in 2026-07-28 with -32022.
import { startModernPeer } from './modern-peer.mjs';

const SUPPORTED = ['2099-01-01'];
startModernPeer({
  answer: (message, send) => {
    if (message.id === undefined) return true;
    if (message.method === 'server/discover') {
      send({ jsonrpc: '2.0', id: message.id, result: { resultType: 'complete', supportedVersions: SUPPORTED, capabilities: { tools: {} }, ttlMs: 0, cacheScope: 'public' } });
    } else {
      const requested = message.params?._meta?.['io.modelcontextprotocol/protocolVersion'] ?? null;
      send({ jsonrpc: '2.0', id: message.id, error: { code: -32022, message: 'Unsupported protocol version', data: { supported: SUPPORTED, requested } } });
    }
    return true;
  },
});
