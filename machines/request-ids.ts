import { assign, emit, setup } from 'xstate';
import { type Direction, SENDER } from '../validators/context.ts';
import { describeId, idKey, type IdKey, type RequestId } from '../validators/envelope.ts';
import { IdLedger } from './id-ledger.ts';
import type { IssueEvent } from './issue.ts';

/**
 * The ids one sender has used, as the chart reads and records them. `with` and `cleared` give the
 * ids after the change: the session's bounded {@link IdLedger} changes in place (its one reader is
 * the sender's actor, so memory stays bounded), a small persistent set returns a new set.
 */
export interface UsedIds {
  has(id: RequestId): boolean;
  with(id: RequestId): UsedIds;
  cleared(): UsedIds;
  /** Entries held, for inspectors. */
  readonly size: number;
}

/**
 * A bounded {@link IdLedger} as the chart's ids: recorded and cleared in place, each change
 * wrapped anew (one small object), so that a snapshot's `size` stays what it was when taken.
 */
export class LedgerIds implements UsedIds {
  readonly #ledger: IdLedger;
  /** Entries the ledger held when this snapshot of it was taken. */
  readonly size: number;

  constructor(ledger = new IdLedger()) {
    this.#ledger = ledger;
    this.size = ledger.size;
  }

  has(id: RequestId): boolean {
    return this.#ledger.has(id);
  }

  with(id: RequestId): LedgerIds {
    this.#ledger.add(id);
    return new LedgerIds(this.#ledger);
  }

  cleared(): LedgerIds {
    this.#ledger.clear();
    return new LedgerIds(this.#ledger);
  }

  /** How snapshots show it: the ledger's size, not its ids. */
  toJSON(): { readonly entries: number } {
    return { entries: this.size };
  }
}

/** A small persistent set of ids (each change returns a new set), for models and tests that branch from one state. */
export class IdSet implements UsedIds {
  readonly #keys: ReadonlySet<IdKey>;

  constructor(keys: Iterable<IdKey> = []) {
    this.#keys = new Set(keys);
  }

  get size(): number {
    return this.#keys.size;
  }

  has(id: RequestId): boolean {
    return this.#keys.has(idKey(id));
  }

  with(id: RequestId): IdSet {
    return this.#keys.has(idKey(id)) ? this : new IdSet([...this.#keys, idKey(id)]);
  }

  cleared(): IdSet {
    return this.#keys.size === 0 ? this : new IdSet();
  }

  /** The id keys held, sorted. */
  keys(): readonly IdKey[] {
    return [...this.#keys].sort();
  }

  /** How snapshots show it: the id keys. */
  toJSON(): readonly IdKey[] {
    return this.keys();
  }
}

/** The request ids one sender has used in the session. */
export interface RequestIdsContext {
  /** The direction the sender's requests travel in. */
  readonly direction: Direction;
  readonly used: UsedIds;
}

/** What the chart is created with: the sender's direction and, for models, the ids to start from. */
export interface RequestIdsInput {
  readonly direction: Direction;
  readonly used?: UsedIds;
}

/** Events of one sender's request ids. */
export type RequestIdsEvent =
  /** A request, judged before the session accepts it: `outstanding` when its id is still unanswered (the correlation's case). */
  | { readonly type: 'request'; readonly id: RequestId; readonly outstanding: boolean }
  /** The session accepted a request: its id is used. */
  | { readonly type: 'recorded'; readonly id: RequestId }
  /** An initialize was answered with an error: the session starts over, and no id is used yet. */
  | { readonly type: 'initialize.failed' };

/** The rule the chart raises. */
export type RequestIdsRule = 'correlation/id-reused';

function issueFor(rule: RequestIdsRule, context: RequestIdsContext, event: RequestIdsEvent): IssueEvent {
  const id = event.type === 'initialize.failed' ? '?' : describeId(event.id);
  return {
    type: 'issue',
    rule,
    pointer: '/message/id',
    message: `request id ${id} was already used by ${SENDER[context.direction]} in this session; ids must not be reused, even after the response`,
  };
}

/**
 * Request ids of one sender in the specification profiles: "The request ID MUST NOT have been
 * previously used by the requestor within the same session." A request whose id the sender used
 * before is rejected (`isReused`), unless the id is still outstanding: that is the correlation
 * machine's `correlation/duplicate-outstanding-id`. An accepted request records its id; an
 * initialize answered with an error starts the session over (`startOver`), so every id is free again.
 */
export const requestIdsMachine = setup({
  types: {
    context: {} as RequestIdsContext,
    events: {} as RequestIdsEvent,
    input: {} as RequestIdsInput,
    emitted: {} as IssueEvent,
  },
  guards: {
    isReused: ({ context, event }) => event.type === 'request' && !event.outstanding && context.used.has(event.id),
  },
  actions: {
    recordId: assign(({ context, event }) => (event.type === 'recorded' ? { used: context.used.with(event.id) } : {})),
    startOver: assign(({ context }) => ({ used: context.used.cleared() })),
    reportIssue: emit(({ context, event }, params: { rule: RequestIdsRule }) => issueFor(params.rule, context, event)),
  },
}).createMachine({
  id: 'requestIds',
  context: ({ input }) => ({ direction: input.direction, used: input.used ?? new LedgerIds() }),
  initial: 'session',
  states: {
    session: {
      description: 'Every id the sender used since the session began (or began again) is spent, answered or not.',
      on: {
        request: { guard: 'isReused', actions: { type: 'reportIssue', params: { rule: 'correlation/id-reused' } } },
        recorded: { actions: 'recordId' },
        'initialize.failed': { target: 'session', actions: 'startOver' },
      },
    },
  },
});
