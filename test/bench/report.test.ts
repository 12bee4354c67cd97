import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { committedRatios, renderGenerated, updateBenchmarksMd } from '../../bench/benchmarks-md.ts';
import { interleavedRounds, median } from '../../bench/measure.ts';
import { compareRatios, computeRatios, describeBudget, formatBenchText, judgeTargets, pipelineBudget, type BenchReport } from '../../bench/report.ts';
import type { Workloads } from '../../bench/run-bench.ts';

const tp = (msgs_per_s: number) => ({ messages: 1000, msgs_per_s, runs: 5, rejected: 0 });
const WORKLOADS: Workloads = {
  pipeline: tp(100_000),
  pipeline_2025_11_25: tp(60_000),
  sdk: tp(80_000),
  ajv: { skipped: 'not here' },
  json_parse: tp(1_000_000),
  strict_json: tp(400_000),
  strict_envelope: tp(320_000),
  course_inprocess: tp(50_000),
  course_cli: { wall_s: 0.1, runs: 5 },
  node_startup: { wall_s: 0.05, runs: 5 },
  live_check: { wall_s: 1.1, runs: 5 },
  live_sdk_client: { wall_s: 1, runs: 5 },
  scale_100k: { messages: 100_000, wall_s: 2, peak_rss_mb: 120, runs: 5 },
  scale_1m: { messages: 1_000_000, wall_s: 19, peak_rss_mb: 130, runs: 5 },
};
const REPORT: BenchReport = {
  machine: { cpus: 2, model: 'test cpu', node: 'v20.0.0', platform: 'linux-x64', memory_gb: 8 },
  workloads: WORKLOADS,
  ratios: computeRatios(WORKLOADS),
};

test('interleaved rounds: one warm-up call of each task, then each task once per round; the warm-up is not returned', () => {
  const calls: string[] = [];
  const task = (name: string) => { let n = 0; return () => { calls.push(name); return `${name}${n++}`; }; };
  assert.equal(interleavedRounds([task('a'), task('b')], 3), [['a1', 'a2', 'a3'], ['b1', 'b2', 'b3']]);
  assert.equal(calls.join(''), 'ab' + 'ab'.repeat(3));
});

test('median of odd and even lists', () => {
  assert.is(median([3, 1, 2]), 2);
  assert.is(median([4, 1, 3, 2]), 2.5);
});

test('ratios: only where both figures were measured', () => {
  assert.equal(REPORT.ratios, {
    pipeline_vs_sdk: 1.25,
    pipeline_2025_11_25_vs_sdk: 0.75,
    pipeline_vs_json_parse: 0.1,
    strict_json_vs_sdk: 5,
    strict_envelope_vs_sdk: 4,
    course_inprocess_vs_pipeline: 0.5,
    course_cli_vs_node_startup: 2,
    live_check_vs_sdk_client: 1.1,
    scale_1m_vs_100k_time: 9.5,
    scale_1m_vs_100k_rss: 1.08,
  });
});

test('targets: met, missed and not measured', () => {
  assert.equal(judgeTargets(REPORT).map((t) => t.met), [true, true, true, true, true]);
  const slow = { ...REPORT, ratios: { ...REPORT.ratios, pipeline_vs_sdk: 0.5, live_check_vs_sdk_client: 1.3 } };
  assert.is(judgeTargets(slow)[0]?.met, false);
  assert.is(judgeTargets(slow)[4]?.met, false);
  const none = { ...REPORT, workloads: { ...WORKLOADS, scale_1m: { skipped: 'quick' } }, ratios: {} };
  assert.equal(judgeTargets(none).map((t) => t.met), [undefined, undefined, undefined, undefined, undefined]);
});

test('check: a ratio more than 2x worse fails, in the direction that is worse for it', () => {
  const base = { pipeline_vs_sdk: 1, course_cli_vs_node_startup: 2 };
  assert.equal(compareRatios({ pipeline_vs_sdk: 0.6, course_cli_vs_node_startup: 3.9 }, base), []);
  assert.equal(compareRatios({ pipeline_vs_sdk: 0.4, course_cli_vs_node_startup: 4.1 }, base).map((r) => r.ratio),
    ['pipeline_vs_sdk', 'course_cli_vs_node_startup']);
  assert.equal(compareRatios({ pipeline_vs_sdk: 5 }, base), [], 'better is never a failure; missing ratios are skipped');
});

test('budget: the floor every strict pipeline pays, the room 1.0x leaves and what the checks take', () => {
  // sdk 80k msg/s = 12.5 µs, strict_envelope 320k = 3.125 µs, pipeline 100k = 10 µs
  assert.equal(pipelineBudget(REPORT), { sdk_us: 12.5, floor_us: 3.125, pipeline_us: 10, room_us: 9.375, spent_us: 6.875, needed_speedup: 0.733 });
  // ajv_methods 160k = 6.25 µs, ajv (the envelope) 400k = 2.5 µs: the per-method part 3.75 µs
  const withAjv = { ...REPORT, workloads: { ...WORKLOADS, ajv: tp(400_000), ajv_methods: tp(160_000) } };
  assert.is(pipelineBudget(withAjv)?.ajv_methods_us, 3.75);
  assert.match(describeBudget(pipelineBudget(withAjv)!), /ajv's per-method schema checks \(beyond the envelope, no state\) take 3\.75 µs/);
  assert.not.match(describeBudget(pipelineBudget(REPORT)!), /ajv/, 'ajv skipped in REPORT');
  assert.match(describeBudget(pipelineBudget(REPORT)!), /within the room/);
  const slow = { ...REPORT, workloads: { ...WORKLOADS, pipeline: tp(20_000) } }; // 50 µs: 46.875 spent
  assert.is(pipelineBudget(slow)?.needed_speedup, 5);
  assert.match(describeBudget(pipelineBudget(slow)!), /5x faster than now to meet 1\.0x/);
  const floorSlower = { ...REPORT, workloads: { ...WORKLOADS, strict_envelope: tp(40_000) } };
  assert.is(pipelineBudget(floorSlower)?.needed_speedup, undefined);
  assert.match(describeBudget(pipelineBudget(floorSlower)!), /no speed-up of the checks can meet 1\.0x/);
  assert.is(pipelineBudget({ ...REPORT, workloads: { ...WORKLOADS, sdk: { skipped: 'no sdk' } } }), undefined);
  assert.match(formatBenchText(REPORT), /\nbudget: per message: SDK path 12\.5 µs/);
  assert.match(renderGenerated(REPORT, 'x'), /Pipeline budget, per message: SDK path 12\.5 µs; strict reader and envelope \(the floor\) 3\.125 µs/);
  const { strict_envelope: _, ...withoutFloor } = WORKLOADS;
  assert.not.match(renderGenerated({ ...REPORT, workloads: withoutFloor }, 'x'), /Pipeline budget/);
});

test('BENCHMARKS.md: the generated part is replaced between its markers, hand-written text kept, ratios read back', () => {
  const generated = renderGenerated(REPORT, 'node dist/cli.js bench --write');
  const first = updateBenchmarksMd(undefined, generated);
  assert.equal(committedRatios(first), REPORT.ratios);
  const edited = `${first}\n## History\n\nhand-written\n`;
  const again = updateBenchmarksMd(edited, renderGenerated({ ...REPORT, ratios: { pipeline_vs_sdk: 2 } }, 'x'));
  assert.match(again, /## History\n\nhand-written/);
  assert.equal(committedRatios(again), { pipeline_vs_sdk: 2 });
  assert.is(again.split('<!-- bench:begin').length, 2);
  assert.is(committedRatios('# nothing'), undefined);
});

test.run();
