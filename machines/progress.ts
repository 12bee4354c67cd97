import { assign, emit, setup } from 'xstate';
import { type Direction, OPPOSITE } from '../validators/context.ts';
import { describeId, idKey, type RequestId } from '../validators/envelope.ts';
import type { progressRules } from '../validators/rules/progress.ts';
import type { IssueEvent } from './issue.ts';

/**
 * What one progress token's machine remembers: the request it belongs to and the progress so far.
 * The actor that judges progress naming a token no active request carries holds none (`token`,
 * `requestId` and `method` undefined: see {@link UNHELD_PROGRESS}).
 */
export interface ProgressContext {
  readonly token: string | number | undefined;
  /** The direction the request was sent in; progress comes back the other way. */
  readonly direction: Direction;
  readonly requestId: RequestId | undefined;
  readonly method: string | undefined;
  /** The last accepted progress value. */
  readonly last: number | undefined;
  /** The last total reported, if any. */
  readonly total: number | undefined;
  /** The task the request created, once a CreateTaskResult answered it. */
  readonly taskId: string | undefined;
}

/** What the progress machine is created with. */
export type ProgressInput = Pick<ProgressContext, 'token' | 'direction' | 'requestId' | 'method'>;

/**
 * The input of the actor kept for tokens no active request carries: it holds no token, so every
 * notification it is given names another (`namesUnheldToken`) and is rejected as unknown.
 */
export const UNHELD_PROGRESS: ProgressInput = { token: undefined, direction: 'client_to_server', requestId: undefined, method: undefined };

/** Events of one progress token's life. */
export type ProgressEvent =
  /** A notifications/progress sent in `from`, naming `token` (absent: this machine's own token). */
  | { readonly type: 'progress'; readonly from: Direction; readonly progress: number; readonly total: number | undefined; readonly token?: string | number }
  /** Another request of the same sender names the token. */
  | { readonly type: 'reuse'; readonly requestId: RequestId }
  /** The request was answered (result or error). */
  | { readonly type: 'answered' }
  /** The request's sender cancelled it. */
  | { readonly type: 'cancelled' }
  /** A CreateTaskResult answered the task-augmented request: the token lives on with the task. */
  | { readonly type: 'task.created'; readonly taskId: string }
  /** The task reached a terminal status. */
  | { readonly type: 'task.ended' };

/** Rule ids the progress machine can raise. */
export type ProgressRule = (typeof progressRules)[keyof typeof progressRules]['id'];

function explain(rule: ProgressRule, context: ProgressContext, event: ProgressEvent): Omit<IssueEvent, 'type' | 'rule'> {
  const token = context.token === undefined ? '(none)' : describeId(context.token);
  const request = `${context.method} request ${JSON.stringify(context.requestId)}`;
  switch (rule) {
    case 'progress/wrong-sender':
      return { message: `progress token ${token} belongs to a ${request} sent ${context.direction}; only its receiver reports progress`, pointer: '/message/params/progressToken' };
    case 'progress/not-increasing':
      return {
        message: `progress must increase with each notification: ${event.type === 'progress' ? event.progress : '?'} follows ${context.last} for token ${token}`,
        pointer: '/message/params/progress',
      };
    case 'progress/exceeds-total': {
      const total = event.type === 'progress' && event.total !== undefined ? event.total : context.total;
      return { message: `progress ${event.type === 'progress' ? event.progress : '?'} exceeds the total ${total} for token ${token}`, pointer: '/message/params/progress' };
    }
    case 'progress/after-completion':
      return {
        message: context.taskId === undefined
          ? `progress for token ${token} after its ${request} was answered`
          : `progress for token ${token} after task ${JSON.stringify(context.taskId)} reached a terminal status`,
        pointer: '/message/params/progressToken',
      };
    case 'progress/unknown-token': {
      const named = event.type === 'progress' && event.token !== undefined ? JSON.stringify(event.token) : '(none)';
      const sent = event.type === 'progress' ? ` sent ${OPPOSITE[event.from]}` : '';
      return { message: `progress token ${named} names no active request${sent}`, pointer: '/message/params/progressToken' };
    }
    case 'progress/duplicate-token':
      return {
        message: `progress token ${token} is already used by the active ${request}; tokens must be unique across active requests`,
        pointer: '/message/params/_meta/progressToken',
      };
    default:
      return { message: `progress token ${token}: ${rule}` };
  }
}

/** A notification naming a token no active request carries: judged by the actor that holds none, which stays `open`. */
const UNKNOWN_TOKEN = { guard: { type: 'namesUnheldToken' }, actions: { type: 'reportIssue', params: { rule: 'progress/unknown-token' } } } as const;

/**
 * One progress token, from the request that carries it: open (in flight, cancelled but not yet
 * answered, or carried on by the task the request created) -> done. While open, each
 * notification must come from the request's receiver and increase; once done, none may follow.
 * Progress naming a token no active request carries is judged by an actor that holds none
 * ({@link UNHELD_PROGRESS}), which rejects it as `progress/unknown-token` and never moves.
 */
export const progressMachine = setup({
  types: {
    context: {} as ProgressContext,
    events: {} as ProgressEvent,
    input: {} as ProgressInput,
    emitted: {} as IssueEvent,
  },
  guards: {
    /** The notification names a token this machine does not hold (the unheld actor holds none). */
    namesUnheldToken: ({ context, event }) =>
      event.type === 'progress' && event.token !== undefined && (context.token === undefined || idKey(event.token) !== idKey(context.token)),
    isFromRequestor: ({ context, event }) => event.type === 'progress' && event.from === context.direction,
    isNotIncreasing: ({ context, event }) => event.type === 'progress' && context.last !== undefined && !(event.progress > context.last),
    exceedsTotal: ({ context, event }) => {
      if (event.type !== 'progress') return false;
      const total = event.total ?? context.total;
      return total !== undefined && event.progress > total;
    },
  },
  actions: {
    recordProgress: assign({
      last: ({ context, event }) => (event.type === 'progress' ? event.progress : context.last),
      total: ({ context, event }) => (event.type === 'progress' && event.total !== undefined ? event.total : context.total),
    }),
    recordTask: assign({ taskId: ({ context, event }) => (event.type === 'task.created' ? event.taskId : context.taskId) }),
    reportIssue: emit(({ context, event }, params: { rule: ProgressRule }) => ({
      type: 'issue' as const,
      rule: params.rule,
      ...explain(params.rule, context, event),
    })),
  },
}).createMachine({
  id: 'progress',
  context: ({ input }) => ({ ...input, last: undefined, total: undefined, taskId: undefined }),
  initial: 'open',
  states: {
    open: {
      initial: 'in_flight',
      on: {
        progress: [
          UNKNOWN_TOKEN,
          { guard: { type: 'isFromRequestor' }, actions: { type: 'reportIssue', params: { rule: 'progress/wrong-sender' } } },
          { guard: { type: 'isNotIncreasing' }, actions: { type: 'reportIssue', params: { rule: 'progress/not-increasing' } } },
          {
            guard: { type: 'exceedsTotal' },
            actions: [{ type: 'reportIssue', params: { rule: 'progress/exceeds-total' } }, { type: 'recordProgress' }],
          },
          { actions: { type: 'recordProgress' } },
        ],
        reuse: { actions: { type: 'reportIssue', params: { rule: 'progress/duplicate-token' } } },
      },
      states: {
        in_flight: {
          on: {
            answered: { target: '#progress.done' },
            cancelled: { target: 'cancelled' },
            'task.created': { target: 'task', actions: { type: 'recordTask' } },
          },
        },
        cancelled: {
          description: 'Cancelled but not yet answered: progress racing the cancellation is tolerated, a late response ends the token.',
          on: { answered: { target: '#progress.done' } },
        },
        task: {
          description: 'The token stays valid for the task the request created until the task is terminal.',
          on: { 'task.ended': { target: '#progress.done' } },
        },
      },
    },
    done: {
      on: {
        progress: [
          { guard: { type: 'isFromRequestor' }, actions: { type: 'reportIssue', params: { rule: 'progress/wrong-sender' } } },
          { actions: { type: 'reportIssue', params: { rule: 'progress/after-completion' } } },
        ],
      },
    },
  },
});
