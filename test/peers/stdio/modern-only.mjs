// Not a defect: a server that speaks only MCP 2026-07-28 (stateless, no handshake) refuses the
// initialize request with an UnsupportedProtocolVersionError listing what it supports. A check
// cannot run against it yet, and must say which revision it speaks rather than blame it.
import { send, startPeer } from './base-peer.mjs';

startPeer({
  answer: (message) => {
    if (message.method !== 'initialize') return false;
    const requested = message.params?.protocolVersion ?? '';
    send({ jsonrpc: '2.0', id: message.id, error: { code: -32022, message: 'Unsupported protocol version', data: { requested, supported: ['2026-07-28'] } } });
    return true;
  },
});
