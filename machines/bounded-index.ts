import { List, Map as IMap } from 'immutable';

/** The most entries a BoundedIndex keeps, and the most they may weigh in all. */
export interface IndexLimits<V> {
  readonly entries: number;
  readonly weight: number;
  /** What an entry weighs (characters, for strings); the same for the same entry every time it is asked. */
  readonly weigh: (key: string, value: V) => number;
}

/**
 * An immutable map from string to value, within `entries` and `weight`: past them the oldest
 * insertion is forgotten first (the newest entry is always kept), so a miss is "not seen, as far
 * as remembered" and callers report a miss no more firmly than that. Adding returns a new index and
 * leaves this one as it was, as a machine context must (snapshots are values, and a chart's
 * transitions are computed before they are taken); immutable's Map and List share all but a few
 * nodes with the index before, so an addition costs about log32 of the size, not a copy.
 */
export class BoundedIndex<V> {
  /** An index with nothing in it. */
  static empty<V>(limits: IndexLimits<V>): BoundedIndex<V> {
    return new BoundedIndex<V>(IMap<string, V>(), List<string>(), 0, limits);
  }

  // Plain fields, not private ones, so that deep comparisons of machine contexts see the content.
  readonly entries: IMap<string, V>;
  /** The keys in insertion order: the oldest first. */
  readonly order: List<string>;
  /** What the entries weigh in all. */
  readonly weight: number;
  readonly limits: IndexLimits<V>;

  private constructor(entries: IMap<string, V>, order: List<string>, weight: number, limits: IndexLimits<V>) {
    this.entries = entries;
    this.order = order;
    this.weight = weight;
    this.limits = limits;
  }

  get size(): number {
    return this.entries.size;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  keys(): IterableIterator<string> {
    return this.order.values();
  }

  /** A new index with each pair set (a key already held keeps its place and takes the new value); this one when nothing changes. */
  withAll(pairs: Iterable<readonly [string, V]>): BoundedIndex<V> {
    const { entries: limit, weight: max, weigh } = this.limits;
    let entries: IMap<string, V> | undefined;
    let order: List<string> | undefined;
    let weight = this.weight;
    for (const [key, value] of pairs) {
      const known = (entries ?? this.entries).get(key);
      if (known === value) continue;
      entries ??= this.entries.asMutable();
      order ??= this.order.asMutable();
      entries = entries.set(key, value);
      if (known === undefined) {
        order = order.push(key);
        weight += weigh(key, value);
      } else {
        weight += weigh(key, value) - weigh(key, known);
      }
      while (entries.size > limit || weight > max) {
        const oldest = order.first();
        if (oldest === undefined || oldest === key) break;
        weight -= weigh(oldest, entries.get(oldest) as V);
        entries = entries.delete(oldest);
        order = order.shift();
      }
    }
    if (entries === undefined || order === undefined) return this;
    return new BoundedIndex(entries.asImmutable(), order.asImmutable(), weight, this.limits);
  }

  /** Plain data for inspectors and JSON: the keys, oldest first. */
  toJSON(): string[] {
    return this.order.toArray();
  }
}
