import fc from '/work/i39b/node_modules/fast-check/lib/fast-check.js';
import { sequenceArbitrary } from '/work/i39b/fuzz/generator.ts';
import { learnSurface } from '/work/i39b/bench/fuzz-rate.ts';
const server = '/work/i39b/node_modules/@modelcontextprotocol/server-everything/dist/index.js';
const target = { transport: 'stdio' as const, command: [process.execPath, server, 'stdio'] };
const surface = await learnSurface(target);
console.log(JSON.stringify(surface.tools.find((t) => t['name'] === 'trigger-long-running-operation')));
const arb = sequenceArbitrary('stdio', 20, [], 'legacy', { surface, mode: 'safe' });
for (const from of [0, 10]) {
  const seqs = fc.sample(arb, { seed: 7, path: String(from), numRuns: 10 });
  for (const [i, s] of seqs.entries()) for (const a of s) if ((a.kind === 'call' || a.kind === 'invalid-call') && (a.args as any).tool === 'trigger-long-running-operation') console.log(from + i, a.kind, JSON.stringify((a.args as any).arguments));
}
