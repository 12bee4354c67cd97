// Why: figures are only comparable across machines as ratios, so the report derives them, says
// which targets they meet, and keeps them in a machine-readable block that `--check` compares.
import type { Machine, Workloads } from './run-bench.ts';
import { significant } from './measure.ts';

/** What `bench --json` prints, keys in this order. */
export interface BenchReport {
  readonly machine: Machine;
  readonly workloads: Workloads;
  readonly ratios: Readonly<Record<string, number>>;
}

type Figures = Record<string, Record<string, unknown>>;

function num(w: Figures, name: string, field: string): number | undefined {
  const value = w[name]?.[field];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

/** A ratio the report derives, and whether a larger value is better. */
interface RatioSpec {
  readonly name: string;
  readonly better: 'higher' | 'lower';
  readonly of: (w: Figures) => [number | undefined, number | undefined];
}

/** `a`'s figure over `b`'s (throughputs unless `field` says otherwise). */
function ratioOf(name: string, a: string, b: string, better: RatioSpec['better'] = 'higher', field = 'msgs_per_s'): RatioSpec {
  return { name, better, of: (w) => [num(w, a, field), num(w, b, field)] };
}

const RATIOS: readonly RatioSpec[] = [
  ratioOf('pipeline_vs_sdk', 'pipeline', 'sdk'),
  ratioOf('pipeline_2025_11_25_vs_sdk', 'pipeline_2025_11_25', 'sdk'),
  ratioOf('pipeline_vs_ajv', 'pipeline', 'ajv'),
  ratioOf('pipeline_vs_json_parse', 'pipeline', 'json_parse'),
  ratioOf('strict_json_vs_sdk', 'strict_json', 'sdk'),
  ratioOf('strict_envelope_vs_sdk', 'strict_envelope', 'sdk'),
  ratioOf('ajv_methods_vs_sdk', 'ajv_methods', 'sdk'),
  ratioOf('strict_ajv_methods_vs_sdk', 'strict_ajv_methods', 'sdk'),
  ratioOf('pipeline_vs_strict_ajv_methods', 'pipeline', 'strict_ajv_methods'),
  ratioOf('course_inprocess_vs_pipeline', 'course_inprocess', 'pipeline'),
  ratioOf('course_cli_vs_node_startup', 'course_cli', 'node_startup', 'lower', 'wall_s'),
  ratioOf('course_cli_vs_course_reference', 'course_cli', 'course_reference', 'lower', 'wall_s'),
  ratioOf('course256_cli_vs_course256_reference', 'course256_cli', 'course256_reference', 'lower', 'wall_s'),
  ratioOf('corpus_cli_vs_node_startup', 'corpus_cli', 'node_startup', 'lower', 'wall_s'),
  ratioOf('live_check_vs_sdk_client', 'live_check', 'live_sdk_client', 'lower', 'wall_s'),
  ratioOf('live_check_modern_vs_sdk_client', 'live_check_modern', 'live_sdk_modern_client', 'lower', 'wall_s'),
  ratioOf('live_check_exercise_vs_sdk_client', 'live_check_exercise', 'live_sdk_exercise_client', 'lower', 'wall_s'),
  ratioOf('fuzz_stdio_exercise_vs_protocol', 'fuzz_stdio_exercise', 'fuzz_stdio', 'higher', 'runs_per_min'),
  ratioOf('fuzz_jobs_2_vs_1', 'fuzz_stdio_jobs_2', 'fuzz_stdio', 'higher', 'runs_per_min'),
  ratioOf('fuzz_stdio_vs_floor', 'fuzz_stdio', 'floor_stdio', 'higher', 'runs_per_min'),
  ratioOf('fuzz_http_vs_floor', 'fuzz_http', 'floor_http', 'higher', 'runs_per_min'),
  ratioOf('fuzz_modern_stdio_vs_floor', 'fuzz_modern_stdio', 'floor_modern_stdio', 'higher', 'runs_per_min'),
  ratioOf('fuzz_modern_stdio_reuse_vs_floor', 'fuzz_modern_stdio_reuse', 'floor_modern_stdio', 'higher', 'runs_per_min'),
  { name: 'tap_stdio_cpu_vs_server', better: 'lower', of: (w) => [num(w, 'tap_stdio', 'tap_cpu_us'), num(w, 'tap_stdio', 'server_cpu_us')] },
  { name: 'tap_http_cpu_vs_server', better: 'lower', of: (w) => [num(w, 'tap_http', 'tap_cpu_us'), num(w, 'tap_http', 'server_cpu_us')] },
  ratioOf('scale_1m_vs_100k_time', 'scale_1m', 'scale_100k', 'lower', 'wall_s'),
  ratioOf('scale_1m_vs_100k_rss', 'scale_1m', 'scale_100k', 'lower', 'peak_rss_mb'),
];

/** Every ratio both of whose figures were measured. */
export function computeRatios(workloads: Workloads): Record<string, number> {
  const out: Record<string, number> = {};
  const w = workloads as unknown as Figures;
  for (const r of RATIOS) {
    const [a, b] = r.of(w);
    if (a !== undefined && b !== undefined) out[r.name] = significant(a / b);
  }
  return out;
}

/** The course-profile pipeline's target, as a fraction of the SDK path's throughput. */
export const PIPELINE_TARGET = 0.8;

/** The floor the course-profile pipeline is guarded at, as a fraction of the SDK path's throughput (about 0.5x is this design's ceiling). */
export const PIPELINE_GUARD = 0.45;

/** "Clearly faster" than the course's reference, as a ratio of whole-process times: a fifth less time at least. */
export const REFERENCE_TARGET = 0.8;

/** A target of the project and whether a report meets it (undefined: not measured). */
export interface TargetResult {
  readonly text: string;
  readonly value: string;
  readonly met: boolean | undefined;
}

/** The tap's added p99 of a transport (it can be negative, when the direct arm was the unluckier one). */
function tapAdded(w: Figures, name: string): number | undefined {
  const v = w[name]?.['added_p99_ms'];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** The project's performance targets, judged on one report. */
export function judgeTargets(report: BenchReport): TargetResult[] {
  const w = report.workloads as unknown as Figures;
  const ratio = (name: string) => report.ratios[name];
  const show = (v: number | undefined, unit = 'x') => (v === undefined ? 'not measured' : `${v}${unit}`);
  const target = (text: string, value: number | undefined, meets: (v: number) => boolean, unit = 'x'): TargetResult =>
    ({ text, value: show(value, unit), met: value === undefined ? undefined : meets(value) });
  return [
    target(`pipeline (full stateful check, course profile) no lower than ${PIPELINE_GUARD}x the SDK path (a guard: the ${PIPELINE_TARGET}x target is retired)`, ratio('pipeline_vs_sdk'), (v) => v >= PIPELINE_GUARD),
    target('pipeline under the `2025-11-25` profile (its extension machines too) no lower than 0.42x the SDK path (a guard: the 0.75x target is retired)', ratio('pipeline_2025_11_25_vs_sdk'), (v) => v >= 0.42),
    target('1,000,000 messages in at most 11x the time of 100,000', ratio('scale_1m_vs_100k_time'), (v) => v <= 11),
    target('1,000,000 messages with a peak RSS under 150 MB', num(w, 'scale_1m', 'peak_rss_mb'), (v) => v < 150, ' MB'),
    target('whole-process `cases` on the course fixture no slower than 1.7x `node -e 0` (a guard: 1.4x is retired, about 15 ms of work beside Node\'s own start)', ratio('course_cli_vs_node_startup'), (v) => v <= 1.7),
    target(`whole-process \`cases\` on the course fixture clearly faster than the course's Python reference (at most ${REFERENCE_TARGET}x its time)`, ratio('course_cli_vs_course_reference'), (v) => v <= REFERENCE_TARGET),
    target('`check --stdio` against server-everything within 1.2x of the SDK client\'s initialize, ping, tools/list, close', ratio('live_check_vs_sdk_client'), (v) => v <= 1.2),
    target('whole-process `cases` on bench/course-256.json no slower than 1.1x the course\'s Python reference on it (a guard: 0.5x is retired, `node -e 0` alone takes 0.4x)', ratio('course256_cli_vs_course256_reference'), (v) => v <= 1.1),
    target('whole-process `cases` on the bundled corpus no slower than 12x `node -e 0` (a guard)', ratio('corpus_cli_vs_node_startup'), (v) => v <= 12),
    target('fuzz over stdio (server-everything): `--jobs 2` at least 1.7x the runs a minute of `--jobs 1`', ratio('fuzz_jobs_2_vs_1'), (v) => v >= 1.7),
    target('tap: added round-trip p99 under 1 ms over stdio at 1,000 messages/s', tapAdded(w, 'tap_stdio'), (v) => v < 1, ' ms'),
    target('tap: added round-trip p99 under 2 ms over Streamable HTTP', tapAdded(w, 'tap_http'), (v) => v < 2, ' ms'),
    target('`check --protocol-version 2026-07-28 --stdio` against the 2.x SDK\'s serveStdio within 1.2x of the 2.x SDK client\'s discover and the same lists', ratio('live_check_modern_vs_sdk_client'), (v) => v <= 1.2),
    target('fuzz over stdio (server-everything, one job) at least 0.7x the runs a minute of its start-up floor', ratio('fuzz_stdio_vs_floor'), (v) => v >= 0.7),
    target('fuzz in 2026-07-28 over stdio with `--reuse-server` (the 2.x SDK\'s serveStdio, one job, one process for all runs) at least 3x the runs a minute of its start-up floor', ratio('fuzz_modern_stdio_reuse_vs_floor'), (v) => v >= 3),
    target('`check --exercise all --stdio` against a server of several quick tools within 1.25x of the SDK client making the same calls', ratio('live_check_exercise_vs_sdk_client'), (v) => v <= 1.25),
  ];
}

/**
 * Where the pipeline's time per message goes against the SDK path's: the strict reader and the
 * envelope (`strict_envelope`) are a floor every strict pipeline pays, so the target (PIPELINE_TARGET
 * times the SDK path's throughput) leaves
 * `room_us` for everything else (params and result schemas, capability gates, authorization and the
 * machines), which the pipeline spends `spent_us` on. Microseconds per message.
 */
export interface PipelineBudget {
  readonly sdk_us: number;
  readonly floor_us: number;
  readonly pipeline_us: number;
  readonly room_us: number;
  readonly spent_us: number;
  /** How many times faster the checks beyond the floor would have to run to meet the target (<= 1: met). */
  readonly needed_speedup: number | undefined;
  /**
   * For comparison, what ajv's per-method schema checks take beyond its envelope check
   * (`ajv_methods` less `ajv`, both on `JSON.parse`), when both were measured.
   */
  readonly ajv_methods_us?: number;
}

/** The budget of one report; undefined unless the pipeline, the SDK path and the floor were all measured. */
export function pipelineBudget(report: BenchReport): PipelineBudget | undefined {
  const w = report.workloads as unknown as Figures;
  const sdk = num(w, 'sdk', 'msgs_per_s');
  const floor = num(w, 'strict_envelope', 'msgs_per_s');
  const pipeline = num(w, 'pipeline', 'msgs_per_s');
  if (sdk === undefined || floor === undefined || pipeline === undefined) return undefined;
  const us = (perSecond: number) => 1e6 / perSecond;
  const room = us(sdk) / PIPELINE_TARGET - us(floor);
  const spent = us(pipeline) - us(floor);
  const round = (x: number) => Math.round(x * 1000) / 1000;
  const ajvMethods = num(w, 'ajv_methods', 'msgs_per_s');
  const ajvEnvelope = num(w, 'ajv', 'msgs_per_s');
  return {
    sdk_us: round(us(sdk)),
    floor_us: round(us(floor)),
    pipeline_us: round(us(pipeline)),
    room_us: round(room),
    spent_us: round(spent),
    needed_speedup: room > 0 ? significant(Math.max(spent, 0) / room) : undefined,
    ...(ajvMethods !== undefined && ajvEnvelope !== undefined ? { ajv_methods_us: round(us(ajvMethods) - us(ajvEnvelope)) } : {}),
  };
}

/** One sentence on the budget, for the text report and BENCHMARKS.md. */
export function describeBudget(b: PipelineBudget): string {
  const need = b.needed_speedup === undefined
    ? `the floor alone is slower than ${PIPELINE_TARGET}x the SDK path, so no speed-up of the checks can meet it`
    : b.needed_speedup <= 1 ? 'within the room' : `${b.needed_speedup}x faster than now to meet ${PIPELINE_TARGET}x`;
  const ajv = b.ajv_methods_us === undefined ? ''
    : `; for comparison, ajv's per-method schema checks (beyond the envelope, no state) take ${b.ajv_methods_us} µs`;
  return `per message: SDK path ${b.sdk_us} µs; strict reader and envelope (the floor) ${b.floor_us} µs; `
    + `${PIPELINE_TARGET}x leaves ${b.room_us} µs for schemas, gates, authorization and machines, which take ${b.spent_us} µs (${need})${ajv}`;
}

/** A ratio that got more than `factor` times worse than its committed value. */
export interface Regression {
  readonly ratio: string;
  readonly committed: number;
  readonly now: number;
}

/**
 * Each ratio's best value over several runs (the highest of a ratio where higher is better, the
 * lowest otherwise): a run disturbed by load on the machine makes a ratio look worse by chance,
 * while a real regression makes it worse in every run.
 */
export function bestRatios(runs: readonly Readonly<Record<string, number>>[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of RATIOS) {
    for (const run of runs) {
      const v = run[r.name];
      if (v === undefined) continue;
      const best = out[r.name];
      if (best === undefined || (r.better === 'higher' ? v > best : v < best)) out[r.name] = v;
    }
  }
  return out;
}

/** Compares ratios (never absolute times) with committed ones; ratios missing on either side are skipped. */
export function compareRatios(now: Readonly<Record<string, number>>, committed: Readonly<Record<string, number>>, factor = 2): Regression[] {
  const out: Regression[] = [];
  for (const r of RATIOS) {
    const a = now[r.name];
    const b = committed[r.name];
    if (a === undefined || b === undefined || !(b > 0)) continue;
    const worse = r.better === 'higher' ? a < b / factor : a > b * factor;
    if (worse) out.push({ ratio: r.name, committed: b, now: a });
  }
  return out;
}

const UNITS: Readonly<Record<string, string>> = {
  messages: '', msgs_per_s: ' msg/s', wall_s: ' s', peak_rss_mb: ' MB', runs_per_min: ' runs/min',
  rate_msgs_per_s: ' msg/s', direct_p50_ms: ' ms', direct_p99_ms: ' ms', tap_p50_ms: ' ms', tap_p99_ms: ' ms',
  added_p50_ms: ' ms', added_p99_ms: ' ms', tap_cpu_us: ' µs', server_cpu_us: ' µs',
};

/** The tap latency figures' keys, in the order the text shows them. */
const TAP_KEYS = ['rate_msgs_per_s', 'direct_p50_ms', 'direct_p99_ms', 'tap_p50_ms', 'tap_p99_ms', 'added_p50_ms', 'added_p99_ms', 'tap_cpu_us', 'server_cpu_us'];

function describeFigure(figure: Record<string, unknown>): string {
  if (typeof figure['skipped'] === 'string') return `skipped: ${figure['skipped']}`;
  const parts: string[] = [];
  for (const key of ['messages', 'msgs_per_s', 'runs_per_min', 'wall_s', 'peak_rss_mb', ...TAP_KEYS]) {
    const v = figure[key];
    const label = key.startsWith('direct_') || key.startsWith('tap_') || key.startsWith('added_') || key.startsWith('server_') ? `${key.replace(/_(ms|us)$/, '')} ` : '';
    if (typeof v === 'number') parts.push(key === 'messages' ? `${v.toLocaleString('en-US')} messages` : `${label}${v.toLocaleString('en-US')}${UNITS[key]}`);
  }
  if (typeof figure['rejected'] === 'number' && figure['rejected'] > 0) parts.push(`${figure['rejected']} rejected`);
  return parts.join(', ');
}

/** Text output: one line per workload, ratio and target, then a summary line. */
export function formatBenchText(report: BenchReport): string {
  const lines: string[] = [];
  for (const [name, figure] of Object.entries(report.workloads)) lines.push(`${name.padEnd(18)} ${describeFigure(figure as Record<string, unknown>)}`);
  for (const [name, value] of Object.entries(report.ratios)) lines.push(`${name.padEnd(30)} ${value}x`);
  const targets = judgeTargets(report);
  for (const t of targets) lines.push(`${t.met === undefined ? 'not measured' : t.met ? 'met' : 'MISSED'}: ${t.text} (${t.value})`);
  const met = targets.filter((t) => t.met === true).length;
  const missed = targets.filter((t) => t.met === false).length;
  const budget = pipelineBudget(report);
  if (budget) lines.push(`budget: ${describeBudget(budget)}`);
  const m = report.machine;
  lines.push(`bench: ${Object.keys(report.workloads).length} workloads, targets ${met} met, ${missed} missed (${m.cpus} cpus, node ${m.node})`);
  return lines.join('\n');
}
