/**
 * An immutable map from id key to the request pending under it: recording or consuming a request
 * returns a new map and leaves the old one as it was, as a machine context must (snapshots are
 * values). A session usually has a handful of requests in flight, so up to SMALL_LIMIT entries are
 * kept as two arrays copied on write, which costs far less than copying a Map; beyond that, a Map
 * copied on write.
 */
export const SMALL_LIMIT = 16;

export class PendingRequests<V> implements ReadonlyMap<string, V> {
  /** The map with nothing pending. */
  static empty<V>(): PendingRequests<V> {
    return new PendingRequests<V>([], [], undefined);
  }

  // Plain fields, not private ones, so that deep comparisons of machine contexts see the content.
  /** Small form: the keys, in the order they were recorded. */
  readonly smallKeys: readonly string[];
  /** Small form: the request of each key, index for index. */
  readonly smallValues: readonly V[];
  /** Large form (more than SMALL_LIMIT entries were pending at once). */
  readonly large: ReadonlyMap<string, V> | undefined;

  private constructor(keys: readonly string[], values: readonly V[], map: ReadonlyMap<string, V> | undefined) {
    this.smallKeys = keys;
    this.smallValues = values;
    this.large = map;
  }

  get size(): number {
    return this.large !== undefined ? this.large.size : this.smallKeys.length;
  }

  get(key: string): V | undefined {
    if (this.large !== undefined) return this.large.get(key);
    const keys = this.smallKeys;
    for (let i = 0; i < keys.length; i++) if (keys[i] === key) return this.smallValues[i];
    return undefined;
  }

  has(key: string): boolean {
    return this.large !== undefined ? this.large.has(key) : this.smallKeys.includes(key);
  }

  /** A new map with `key` set to `value` (replacing what was there, in its place). */
  with(key: string, value: V): PendingRequests<V> {
    if (this.large !== undefined) return new PendingRequests<V>([], [], new Map(this.large).set(key, value));
    const at = this.smallKeys.indexOf(key);
    if (at >= 0) {
      const values = this.smallValues.slice();
      values[at] = value;
      return new PendingRequests(this.smallKeys, values, undefined);
    }
    if (this.smallKeys.length >= SMALL_LIMIT) {
      const map = new Map<string, V>();
      for (let i = 0; i < this.smallKeys.length; i++) map.set(this.smallKeys[i] as string, this.smallValues[i] as V);
      return new PendingRequests<V>([], [], map.set(key, value));
    }
    return new PendingRequests([...this.smallKeys, key], [...this.smallValues, value], undefined);
  }

  /** A new map without `key` (this one when `key` is not pending). */
  without(key: string): PendingRequests<V> {
    if (this.large !== undefined) {
      if (!this.large.has(key)) return this;
      const map = new Map(this.large);
      map.delete(key);
      return new PendingRequests<V>([], [], map);
    }
    const at = this.smallKeys.indexOf(key);
    if (at < 0) return this;
    const keys = this.smallKeys.slice();
    const values = this.smallValues.slice();
    keys.splice(at, 1);
    values.splice(at, 1);
    return new PendingRequests(keys, values, undefined);
  }

  *entries(): MapIterator<[string, V]> {
    if (this.large !== undefined) {
      yield* this.large.entries();
      return;
    }
    for (let i = 0; i < this.smallKeys.length; i++) yield [this.smallKeys[i] as string, this.smallValues[i] as V];
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
