import { List, Map as IMap } from 'immutable';

/** Cursors remembered (per method and value); past this the oldest are forgotten, and an unknown cursor is then not reported. */
export const CURSOR_LIMIT = 4096;

/** A remembered cursor: its page's cacheScope (null: none) and the sequence number that places it in recording order. */
interface Slot {
  readonly scope: string | null;
  readonly seq: number;
}

/** A place in the recording order; stale once its key was recorded again or forgotten. */
interface Place {
  readonly key: string;
  readonly seq: number;
}

/**
 * The cursors a server handed out (nextCursor), by list method and value, each with the cacheScope
 * of the page that carried it: a bounded, persistent table, so a chart's context can hold it as a
 * value. Recording returns a new table and leaves the old one as it was (the coverage traversal and
 * a judged event that is not taken see the table as it was), at the cost of a few nodes of a
 * persistent hash map and queue (immutable's Map and List). As in BoundedMap, recording a cursor
 * again makes it the newest, and beyond `limit` entries the oldest eighth is forgotten in one pass;
 * `forgotten` says so from then on: a cursor not found is then "not issued, as far as we
 * remember", never a finding (forgetting never invents one).
 */
export class IssuedCursors {
  /** The empty table keeping at most `limit` cursors. */
  static empty(limit: number = CURSOR_LIMIT): IssuedCursors {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
    return new IssuedCursors(IMap(), List(), 0, limit, false);
  }

  // Plain fields, not private ones, so that deep comparisons of machine contexts see the content.
  /** The remembered cursors by `method NUL cursor`. */
  readonly slots: IMap<string, Slot>;
  /** The recording order, oldest first; it may hold stale places, but never at its front. */
  readonly order: List<Place>;
  readonly nextSeq: number;
  readonly limit: number;
  /** True once a cursor was forgotten to stay within the limit. */
  readonly forgotten: boolean;

  private constructor(slots: IMap<string, Slot>, order: List<Place>, nextSeq: number, limit: number, forgotten: boolean) {
    this.slots = slots;
    this.order = order;
    this.nextSeq = nextSeq;
    this.limit = limit;
    this.forgotten = forgotten;
  }

  get size(): number {
    return this.slots.size;
  }

  /** Whether `cursor` was handed out for `method` (and is still remembered). */
  has(method: string, cursor: string): boolean {
    return this.slots.has(keyOf(method, cursor));
  }

  /** The cacheScope of the page that handed out `cursor` for `method`, if it had one and is remembered. */
  scopeOf(method: string, cursor: string): string | undefined {
    return this.slots.get(keyOf(method, cursor))?.scope ?? undefined;
  }

  /** The table with `cursor` of `method` as its newest entry, from a page of cacheScope `scope`. */
  with(method: string, cursor: string, scope: string | undefined): IssuedCursors {
    const key = keyOf(method, cursor);
    const seq = this.nextSeq;
    let slots = this.slots.set(key, { scope: scope ?? null, seq });
    let order = this.order.push({ key, seq });
    let forgotten = this.forgotten;
    if (slots.size > this.limit) {
      let excess = slots.size - this.limit + Math.floor(this.limit / 8);
      forgotten = true;
      slots = slots.withMutations((s) => {
        order = order.withMutations((o) => {
          while (excess > 0) {
            const first = o.first() as Place;
            o.shift();
            if (s.get(first.key)?.seq === first.seq) {
              s.delete(first.key);
              excess--;
            }
          }
        });
      });
    }
    order = tidy(slots, order);
    return new IssuedCursors(slots, order, seq + 1, this.limit, forgotten);
  }

  /** The remembered cursors as `method cursor`, oldest first (for inspectors). */
  describe(): string[] {
    const out: string[] = [];
    for (const p of this.order) if (this.slots.get(p.key)?.seq === p.seq) out.push(p.key.replace('\u0000', ' '));
    return out;
  }
}

/** `order` with no stale place at its front, and compacted when stale places make up half of it. */
function tidy(slots: IMap<string, Slot>, order: List<Place>): List<Place> {
  const live = (p: Place | undefined) => p !== undefined && slots.get(p.key)?.seq === p.seq;
  if (order.size > 2 * slots.size + 16) return order.filter(live);
  let out = order;
  while (out.size > 0 && !live(out.first())) out = out.shift();
  return out;
}

function keyOf(method: string, cursor: string): string {
  return `${method}\u0000${cursor}`;
}
