// Why: fuzzing is only useful if enough sequences run in the time a user gives it, and most of a
// run is the target's own start (a process over stdio) or a session (over HTTP). The rate is
// measured as fuzz plays them: sequences drawn from one seed, each against a fresh server-everything
// process over stdio, or a fresh session on one server-everything over Streamable HTTP
// (`--reuse-server`), listening on 127.0.0.1 on an ephemeral port and stopped afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import fc from 'fast-check';
import { sequenceArbitrary } from '../fuzz/generator.ts';
import { RunPool } from '../fuzz/parallel.ts';
import { runSequence } from '../fuzz/run-sequence.ts';
import { WHOLE } from '../fuzz/shard.ts';
import type { LiveTarget } from '../live/connection.ts';
import { streamableHttp } from '../live/streamable-http.ts';
import { significant } from './measure.ts';
import type { Skipped } from './workloads.ts';

/** Fuzz runs made and how long they took. */
export interface FuzzRate {
  readonly runs: number;
  readonly wall_s: number;
  readonly runs_per_min: number;
}

/** The seed the benchmark's sequences are drawn from. */
const SEED = 7;
const START_LIMIT_MS = 15_000;

/** Plays `runs` sequences drawn from the seed against the target, one fresh process or session each, up to `jobs` at once as fuzz --jobs does. */
export async function fuzzRate(target: LiveTarget, runs: number, jobs = 1, from = 0): Promise<FuzzRate> {
  const arbitrary = sequenceArbitrary(target.transport, 20);
  const pool = new RunPool(arbitrary, SEED, from + runs, { jobs, shard: WHOLE }, (actions) => runSequence(actions, {
    target,
    headerEnv: [],
    timeoutMs: 10_000,
    env: process.env,
    httpTransport: streamableHttp,
    protocolVersion: '2025-11-25',
    mode: 'fuzz',
    seed: SEED,
    recorded: {},
  }));
  const sequences = fc.sample(arbitrary, { seed: SEED, path: String(from), numRuns: runs });
  const started = performance.now();
  for (const [i, actions] of sequences.entries()) await pool.run(from + i, actions);
  await pool.drain();
  const seconds = (performance.now() - started) / 1000;
  return { runs, wall_s: significant(seconds), runs_per_min: significant((runs / seconds) * 60) };
}

/**
 * The stdio rate with one job and with two, paired: rounds of `runs / 4` sequences alternate
 * between them (the same sequences for both), so load on a shared machine falls on both alike.
 */
export async function fuzzJobsRates(target: LiveTarget, runs: number): Promise<{ one: FuzzRate; two: FuzzRate }> {
  const round = Math.max(1, Math.floor(runs / 4));
  const totals = { 1: { runs: 0, seconds: 0 }, 2: { runs: 0, seconds: 0 } };
  for (let r = 0; r < 2; r++) {
    for (const jobs of r === 0 ? [1, 2] as const : [2, 1] as const) {
      const rate = await fuzzRate(target, round, jobs, r * round);
      totals[jobs].runs += rate.runs;
      totals[jobs].seconds += rate.wall_s;
    }
  }
  const figure = (t: { runs: number; seconds: number }): FuzzRate => ({ runs: t.runs, wall_s: significant(t.seconds), runs_per_min: significant((t.runs / t.seconds) * 60) });
  return { one: figure(totals[1]), two: figure(totals[2]) };
}

/** A free ephemeral port on 127.0.0.1: bind port 0, read it, release it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts server-everything's Streamable HTTP mode on loopback (the preload keeps it off other interfaces). */
async function startHttp(server: string, root: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const preload = join(root, 'test', 'peers', 'support', 'loopback-listen.mjs');
  const child = spawn(process.execPath, ['--import', preload, server, 'streamableHttp'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error('server-everything did not listen in time')), START_LIMIT_MS);
    child.stderr?.on('data', (chunk: Buffer) => {
      seen = (seen + chunk.toString('utf8')).slice(-4096);
      const line = /loopback-listen: (\{[^\n]*\})\n/.exec(seen);
      if (line?.[1] === undefined) return;
      clearTimeout(timer);
      const address = JSON.parse(line[1]) as { address: string };
      if (address.address === '127.0.0.1') resolve();
      else reject(new Error(`server-everything listened on ${address.address}`));
    });
    child.once('exit', () => reject(new Error('server-everything exited before listening')));
  });
  return { child, url: `http://127.0.0.1:${port}/mcp` };
}

/** Both fuzz rates against server-everything, or why they were skipped. */
export async function fuzzRates(server: string | undefined, root: string, runs: number): Promise<{ fuzz_stdio: FuzzRate | Skipped; fuzz_stdio_jobs_2: FuzzRate | Skipped; fuzz_http: FuzzRate | Skipped }> {
  const missing: Skipped = { skipped: 'the dev dependency @modelcontextprotocol/server-everything is not installed' };
  if (server === undefined) return { fuzz_stdio: missing, fuzz_stdio_jobs_2: missing, fuzz_http: missing };
  const { one: fuzz_stdio, two: fuzz_stdio_jobs_2 } = await fuzzJobsRates({ transport: 'stdio', command: [process.execPath, server, 'stdio'] }, runs);
  if (!existsSync(join(root, 'test', 'peers', 'support', 'loopback-listen.mjs'))) {
    return { fuzz_stdio, fuzz_stdio_jobs_2, fuzz_http: { skipped: 'test/peers/support/loopback-listen.mjs is not here (an installed package)' } };
  }
  const { child, url } = await startHttp(server, root);
  try {
    return { fuzz_stdio, fuzz_stdio_jobs_2, fuzz_http: await fuzzRate({ transport: 'http', url }, runs) };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  }
}
