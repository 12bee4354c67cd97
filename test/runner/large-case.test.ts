// Why: a fixture of the largest size the reader takes (2,000,000 bytes) can hold one case of some
// 25,000 unanswered requests; when every request copied the pending table, such a case took 25 s.
// The case is built here rather than bundled, at just under the reader's limit, and played under
// the specification profile, where a request beyond the pending limit is a warning and play goes on.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseFixture } from '../../runner/load-fixture.ts';
import { runCase } from '../../runner/run-case.ts';
import { DEFAULT_MAX_BYTES } from '../../validators/strict-json.ts';
import { cpuTimed } from '../support/cpu-time.ts';
import { SPEC_2025_11_25 } from '../../validators/profiles.ts';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'spec-2025-11-25', 'pending-limit.json');

/** The bundled pending-limit fixture with one case of as many unanswered pings as fit under the size limit (or `most`). */
function largeFixture(most = Infinity): Uint8Array {
  const base = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { cases: unknown[] };
  const steps: string[] = [];
  const kase = (n: number) => JSON.stringify({ ...base, cases: [{ name: 'many_unanswered_pings', description: 'Unanswered pings.', expect: 'pass', steps: [] }] })
    .replace('"steps":[]', `"steps":[${steps.slice(0, n).join(',')}]`);
  for (let id = 2; steps.length < 40_000; id++) steps.push(JSON.stringify({ direction: 'client_to_server', message: { jsonrpc: '2.0', id, method: 'ping' } }));
  let n = Math.min(steps.length, most);
  while (Buffer.byteLength(kase(n)) > DEFAULT_MAX_BYTES) n -= 500;
  return new TextEncoder().encode(kase(n));
}

function play(bytes: Uint8Array): { ms: number; steps: number; status: string } {
  const fixture = parseFixture(bytes, 'large.json');
  const { value: result, ms } = cpuTimed(() => runCase(fixture, fixture.cases[0]!, 0, { profile: SPEC_2025_11_25 }));
  return { ms, steps: (fixture.cases[0]!.steps as unknown[]).length, status: result.status };
}

test('a 2 MB fixture case of unanswered pings plays in time linear in its steps, far from the 25 s a copy per request took', () => {
  const bytes = largeFixture();
  assert.ok(bytes.length > 1_900_000, `${bytes.length} bytes`);
  const quarter = largeFixture(5_000);
  play(quarter); // warm-up
  const small = play(quarter);
  const large = play(bytes);
  assert.ok(large.steps > 20_000, `${large.steps} steps`);
  assert.is(large.status, 'passed', 'past the pending limit only warnings are reported');
  // Linear time: the cost per step of the whole case stays near that of its first 5,000 steps.
  const perStep = (r: { ms: number; steps: number }) => r.ms / r.steps;
  assert.ok(perStep(large) < 2 * perStep(small), `${large.steps} steps in ${large.ms.toFixed(0)} ms, ${small.steps} in ${small.ms.toFixed(0)} ms`);
  // Well under a second of CPU time; the bound leaves room for a slow machine, not for the copying table.
  assert.ok(large.ms < 8000, `${large.steps} steps took ${large.ms.toFixed(0)} ms of CPU time`);
});

test.run();
