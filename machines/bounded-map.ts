/** A bound in bytes beside the bound in entries: what an entry weighs, and the most all may weigh. */
export interface ByteBound<K, V> {
  readonly maxBytes: number;
  /** The same for the same entry every time it is asked (it is asked again when the entry goes). */
  readonly sizeOf: (key: K, value: V) => number;
}

/**
 * A map that keeps at most `limit` entries (and, given a byte bound, at most its bytes), forgetting
 * the oldest insertion first, and says whether it has forgotten anything: a lookup miss is then
 * "not seen, as far as we remember", so callers report a miss only as firmly as that allows
 * (forgetting never invents a finding). The newest entry is always kept.
 */
export class BoundedMap<K, V> {
  readonly #limit: number;
  readonly #entries = new Map<K, V>();
  readonly #onEvict: ((key: K, value: V) => void) | undefined;
  readonly #bound: ByteBound<K, V> | undefined;
  #bytes = 0;
  #forgotten = false;

  constructor(limit: number, onEvict?: (key: K, value: V) => void, bound?: ByteBound<K, V>) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
    this.#limit = limit;
    this.#onEvict = onEvict;
    this.#bound = bound;
  }

  /** What the entries weigh (0 without a byte bound). */
  get bytes(): number {
    return this.#bytes;
  }

  /** True once an entry was evicted to stay within the limit. */
  get forgotten(): boolean {
    return this.#forgotten;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    return this.#entries.get(key);
  }

  has(key: K): boolean {
    return this.#entries.has(key);
  }

  /**
   * Sets `key` as the newest entry. Beyond the limit the oldest eighth is forgotten in one pass:
   * evicting one entry per insertion would walk a fresh iterator over the deleted slots at the
   * front of the table every time.
   */
  set(key: K, value: V): void {
    const bound = this.#bound;
    if (bound !== undefined) {
      this.delete(key);
      this.#bytes += bound.sizeOf(key, value);
    } else {
      this.#entries.delete(key);
    }
    this.#entries.set(key, value);
    if (bound !== undefined && this.#bytes > bound.maxBytes) this.#shed(bound);
    if (this.#entries.size <= this.#limit) return;
    let excess = this.#entries.size - this.#limit + Math.floor(this.#limit / 8);
    this.#forgotten = true;
    for (const [oldKey, oldValue] of this.#entries) {
      if (excess-- <= 0) break;
      this.#evict(oldKey, oldValue);
    }
  }

  /** Forgets the oldest entries until what is kept weighs at most seven eighths of the bound (the newest is kept). */
  #shed(bound: ByteBound<K, V>): void {
    const target = bound.maxBytes - Math.floor(bound.maxBytes / 8);
    this.#forgotten = true;
    for (const [oldKey, oldValue] of this.#entries) {
      if (this.#bytes <= target || this.#entries.size === 1) break;
      this.#evict(oldKey, oldValue);
    }
  }

  #evict(key: K, value: V): void {
    this.delete(key);
    this.#onEvict?.(key, value);
  }

  delete(key: K): boolean {
    const bound = this.#bound;
    if (bound === undefined) return this.#entries.delete(key);
    if (!this.#entries.has(key)) return false;
    this.#bytes -= bound.sizeOf(key, this.#entries.get(key) as V);
    return this.#entries.delete(key);
  }

  values(): IterableIterator<V> {
    return this.#entries.values();
  }

  entries(): IterableIterator<[K, V]> {
    return this.#entries.entries();
  }

  /** Forgets everything (a new session starts); not counted as forgetting. */
  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
    this.#forgotten = false;
  }
}
