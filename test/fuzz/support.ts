// Why: the fuzz tests run the search and the replay as the commands do (the same options, a fresh
// target per run), against peers whose one defect is known, and then read the saved trace back
// through the one trace reader, as replay does.
import { join, resolve } from 'node:path';
import type { RunPlan } from '../../fuzz/parallel.ts';
import { runFuzz, type FuzzResult } from '../../fuzz/run-fuzz.ts';
import type { JsonObject } from '../../validators/context.ts';
import { runReplay, type ReplayResult } from '../../fuzz/run-replay.ts';
import type { LiveTarget } from '../../live/connection.ts';
import { streamableHttp } from '../../live/streamable-http.ts';
import { DEFAULT_RUNS } from '../../scripts/commands/fuzz.ts';
import { parseTrace, replayableSequence } from '../../trace/parse-trace.ts';
import { traceText } from '../../trace/trace-file.ts';
import type { Action } from '../../trace/action-schema.ts';

/** The stdio peers' folder. */
export const STDIO_PEERS = resolve(import.meta.dirname, '../peers/stdio');

/** A stdio peer as a target. */
export function stdioPeer(name: string): LiveTarget {
  return { transport: 'stdio', command: [process.execPath, join(STDIO_PEERS, `${name}.mjs`)] };
}

/** An environment with nothing secret in it. */
const ENV = { PATH: process.env['PATH'] ?? '' };

/** Fuzzes a target as `fuzz` does (default runs unless given; 2 s per request unless given). */
export function fuzz(target: LiveTarget, seed: number, runs = DEFAULT_RUNS, maxSteps = 20, timeoutMs = 2000, plan?: RunPlan, recorded: JsonObject = {}): Promise<FuzzResult> {
  return runFuzz({
    target,
    headerEnv: [],
    timeoutMs,
    protocolVersion: '2025-11-25',
    env: ENV,
    httpTransport: streamableHttp,
    runs,
    seed,
    maxSteps,
    recorded: { runs, seed, max_steps: maxSteps, ...recorded },
    ...(plan === undefined ? {} : { plan }),
  });
}

/** Fuzzes a target in the stateless revision (2026-07-28), as `fuzz --protocol-version 2026-07-28` does. */
export function fuzzModern(target: LiveTarget, seed: number, runs = DEFAULT_RUNS, maxSteps = 20, timeoutMs = 2000): Promise<FuzzResult> {
  return runFuzz({
    target,
    headerEnv: [],
    timeoutMs,
    protocolVersion: '2025-11-25',
    era: 'modern',
    env: ENV,
    httpTransport: streamableHttp,
    runs,
    seed,
    maxSteps,
    recorded: { runs, seed, max_steps: maxSteps, protocol_version: '2026-07-28' },
  });
}

/** Writes the found trace out and reads it back as replay does, then replays it `runs` times (in the trace's era). */
export async function replaySaved(result: FuzzResult, target: LiveTarget, runs = 10): Promise<ReplayResult> {
  const trace = parseTrace(new TextEncoder().encode(traceText(result.run.trace)));
  return runReplay(replayableSequence(trace), trace.signature, {
    target,
    headerEnv: [],
    timeoutMs: 2000,
    protocolVersion: '2025-11-25',
    env: ENV,
    httpTransport: streamableHttp,
    runs,
    recorded: { runs },
  });
}

/** The rules of a result's error findings. */
export function errorRules(result: FuzzResult): string[] {
  return [...new Set(result.run.trace.findings.filter((f) => f.severity === 'error').map((f) => f.rule))];
}

/** The actions a result's trace holds. */
export function actionsOf(result: FuzzResult): Action[] {
  return result.run.trace.sequence?.actions ?? [];
}
