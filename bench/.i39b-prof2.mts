import fc from '/work/i39b/node_modules/fast-check/lib/fast-check.js';
import { sequenceArbitrary } from '/work/i39b/fuzz/generator.ts';
import { runSequence } from '/work/i39b/fuzz/run-sequence.ts';
import { learnSurface } from '/work/i39b/bench/fuzz-rate.ts';
import { streamableHttp } from '/work/i39b/live/streamable-http.ts';
const server = '/work/i39b/node_modules/@modelcontextprotocol/server-everything/dist/index.js';
const target = { transport: 'stdio' as const, command: [process.execPath, server, 'stdio'] };
const surface = await learnSurface(target);
console.log('tools', surface.tools.map((t) => `${t['name']}${(t['annotations'] as any)?.readOnlyHint ? '(ro)' : ''}`).join(' '));
const arb = sequenceArbitrary('stdio', 20, [], 'legacy', { surface, mode: 'safe' });
const seqs = fc.sample(arb, { seed: 7, path: '0', numRuns: 8 });
for (const actions of seqs) {
  const t0 = performance.now();
  const run = await runSequence(actions, { target, headerEnv: [], timeoutMs: 10_000, env: process.env, httpTransport: streamableHttp, protocolVersion: '2025-11-25', era: 'legacy', mode: 'fuzz', seed: 7, recorded: {}, exercise: 'safe' });
  const total = performance.now() - t0;
  const ev = run.timings.events_ms;
  const gaps: string[] = [];
  run.trace.events.forEach((e, i) => { if (i > 0 && ev[i]! - ev[i - 1]! > 60) gaps.push(`${(ev[i]! - ev[i - 1]!).toFixed(0)}ms before ${e.kind}${e.kind === 'message' ? (e.direction === 'client_to_server' ? '>' : '<') + String((e.message as any)?.method ?? (e.message as any)?.id) : ''} (after ${(run.trace.events[i-1] as any).kind === 'message' ? String(((run.trace.events[i-1] as any).message)?.method ?? ((run.trace.events[i-1] as any).message)?.id) : (run.trace.events[i-1] as any).kind})`); });
  console.log(total.toFixed(0), actions.map((a) => a.kind === 'call' || a.kind === 'invalid-call' ? `${a.kind}:${(a.args as any).tool}` : a.kind).join(','), '|', gaps.join('; '));
}
