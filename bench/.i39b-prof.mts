import fc from '/work/i39b/node_modules/fast-check/lib/fast-check.js';
import { sequenceArbitrary } from '/work/i39b/fuzz/generator.ts';
import { runSequence } from '/work/i39b/fuzz/run-sequence.ts';
import { streamableHttp } from '/work/i39b/live/streamable-http.ts';
const server = '/work/i39b/node_modules/@modelcontextprotocol/server-everything/dist/index.js';
const target = { transport: 'stdio' as const, command: [process.execPath, server, 'stdio'] };
const arb = sequenceArbitrary('stdio', 20, [], 'legacy');
const seqs = fc.sample(arb, { seed: 7, path: '0', numRuns: 12 });
for (const actions of seqs) {
  const t0 = performance.now(); let total = 0;
  const run = await runSequence(actions, { target, headerEnv: [], timeoutMs: 10_000, env: process.env, httpTransport: streamableHttp, protocolVersion: '2025-11-25', era: 'legacy', mode: 'fuzz', seed: 7, recorded: {} });
  total = performance.now() - t0;
  const ev = run.timings.events_ms;
  const firstMsg = ev[0] ?? 0;
  const lastEv = ev[ev.length - 1] ?? 0;
  const evs = run.trace.events; const initAns = evs.findIndex((e) => e.kind === 'message' && e.direction === 'server_to_client');
  const lastMsg = evs.map((e) => e.kind).lastIndexOf('message'); const exit = evs.findIndex((e) => e.kind === 'process_exit');
  (globalThis as any).acc ??= { start: 0, actions: 0, close: 0, after: 0, n: 0 }; const a = (globalThis as any).acc;
  a.start += ev[initAns]!; a.actions += ev[lastMsg]! - ev[initAns]!; a.close += ev[exit]! - ev[lastMsg]!; a.after += total - ev[exit]!; a.n++;
  if (false) console.log(run.trace.events.map((e, i) => `${ev[i]?.toFixed(0)}:${e.kind}${e.kind === 'message' ? (e.direction === 'client_to_server' ? '>' : '<') + String((e.message as any)?.method ?? (e.message as any)?.id) : ''}`).join(' '));
  if (false) console.log('total', total.toFixed(0), 'first event', firstMsg.toFixed(0), 'last event', lastEv.toFixed(0), 'events', ev.length, 'actions', actions.map((a) => a.kind).join(','), JSON.stringify(run.trace.cleanup));
}
const a = (globalThis as any).acc; console.log('avg ms: start->init answer', (a.start / a.n).toFixed(0), 'actions', (a.actions / a.n).toFixed(0), 'last message->exit', (a.close / a.n).toFixed(0), 'exit->returned', (a.after / a.n).toFixed(0));
