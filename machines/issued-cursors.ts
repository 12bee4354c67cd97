import { OrderedMap } from 'immutable';

/** Cursors remembered (per method and value); past this the oldest are forgotten, and an unknown cursor is then not reported. */
export const CURSOR_LIMIT = 4096;

/**
 * The cursors a server handed out (nextCursor), by list method and value, each with the cacheScope
 * of the page that carried it (null: none): a bounded, persistent table, so a chart's context can
 * hold it as a value. Recording returns a new table and leaves the old one as it was (the coverage
 * traversal and a judged event that is not taken see the table as it was); beyond `limit` entries
 * the oldest eighth is forgotten in one pass, and `forgotten` says so from then on: a cursor not
 * found is then "not issued, as far as we remember", never a finding (forgetting never invents one).
 */
export class IssuedCursors {
  /** The empty table keeping at most `limit` cursors. */
  static empty(limit: number = CURSOR_LIMIT): IssuedCursors {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
    return new IssuedCursors(OrderedMap(), limit, false);
  }

  // Plain fields, not private ones, so that deep comparisons of machine contexts see the content.
  /** The page's cacheScope by `method NUL cursor`, oldest first. */
  readonly entries: OrderedMap<string, string | null>;
  readonly limit: number;
  /** True once a cursor was forgotten to stay within the limit. */
  readonly forgotten: boolean;

  private constructor(entries: OrderedMap<string, string | null>, limit: number, forgotten: boolean) {
    this.entries = entries;
    this.limit = limit;
    this.forgotten = forgotten;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Whether `cursor` was handed out for `method` (and is still remembered). */
  has(method: string, cursor: string): boolean {
    return this.entries.has(keyOf(method, cursor));
  }

  /** The cacheScope of the page that handed out `cursor` for `method`, if it had one and is remembered. */
  scopeOf(method: string, cursor: string): string | undefined {
    return this.entries.get(keyOf(method, cursor)) ?? undefined;
  }

  /** The table with `cursor` of `method` as its newest entry, from a page of cacheScope `scope`. */
  with(method: string, cursor: string, scope: string | undefined): IssuedCursors {
    const key = keyOf(method, cursor);
    const entries = this.entries.delete(key).set(key, scope ?? null);
    if (entries.size <= this.limit) return new IssuedCursors(entries, this.limit, this.forgotten);
    return new IssuedCursors(entries.skip(entries.size - this.limit + Math.floor(this.limit / 8)), this.limit, true);
  }

  /** The remembered cursors as `method cursor`, oldest first (for inspectors). */
  describe(): string[] {
    return [...this.entries.keys()].map((k) => k.replace('\u0000', ' '));
  }
}

function keyOf(method: string, cursor: string): string {
  return `${method}\u0000${cursor}`;
}
