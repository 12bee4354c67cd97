/**
 * An immutable map from id key to the request pending under it: recording or consuming a request
 * returns a new map and leaves the old one as it was, as a machine context must (snapshots are
 * values). A session usually has a handful of requests in flight, so up to SMALL_LIMIT entries are
 * kept as one array of alternating keys and values, copied on write, which costs far less than
 * copying a Map; beyond that, a Map copied on write.
 */
export const SMALL_LIMIT = 16;

export class PendingRequests<V> implements ReadonlyMap<string, V> {
  /** The map with nothing pending. */
  static empty<V>(): PendingRequests<V> {
    return new PendingRequests<V>([], undefined);
  }

  // Plain fields, not private ones, so that deep comparisons of machine contexts see the content.
  /** Small form: key, value, key, value, ... in the order the keys were recorded. */
  readonly small: readonly (string | V)[];
  /** Large form (more than SMALL_LIMIT entries were pending at once). */
  readonly large: ReadonlyMap<string, V> | undefined;

  private constructor(small: readonly (string | V)[], large: ReadonlyMap<string, V> | undefined) {
    this.small = small;
    this.large = large;
  }

  get size(): number {
    return this.large !== undefined ? this.large.size : this.small.length / 2;
  }

  #indexOf(key: string): number {
    const small = this.small;
    for (let i = 0; i < small.length; i += 2) if (small[i] === key) return i;
    return -1;
  }

  get(key: string): V | undefined {
    if (this.large !== undefined) return this.large.get(key);
    const at = this.#indexOf(key);
    return at < 0 ? undefined : (this.small[at + 1] as V);
  }

  has(key: string): boolean {
    return this.large !== undefined ? this.large.has(key) : this.#indexOf(key) >= 0;
  }

  /** A new map with `key` set to `value` (replacing what was there, in its place). */
  with(key: string, value: V): PendingRequests<V> {
    if (this.large !== undefined) return new PendingRequests<V>([], new Map(this.large).set(key, value));
    const at = this.#indexOf(key);
    const small = this.small.slice();
    if (at >= 0) {
      small[at + 1] = value;
    } else if (small.length >= SMALL_LIMIT * 2) {
      const map = new Map<string, V>();
      for (let i = 0; i < small.length; i += 2) map.set(small[i] as string, small[i + 1] as V);
      return new PendingRequests<V>([], map.set(key, value));
    } else {
      small.push(key, value);
    }
    return new PendingRequests(small, undefined);
  }

  /** A new map without `key` (this one when `key` is not pending). */
  without(key: string): PendingRequests<V> {
    if (this.large !== undefined) {
      if (!this.large.has(key)) return this;
      const map = new Map(this.large);
      map.delete(key);
      return new PendingRequests<V>([], map);
    }
    const at = this.#indexOf(key);
    if (at < 0) return this;
    const small = this.small.slice();
    small.splice(at, 2);
    return new PendingRequests(small, undefined);
  }

  *entries(): MapIterator<[string, V]> {
    if (this.large !== undefined) {
      yield* this.large.entries();
      return;
    }
    for (let i = 0; i < this.small.length; i += 2) yield [this.small[i] as string, this.small[i + 1] as V];
  }

  *keys(): MapIterator<string> {
    for (const [key] of this.entries()) yield key;
  }

  *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  forEach(callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }

  /** Plain data for inspectors and JSON: the pending entries in insertion order. */
  toJSON(): Record<string, V> {
    return Object.fromEntries(this.entries());
  }
}
