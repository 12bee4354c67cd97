import { List, Map as IMap } from 'immutable';
import type { IdKey } from '../validators/envelope.ts';

/**
 * An immutable map from id key to the request pending under it: recording or consuming a request
 * returns a new map and leaves the old one as it was, as a machine context must (snapshots are
 * values). A session usually has a handful of requests in flight, so up to SMALL_LIMIT entries are
 * kept as one array of alternating keys and values, copied on write, which costs far less than
 * any tree; beyond that, a persistent hash map and a persistent queue (immutable's Map and
 * List), whose updates share all but a few nodes with the table before, so a long run of
 * unanswered requests costs linear time, not a copy of the whole table per request.
 */
export const SMALL_LIMIT = 16;

/** What a pending value weighs: its `bytes`, when it says (see byte-budget.ts), else nothing. */
function weightOf(value: unknown): number {
  const bytes = typeof value === 'object' && value !== null ? (value as { bytes?: unknown }).bytes : undefined;
  return typeof bytes === 'number' ? bytes : 0;
}

/** A pending value with the sequence number that places it in recording order. */
interface Slot<V> {
  readonly value: V;
  readonly seq: number;
}

/**
 * The large form: the slots by key, and the keys in recording order as a queue that may hold
 * stale items (keys answered since, or recorded again) but never at its front, so the oldest
 * entry is the queue's first. The queue is compacted when stale items make up half of it.
 */
interface LargeTable<V> {
  readonly slots: IMap<IdKey, Slot<V>>;
  readonly queue: List<{ readonly key: IdKey; readonly seq: number }>;
  readonly nextSeq: number;
}

function isLive<V>(table: LargeTable<V>, item: { readonly key: IdKey; readonly seq: number } | undefined): boolean {
  return item !== undefined && table.slots.get(item.key)?.seq === item.seq;
}

/** `queue` with no stale item at its front, and compacted when half of it is stale. */
function tidy<V>(slots: IMap<IdKey, Slot<V>>, queue: LargeTable<V>['queue']): LargeTable<V>['queue'] {
  const live = (item: { readonly key: IdKey; readonly seq: number } | undefined) => item !== undefined && slots.get(item.key)?.seq === item.seq;
  if (queue.size > 2 * slots.size + SMALL_LIMIT) return queue.filter(live);
  let out = queue;
  while (out.size > 0 && !live(out.first())) out = out.shift();
  return out;
}

export class PendingRequests<V> implements ReadonlyMap<IdKey, V> {
  /** The map with nothing pending. */
  static empty<V>(): PendingRequests<V> {
    return new PendingRequests<V>([], undefined, 0);
  }

  // Plain fields, not private ones, so that deep comparisons of machine contexts see the content.
  /** Small form: key, value, key, value, ... in the order the keys were recorded. */
  readonly small: readonly (IdKey | V)[];
  /** Large form (more than SMALL_LIMIT entries were pending at once), in the order the keys were recorded. */
  readonly large: LargeTable<V> | undefined;
  /** What the pending values weigh in all (the sum of their `bytes`, for values that have one). */
  readonly bytes: number;

  private constructor(small: readonly (IdKey | V)[], large: LargeTable<V> | undefined, bytes: number) {
    this.small = small;
    this.large = large;
    this.bytes = bytes;
  }

  get size(): number {
    return this.large !== undefined ? this.large.slots.size : this.small.length / 2;
  }

  #indexOf(key: IdKey): number {
    const small = this.small;
    for (let i = 0; i < small.length; i += 2) if (small[i] === key) return i;
    return -1;
  }

  get(key: IdKey): V | undefined {
    if (this.large !== undefined) return this.large.slots.get(key)?.value;
    const at = this.#indexOf(key);
    return at < 0 ? undefined : (this.small[at + 1] as V);
  }

  has(key: IdKey): boolean {
    return this.large !== undefined ? this.large.slots.has(key) : this.#indexOf(key) >= 0;
  }

  /** The entry recorded first among those still pending, if any. */
  oldest(): [IdKey, V] | undefined {
    if (this.large !== undefined) {
      const first = this.large.queue.first();
      return first === undefined ? undefined : [first.key, (this.large.slots.get(first.key) as Slot<V>).value];
    }
    return this.small.length === 0 ? undefined : [this.small[0] as IdKey, this.small[1] as V];
  }

  /** A new map with `key` set to `value` (replacing what was there, in its place). */
  with(key: IdKey, value: V): PendingRequests<V> {
    const large = this.large;
    const weight = weightOf(value);
    if (large !== undefined) {
      const known = large.slots.get(key);
      if (known !== undefined) return new PendingRequests<V>([], { ...large, slots: large.slots.set(key, { value, seq: known.seq }) }, this.bytes + weight - weightOf(known.value));
      const seq = large.nextSeq;
      return new PendingRequests<V>([], { slots: large.slots.set(key, { value, seq }), queue: large.queue.push({ key, seq }), nextSeq: seq + 1 }, this.bytes + weight);
    }
    const at = this.#indexOf(key);
    if (at < 0 && this.small.length >= SMALL_LIMIT * 2) {
      const slots: [IdKey, Slot<V>][] = [];
      const queue: { key: IdKey; seq: number }[] = [];
      for (let i = 0; i <= this.small.length; i += 2) {
        const k = i < this.small.length ? (this.small[i] as IdKey) : key;
        const v = i < this.small.length ? (this.small[i + 1] as V) : value;
        slots.push([k, { value: v, seq: i / 2 }]);
        queue.push({ key: k, seq: i / 2 });
      }
      return new PendingRequests<V>([], { slots: IMap(slots), queue: List(queue), nextSeq: queue.length }, this.bytes + weight);
    }
    const small = this.small.slice();
    const replaced = at >= 0 ? weightOf(small[at + 1]) : 0;
    if (at >= 0) small[at + 1] = value;
    else small.push(key, value);
    return new PendingRequests(small, undefined, this.bytes + weight - replaced);
  }

  /** A new map without `key` (this one when `key` is not pending). */
  without(key: IdKey): PendingRequests<V> {
    const large = this.large;
    if (large !== undefined) {
      const known = large.slots.get(key);
      if (known === undefined) return this;
      const slots = large.slots.delete(key);
      return new PendingRequests<V>([], { slots, queue: tidy(slots, large.queue), nextSeq: large.nextSeq }, this.bytes - weightOf(known.value));
    }
    const at = this.#indexOf(key);
    if (at < 0) return this;
    const small = this.small.slice();
    const [, removed] = small.splice(at, 2);
    return new PendingRequests(small, undefined, this.bytes - weightOf(removed));
  }

  *entries(): MapIterator<[IdKey, V]> {
    const large = this.large;
    if (large !== undefined) {
      for (const item of large.queue) if (isLive(large, item)) yield [item.key, (large.slots.get(item.key) as Slot<V>).value];
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
