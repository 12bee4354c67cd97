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

/** Runs `fn` once to warm up, then `runs` times, and returns the median time in seconds. */
export function medianSeconds(fn: () => void, runs = DEFAULT_RUNS): number {
  fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(timeOnce(fn));
  return median(times);
}

/** Rounds to `digits` significant digits, so reports do not pretend to more precision than they have. */
export function significant(value: number, digits = 3): number {
  if (value === 0 || !Number.isFinite(value)) return value;
  return Number(value.toPrecision(digits));
}
