// Not a defect: a server whose tools/list comes in two pages (the first one's nextCursor is "page-2").
import { ECHO_TOOL, send, startPeer } from './base-peer.mjs';

startPeer({
  answer: (message) => {
    if (message.method !== 'tools/list') return false;
    const second = message.params?.cursor === 'page-2';
    send({ jsonrpc: '2.0', id: message.id, result: second ? { tools: [{ ...ECHO_TOOL, name: 'echo2' }] } : { tools: [ECHO_TOOL], nextCursor: 'page-2' } });
    return true;
  },
});
