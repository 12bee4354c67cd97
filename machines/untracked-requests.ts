import { idKey, type IdKey, type RequestId } from '../validators/envelope.ts';
import { BoundedMap } from './bounded-map.ts';
import type { PendingRequest } from './correlation.ts';
import { IdLedger } from './id-ledger.ts';
import { keyChars, sizeEstimate } from './byte-budget.ts';

/** How many untracked requests of one sender keep their method and params, for checking their answers. */
export const UNTRACKED_ENTRY_LIMIT = 1024;

/** What the params those keep may weigh in all (see byte-budget.ts); past it the oldest keep only their id. */
export const UNTRACKED_BYTES = 8 * 1024 * 1024;

/** What is known of the request a response answers when that request is not pending. */
export type UntrackedAnswer =
  /** It answers a request that crossed the wire untracked; the request's entry, while remembered. */
  | { readonly untracked: true; readonly entry: PendingRequest | undefined }
  | { readonly untracked: false };

const NOT_UNTRACKED: UntrackedAnswer = { untracked: false };

/**
 * Requests of one sender that crossed the wire but are not pending: rejected ones (a peer may
 * still answer them) and ones forgotten beyond the pending limit. Their answers are not reported
 * as answering nothing; the most recent ones keep their method and params, so that an answer's
 * result is still checked against its method. Ids are kept in an {@link IdLedger} (a counter's
 * ids as one range), so a long run of them costs little memory.
 */
export class UntrackedRequests {
  /** Made by the first request remembered: most sessions never leave a request untracked. */
  #entries: BoundedMap<IdKey, PendingRequest> | undefined;
  #ids: IdLedger | undefined;

  /** Remembers a request the session refused (or left to an extension): it binds no revision, subject or tenant. */
  addRefused(id: RequestId, method: string, params: unknown): void {
    this.add(idKey(id), { id, method, params, revision: undefined, subject: undefined, tenant: undefined });
  }

  /** Remembers a request that will not be pending. */
  add(key: IdKey, entry: PendingRequest): void {
    this.#entries ??= new BoundedMap<IdKey, PendingRequest>(UNTRACKED_ENTRY_LIMIT, undefined, {
      maxBytes: UNTRACKED_BYTES,
      sizeOf: (k, e) => keyChars(k) + (e.bytes ?? 0),
    });
    this.#ids ??= new IdLedger();
    this.#entries.set(key, entry.bytes === undefined ? { ...entry, bytes: sizeEstimate(entry.params) } : entry);
    this.#ids.add(entry.id);
  }

  /** Forgets `key` (a new request under it is pending now); cheap while nothing is untracked. */
  drop(key: IdKey): void {
    if (this.#ids === undefined || this.#ids.size === 0) return;
    this.#entries?.delete(key);
    this.#ids.delete(key);
  }

  /** Whether a response under `key` answers an untracked request; once taken, a second answer answers nothing. */
  take(key: IdKey): UntrackedAnswer {
    if (this.#ids === undefined || this.#ids.size === 0 || !this.#ids.delete(key)) return NOT_UNTRACKED;
    const entry = this.#entries?.get(key);
    if (entry !== undefined) this.#entries?.delete(key);
    return { untracked: true, entry };
  }
}
