/**
 * How the strict reader found some numbers written, when asked to keep it (fixtures): an integral
 * value written with a fraction or an exponent (`1.0`, `2e0`), which the course's reference reads
 * as no integer, and a decimal beyond the largest double (`1e400`), which it reads as infinity.
 * The parsed value holds the number JSON.parse gives (1, or ±Infinity); the spelling is kept
 * beside it, keyed by the array or object that holds it, as validators/exact-integer.ts keeps
 * exact integers.
 */

import { MemberNotes } from './member-notes.ts';

/** How a number was written: integral with a fraction or exponent, or beyond the largest double. */
export type DecimalSpelling = 'integral' | 'overflow';

const SPELLINGS = new MemberNotes<DecimalSpelling>();

/** Records the spelling of the number at `path` below `root`, a value the reader has just parsed. */
export function recordDecimalSpelling(root: unknown, path: readonly string[], spelling: DecimalSpelling): void {
  SPELLINGS.record(root, path, spelling);
}

/** One recorded spelling below a value: its JSON Pointer tokens and how it was written. */
export interface DecimalPlace {
  readonly path: readonly (string | number)[];
  readonly spelling: DecimalSpelling;
}

/** Every recorded spelling below `value`, in document order, visiting only the containers that hold one. */
export function decimalSpellingsIn(value: unknown): DecimalPlace[] {
  return SPELLINGS.placesIn(value).map(({ path, note }) => ({ path, spelling: note }));
}

/** The spelling the reader recorded for the number at `key` of `container`, if any. */
export function decimalSpellingAt(container: unknown, key: string | number): DecimalSpelling | undefined {
  return SPELLINGS.at(container, key);
}
