import type { IdKey } from '../validators/envelope.ts';
import { LOGGING_LEVELS } from '../validators/logging.ts';
import { PENDING_LIMIT } from './correlation.ts';
import { PendingRequests } from './pending-requests.ts';

/** A logging level (RFC 5424 severity), as `notifications/message` and `_meta` logLevel name it. */
export type LogLevel = (typeof LOGGING_LEVELS)[number];

/** The place of `level` among the logging levels, least severe first; -1 when it names none. */
export function levelRank(level: unknown): number {
  return LOGGING_LEVELS.indexOf(level as LogLevel);
}

const NO_COUNTS: readonly number[] = LOGGING_LEVELS.map(() => 0);

function counted(counts: readonly number[], rank: number, by: number): readonly number[] {
  const out = counts.slice();
  out[rank] = (out[rank] ?? 0) + by;
  return out;
}

/**
 * The logging level each client request in flight asked for, by request id: a bounded, persistent
 * table, so a chart's context holds it as a value (a judged event that is not taken, and the
 * coverage traversal, see it as it was). Requests are kept in a {@link PendingRequests} map, with
 * how many ask for each level beside it, so the least severe level asked for costs eight steps
 * whatever the table holds. At most `limit` requests are kept (the pending table's limit: no more
 * of one sender's requests are in flight as far as the session tracks them); past it the oldest is
 * forgotten and `forgotten` says so from then on: whether a request in flight asked for logs, and
 * for which level, is then no longer known, and forgetting never invents a finding.
 */
export class AskedLevels {
  /** The empty table keeping at most `limit` requests. */
  static empty(limit: number = PENDING_LIMIT): AskedLevels {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
    return new AskedLevels(PendingRequests.empty<number>(), NO_COUNTS, limit, false);
  }

  // Plain fields, not private ones, so that deep comparisons of machine contexts see the content.
  /** The rank of the level each request asked for, by its id key, oldest first. */
  readonly requests: PendingRequests<number>;
  /** How many of the requests kept ask for each level, by rank. */
  readonly counts: readonly number[];
  readonly limit: number;
  /** True once a request was forgotten to stay within the limit. */
  readonly forgotten: boolean;

  private constructor(requests: PendingRequests<number>, counts: readonly number[], limit: number, forgotten: boolean) {
    this.requests = requests;
    this.counts = counts;
    this.limit = limit;
    this.forgotten = forgotten;
  }

  get size(): number {
    return this.requests.size;
  }

  /** Whether the request `key` asked for a level and is kept. */
  has(key: IdKey): boolean {
    return this.requests.has(key);
  }

  /** The rank of the least severe level a kept request asked for, or -1 when none is kept. */
  least(): number {
    return this.counts.findIndex((n) => n > 0);
  }

  /** A new table where the request `key` asked for the level of rank `rank` (the oldest forgotten when full). */
  with(key: IdKey, rank: number): AskedLevels {
    const before = this.requests.get(key);
    if (before !== undefined) {
      if (before === rank) return this;
      return new AskedLevels(this.requests.with(key, rank), counted(counted(this.counts, before, -1), rank, 1), this.limit, this.forgotten);
    }
    let requests = this.requests;
    let counts = this.counts;
    let forgotten = this.forgotten;
    if (requests.size >= this.limit) {
      const [oldKey, oldRank] = requests.oldest() as [IdKey, number];
      requests = requests.without(oldKey);
      counts = counted(counts, oldRank, -1);
      forgotten = true;
    }
    return new AskedLevels(requests.with(key, rank), counted(counts, rank, 1), this.limit, forgotten);
  }

  /** A new table without the request `key` (this one when it is not kept). */
  without(key: IdKey): AskedLevels {
    const rank = this.requests.get(key);
    if (rank === undefined) return this;
    return new AskedLevels(this.requests.without(key), counted(this.counts, rank, -1), this.limit, this.forgotten);
  }

  /** The requests kept, as `id: level`, sorted. */
  describe(): readonly string[] {
    return [...this.requests.entries()].map(([key, rank]) => `${key}: ${LOGGING_LEVELS[rank]}`).sort();
  }

  /** How snapshots show it: the requests kept and whether some were forgotten. */
  toJSON(): { readonly requests: readonly string[]; readonly forgotten: boolean } {
    return { requests: this.describe(), forgotten: this.forgotten };
  }
}
