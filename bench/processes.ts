// Why: start-up and memory can only be measured from outside, so these figures time whole child
// processes. Peak RSS is read by a tiny preloaded hook that prints process.resourceUsage().maxRSS
// as the child exits, which works wherever Node runs (no /proc, no /usr/bin/time needed).
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { median, significant } from './measure.ts';

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
const RSS_HOOK = `data:text/javascript,process.on("exit",()=>process.stderr.write("\\n${RSS_MARK}"+process.resourceUsage().maxRSS+"\\n"))`;

/** One run of a child process, failing loudly when it does not exit as expected. */
interface ChildRun {
  readonly seconds: number;
  readonly stdout: string;
  readonly stderr: string;
}

function runChild(args: readonly string[], cwd: string, expectStatus: number): ChildRun {
  const start = performance.now();
  const r = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const seconds = (performance.now() - start) / 1000;
  if (r.status !== expectStatus) {
    const why = r.error ? r.error.message : `exit ${r.status ?? r.signal}: ${(r.stderr || r.stdout).trim().split('\n').slice(-3).join(' | ')}`;
    throw new Error(`benchmark child process failed (${why})`);
  }
  return { seconds, stdout: r.stdout, stderr: r.stderr };
}

/** The median wall time of a command after one warm-up run. */
export function measureWall(args: readonly string[], cwd: string, runs: number, expectStatus = 0): WallTime {
  runChild(args, cwd, expectStatus);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(runChild(args, cwd, expectStatus).seconds);
  return { wall_s: significant(median(times)), runs };
}

/** `node dist/cli.js validate FILE` as a child: median wall time and the largest peak RSS of the runs. */
export function measureValidate(cli: string, file: string, messages: number, cwd: string, runs: number): ScaleFigure {
  const args = ['--import', RSS_HOOK, cli, 'validate', file];
  const once = (): { seconds: number; rssKb: number } => {
    const r = runChild(args, cwd, 0);
    const line = r.stderr.split('\n').find((l) => l.startsWith(RSS_MARK));
    return { seconds: r.seconds, rssKb: line ? Number(line.slice(RSS_MARK.length)) : Number.NaN };
  };
  once();
  const results = Array.from({ length: runs }, once);
  return {
    messages,
    wall_s: significant(median(results.map((r) => r.seconds))),
    peak_rss_mb: significant(Math.max(...results.map((r) => r.rssKb)) / 1024),
    runs,
  };
}
