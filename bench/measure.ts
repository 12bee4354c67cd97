import { performance } from 'node:perf_hooks';

/** Timed runs after the warm-up unless told otherwise. */
export const DEFAULT_RUNS = 5;

/** The median of a non-empty list. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('median of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Seconds one call of `fn` takes. */
export function timeOnce(fn: () => void): number {
  const start = performance.now();
  fn();
  return (performance.now() - start) / 1000;
}

/**
 * Runs every task once as a warm-up, then `runs` rounds of each task once, and returns each task's
 * results of the timed rounds. Interleaving spreads a busy moment of the machine over all tasks
 * instead of one, so the ratios between them hold even when absolute times drift.
 */
export function interleavedRounds<T>(tasks: readonly (() => T)[], runs: number): T[][] {
  for (const task of tasks) task();
  const results = tasks.map(() => [] as T[]);
  for (let r = 0; r < runs; r++) tasks.forEach((task, i) => results[i]?.push(task()));
  return results;
}

/** Each task's median time in seconds over interleaved rounds, after a warm-up. */
export function medianSecondsInterleaved(tasks: readonly (() => void)[], runs = DEFAULT_RUNS): number[] {
  return interleavedRounds(tasks.map((task) => () => timeOnce(task)), runs).map((t) => median(t));
}

/** Rounds to `digits` significant digits, so reports do not pretend to more precision than they have. */
export function significant(value: number, digits = 3): number {
  if (value === 0 || !Number.isFinite(value)) return value;
  return Number(value.toPrecision(digits));
}
