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
  /** What its params weigh (see byte-budget.ts), counted against PENDING_BYTES. */
  readonly bytes?: number;
}

/** How many requests of one sender may be unanswered at once (the course reference's cap, kept in every profile). */
export const PENDING_LIMIT = 1024;

/** What the params of one sender's unanswered requests may weigh in all (see byte-budget.ts); past it the oldest are no longer tracked. */
export const PENDING_BYTES = 16 * 1024 * 1024;

/**
 * What a request beyond the limit meets: `reject` (the course profile: an error, nothing recorded)
 * or `forget` (the specification profiles: a warning, and the oldest pending request is no longer
 * tracked, so memory stays bounded while the newest requests are still judged).
 */
export type PendingOverflow = 'reject' | 'forget';

/** Pending requests of one sending direction, keyed by id type and value (`n:5` differs from `s:5`). */
export interface CorrelationContext {
  readonly direction: Direction;
  readonly pending: PendingRequests<PendingRequest>;
  /** At most this many requests are pending at once. */
  readonly limit: number;
}

/** Events of the correlation machine; `findings` are the result's schema findings against its pending method. */
export type CorrelationEvent =
  /** `overflow` is what the request meets when the table is full (the session's profile decides). */
  | { readonly type: 'request'; readonly key: IdKey; readonly entry: PendingRequest; readonly overflow: PendingOverflow }
  | { readonly type: 'result'; readonly key: IdKey; readonly id: RequestId; readonly findings: readonly Finding[] }
  | { readonly type: 'error'; readonly key: IdKey; readonly id: RequestId };

/** Emitted when the oldest pending request is no longer tracked (a request beyond the limit, overflow `forget`). */
export interface PendingForgottenEvent {
  readonly type: 'pending.forgotten';
  readonly key: IdKey;
  readonly entry: PendingRequest;
}

/** Emitted with the findings of a result that does not fit its pending method. */
export interface ResultFindingsEvent {
  readonly type: 'result.invalid';
  readonly findings: readonly Finding[];
}

type CorrelationRule =
  | 'correlation/duplicate-outstanding-id'
  | 'correlation/no-matching-request'
  | 'correlation/pending-limit'
  | 'correlation/unanswered-requests';

const SENT_BY: Readonly<Record<Direction, string>> = { client_to_server: 'by the client', server_to_client: 'by the server' };

function issueMessage(rule: CorrelationRule, context: CorrelationContext, id: RequestId): string {
  switch (rule) {
    case 'correlation/duplicate-outstanding-id':
      return `duplicate outstanding request id ${describeId(id)} from the same sender (${context.direction})`;
    case 'correlation/no-matching-request':
      return `response id ${describeId(id)} has no matching outstanding request sent ${SENT_BY[context.direction]}`;
    case 'correlation/pending-limit':
      return `too many pending requests: ${context.pending.size} requests sent ${SENT_BY[context.direction]} are unanswered (the limit), `
        + `so request id ${describeId(id)} is rejected before creating pending state`;
    case 'correlation/unanswered-requests': {
      const oldest = context.pending.oldest();
      return `${context.pending.size} requests sent ${SENT_BY[context.direction]} are unanswered; `
        + `the oldest (id ${oldest ? describeId(oldest[1].id) : '?'}) is no longer tracked, and its answer will not be checked`;
    }
  }
}

/**
 * Request correlation for one sending direction: a request is recorded under its id key; a
 * response consumes it only when the result fits the pending method, so a malformed result
 * leaves the request pending; an error response ends the request. At most `limit` requests are
 * pending at once: beyond that a request is rejected, or the oldest is forgotten (see PendingOverflow).
 */
export const correlationMachine = setup({
  types: {
    context: {} as CorrelationContext,
    events: {} as CorrelationEvent,
    input: {} as { direction: Direction; limit?: number },
    emitted: {} as IssueEvent | ResultFindingsEvent | PendingForgottenEvent,
  },
  guards: {
    isDuplicateId: ({ context, event }) => event.type === 'request' && context.pending.has(event.key),
    hasNoPending: ({ context, event }) => !context.pending.has(event.key),
    /** The table is full and the request beyond it meets `overflow`. */
    isPendingFull: ({ context, event }, params: { overflow: PendingOverflow }) =>
      event.type === 'request' && event.overflow === params.overflow && context.pending.size >= context.limit,
    hasResultFindings: ({ event }) => event.type === 'result' && hasError(event.findings),
  },
  actions: {
    recordPending: assign({
      pending: ({ context, event }) => {
        if (event.type !== 'request') return context.pending;
        return context.pending.with(event.key, event.entry);
      },
    }),
    announceForgotten: emit(({ context }) => {
      const [key, entry] = context.pending.oldest() as [IdKey, PendingRequest];
      return { type: 'pending.forgotten' as const, key, entry };
    }),
    forgetOldest: assign({
      pending: ({ context }) => context.pending.without((context.pending.oldest() as [IdKey, PendingRequest])[0]),
    }),
    consumePending: assign({
      pending: ({ context, event }) => context.pending.without(event.key),
    }),
    reportResultFindings: emit(({ event }) => ({
      type: 'result.invalid' as const,
      findings: event.type === 'result' ? event.findings : [],
    })),
    reportIssue: emit(({ context, event }, params: { rule: CorrelationRule }) => ({
      type: 'issue' as const,
      rule: params.rule,
      pointer: '/message/id',
      message: issueMessage(params.rule, context, event.type === 'request' ? event.entry.id : event.id),
    })),
  },
}).createMachine({
  id: 'correlation',
  context: ({ input }) => ({
    direction: input.direction,
    pending: PendingRequests.empty<PendingRequest>(),
    limit: input.limit ?? PENDING_LIMIT,
  }),
  initial: 'tracking',
  states: {
    tracking: {
      on: {
        request: [
          { guard: { type: 'isDuplicateId' }, actions: { type: 'reportIssue', params: { rule: 'correlation/duplicate-outstanding-id' } } },
          { guard: { type: 'isPendingFull', params: { overflow: 'reject' } }, actions: { type: 'reportIssue', params: { rule: 'correlation/pending-limit' } } },
          {
            guard: { type: 'isPendingFull', params: { overflow: 'forget' } },
            actions: [
              { type: 'reportIssue', params: { rule: 'correlation/unanswered-requests' } },
              { type: 'announceForgotten' },
              { type: 'forgetOldest' },
              { type: 'recordPending' },
            ],
          },
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
