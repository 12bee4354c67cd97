// Defect (2026-07-28, caching, Interaction with Pagination: "Servers MUST apply the same cacheScope
// to all response pages for a given list request"): once its prompt has asked for input (an
// input_required result), the server marks the second page of tools/list "private" while the first
// page is "public". Each request alone is well formed, and a check (which reads every list before
// it gets a prompt) never sees it: only a list paged across that call shows it.
import { startModernPeer } from './modern-peer.mjs';
import { answer } from './modern-core.mjs';
import { promptAsks } from './modern-prompt-state.mjs';

let asked = false;
const prompt = promptAsks(() => {
  asked = true;
});

startModernPeer({
  answer: (message, send) => {
    if (prompt(message, send)) return true;
    if (!asked || message.method !== 'tools/list' || message.params?.cursor !== 'page-2') return false;
    for (const m of answer(message).messages) send({ ...m, result: { ...m.result, cacheScope: 'private' } });
    return true;
  },
});
