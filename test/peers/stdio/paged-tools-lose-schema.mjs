// Defect: tools/list comes in two pages, and the second page (asked for with the first page's
// nextCursor) lists its tool without the inputSchema the schema requires of every tool.
import { ECHO_TOOL, send, startPeer } from './base-peer.mjs';

startPeer({
  answer: (message) => {
    if (message.method !== 'tools/list' || message.id === undefined) return false;
    const cursor = message.params?.cursor;
    if (cursor === undefined) send({ jsonrpc: '2.0', id: message.id, result: { tools: [ECHO_TOOL], nextCursor: 'page-2' } });
    else if (cursor === 'page-2') send({ jsonrpc: '2.0', id: message.id, result: { tools: [{ name: 'reverse', description: 'Reverses its text.' }] } });
    else return false;
    return true;
  },
});
