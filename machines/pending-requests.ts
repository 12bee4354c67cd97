import type { IdKey } from '../validators/envelope.ts';

/**
 * An immutable map from id key to the request pending under it: recording or consuming a request
 * returns a new map and leaves the old one as it was, as a machine context must (snapshots are
 * values). A session usually has a handful of requests in flight, so up to SMALL_LIMIT entries are
 * kept as one array of alternating keys and values, copied on write, which costs far less than
 * copying a Map; beyond that, a Map copied on write.
 */
export const SMALL_LIMIT = 16;

export class PendingRequests<V> implements ReadonlyMap<IdKey, V> {
  /** The map with nothing pending. */
  static empty<V>(): PendingRequests<V> {
    return new PendingRequests<V>([], undefined);
  }

  // Plain fields, not private ones, so that deep comparisons of machine contexts see the content.
  /** Small form: key, value, key, value, ... in the order the keys were recorded. */
  readonly small: readonly (IdKey | V)[];
  /** Large form (more than SMALL_LIMIT entries were pending at once). */
  readonly large: ReadonlyMap<IdKey, V> | undefined;

  private constructor(small: readonly (IdKey | V)[], large: ReadonlyMap<IdKey, V> | undefined) {
    this.small = small;
    this.large = large;
  }

  get size(): number {
    return this.large !== undefined ? this.large.size : this.small.length / 2;
  }

  #indexOf(key: IdKey): number {
    const small = this.small;
    for (let i = 0; i < small.length; i += 2) if (small[i] === key) return i;
    return -1;
  }

  get(key: IdKey): V | undefined {
    if (this.large !== undefined) return this.large.get(key);
    const at = this.#indexOf(key);
    return at < 0 ? undefined : (this.small[at + 1] as V);
  }

  has(key: IdKey): boolean {
    return this.large !== undefined ? this.large.has(key) : this.#indexOf(key) >= 0;
  }

  /** A new map with `key` set to `value` (replacing what was there, in its place). */
  with(key: IdKey, value: V): PendingRequests<V> {
    if (this.large !== undefined) return new PendingRequests<V>([], new Map(this.large).set(key, value));
    const at = this.#indexOf(key);
    const small = this.small.slice();
    if (at >= 0) {
      small[at + 1] = value;
    } else if (small.length >= SMALL_LIMIT * 2) {
      const map = new Map<IdKey, V>();
      for (let i = 0; i < small.length; i += 2) map.set(small[i] as IdKey, small[i + 1] as V);
      return new PendingRequests<V>([], map.set(key, value));
    } else {
      small.push(key, value);
    }
    return new PendingRequests(small, undefined);
  }

  /** A new map without `key` (this one when `key` is not pending). */
  without(key: IdKey): PendingRequests<V> {
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

  *entries(): MapIterator<[IdKey, V]> {
    if (this.large !== undefined) {
      yield* this.large.entries();
      return;
    }
    for (let i = 0; i < this.small.length; i += 2) yield [this.small[i] as IdKey, this.small[i + 1] as V];
  }

  *keys(): MapIterator<IdKey> {
    for (const [key] of this.entries()) yield key;
  }

  *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): MapIterator<[IdKey, V]> {
    return this.entries();
  }

  forEach(callback: (value: V, key: IdKey, map: ReadonlyMap<IdKey, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }

  /** Plain data for inspectors and JSON: the pending entries in insertion order, under `n:5` or `s:5` so that 5 and "5" stay apart. */
  toJSON(): Record<string, V> {
    const out: Record<string, V> = {};
    for (const [key, value] of this.entries()) out[typeof key === 'number' ? `n:${key}` : `s:${key}`] = value;
    return out;
  }
}
