import type { RequestId } from '../validators/envelope.ts';

/** How many integer ranges and how many string ids a ledger keeps before it forgets the oldest. */
export const LEDGER_LIMIT = 65_536;

/** How many characters of string ids a ledger keeps before it forgets the oldest. */
export const LEDGER_CHARS = 4 * 1024 * 1024;

/**
 * The request ids one sender has used, in bounded memory. Integer ids are kept as sorted,
 * merged ranges, so the usual counters (1, 2, 3, ...) take one range however long the session;
 * string ids are kept as they come. Beyond `limit` ranges (or string ids), or `maxChars`
 * characters of string ids, the lowest range (or the oldest string) is forgotten: a forgotten id
 * may then be reused unnoticed, but no id is ever reported as reused that was not.
 */
export class IdLedger {
  readonly #limit: number;
  readonly #maxChars: number;
  #chars = 0;
  /** Disjoint, non-adjacent integer ranges [lo, hi], sorted by lo. */
  #ranges: [number, number][] = [];
  readonly #strings = new Set<string>();
  /** Integers beyond ±(2^53-1), by exact value (rare: kept as they come, within the strings' limit). */
  readonly #bigs = new Set<bigint>();
  #forgotten = 0;

  constructor(limit = LEDGER_LIMIT, maxChars = LEDGER_CHARS) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
    this.#limit = limit;
    this.#maxChars = maxChars;
  }

  /** Characters of the string ids held. */
  get chars(): number {
    return this.#chars;
  }

  /** How many ranges or strings were forgotten to stay within the limit. */
  get forgotten(): number {
    return this.#forgotten;
  }

  /** Entries held: integer ranges plus string ids. */
  get size(): number {
    return this.#ranges.length + this.#strings.size + this.#bigs.size;
  }

  has(id: RequestId): boolean {
    if (typeof id === 'string') return this.#strings.has(id);
    if (typeof id === 'bigint') return this.#bigs.has(id);
    const i = this.#rangeAtOrBefore(id);
    const range = i >= 0 ? this.#ranges[i] : undefined;
    return range !== undefined && id <= range[1];
  }

  /** Adds to a set kept within the limit, forgetting its oldest member first. */
  #addBounded<T>(set: Set<T>, id: T): void {
    set.add(id);
    if (set.size > this.#limit) {
      if (set === (this.#strings as Set<unknown>)) return this.#forgetOldestString();
      set.delete(set.values().next().value as T);
      this.#forgotten++;
    }
  }

  #forgetOldestString(): void {
    const oldest = this.#strings.values().next().value as string;
    this.#strings.delete(oldest);
    this.#chars -= oldest.length;
    this.#forgotten++;
  }

  add(id: RequestId): void {
    if (typeof id === 'string') {
      if (this.#strings.has(id)) return;
      this.#chars += id.length;
      this.#addBounded(this.#strings, id);
      while (this.#chars > this.#maxChars && this.#strings.size > 1) this.#forgetOldestString();
      return;
    }
    if (typeof id === 'bigint') return this.#addBounded(this.#bigs, id);
    this.#addInteger(id);
    if (this.#ranges.length > this.#limit) {
      this.#ranges.shift();
      this.#forgotten++;
    }
  }

  /** Removes `id`; false when it was not held. */
  delete(id: RequestId): boolean {
    if (typeof id === 'string') {
      if (!this.#strings.delete(id)) return false;
      this.#chars -= id.length;
      return true;
    }
    if (typeof id === 'bigint') return this.#bigs.delete(id);
    const i = this.#rangeAtOrBefore(id);
    const range = i >= 0 ? this.#ranges[i] : undefined;
    if (range === undefined || id > range[1]) return false;
    const [lo, hi] = range;
    if (lo === hi) this.#ranges.splice(i, 1);
    else if (id === lo) range[0] = id + 1;
    else if (id === hi) range[1] = id - 1;
    else {
      range[1] = id - 1;
      this.#ranges.splice(i + 1, 0, [id + 1, hi]);
    }
    return true;
  }

  /** Forgets every id (a new session starts). */
  clear(): void {
    this.#ranges = [];
    this.#strings.clear();
    this.#chars = 0;
    this.#bigs.clear();
  }

  /** Index of the last range whose lo is <= n, or -1. */
  #rangeAtOrBefore(n: number): number {
    let lo = 0;
    let hi = this.#ranges.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((this.#ranges[mid] as [number, number])[0] <= n) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found;
  }

  #addInteger(n: number): void {
    const i = this.#rangeAtOrBefore(n);
    const before = i >= 0 ? this.#ranges[i] : undefined;
    const after = this.#ranges[i + 1];
    if (before !== undefined && n <= before[1]) return;
    const joinsBefore = before !== undefined && before[1] === n - 1;
    const joinsAfter = after !== undefined && after[0] === n + 1;
    if (joinsBefore && joinsAfter) {
      before[1] = after[1];
      this.#ranges.splice(i + 1, 1);
    } else if (joinsBefore) {
      before[1] = n;
    } else if (joinsAfter) {
      after[0] = n;
    } else {
      this.#ranges.splice(i + 1, 0, [n, n]);
    }
  }
}
