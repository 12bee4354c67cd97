// Why: fuzzing is only useful if enough sequences run in the time a user gives it, and most of a
// run is the target's own start (a process over stdio) or a session (over HTTP). The rate is
// measured as fuzz plays them: sequences drawn from one seed, each against a fresh server-everything
// process over stdio, or a fresh session on one server-everything over Streamable HTTP
// (`--reuse-server`), listening on 127.0.0.1 on an ephemeral port and stopped afterwards. Each
// rate is paired with the target's start-up floor (the official SDK's bare client starting the
// server, initializing, pinging and closing, in a loop; a session per run over HTTP), in rounds
// that alternate, so that the ratio says how close fuzz comes to the fastest a run could be.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import fc from 'fast-check';
import { sequenceArbitrary, type FuzzEra } from '../fuzz/generator.ts';
import { RunPool } from '../fuzz/parallel.ts';
import { runSequence, type SequenceOptions, type SequenceRun } from '../fuzz/run-sequence.ts';
import { SharedProcesses } from '../fuzz/shared-processes.ts';
import type { Action } from '../trace/action-schema.ts';
import { WHOLE } from '../fuzz/shard.ts';
import type { Surface } from '../fuzz/surface.ts';
import type { LiveTarget } from '../live/connection.ts';
import { streamableHttp } from '../live/streamable-http.ts';
import { significant } from './measure.ts';
import type { Skipped } from './workloads.ts';
import { MODERN_VERSION } from '../validators/era.ts';

/** Fuzz runs made and how long they took. */
export interface FuzzRate {
  readonly runs: number;
  readonly wall_s: number;
  readonly runs_per_min: number;
}

/** The seed the benchmark's sequences are drawn from. */
const SEED = 7;
const START_LIMIT_MS = 15_000;

/**
 * Plays `runs` sequences drawn from the seed against the target, one fresh process or session each,
 * up to `jobs` at once as fuzz --jobs does; with `reuse` (2026-07-28 over stdio), on server
 * processes shared by the runs, one per job, as fuzz --reuse-server does (their start and end timed too).
 */
export async function fuzzRate(target: LiveTarget, runs: number, jobs = 1, from = 0, era: FuzzEra = 'legacy', surface?: Surface, reuse = false): Promise<FuzzRate> {
  // With a surface, its read-only tools (and prompts, templates) are drawn and called as fuzz's default --exercise safe does.
  const arbitrary = sequenceArbitrary(target.transport, 20, [], era, surface === undefined ? undefined : { surface, mode: 'safe' });
  const sequences = fc.sample(arbitrary, { seed: SEED, path: String(from), numRuns: runs });
  const started = performance.now();
  const processes = reuse && era === 'modern' && target.transport === 'stdio' ? new SharedProcesses(target, process.env) : undefined;
  const play = (actions: readonly Action[], options: SequenceOptions): Promise<SequenceRun> => (processes === undefined ? runSequence(actions, options) : processes.use((shared) => runSequence(actions, { ...options, shared })));
  const pool = new RunPool(arbitrary, SEED, from + runs, { jobs, shard: WHOLE }, (actions) => play(actions, {
    ...(surface === undefined ? {} : { exercise: 'safe' as const }),
    target,
    headerEnv: [],
    timeoutMs: 10_000,
    env: process.env,
    httpTransport: streamableHttp,
    protocolVersion: '2025-11-25',
    era,
    mode: 'fuzz',
    seed: SEED,
    recorded: {},
  }));
  try {
    for (const [i, actions] of sequences.entries()) await pool.run(from + i, actions);
    await pool.drain();
  } finally {
    await processes?.close();
  }
  const seconds = (performance.now() - started) / 1000;
  return { runs, wall_s: significant(seconds), runs_per_min: significant((runs / seconds) * 60) };
}

/**
 * Ends a floor run's server at once (SIGTERM), so that the SDK's close, which then ends its stdin
 * and waits for it to exit, waits for no grace period: a server that does not exit when its stdin
 * closes (the 2.x SDK's serveStdio) would otherwise add the SDK's two seconds to every run.
 */
function stopAtOnce(pid: number | null | undefined): void {
  if (typeof pid !== 'number') return;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // It has exited already.
  }
}

/** What a search learns before its runs under --exercise safe: the target's tools, prompts and templates (from a run of no action). */
export async function learnSurface(target: LiveTarget, era: FuzzEra = 'legacy'): Promise<Surface> {
  let surface: Surface = { tools: [] };
  await runSequence([], {
    target, headerEnv: [], timeoutMs: 10_000, env: process.env, httpTransport: streamableHttp, protocolVersion: '2025-11-25', era,
    mode: 'fuzz', seed: SEED, recorded: {}, exercise: 'safe', onSurface: (learnt) => { surface = learnt; },
  });
  return surface;
}

/** One run of a target's start-up floor. */
type FloorRun = () => Promise<void>;

/**
 * The start-up floor's run, by the official SDK's bare client: over stdio it starts the server;
 * in the legacy era it initializes and pings, in 2026-07-28 (which has no ping) its connect sends
 * server/discover; then it closes (over stdio ending the server at once, see stopAtOnce; over
 * HTTP ending the session with DELETE, as fuzz does).
 * Undefined when the SDK of that era is not installed (dev dependencies).
 */
export async function floorRun(target: LiveTarget, era: FuzzEra): Promise<FloorRun | undefined> {
  try {
    if (era === 'modern') {
      const sdk = await import('@modelcontextprotocol/client');
      const stdio = target.transport === 'stdio' ? await import('@modelcontextprotocol/client/stdio') : undefined;
      return async () => {
        const client = new sdk.Client({ name: 'bench-floor', version: '1.0.0' }, { capabilities: {}, versionNegotiation: { mode: { pin: MODERN_VERSION } } });
        if (target.transport === 'stdio') {
          const [command, ...args] = target.command;
          const transport = new (stdio as typeof import('@modelcontextprotocol/client/stdio')).StdioClientTransport({ command: command as string, args, stderr: 'ignore' });
          await client.connect(transport);
          stopAtOnce(transport.pid);
        } else {
          await client.connect(new sdk.StreamableHTTPClientTransport(new URL(target.url)));
        }
        await client.close();
      };
    }
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
    const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
    return async () => {
      const client = new Client({ name: 'bench-floor', version: '1.0.0' });
      if (target.transport === 'stdio') {
        const [command, ...args] = target.command;
        const transport = new StdioClientTransport({ command: command as string, args, stderr: 'ignore' });
        await client.connect(transport);
        await client.ping();
        stopAtOnce(transport.pid);
      } else {
        const transport = new StreamableHTTPClientTransport(new URL(target.url));
        await client.connect(transport);
        await client.ping();
        await transport.terminateSession();
      }
      await client.close();
    };
  } catch {
    return undefined;
  }
}

/** `runs` runs of the floor, one after another. */
async function floorRate(run: FloorRun, runs: number): Promise<FuzzRate> {
  const started = performance.now();
  for (let i = 0; i < runs; i++) await run();
  const seconds = (performance.now() - started) / 1000;
  return { runs, wall_s: significant(seconds), runs_per_min: significant((runs / seconds) * 60) };
}

/** Runs a minute over the rounds of one kind. */
function totalled(t: { runs: number; seconds: number }): FuzzRate {
  return { runs: t.runs, wall_s: significant(t.seconds), runs_per_min: significant((t.runs / t.seconds) * 60) };
}

/**
 * fuzz (one job) and the start-up floor of the same target, paired: two rounds of `runs / 2`
 * each, in alternating order, so that load on a shared machine falls on both alike.
 */
export async function fuzzFloorRates(target: LiveTarget, runs: number, era: FuzzEra = 'legacy'): Promise<{ fuzz: FuzzRate; floor: FuzzRate | Skipped; reuse?: FuzzRate }> {
  const run = await floorRun(target, era);
  const round = Math.max(1, Math.floor(runs / 2));
  // In 2026-07-28 over stdio, fuzz --reuse-server too (the same sequences on one shared process), in the same rounds.
  const reusable = era === 'modern' && target.transport === 'stdio';
  const totals = { fuzz: { runs: 0, seconds: 0 }, floor: { runs: 0, seconds: 0 }, reuse: { runs: 0, seconds: 0 } };
  if (run !== undefined) await run(); // a warm-up: the first run loads the SDK's modules
  for (let r = 0; r < 2; r++) {
    for (const kind of r === 0 ? ['fuzz', 'reuse', 'floor'] as const : ['floor', 'reuse', 'fuzz'] as const) {
      if (kind === 'floor' && run === undefined) continue;
      if (kind === 'reuse' && !reusable) continue;
      const rate = kind === 'floor' ? await floorRate(run as FloorRun, round) : await fuzzRate(target, round, 1, r * round, era, undefined, kind === 'reuse');
      totals[kind].runs += rate.runs;
      totals[kind].seconds += rate.wall_s;
    }
  }
  const floor: FuzzRate | Skipped = run === undefined ? { skipped: `the ${era === 'modern' ? '2.x' : '1.x'} SDK's client is not installed (a dev dependency)` } : totalled(totals.floor);
  return { fuzz: totalled(totals.fuzz), floor, ...(reusable ? { reuse: totalled(totals.reuse) } : {}) };
}

/**
 * The stdio rate with one job and with two, and the target's start-up floor, paired: rounds of
 * `runs / 4` sequences alternate between them (the same sequences for both job counts, as many
 * floor runs), so load on a shared machine falls on all alike.
 */
export async function fuzzJobsRates(target: LiveTarget, runs: number, withFloor = false, withExercise = false): Promise<{ one: FuzzRate; two: FuzzRate; floor?: FuzzRate | Skipped; exercise?: FuzzRate }> {
  const run = withFloor ? await floorRun(target, 'legacy') : undefined;
  if (run !== undefined) await run(); // a warm-up: the first run loads the SDK's modules
  const surface = withExercise ? await learnSurface(target) : undefined;
  const round = Math.max(1, Math.floor(runs / 4));
  const totals = { 1: { runs: 0, seconds: 0 }, 2: { runs: 0, seconds: 0 }, floor: { runs: 0, seconds: 0 }, exercise: { runs: 0, seconds: 0 } };
  for (let r = 0; r < 2; r++) {
    for (const kind of r === 0 ? [1, 2, 'exercise', 'floor'] as const : ['floor', 'exercise', 2, 1] as const) {
      if (kind === 'floor' && run === undefined) continue;
      if (kind === 'exercise' && surface === undefined) continue;
      const rate = kind === 'floor' ? await floorRate(run as FloorRun, round)
        : kind === 'exercise' ? await fuzzRate(target, round, 1, r * round, 'legacy', surface)
        : await fuzzRate(target, round, kind, r * round);
      totals[kind].runs += rate.runs;
      totals[kind].seconds += rate.wall_s;
    }
  }
  const exercise = surface === undefined ? {} : { exercise: totalled(totals.exercise) };
  if (!withFloor) return { one: totalled(totals[1]), two: totalled(totals[2]), ...exercise };
  const floor: FuzzRate | Skipped = run === undefined ? { skipped: "the 1.x SDK's client is not installed (a dev dependency)" } : totalled(totals.floor);
  return { one: totalled(totals[1]), two: totalled(totals[2]), floor, ...exercise };
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

/** Stops a server the benchmark started and waits for it to exit. */
async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await exited;
}

/** The fuzz workloads: their rates and the start-up floors they are paired with (see Workloads in run-bench.ts). */
export interface FuzzFigures {
  readonly fuzz_stdio: FuzzRate | Skipped;
  readonly fuzz_stdio_exercise: FuzzRate | Skipped;
  readonly fuzz_stdio_jobs_2: FuzzRate | Skipped;
  readonly floor_stdio: FuzzRate | Skipped;
  readonly fuzz_http: FuzzRate | Skipped;
  readonly floor_http: FuzzRate | Skipped;
  readonly fuzz_modern_stdio: FuzzRate | Skipped;
  /** The same sequences on one shared process (fuzz --reuse-server), paired with the two above. */
  readonly fuzz_modern_stdio_reuse: FuzzRate | Skipped;
  readonly floor_modern_stdio: FuzzRate | Skipped;
}

/**
 * Every fuzz rate with its floor: server-everything over stdio (one job and two) and over
 * Streamable HTTP (a session per run on one server), in the legacy era; the 2.x SDK's serveStdio
 * server (`test/peers/stdio/sdk-v2-serve-stdio.mjs`) over stdio in 2026-07-28, a process per run and
 * one process for all (--reuse-server). Or why each was skipped.
 */
export async function fuzzRates(server: string | undefined, root: string, runs: number): Promise<FuzzFigures> {
  const modernServer = join(root, 'test', 'peers', 'stdio', 'sdk-v2-serve-stdio.mjs');
  let fuzz_modern_stdio: FuzzRate | Skipped = { skipped: 'test/peers/stdio/sdk-v2-serve-stdio.mjs is not here (an installed package)' };
  let floor_modern_stdio: FuzzRate | Skipped = fuzz_modern_stdio;
  let fuzz_modern_stdio_reuse: FuzzRate | Skipped = fuzz_modern_stdio;
  if (existsSync(modernServer)) {
    const paired = await fuzzFloorRates({ transport: 'stdio', command: [process.execPath, modernServer] }, runs, 'modern');
    fuzz_modern_stdio = paired.fuzz;
    floor_modern_stdio = paired.floor;
    fuzz_modern_stdio_reuse = paired.reuse ?? fuzz_modern_stdio_reuse;
  }
  const missing: Skipped = { skipped: 'the dev dependency @modelcontextprotocol/server-everything is not installed' };
  if (server === undefined) return { fuzz_stdio: missing, fuzz_stdio_exercise: missing, fuzz_stdio_jobs_2: missing, floor_stdio: missing, fuzz_http: missing, floor_http: missing, fuzz_modern_stdio, fuzz_modern_stdio_reuse, floor_modern_stdio };
  const { one: fuzz_stdio, two: fuzz_stdio_jobs_2, floor, exercise } = await fuzzJobsRates({ transport: 'stdio', command: [process.execPath, server, 'stdio'] }, runs, true, true);
  const stdio = { fuzz_stdio, fuzz_stdio_exercise: exercise ?? missing, fuzz_stdio_jobs_2, floor_stdio: floor ?? missing, fuzz_modern_stdio, fuzz_modern_stdio_reuse, floor_modern_stdio };
  if (!existsSync(join(root, 'test', 'peers', 'support', 'loopback-listen.mjs'))) {
    const skipped = { skipped: 'test/peers/support/loopback-listen.mjs is not here (an installed package)' };
    return { ...stdio, fuzz_http: skipped, floor_http: skipped };
  }
  const { child, url } = await startHttp(server, root);
  try {
    const http = await fuzzFloorRates({ transport: 'http', url }, runs);
    return { ...stdio, fuzz_http: http.fuzz, floor_http: http.floor };
  } finally {
    await stopServer(child);
  }
}
