/**
 * Numbers as the course's reference reads them: an integer written without fraction or exponent
 * is an exact integer of any size; any other number is a double (`1.0`, `1e2` and `-0.0` among
 * them; `1e400` is infinity). The strict reader keeps what tells them apart (the exact value of an
 * integer beyond ±(2^53-1), validators/exact-integer.ts, and the spelling of an integral decimal,
 * validators/decimal-spelling.ts), keyed by the container that holds the number.
 */
import { decimalSpellingAt } from './decimal-spelling.ts';
import { exactIntegerAt } from './exact-integer.ts';

/** A number as the course reads it: an exact integer, or a double. */
export type CourseNumber = { readonly integer: bigint } | { readonly double: number };

/** The number at `key` of `container` as the course reads it (undefined when it is no number). */
export function courseNumberAt(container: unknown, key: string | number): CourseNumber | undefined {
  const value = (container as Record<string | number, unknown> | null)?.[key];
  if (typeof value !== 'number') return undefined;
  const exact = exactIntegerAt(container, key);
  if (exact !== undefined) return { integer: exact };
  if (Number.isInteger(value) && decimalSpellingAt(container, key) === undefined) return { integer: BigInt(value) };
  return { double: value };
}

/**
 * The JSON text the course's reference writes for the number (Python's json.dumps): an integer by
 * its digits (`-0` is `0`), a double always with a fraction or an exponent (`100.0`, `-0.0`,
 * `1e+22`). Two enum members are the same value when these texts are equal.
 */
export function courseNumberText(n: CourseNumber): string {
  if ('integer' in n) return String(n.integer);
  const d = n.double;
  if (!Number.isFinite(d)) return d > 0 ? 'Infinity' : d < 0 ? '-Infinity' : 'NaN';
  if (Object.is(d, -0)) return '-0.0';
  const text = String(d);
  return /[.e]/.test(text) ? text : `${text}.0`;
}

/** Compares two numbers exactly, as the reference's `<` does (an integer and a double by value): negative, zero or positive. */
export function compareCourseNumbers(a: CourseNumber, b: CourseNumber): number {
  if ('integer' in a && 'integer' in b) return a.integer < b.integer ? -1 : a.integer > b.integer ? 1 : 0;
  if ('double' in a && 'double' in b) return a.double < b.double ? -1 : a.double > b.double ? 1 : 0;
  const flip = 'double' in a;
  const i = ('integer' in a ? a.integer : (b as { integer: bigint }).integer);
  const d = ('double' in a ? a.double : (b as { double: number }).double);
  // bigint and number compare by their exact values in JavaScript.
  const r = i < d ? -1 : i > d ? 1 : 0;
  return flip ? -r : r;
}
