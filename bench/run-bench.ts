// Why: one function runs every workload in a fixed order, so `bench`, `bench --json` and
// `bench --write` report the same measurements, and `--quick` only shrinks the sizes.
import { fuzzRates, type FuzzRate } from './fuzz-rate.ts';
import { TAP_LOAD, tapLatencies, type TapLatency } from './tap-latency.ts';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, availableParallelism, platform, arch, tmpdir, totalmem } from 'node:os';
import { basename, join } from 'node:path';
import { sessionConfigFor } from '../transcripts/transcript-header.ts';
import { parseStrictJson } from '../validators/strict-json.ts';
import { benchHeader } from './bench-session.ts';
import { DEFAULT_SEED, generateSteps } from './generate.ts';
import { DEFAULT_RUNS, medianSecondsInterleaved, significant } from './measure.ts';
import type { BenchPaths } from './paths.ts';
import { measureValidate, measureWalls, type ScaleFigure, type TimedCommand, type TranscriptInput, type WallTime } from './processes.ts';
import { writeTranscript } from './transcript-file.ts';
import { course256Path } from './course-256.ts';
import { MODERN_VERSION } from '../validators/era.ts';
import {
  ajvMethodsTask,
  ajvTask,
  courseTask,
  isSkipped,
  jsonParseTask,
  pipelineTask,
  sdkTask,
  strictEnvelopeTask,
  strictJsonTask,
  type Skipped,
  type Throughput,
  type ThroughputTask,
} from './workloads.ts';

/** The machine a run was taken on. */
export interface Machine {
  readonly cpus: number;
  readonly model: string;
  readonly node: string;
  readonly platform: string;
  readonly memory_gb: number;
}

/** Every workload's figure (or why it was skipped). */
export interface Workloads {
  readonly pipeline: Throughput;
  /** The same stream under the 2025-11-25 profile (its extension machines run too); added later, so optional. */
  readonly pipeline_2025_11_25?: Throughput;
  readonly sdk: Throughput | Skipped;
  readonly ajv: Throughput | Skipped;
  readonly json_parse: Throughput;
  readonly strict_json: Throughput;
  /** Added after the first figures were committed; reports without it still load. */
  readonly strict_envelope?: Throughput;
  /** The schema work without state, by ajv from the official schema (added later, so optional). */
  readonly ajv_methods?: Throughput | Skipped;
  readonly strict_ajv_methods?: Throughput | Skipped;
  readonly course_inprocess: Throughput | Skipped;
  readonly course_cli: WallTime | Skipped;
  readonly node_startup: WallTime;
  /**
   * The course's own Python reference validator judging the course fixture, whole process, timed
   * with `course_cli` and `node_startup` (added later, so optional).
   */
  readonly course_reference?: WallTime | Skipped;
  /** `cases` on the whole bundled corpus, whole process (added later, so optional). */
  readonly corpus_cli?: WallTime;
  /** `cases` on bench/course-256.json, and the course's reference on it, paired (added later, so optional). */
  readonly course256_cli?: WallTime | Skipped;
  readonly course256_reference?: WallTime | Skipped;
  /** `check --stdio` against server-everything, whole process (added later, so optional). */
  readonly live_check?: WallTime | Skipped;
  /** The official SDK's client (initialize, ping, tools/list, close) against the same server, paired with it. */
  readonly live_sdk_client?: WallTime | Skipped;
  /** `check --protocol-version 2026-07-28 --stdio` against the 2.x SDK's serveStdio server, whole process (added later, so optional). */
  readonly live_check_modern?: WallTime | Skipped;
  /** The 2.x SDK's client pinned to 2026-07-28 (discover, every declared list, close) against the same server, paired with it. */
  readonly live_sdk_modern_client?: WallTime | Skipped;
  /** `check --exercise all --stdio` against bench/exercise-server.mjs (several quick tools, a resource, a template, a prompt), whole process (added later, so optional). */
  readonly live_check_exercise?: WallTime | Skipped;
  /** The 1.x SDK's bare client making the same calls against the same server, paired with it. */
  readonly live_sdk_exercise_client?: WallTime | Skipped;
  /** fuzz runs per minute against server-everything over stdio, a process per run (added later, so optional). */
  readonly fuzz_stdio?: FuzzRate | Skipped;
  /**
   * fuzz runs per minute against server-everything over stdio with its read-only tools exercised
   * (`--exercise safe`, fuzz's default; the tools learnt once before the runs), paired with
   * `fuzz_stdio`, which plays the protocol's actions alone (added later, so optional).
   */
  readonly fuzz_stdio_exercise?: FuzzRate | Skipped;
  /** The stdio rate with --jobs 2 (paired with `fuzz_stdio`, the same sequences in alternating rounds). */
  readonly fuzz_stdio_jobs_2?: FuzzRate | Skipped;
  /** The same over Streamable HTTP, a session per run on one server (`--reuse-server`). */
  readonly fuzz_http?: FuzzRate | Skipped;
  /**
   * The start-up floors (added later, so optional): the official SDK's bare client starting the
   * server, initializing, pinging and closing in a loop (a session per run over HTTP), in rounds
   * alternating with the fuzz runs beside them (`floor_stdio` with `fuzz_stdio`, `floor_http` with `fuzz_http`).
   */
  readonly floor_stdio?: FuzzRate | Skipped;
  readonly floor_http?: FuzzRate | Skipped;
  /** fuzz in 2026-07-28 over stdio against the 2.x SDK's serveStdio server, and that server's floor (the 2.x client's discover and close), paired. */
  readonly fuzz_modern_stdio?: FuzzRate | Skipped;
  /** The same on one server process shared by the runs (`--reuse-server`), in the same alternating rounds. */
  readonly fuzz_modern_stdio_reuse?: FuzzRate | Skipped;
  readonly floor_modern_stdio?: FuzzRate | Skipped;
  /** Pings relayed between the SDK's client and server directly and through `tap`, paired (added later, so optional). */
  readonly tap_stdio?: TapLatency | Skipped;
  readonly tap_http?: TapLatency | Skipped;
  readonly scale_100k: ScaleFigure;
  readonly scale_1m: ScaleFigure | Skipped;
}

/** Fuzz sequences timed against each transport. */
const FUZZ_RUNS = 20;

/** The workloads timed in this process. */
type InProcess = 'pipeline' | 'pipeline_2025_11_25' | 'sdk' | 'ajv' | 'json_parse' | 'strict_json' | 'strict_envelope'
  | 'ajv_methods' | 'strict_ajv_methods' | 'course_inprocess';

/** Sizes of one run. */
export interface BenchSizes {
  readonly pipeline: number;
  readonly scaleSmall: number;
  /** Undefined: the large scale run is skipped. */
  readonly scaleLarge: number | undefined;
  readonly runs: number;
}

/** Full sizes, and the `--quick` ones for CI. */
export const FULL_SIZES: BenchSizes = { pipeline: 100_000, scaleSmall: 100_000, scaleLarge: 1_000_000, runs: DEFAULT_RUNS };
export const QUICK_SIZES: BenchSizes = { pipeline: FULL_SIZES.pipeline, scaleSmall: 100_000, scaleLarge: undefined, runs: DEFAULT_RUNS };

/** This machine. */
export function describeMachine(): Machine {
  const list = cpus();
  return {
    cpus: typeof availableParallelism === 'function' ? availableParallelism() : list.length,
    model: (list[0]?.model ?? 'unknown').trim(),
    node: process.version,
    platform: `${platform()}-${arch()}`,
    memory_gb: significant(totalmem() / 2 ** 30, 3),
  };
}

/** The reference server the live workloads run, when it is installed. */
function everythingServer(root: string): string | undefined {
  try {
    return createRequire(join(root, 'package.json')).resolve('@modelcontextprotocol/server-everything/dist/index.js');
  } catch {
    return undefined;
  }
}

/** Names the course's Python reference validator (its validate_mcp_messages.py) for the paired `course_reference` workload. */
export const COURSE_REFERENCE_ENV = 'MCP_STATECHART_COURSE_REFERENCE';
/** The Python interpreter that runs it (default `python3`): name the interpreter itself, not a shim script that starts it. */
export const PYTHON_ENV = 'MCP_STATECHART_PYTHON';

/**
 * The course's reference run as the course says to run it (`python3 -B validate_mcp_messages.py
 * FIXTURE`), when the environment names the script: it is the course's code, not ours, so the
 * project neither ships nor fetches it.
 */
export function courseReference(course: string, env: NodeJS.ProcessEnv = process.env): TimedCommand | Skipped {
  const script = env[COURSE_REFERENCE_ENV];
  if (script === undefined || script === '') return { skipped: `set ${COURSE_REFERENCE_ENV} to the course's validate_mcp_messages.py to time it` };
  if (!existsSync(script)) return { skipped: `${COURSE_REFERENCE_ENV} names no file` };
  if (!existsSync(course)) return { skipped: 'the course fixture ../shared/course/mcp-cases.json is not present' };
  return { command: env[PYTHON_ENV] || 'python3', args: ['-B', script, course], accept: [0] };
}

/**
 * The command line a report names: the environment settings that added the course reference
 * (by file name alone, never a local folder) before `node dist/cli.js bench FLAGS`.
 */
export function benchCommandLine(flags: readonly string[], env: NodeJS.ProcessEnv = process.env): string {
  const settings: string[] = [];
  for (const name of [COURSE_REFERENCE_ENV, PYTHON_ENV]) {
    const value = env[name];
    if (value !== undefined && value !== '') settings.push(`${name}=${basename(value)}`);
  }
  return [...settings, 'node dist/cli.js bench', ...flags].join(' ');
}

/** Progress lines go to stderr so `--json` output stays clean. */
export type Progress = (line: string) => void;

/** Runs every workload. */
export async function runBench(paths: BenchPaths, sizes: BenchSizes, progress: Progress): Promise<Workloads> {
  if (!existsSync(paths.cli)) throw new Error('dist/cli.js is missing: run `npm run build` first');
  const steps = [...generateSteps(sizes.pipeline, DEFAULT_SEED)];
  const config = sessionConfigFor(benchHeader());
  const runs = sizes.runs;

  const prepared: [name: InProcess, task: ThroughputTask | Skipped][] = [
    ['pipeline', pipelineTask(steps, config)],
    ['pipeline_2025_11_25', pipelineTask(steps, sessionConfigFor(benchHeader('2025-11-25')))],
    ['sdk', await sdkTask(steps)],
    ['ajv', await ajvTask(steps, paths.schema)],
    ['json_parse', jsonParseTask(steps)],
    ['strict_json', strictJsonTask(steps)],
    ['strict_envelope', strictEnvelopeTask(steps, config)],
    ['ajv_methods', await ajvMethodsTask(steps, paths.schema, JSON.parse)],
    ['strict_ajv_methods', await ajvMethodsTask(steps, paths.schema, (t) => parseStrictJson(t))],
    ['course_inprocess', courseTask(paths.course)],
  ];
  progress(`in process (${sizes.pipeline} pipeline messages): ${prepared.map(([name]) => name).join(', ')}`);
  const live = prepared.filter((p): p is [InProcess, ThroughputTask] => !isSkipped(p[1]));
  const seconds = medianSecondsInterleaved(live.map(([, t]) => t.pass), runs);
  const figures = new Map<string, Throughput | Skipped>();
  for (const [name, t] of prepared) if (isSkipped(t)) figures.set(name, t);
  live.forEach(([name, t], i) => figures.set(name, t.figure(seconds[i] as number, runs)));

  const reference = courseReference(paths.course);
  const course256 = course256Path(paths.root);
  const reference256 = existsSync(course256) ? courseReference(course256) : { skipped: 'bench/course-256.json is not here (an installed package)' };
  progress(`cold runs: node_startup, corpus_cli, course_cli, course256_cli${isSkipped(reference) ? '' : ', course_reference, course256_reference'} (paired, interleaved rounds)`);
  const cold: [name: string, command: TimedCommand][] = [
    ['node_startup', { args: ['-e', '0'], accept: [0] }],
    ['corpus_cli', { args: [paths.cli, 'cases', '--quiet'], accept: [0] }],
    ...(existsSync(paths.course) ? [['course_cli', { args: [paths.cli, 'cases', paths.course], accept: [0, 1] }] as [string, TimedCommand]] : []),
    ...(existsSync(course256) ? [['course256_cli', { args: [paths.cli, 'cases', course256], accept: [0] }] as [string, TimedCommand]] : []),
    ...(isSkipped(reference) ? [] : [['course_reference', reference] as [string, TimedCommand]]),
    ...(isSkipped(reference256) ? [] : [['course256_reference', reference256] as [string, TimedCommand]]),
  ];
  const walls = new Map(measureWalls(cold.map(([, c]) => c), paths.root, runs).map((w, i) => [cold[i]?.[0], w]));
  const node_startup = walls.get('node_startup') as WallTime;
  const corpus_cli = walls.get('corpus_cli') as WallTime;
  const course_cli: WallTime | Skipped = walls.get('course_cli') ?? { skipped: 'the course fixture ../shared/course/mcp-cases.json is not present' };
  const course256_cli: WallTime | Skipped = walls.get('course256_cli') ?? { skipped: 'bench/course-256.json is not here (an installed package)' };
  const course_reference: WallTime | Skipped = isSkipped(reference) ? reference : walls.get('course_reference') as WallTime;
  const course256_reference: WallTime | Skipped = isSkipped(reference256) ? reference256 : walls.get('course256_reference') as WallTime;

  const server = everythingServer(paths.root);
  const sdkClient = join(paths.root, 'bench', 'live-sdk-client.mjs');
  let live_check: WallTime | Skipped = { skipped: 'the dev dependency @modelcontextprotocol/server-everything is not installed' };
  if (server !== undefined && !existsSync(sdkClient)) live_check = { skipped: 'bench/live-sdk-client.mjs is not here (an installed package)' };
  let live_sdk_client: WallTime | Skipped = live_check;
  if (server !== undefined && existsSync(sdkClient)) {
    progress('live: check --exercise none --stdio and the SDK client against server-everything, paired');
    const target = [process.execPath, server, 'stdio'];
    [live_check, live_sdk_client] = measureWalls([
      // The handshake and the lists the SDK client also makes: the exercise is paired with a client making its calls below.
      { args: [paths.cli, 'check', '--quiet', '--exercise', 'none', '--stdio', '--', ...target], accept: [0, 1] },
      { args: [sdkClient, ...target], accept: [0] },
    ], paths.root, runs) as [WallTime, WallTime];
  }

  const { live_check_modern, live_sdk_modern_client } = liveModern(paths, runs, progress);
  const { live_check_exercise, live_sdk_exercise_client } = liveExercise(paths, runs, progress);

  progress(`fuzz: ${FUZZ_RUNS} runs each, paired with the start-up floor: 2026-07-28 over stdio (serveStdio), server-everything over stdio with --jobs 1 and 2, then over Streamable HTTP with a session per run`);
  const fuzz = await fuzzRates(server, paths.root, FUZZ_RUNS);

  progress(`tap: pings between the SDK client and server, directly and through the tap, ${TAP_LOAD.rounds} paired rounds per transport`);
  const { tap_stdio, tap_http } = tapLatencies(paths.root, paths.cli);

  const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-bench-'));
  try {
    const inputs: TranscriptInput[] = [];
    for (const messages of [sizes.scaleSmall, sizes.scaleLarge]) {
      if (messages === undefined) continue;
      progress(`scale: writing a transcript of ${messages} messages`);
      const file = join(dir, `transcript-${messages}.jsonl`);
      await writeTranscript(file, messages);
      inputs.push({ file, messages });
    }
    progress(`scale: validate ${inputs.map((i) => i.messages).join(' and ')} messages as child processes`);
    const [scale_100k, large] = measureValidate(paths.cli, inputs, paths.root, runs);
    const scale_1m: ScaleFigure | Skipped = large ?? { skipped: 'skipped by --quick' };
    // In-process figures first, in the order they were prepared, then the whole-process ones.
    return {
      ...(Object.fromEntries(prepared.map(([name]) => [name, figures.get(name)])) as Pick<Workloads, InProcess>),
      course_cli,
      node_startup,
      course_reference,
      corpus_cli,
      course256_cli,
      course256_reference,
      live_check,
      live_sdk_client,
      live_check_modern,
      live_sdk_modern_client,
      live_check_exercise,
      live_sdk_exercise_client,
      fuzz_stdio: fuzz.fuzz_stdio,
      fuzz_stdio_exercise: fuzz.fuzz_stdio_exercise,
      fuzz_stdio_jobs_2: fuzz.fuzz_stdio_jobs_2,
      floor_stdio: fuzz.floor_stdio,
      fuzz_http: fuzz.fuzz_http,
      floor_http: fuzz.floor_http,
      fuzz_modern_stdio: fuzz.fuzz_modern_stdio,
      fuzz_modern_stdio_reuse: fuzz.fuzz_modern_stdio_reuse,
      floor_modern_stdio: fuzz.floor_modern_stdio,
      tap_stdio,
      tap_http,
      scale_100k: scale_100k as ScaleFigure,
      scale_1m,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The 2026-07-28 live workload: `check --protocol-version 2026-07-28 --stdio` (quick: discover and
 * every declared list) and the 2.x SDK's bare client doing the same, against the 2.x SDK's own
 * serveStdio server, paired in interleaved rounds.
 */
export function liveModern(paths: BenchPaths, runs: number, progress: (line: string) => void): { live_check_modern: WallTime | Skipped; live_sdk_modern_client: WallTime | Skipped } {
  const server = join(paths.root, 'test', 'peers', 'stdio', 'sdk-v2-serve-stdio.mjs');
  const client = join(paths.root, 'bench', 'live-sdk-modern-client.mjs');
  if (!existsSync(server) || !existsSync(client)) {
    const skipped = { skipped: 'the 2.x SDK peer or bench/live-sdk-modern-client.mjs is not here (an installed package)' };
    return { live_check_modern: skipped, live_sdk_modern_client: skipped };
  }
  progress(`live: check --exercise none --protocol-version ${MODERN_VERSION} --stdio and the 2.x SDK client against serveStdio, paired`);
  const target = [process.execPath, server];
  const [live_check_modern, live_sdk_modern_client] = measureWalls([
    { args: [paths.cli, 'check', '--quiet', '--exercise', 'none', '--protocol-version', MODERN_VERSION, '--stdio', '--', ...target], accept: [0, 1] },
    { args: [client, ...target], accept: [0] },
  ], paths.root, runs) as [WallTime, WallTime];
  return { live_check_modern, live_sdk_modern_client };
}

/**
 * The exercise-throughput workload: `check --exercise all --stdio` (initialize, every list, the
 * resource read, the template expanded and read, the prompt got, every tool called) and the 1.x
 * SDK's bare client making the same calls, against bench/exercise-server.mjs, paired in interleaved rounds.
 */
export function liveExercise(paths: BenchPaths, runs: number, progress: (line: string) => void): { live_check_exercise: WallTime | Skipped; live_sdk_exercise_client: WallTime | Skipped } {
  const server = join(paths.root, 'bench', 'exercise-server.mjs');
  const client = join(paths.root, 'bench', 'live-sdk-exercise-client.mjs');
  if (!existsSync(server) || !existsSync(client)) {
    const skipped = { skipped: 'bench/exercise-server.mjs or bench/live-sdk-exercise-client.mjs is not here (an installed package)' };
    return { live_check_exercise: skipped, live_sdk_exercise_client: skipped };
  }
  progress('live: check --exercise all --stdio and the SDK client making the same calls against bench/exercise-server.mjs, paired');
  const target = [process.execPath, server];
  const [live_check_exercise, live_sdk_exercise_client] = measureWalls(exerciseCommands(paths.cli, client, target), paths.root, runs) as [WallTime, WallTime];
  return { live_check_exercise, live_sdk_exercise_client };
}

/** The paired commands of the exercise-throughput workload: check (exit 0 only: the server is correct) and the bare client. */
export function exerciseCommands(cli: string, client: string, target: readonly string[]): [TimedCommand, TimedCommand] {
  return [
    { args: [cli, 'check', '--quiet', '--exercise', 'all', '--stdio', '--', ...target], accept: [0] },
    { args: [client, ...target], accept: [0] },
  ];
}
