import { assign, emit, setup } from 'xstate';
import { type Direction, type Profile, SENDER } from '../validators/context.ts';
import type { IdKey, RequestId } from '../validators/envelope.ts';
import type { cancellationRules } from '../validators/rules/cancellation.ts';
import type { IssueEvent } from './issue.ts';

/** Cancelled requests of one sending direction that have not been answered yet, by id key. */
export interface CancellationContext {
  /** The direction the requests were sent in. */
  readonly direction: Direction;
  readonly revision: Profile['revision'];
  readonly cancelled: ReadonlyMap<IdKey, RequestId>;
}

/** What is known of the request a cancellation names, from the session and the extension's memory. */
export interface CancelTarget {
  /** Whether the request is still unanswered. */
  readonly pending: boolean;
  /** Whether it was issued in this direction: `unsure` once older requests were forgotten. */
  readonly issued: 'yes' | 'no' | 'unsure';
  /** Its method, when known. */
  readonly method: string | undefined;
  /** Whether it asked for task augmentation (params.task). */
  readonly taskAugmented: boolean;
}

/** Events of the cancellation machine. */
export type CancellationEvent =
  /** A notifications/cancelled sent in `by`, naming request `id` of this direction. */
  | { readonly type: 'cancel'; readonly key: IdKey; readonly id: RequestId; readonly by: Direction; readonly target: CancelTarget }
  /** A response (result or error) ended request `key` of this direction. */
  | { readonly type: 'response'; readonly key: IdKey };

/** Rule ids the cancellation machine can raise. */
export type CancellationRule = (typeof cancellationRules)[keyof typeof cancellationRules]['id'];

function explain(rule: CancellationRule, context: CancellationContext, event: CancellationEvent): string {
  if (event.type !== 'cancel') return rule;
  const id = `${JSON.stringify(event.id)} (${typeof event.id === 'number' ? 'integer' : 'string'})`;
  switch (rule) {
    case 'cancellation/unknown-request':
      return `request ${id} was never issued by ${SENDER[event.by]}; a cancellation names a request previously issued in the same direction`;
    case 'cancellation/initialize':
      return `request ${id} is the initialize request, which the client must not cancel`;
    case 'cancellation/task-augmented':
      return `request ${id} (${event.target.method}) is task-augmented: cancel its task with tasks/cancel instead`;
    case 'cancellation/not-in-flight':
      return context.cancelled.has(event.key)
        ? `request ${id} was already cancelled`
        : `request ${id} is no longer in flight (already answered); the receiver may ignore this cancellation`;
    default:
      return rule;
  }
}

/**
 * Cancellation for the requests of one sending direction: a notifications/cancelled must name
 * a request its own sender issued that is still in flight (in the stateless revision a server
 * cancellation ends the client's subscriptions/listen stream; the stateless extension checks
 * that it names one). A cancelled request stays pending in the correlation machine and is
 * remembered here, so a late response that crossed the cancellation consumes it silently, as
 * the specification's race allows.
 */
export const cancellationMachine = setup({
  types: {
    context: {} as CancellationContext,
    events: {} as CancellationEvent,
    input: {} as { direction: Direction; revision: Profile['revision'] },
    emitted: {} as IssueEvent,
  },
  guards: {
    isNeverIssued: ({ event }) => event.type === 'cancel' && event.target.issued === 'no',
    isInitialize: ({ event }) => event.type === 'cancel' && event.target.method === 'initialize',
    isTaskAugmented: ({ context, event }) => event.type === 'cancel' && context.revision === '2025-11-25' && event.target.taskAugmented,
    isAlreadyCancelled: ({ context, event }) => event.type === 'cancel' && context.cancelled.has(event.key),
    isNotInFlight: ({ event }) => event.type === 'cancel' && !event.target.pending,
    isCancelled: ({ context, event }) => event.type === 'response' && context.cancelled.has(event.key),
  },
  actions: {
    recordCancellation: assign({
      cancelled: ({ context, event }) => {
        if (event.type !== 'cancel') return context.cancelled;
        const next = new Map(context.cancelled);
        next.set(event.key, event.id);
        return next;
      },
    }),
    forgetCancellation: assign({
      cancelled: ({ context, event }) => {
        const next = new Map(context.cancelled);
        next.delete(event.key);
        return next;
      },
    }),
    reportIssue: emit(({ context, event }, params: { rule: CancellationRule }) => ({
      type: 'issue' as const,
      rule: params.rule,
      pointer: '/message/params/requestId',
      message: explain(params.rule, context, event),
    })),
  },
}).createMachine({
  id: 'cancellation',
  context: ({ input }) => ({ direction: input.direction, revision: input.revision, cancelled: new Map() }),
  initial: 'tracking',
  states: {
    tracking: {
      on: {
        cancel: [
          { guard: { type: 'isNeverIssued' }, actions: { type: 'reportIssue', params: { rule: 'cancellation/unknown-request' } } },
          { guard: { type: 'isInitialize' }, actions: { type: 'reportIssue', params: { rule: 'cancellation/initialize' } } },
          { guard: { type: 'isTaskAugmented' }, actions: { type: 'reportIssue', params: { rule: 'cancellation/task-augmented' } } },
          { guard: { type: 'isAlreadyCancelled' }, actions: { type: 'reportIssue', params: { rule: 'cancellation/not-in-flight' } } },
          { guard: { type: 'isNotInFlight' }, actions: { type: 'reportIssue', params: { rule: 'cancellation/not-in-flight' } } },
          { actions: { type: 'recordCancellation' } },
        ],
        response: { guard: { type: 'isCancelled' }, actions: { type: 'forgetCancellation' } },
      },
    },
  },
});
