import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { committedRatios, renderGenerated, updateBenchmarksMd } from '../../bench/benchmarks-md.ts';
import { interleavedRounds, median } from '../../bench/measure.ts';
import { bestRatios, compareRatios, computeRatios, describeBudget, formatBenchText, judgeTargets, pipelineBudget, type BenchReport } from '../../bench/report.ts';
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
  course_reference: { wall_s: 0.125, runs: 5 },
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
    course_cli_vs_course_reference: 0.8,
    live_check_vs_sdk_client: 1.1,
    scale_1m_vs_100k_time: 9.5,
    scale_1m_vs_100k_rss: 1.08,
  });
});

test('targets: met, missed and not measured', () => {
  assert.equal(judgeTargets(REPORT).map((t) => t.met), [true, true, true, true, false, true, true, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined], "cases at 2x misses its 1.7x guard; fuzz --jobs, fuzz against its floors and the tap not measured");
  const floors = judgeTargets({ ...REPORT, ratios: { ...REPORT.ratios, fuzz_stdio_vs_floor: 0.69, fuzz_modern_stdio_vs_floor: 1, fuzz_modern_stdio_reuse_vs_floor: 3 } });
  const floorTarget = (text: RegExp) => floors.find((t) => text.test(t.text));
  assert.equal([floorTarget(/^fuzz over stdio \(server-everything, one job\)/)?.met, floorTarget(/^fuzz in 2026-07-28 over stdio/)?.met], [false, true], 'fuzz holds 0.7x its floor over stdio, 3x in 2026-07-28 on one shared process (a process per run, 1x, is no target)');
  const perRun = judgeTargets({ ...REPORT, ratios: { ...REPORT.ratios, fuzz_modern_stdio_vs_floor: 3, fuzz_modern_stdio_reuse_vs_floor: 2.9 } });
  assert.is(perRun.find((t) => /^fuzz in 2026-07-28 over stdio/.test(t.text))?.met, false, 'the 3x target is the shared process\'s');
  const slow = { ...REPORT, ratios: { ...REPORT.ratios, pipeline_vs_sdk: 0.44, course_cli_vs_node_startup: 1.71, course_cli_vs_course_reference: 0.81, live_check_vs_sdk_client: 1.3 } };
  assert.is(judgeTargets(slow)[0]?.met, false, 'the course-profile pipeline is guarded at 0.45x');
  assert.is(judgeTargets(slow)[4]?.met, false, 'cases is guarded at 1.7x node -e 0');
  assert.is(judgeTargets(slow)[5]?.met, false, 'cases needs at most 0.8x the course reference\'s time');
  assert.is(judgeTargets(slow)[6]?.met, false, 'the live check needs 1.2x the SDK client or less');
  const edge = { ...REPORT, ratios: { ...REPORT.ratios, pipeline_vs_sdk: 0.45, pipeline_2025_11_25_vs_sdk: 0.42, course_cli_vs_node_startup: 1.7, live_check_vs_sdk_client: 1.2 } };
  assert.equal(judgeTargets(edge).map((t) => t.met), [true, true, true, true, true, true, true, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined]);
  // The retired targets are guards now: the 2025-11-25 pipeline at 0.42x, cold cases at 1.1x the reference on 256 cases and 12x node -e 0 on the corpus.
  const guards = (ratios: Record<string, number>) => judgeTargets({ ...REPORT, ratios: { ...REPORT.ratios, ...ratios } });
  const guarded = (ratios: Record<string, number>, text: RegExp) => guards(ratios).find((t) => text.test(t.text))?.met;
  assert.equal([guarded({ pipeline_2025_11_25_vs_sdk: 0.42 }, /2025-11-25/), guarded({ pipeline_2025_11_25_vs_sdk: 0.41 }, /2025-11-25/)], [true, false]);
  assert.equal([guarded({ course256_cli_vs_course256_reference: 1.1 }, /course-256/), guarded({ course256_cli_vs_course256_reference: 1.11 }, /course-256/)], [true, false]);
  assert.equal([guarded({ corpus_cli_vs_node_startup: 12 }, /bundled corpus/), guarded({ corpus_cli_vs_node_startup: 12.1 }, /bundled corpus/)], [true, false]);
  const spread = { ...REPORT, ratios: { ...REPORT.ratios, fuzz_jobs_2_vs_1: 1.7 }, workloads: { ...WORKLOADS, tap_stdio: { added_p99_ms: 0.99 }, tap_http: { added_p99_ms: 2 } } } as unknown as typeof REPORT;
  assert.equal(judgeTargets(spread).slice(9, 12).map((t) => t.met), [true, true, false], '--jobs 2 needs 1.7x; the tap under 1 ms (stdio) and 2 ms (HTTP)');
  const none = { ...REPORT, workloads: { ...WORKLOADS, scale_1m: { skipped: 'quick' } }, ratios: {} };
  assert.equal(judgeTargets(none).map((t) => t.met), [undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined]);
  const modern = (v: number) => judgeTargets({ ...REPORT, ratios: { ...REPORT.ratios, live_check_modern_vs_sdk_client: v } })[12]?.met;
  assert.equal([modern(1.2), modern(1.21)], [true, false], 'the 2026-07-28 live check needs 1.2x the 2.x SDK client or less');
  const exercise = (v: number) => judgeTargets({ ...REPORT, ratios: { ...REPORT.ratios, live_check_exercise_vs_sdk_client: v } })[15];
  assert.equal([exercise(1.25)?.met, exercise(1.26)?.met], [true, false], 'check --exercise all needs 1.25x the SDK client making the same calls or less');
  assert.match(exercise(1.1)?.text ?? '', /^`check --exercise all --stdio`/);
});

test('check: a ratio more than 2x worse fails, in the direction that is worse for it', () => {
  const base = { pipeline_vs_sdk: 1, course_cli_vs_node_startup: 2 };
  assert.equal(compareRatios({ pipeline_vs_sdk: 0.6, course_cli_vs_node_startup: 3.9 }, base), []);
  assert.equal(compareRatios({ pipeline_vs_sdk: 0.4, course_cli_vs_node_startup: 4.1 }, base).map((r) => r.ratio),
    ['pipeline_vs_sdk', 'course_cli_vs_node_startup']);
  assert.equal(compareRatios({ pipeline_vs_sdk: 5 }, base), [], 'better is never a failure; missing ratios are skipped');
});

test('check: a ratio is judged by its best value over the runs, in the direction that is better for it', () => {
  const runs = [
    { pipeline_vs_sdk: 0.4, course_cli_vs_node_startup: 4.5, strict_json_vs_sdk: 1.9 },
    { pipeline_vs_sdk: 0.62, course_cli_vs_node_startup: 4.2 },
    { pipeline_vs_sdk: 0.55, course_cli_vs_node_startup: 3.8, strict_json_vs_sdk: 1.7 },
  ];
  assert.equal(bestRatios(runs), { pipeline_vs_sdk: 0.62, strict_json_vs_sdk: 1.9, course_cli_vs_node_startup: 3.8 });
  const base = { pipeline_vs_sdk: 1, course_cli_vs_node_startup: 2, strict_json_vs_sdk: 1.8 };
  assert.equal(compareRatios(runs[0]!, base).map((r) => r.ratio), ['pipeline_vs_sdk', 'course_cli_vs_node_startup'], 'the first run alone fails two');
  assert.equal(compareRatios(bestRatios(runs), base), [], 'a disturbed run is outvoted by a steady one');
  const regressed = runs.map((r) => ({ ...r, pipeline_vs_sdk: r.pipeline_vs_sdk / 2 }));
  assert.equal(compareRatios(bestRatios(regressed), base).map((r) => r.ratio), ['pipeline_vs_sdk'], 'worse in every run still fails');
});

test('budget: the floor every strict pipeline pays, the room 0.8x leaves and what the checks take', () => {
  // sdk 80k msg/s = 12.5 µs (0.8x: 15.625 µs), strict_envelope 320k = 3.125 µs, pipeline 100k = 10 µs
  assert.equal(pipelineBudget(REPORT), { sdk_us: 12.5, floor_us: 3.125, pipeline_us: 10, room_us: 12.5, spent_us: 6.875, needed_speedup: 0.55 });
  // ajv_methods 160k = 6.25 µs, ajv (the envelope) 400k = 2.5 µs: the per-method part 3.75 µs
  const withAjv = { ...REPORT, workloads: { ...WORKLOADS, ajv: tp(400_000), ajv_methods: tp(160_000) } };
  assert.is(pipelineBudget(withAjv)?.ajv_methods_us, 3.75);
  assert.match(describeBudget(pipelineBudget(withAjv)!), /ajv's per-method schema checks \(beyond the envelope, no state\) take 3\.75 µs/);
  assert.not.match(describeBudget(pipelineBudget(REPORT)!), /ajv/, 'ajv skipped in REPORT');
  assert.match(describeBudget(pipelineBudget(REPORT)!), /within the room/);
  const slow = { ...REPORT, workloads: { ...WORKLOADS, pipeline: tp(20_000) } }; // 50 µs: 46.875 spent
  assert.is(pipelineBudget(slow)?.needed_speedup, 3.75);
  assert.match(describeBudget(pipelineBudget(slow)!), /3\.75x faster than now to meet 0\.8x/);
  const floorSlower = { ...REPORT, workloads: { ...WORKLOADS, strict_envelope: tp(60_000) } }; // 16.7 µs > 15.625
  assert.is(pipelineBudget(floorSlower)?.needed_speedup, undefined);
  assert.match(describeBudget(pipelineBudget(floorSlower)!), /no speed-up of the checks can meet it/);
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
