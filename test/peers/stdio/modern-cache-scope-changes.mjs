// Defect (2026-07-28, caching, Interaction with Pagination: "Servers MUST apply the same cacheScope
// to all response pages for a given list request"): the second page of tools/list is "private"
// while the first was "public".
import { answer } from './modern-core.mjs';
import { startModernPeer } from './modern-peer.mjs';

startModernPeer({
  answer: (message, send) => {
    if (message.method !== 'tools/list' || message.params?.cursor !== 'page-2') return false;
    for (const m of answer(message).messages) send({ ...m, result: { ...m.result, cacheScope: 'private' } });
    return true;
  },
});
