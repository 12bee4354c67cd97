// Why: one function runs every workload in a fixed order, so `bench`, `bench --json` and
// `bench --write` report the same measurements, and `--quick` only shrinks the sizes.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, availableParallelism, platform, arch, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { sessionConfigFor } from '../transcripts/transcript-header.ts';
import { benchHeader } from './bench-session.ts';
import { DEFAULT_SEED, generateSteps } from './generate.ts';
import { DEFAULT_RUNS, significant } from './measure.ts';
import type { BenchPaths } from './paths.ts';
import { measureValidate, measureWall, type ScaleFigure, type WallTime } from './processes.ts';
import { writeTranscript } from './transcript-file.ts';
import {
  measureAjv,
  measureCourseInProcess,
  measureJsonParse,
  measurePipeline,
  measureSdk,
  measureStrictJson,
  type Skipped,
  type Throughput,
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
  readonly sdk: Throughput | Skipped;
  readonly ajv: Throughput | Skipped;
  readonly json_parse: Throughput;
  readonly strict_json: Throughput;
  readonly course_inprocess: Throughput | Skipped;
  readonly course_cli: WallTime | Skipped;
  readonly node_startup: WallTime;
  readonly scale_100k: ScaleFigure | Skipped;
  readonly scale_1m: ScaleFigure | Skipped;
}

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
export const QUICK_SIZES: BenchSizes = { pipeline: 20_000, scaleSmall: 100_000, scaleLarge: undefined, runs: DEFAULT_RUNS };

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

/** Progress lines go to stderr so `--json` output stays clean. */
export type Progress = (line: string) => void;

/** Runs every workload. */
export async function runBench(paths: BenchPaths, sizes: BenchSizes, progress: Progress): Promise<Workloads> {
  if (!existsSync(paths.cli)) throw new Error('dist/cli.js is missing: run `npm run build` first');
  const steps = [...generateSteps(sizes.pipeline, DEFAULT_SEED)];
  const config = sessionConfigFor(benchHeader());
  const runs = sizes.runs;

  progress(`pipeline: ${sizes.pipeline} messages`);
  const pipeline = measurePipeline(steps, config, runs);
  progress('sdk');
  const sdk = await measureSdk(steps, runs);
  progress('ajv');
  const ajv = await measureAjv(steps, paths.schema, runs);
  progress('json_parse');
  const json_parse = measureJsonParse(steps, runs);
  progress('strict_json');
  const strict_json = measureStrictJson(steps, runs);
  progress('course_inprocess');
  const course_inprocess = measureCourseInProcess(paths.course, runs);

  progress('course_cli, node_startup');
  const hasCourse = existsSync(paths.course);
  const course_cli: WallTime | Skipped = hasCourse
    ? measureWall([paths.cli, 'cases', paths.course], paths.root, runs)
    : { skipped: 'the course fixture ../shared/course/mcp-cases.json is not present' };
  const node_startup = measureWall(['-e', '0'], paths.root, runs);

  const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-bench-'));
  try {
    const scale = async (messages: number): Promise<ScaleFigure> => {
      progress(`scale: writing ${messages} lines`);
      const file = join(dir, `transcript-${messages}.jsonl`);
      await writeTranscript(file, messages);
      progress(`scale: validate ${messages} lines`);
      const figure = measureValidate(paths.cli, file, messages, paths.root, runs);
      rmSync(file, { force: true });
      return figure;
    };
    const scale_100k = await scale(sizes.scaleSmall);
    const scale_1m: ScaleFigure | Skipped = sizes.scaleLarge === undefined
      ? { skipped: 'skipped by --quick' }
      : await scale(sizes.scaleLarge);
    return { pipeline, sdk, ajv, json_parse, strict_json, course_inprocess, course_cli, node_startup, scale_100k, scale_1m };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
