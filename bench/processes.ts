// Why: start-up and memory can only be measured from outside, so these figures time whole child
// processes. Peak RSS is read by a tiny preloaded hook that prints the child's own high-water mark
// as it exits (bench/peak-rss.ts; no /usr/bin/time needed).
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { interleavedRounds, median, significant } from './measure.ts';
import { peakRssHook } from './peak-rss.ts';

/** A wall-time figure of a whole process. */
export interface WallTime {
  readonly wall_s: number;
  readonly runs: number;
}

/** A whole-process run over a transcript: time and peak memory. */
export interface ScaleFigure {
  readonly messages: number;
  readonly wall_s: number;
  readonly peak_rss_mb: number;
  readonly runs: number;
}

const RSS_MARK = '__mcp_statechart_bench_maxrss_kb=';
const RSS_HOOK = peakRssHook(RSS_MARK);

/** One run of a child process, failing loudly when it does not exit as expected. */
interface ChildRun {
  readonly seconds: number;
  readonly stdout: string;
  readonly stderr: string;
}

function runChild(args: readonly string[], cwd: string, accept: readonly number[], command = process.execPath): ChildRun {
  const start = performance.now();
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const seconds = (performance.now() - start) / 1000;
  if (r.status === null || !accept.includes(r.status)) {
    const why = r.error ? r.error.message : `exit ${r.status ?? r.signal}: ${(r.stderr || r.stdout).trim().split('\n').slice(-3).join(' | ')}`;
    throw new Error(`benchmark child process failed (${why})`);
  }
  return { seconds, stdout: r.stdout, stderr: r.stderr };
}

/** A command to time: its arguments and the exit codes that count as a normal run. */
export interface TimedCommand {
  /** The program to run; default: this Node. */
  readonly command?: string;
  readonly args: readonly string[];
  readonly accept: readonly number[];
}

/** Median wall times of commands, each warmed up once, then timed in interleaved rounds. */
export function measureWalls(commands: readonly TimedCommand[], cwd: string, runs: number): WallTime[] {
  return interleavedRounds(commands.map((c) => () => runChild(c.args, cwd, c.accept, c.command).seconds), runs)
    .map((t) => ({ wall_s: significant(median(t)), runs }));
}

/** A transcript to judge and the number of messages it holds. */
export interface TranscriptInput {
  readonly file: string;
  readonly messages: number;
}

/**
 * `node dist/cli.js validate FILE` as a child for each transcript, warmed up once, then timed in
 * interleaved rounds: the median wall time and the largest peak RSS of the runs.
 */
export function measureValidate(cli: string, inputs: readonly TranscriptInput[], cwd: string, runs: number): ScaleFigure[] {
  const once = (file: string): { seconds: number; rssKb: number } => {
    const r = runChild(['--import', RSS_HOOK, cli, 'validate', file], cwd, [0]);
    const line = r.stderr.split('\n').find((l) => l.startsWith(RSS_MARK));
    return { seconds: r.seconds, rssKb: line ? Number(line.slice(RSS_MARK.length)) : Number.NaN };
  };
  const results = interleavedRounds(inputs.map((input) => () => once(input.file)), runs);
  return inputs.map((input, i) => {
    const list = results[i] ?? [];
    return {
      messages: input.messages,
      wall_s: significant(median(list.map((x) => x.seconds))),
      peak_rss_mb: significant(Math.max(...list.map((x) => x.rssKb)) / 1024),
      runs,
    };
  });
}
