// Why: the fuzz workloads of the benchmark must measure fuzz runs as fuzz plays them, and report a
// rate; a small batch against a stdio peer shows they do, and the report prints the rate.
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { floorRun, fuzzFloorRates, fuzzJobsRates, fuzzRate } from '../../bench/fuzz-rate.ts';
import { computeRatios } from '../../bench/report.ts';
import { formatBenchText } from '../../bench/report.ts';

const PEER = join(resolve(import.meta.dirname, '../peers/stdio'), 'correct.mjs');
const MODERN_PEER = join(resolve(import.meta.dirname, '../peers/stdio'), 'sdk-v2-serve-stdio.mjs');

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

test('fuzzFloorRates pairs fuzz with the SDK client\'s start-up floor, and the report derives the ratio', async () => {
  const { fuzz, floor } = await fuzzFloorRates({ transport: 'stdio', command: [process.execPath, PEER] }, 2);
  assert.is(fuzz.runs, 2);
  assert.ok(!('skipped' in floor), 'the 1.x SDK is a dev dependency');
  assert.is(floor.runs, 2);
  assert.ok(floor.runs_per_min > 0);
  const ratios = computeRatios({ fuzz_stdio: fuzz, floor_stdio: floor } as never);
  assert.is(ratios['fuzz_stdio_vs_floor'], Number((fuzz.runs_per_min / floor.runs_per_min).toPrecision(3)));
});

test('the 2026-07-28 floor is the 2.x client\'s discover and close against serveStdio', async () => {
  const run = await floorRun({ transport: 'stdio', command: [process.execPath, MODERN_PEER] }, 'modern');
  assert.ok(run !== undefined, 'the 2.x SDK is a dev dependency');
  await run();
  const { fuzz, floor, reuse } = await fuzzFloorRates({ transport: 'stdio', command: [process.execPath, MODERN_PEER] }, 2, 'modern');
  assert.is(fuzz.runs, 2);
  assert.ok(!('skipped' in floor) && floor.runs === 2 && floor.runs_per_min > 0);
  assert.ok(reuse !== undefined && reuse.runs === 2 && reuse.runs_per_min > 0, 'the same runs on one shared process, paired');
});

test('fuzzRate with reuse plays the runs on one process per job; the legacy era never shares one', async () => {
  const modern = { transport: 'stdio' as const, command: [process.execPath, MODERN_PEER] };
  const shared = await fuzzRate(modern, 3, 1, 0, 'modern', undefined, true);
  assert.is(shared.runs, 3);
  assert.ok(shared.runs_per_min > 0);
  const { fuzz, reuse } = await fuzzFloorRates({ transport: 'stdio', command: [process.execPath, PEER] }, 2);
  assert.is(fuzz.runs, 2);
  assert.is(reuse, undefined, 'legacy: a process per run only');
});

test('a floor against a server that does not speak MCP fails rather than counting a run', async () => {
  const run = await floorRun({ transport: 'stdio', command: [process.execPath, '-e', 'process.exit(3)'] }, 'legacy');
  assert.ok(run !== undefined);
  let failed = false;
  await run().catch(() => void (failed = true));
  assert.ok(failed);
});

test.run();
