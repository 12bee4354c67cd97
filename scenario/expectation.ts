// Why: an expectation is partial, as jest's and vitest's toMatchObject is: each member given must
// match, recursively; an array matches element by element and in length; anything not given is
// not compared. Each difference is plain data (where, expected, received), so one wrong member
// is one finding, and an array of the wrong length one finding rather than one per element.
import { escape } from './scenario-format.ts';

/** One difference between what a step expected and what it received. */
export interface Mismatch {
  /** Where in the answer's result or error (`/tools/0/name`; empty: the whole of it). */
  readonly pointer: string;
  readonly expected: unknown;
  /** What was there (undefined: nothing). */
  readonly received: unknown;
  /** What differs, when more than the value: `length`, `type`. */
  readonly what?: 'length' | 'type';
}

/** The most differences reported for one step. */
export const MAX_MISMATCHES = 20;

/** The differences between `expected` and `received` (toMatchObject), leaving out the pointers in `ignore`. */
export function mismatches(expected: unknown, received: unknown, ignore: ReadonlySet<string> = new Set()): Mismatch[] {
  const found: Mismatch[] = [];
  compare(expected, received, '', ignore, found);
  return found.slice(0, MAX_MISMATCHES);
}

function kindOf(value: unknown): 'array' | 'object' | 'null' | 'missing' | string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function compare(expected: unknown, received: unknown, at: string, ignore: ReadonlySet<string>, found: Mismatch[]): void {
  if (ignore.has(at) || found.length >= MAX_MISMATCHES) return;
  const kind = kindOf(expected);
  if (kind === 'array' || kind === 'object') {
    if (kindOf(received) !== kind) {
      found.push({ pointer: at, expected, received, what: 'type' });
      return;
    }
    if (kind === 'array') {
      const e = expected as unknown[];
      const r = received as unknown[];
      if (e.length !== r.length) {
        found.push({ pointer: at, expected: e.length, received: r.length, what: 'length' });
        return;
      }
      e.forEach((item, i) => compare(item, r[i], `${at}/${i}`, ignore, found));
      return;
    }
    const r = received as Record<string, unknown>;
    for (const [key, value] of Object.entries(expected as Record<string, unknown>)) {
      compare(value, Object.hasOwn(r, key) ? r[key] : undefined, `${at}/${escape(key)}`, ignore, found);
    }
    return;
  }
  if (expected !== received) found.push({ pointer: at, expected, received });
}
