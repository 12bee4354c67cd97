/**
 * Exact values of integers beyond ±(2^53-1) that the strict reader read. Such an integer stays a
 * JSON number in the parsed value (a double, rounded; ±Infinity beyond the largest double), so
 * every consumer that asks "is this a number" keeps its answer; its exact value is held beside the
 * value, keyed by the array or object that holds it and its index or member name. Consumers where
 * the exact value matters (request ids, schema-checked integers) ask here; a value built in
 * JavaScript has no entry and is taken as it is.
 */

import { MemberNotes } from './member-notes.ts';

/** Exact values, by holding container and member. */
const EXACT = new MemberNotes<bigint>();

/** The largest integer a double holds exactly, as a bigint. */
const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Whether `value` is an integer beyond ±(2^53-1), where a double would round it. */
export function isUnsafe(value: bigint): boolean {
  return value > SAFE || value < -SAFE;
}

/**
 * Records the exact value of the integer written `digits` (an optional minus sign and decimal
 * digits) at `path` below `root`, a value the reader has just parsed. Every container on the path
 * is marked as holding it.
 */
export function recordExactInteger(root: unknown, path: readonly string[], digits: string): void {
  EXACT.record(root, path, BigInt(digits));
}

/** The exact value of the integer at `key` of `container`, when the reader recorded one there. */
export function exactIntegerAt(container: unknown, key: string | number): bigint | undefined {
  return EXACT.at(container, key);
}

/** Whether `value` holds, at any depth, an integer the reader recorded exactly (false at once while none was recorded). */
export function holdsExactIntegers(value: unknown): boolean {
  return EXACT.holds(value);
}

/** One recorded integer below a value: its JSON Pointer tokens and its exact value. */
export interface ExactIntegerPlace {
  readonly path: readonly (string | number)[];
  readonly value: bigint;
}

/** Every recorded integer below `value`, in document order, visiting only the containers that hold one. */
export function exactIntegersIn(value: unknown): ExactIntegerPlace[] {
  return EXACT.placesIn(value).map(({ path, note }) => ({ path, value: note }));
}

/** Whether `value` is an integer: a JSON number without a fraction, or one the reader recorded exactly at `key` of `container`. */
export function isIntegerValue(value: unknown, container?: unknown, key?: string | number): boolean {
  if (typeof value !== 'number') return false;
  if (Number.isInteger(value)) return true;
  return key !== undefined && exactIntegerAt(container, key) !== undefined;
}
