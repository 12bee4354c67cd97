import { assign, emit, setup } from 'xstate';
import type { Direction } from '../validators/context.ts';
import { hasError, type Finding } from '../validators/finding.ts';
import { describeId, type IdKey, type RequestId } from '../validators/envelope.ts';
import type { IssueEvent } from './issue.ts';
import { PendingRequests } from './pending-requests.ts';

/** What is remembered of a request until it is answered. */
export interface PendingRequest {
  readonly id: RequestId;
  readonly method: string;
  readonly params: unknown;
  /** The authorization revision the request was bound to, if it was authorization-bound. */
  readonly revision: string | undefined;
  readonly subject: string | undefined;
  readonly tenant: string | undefined;
}

/** Pending requests of one sending direction, keyed by id type and value (`n:5` differs from `s:5`). */
export interface CorrelationContext {
  readonly direction: Direction;
  readonly pending: PendingRequests<PendingRequest>;
}

/** Events of the correlation machine; `findings` are the result's schema findings against its pending method. */
export type CorrelationEvent =
  | { readonly type: 'request'; readonly key: IdKey; readonly entry: PendingRequest }
  | { readonly type: 'result'; readonly key: IdKey; readonly id: RequestId; readonly findings: readonly Finding[] }
  | { readonly type: 'error'; readonly key: IdKey; readonly id: RequestId };

/** Emitted with the findings of a result that does not fit its pending method. */
export interface ResultFindingsEvent {
  readonly type: 'result.invalid';
  readonly findings: readonly Finding[];
}

/**
 * Request correlation for one sending direction: a request is recorded under its id key; a
 * response consumes it only when the result fits the pending method, so a malformed result
 * leaves the request pending; an error response ends the request.
 */
export const correlationMachine = setup({
  types: {
    context: {} as CorrelationContext,
    events: {} as CorrelationEvent,
    input: {} as { direction: Direction },
    emitted: {} as IssueEvent | ResultFindingsEvent,
  },
  guards: {
    isDuplicateId: ({ context, event }) => event.type === 'request' && context.pending.has(event.key),
    hasNoPending: ({ context, event }) => !context.pending.has(event.key),
    hasResultFindings: ({ event }) => event.type === 'result' && hasError(event.findings),
  },
  actions: {
    recordPending: assign({
      pending: ({ context, event }) => {
        if (event.type !== 'request') return context.pending;
        return context.pending.with(event.key, event.entry);
      },
    }),
    consumePending: assign({
      pending: ({ context, event }) => context.pending.without(event.key),
    }),
    reportResultFindings: emit(({ event }) => ({
      type: 'result.invalid' as const,
      findings: event.type === 'result' ? event.findings : [],
    })),
    reportIssue: emit(({ context, event }, params: { rule: 'correlation/duplicate-outstanding-id' | 'correlation/no-matching-request' }) => {
      const id = event.type === 'request' ? event.entry.id : event.id;
      return params.rule === 'correlation/duplicate-outstanding-id'
        ? {
            type: 'issue' as const,
            rule: params.rule,
            pointer: '/message/id',
            message: `duplicate outstanding request id ${describeId(id)} from the same sender (${context.direction})`,
          }
        : {
            type: 'issue' as const,
            rule: params.rule,
            pointer: '/message/id',
            message: `response id ${describeId(id)} has no matching outstanding request sent ${context.direction === 'client_to_server' ? 'by the client' : 'by the server'}`,
          };
    }),
  },
}).createMachine({
  id: 'correlation',
  context: ({ input }) => ({ direction: input.direction, pending: PendingRequests.empty<PendingRequest>() }),
  initial: 'tracking',
  states: {
    tracking: {
      on: {
        request: [
          { guard: { type: 'isDuplicateId' }, actions: { type: 'reportIssue', params: { rule: 'correlation/duplicate-outstanding-id' } } },
          { actions: { type: 'recordPending' } },
        ],
        result: [
          { guard: { type: 'hasNoPending' }, actions: { type: 'reportIssue', params: { rule: 'correlation/no-matching-request' } } },
          { guard: { type: 'hasResultFindings' }, actions: { type: 'reportResultFindings' } },
          { actions: { type: 'consumePending' } },
        ],
        error: [
          { guard: { type: 'hasNoPending' }, actions: { type: 'reportIssue', params: { rule: 'correlation/no-matching-request' } } },
          { actions: { type: 'consumePending' } },
        ],
      },
    },
  },
});
