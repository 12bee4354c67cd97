/**
 * A map that keeps at most `limit` entries, forgetting the oldest insertion first, and says
 * whether it has forgotten anything: a lookup miss is then "not seen, as far as we remember",
 * so callers report a miss only as firmly as that allows (forgetting never invents a finding).
 */
export class BoundedMap<K, V> {
  readonly #limit: number;
  readonly #entries = new Map<K, V>();
  readonly #onEvict: ((key: K, value: V) => void) | undefined;
  #forgotten = false;

  constructor(limit: number, onEvict?: (key: K, value: V) => void) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
    this.#limit = limit;
    this.#onEvict = onEvict;
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
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size <= this.#limit) return;
    let excess = this.#entries.size - this.#limit + Math.floor(this.#limit / 8);
    this.#forgotten = true;
    for (const [oldKey, oldValue] of this.#entries) {
      if (excess-- <= 0) break;
      this.#entries.delete(oldKey);
      this.#onEvict?.(oldKey, oldValue);
    }
  }

  delete(key: K): boolean {
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
    this.#forgotten = false;
  }
}
