import { fuzz, stdioPeer } from './test/fuzz/support.ts';
import { runFuzz } from './fuzz/run-fuzz.ts';
for (const peer of ['swap-after-cancel', 'duplicate-id-mixup', 'serves-before-initialized']) {
  const t0 = performance.now();
  const r = await fuzz(stdioPeer(peer), 7);
  console.log(peer, r.outcome, r.runs, r.shrinks, r.run.trace.sequence, Math.round(performance.now() - t0));
}
