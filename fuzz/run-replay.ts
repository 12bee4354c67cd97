// Why: a saved failure is worth something only if it comes back: replay plays a trace's action
// sequence against fresh targets the user names (never one the trace names) and counts the runs
// that fail with the same signature, so a flaky finding shows as such (`7/10`) and a fixed one as 0.
// A sequence is played in the era the trace says it was found in (2026-07-28, or initialize).
import type { Sequence } from '../trace/action-schema.ts';
import type { JsonObject } from '../validators/context.ts';
import { runSequence, type SequenceOptions, type SequenceRun } from './run-sequence.ts';

/** How to replay. */
export interface ReplayOptions extends Omit<SequenceOptions, 'mode' | 'seed' | 'recorded' | 'deadline' | 'era'> {
  readonly runs: number;
  /** Told after each run whether it reproduced the signature (an interrupted replay says how many did). */
  readonly onRun?: (reproduced: boolean) => void;
  /** The longest the replays may take in all, in ms: no run starts past it, and the one running plays no further action. */
  readonly maxTimeMs?: number;
  readonly recorded: JsonObject;
}

/** What the replays showed. */
export interface ReplayResult {
  /** Runs that failed with the trace's signature. */
  readonly reproduced: number;
  /** Runs made (fewer than asked when the target could not run). */
  readonly runs: number;
  /** The last run; when the target could not run, that run (status `error`). */
  readonly last: SequenceRun;
  /** The target could not run (exit 2). */
  readonly couldNotRun: boolean;
  /** The time limit ended the replays (fewer runs than asked, or the last one cut short). */
  readonly outOfTime: boolean;
}

/** Plays the sequence `runs` times and counts the runs whose failure has `signature`. */
export async function runReplay(sequence: Sequence, signature: string, options: ReplayOptions): Promise<ReplayResult> {
  let reproduced = 0;
  let last: SequenceRun | undefined;
  const deadline = options.maxTimeMs === undefined ? Number.POSITIVE_INFINITY : performance.now() + options.maxTimeMs;
  for (let i = 0; i < options.runs; i++) {
    last = await runSequence(sequence.actions, { ...options, mode: 'replay', seed: sequence.seed, deadline, era: sequence.era ?? 'legacy' });
    if (last.trace.status === 'error') return { reproduced, runs: i + 1, last, couldNotRun: true, outOfTime: false };
    const same = last.trace.status === 'fail' && last.trace.signature === signature;
    if (same) reproduced++;
    options.onRun?.(same);
    if (performance.now() > deadline) return { reproduced, runs: i + 1, last, couldNotRun: false, outOfTime: true };
  }
  if (last === undefined) throw new Error('runReplay: no run was made');
  return { reproduced, runs: options.runs, last, couldNotRun: false, outOfTime: false };
}
