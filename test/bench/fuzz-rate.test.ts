// Why: the fuzz workloads of the benchmark must measure fuzz runs as fuzz plays them, and report a
// rate; a small batch against a stdio peer shows they do, and the report prints the rate.
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fuzzJobsRates, fuzzRate } from '../../bench/fuzz-rate.ts';
import { formatBenchText } from '../../bench/report.ts';

const PEER = join(resolve(import.meta.dirname, '../peers/stdio'), 'correct.mjs');

test('fuzzRate plays the runs against fresh processes and reports runs per minute', async () => {
  const rate = await fuzzRate({ transport: 'stdio', command: [process.execPath, PEER] }, 2);
  assert.is(rate.runs, 2);
  assert.ok(rate.wall_s > 0 && rate.runs_per_min > 0);
  const text = formatBenchText({ machine: { cpus: 2, model: 'm', node: 'v20', platform: 'linux-x64', memory_gb: 1 }, workloads: { fuzz_stdio: rate } as never, ratios: {} });
  assert.match(text, new RegExp(`fuzz_stdio\\s+${rate.runs_per_min.toLocaleString('en-US')} runs/min, `));
});

test('fuzzJobsRates pairs --jobs 1 and --jobs 2 over the same sequences in alternating rounds', async () => {
  const { one, two } = await fuzzJobsRates({ transport: 'stdio', command: [process.execPath, PEER] }, 4);
  assert.is(one.runs, 2);
  assert.is(two.runs, 2);
  assert.ok(one.runs_per_min > 0 && two.runs_per_min > 0);
});

test.run();
