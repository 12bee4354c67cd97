import type { RequestId } from '../validators/envelope.ts';

/** What is remembered of a request one side issued. */
export interface IssuedRequest {
  readonly method: string;
  readonly taskAugmented: boolean;
}

/**
 * The last `limit` requests one side issued, in a ring: recording one is three array writes
 * (every request pays it), finding one walks back from the newest (only a cancellation that names
 * a request no longer pending pays that, at most `limit` comparisons). Once the ring has wrapped
 * the oldest are forgotten, and `forgotten` says so: a miss is then "not seen, as far as we
 * remember". An id issued again is found as its newest issue.
 */
export class RecentRequests {
  readonly #limit: number;
  readonly #ids: RequestId[] = [];
  readonly #methods: string[] = [];
  readonly #taskAugmented: boolean[] = [];
  /** Where the next request is written once the ring is full (its oldest entry). */
  #next = 0;
  #forgotten = false;

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
    this.#limit = limit;
  }

  /** True once a request was forgotten to stay within the limit. */
  get forgotten(): boolean {
    return this.#forgotten;
  }

  /** Requests remembered. */
  get size(): number {
    return this.#ids.length;
  }

  add(id: RequestId, method: string, taskAugmented: boolean): void {
    if (this.#ids.length < this.#limit) {
      this.#ids.push(id);
      this.#methods.push(method);
      this.#taskAugmented.push(taskAugmented);
      return;
    }
    const at = this.#next;
    this.#ids[at] = id;
    this.#methods[at] = method;
    this.#taskAugmented[at] = taskAugmented;
    this.#next = at + 1 === this.#limit ? 0 : at + 1;
    this.#forgotten = true;
  }

  /** The newest request issued under `id` that is still remembered. */
  find(id: RequestId): IssuedRequest | undefined {
    const n = this.#ids.length;
    // Newest first: just before #next once full (wrapping around), else from the end.
    const newest = n < this.#limit ? n - 1 : (this.#next + n - 1) % n;
    for (let k = 0, i = newest; k < n; k++, i = i === 0 ? n - 1 : i - 1) {
      if (this.#ids[i] === id) return { method: this.#methods[i] as string, taskAugmented: this.#taskAugmented[i] as boolean };
    }
    return undefined;
  }
}
