import { assign, emit, setup } from 'xstate';
import type { Direction } from '../validators/context.ts';
import type { RequestId } from '../validators/envelope.ts';
import type { tasksRules } from '../validators/rules/tasks.ts';
import type { TaskStatus } from '../validators/tasks.ts';
import type { IssueEvent } from './issue.ts';

/**
 * What one task's machine remembers: who holds it, the request it wraps and its last status. The
 * actor that judges messages naming a task no machine holds has no task id (see {@link UNHELD_TASK}).
 */
export interface TaskContext {
  readonly taskId: string | undefined;
  /** The direction the task's receiver answers in (the receiver holds the task). */
  readonly holder: Direction;
  /** The task-augmented request's method and params (without `task`), when the task was created in view. */
  readonly method: string | undefined;
  readonly params: unknown;
  readonly requestId: RequestId | undefined;
  /** The last status reported; `working` at creation. */
  readonly status: TaskStatus;
}

/** What the task machine is created with. */
export type TaskInput = Omit<TaskContext, 'status'>;

/**
 * The input of the actor kept for task ids no machine holds: it holds none, so every message it is
 * given names another task and is judged unknown (`isUnknownTask`, `isUnknownRelatedTask`).
 */
export const UNHELD_TASK: TaskInput = { taskId: undefined, holder: 'server_to_client', method: undefined, params: undefined, requestId: undefined };

/** Events of one task's life; `at` is the JSON Pointer of the status (or task id) in the step. */
export type TaskEvent =
  /** A status reported by a CreateTaskResult, tasks/get, tasks/list or notifications/tasks/status. */
  | { readonly type: 'status'; readonly status: TaskStatus; readonly at: string }
  /** Another CreateTaskResult of the same receiver names this task id. */
  | { readonly type: 'created'; readonly at: string }
  /** The requestor sent tasks/cancel. */
  | { readonly type: 'cancel.requested'; readonly at: string }
  /** The receiver answered tasks/cancel with a Task. */
  | { readonly type: 'cancel.confirmed'; readonly status: TaskStatus; readonly at: string }
  /** tasks/result returned the final result, which the receiver may do only once the task is terminal. */
  | { readonly type: 'result.delivered' }
  /**
   * A message sent `from` one side names task `taskId`: a tasks/get, tasks/result or tasks/cancel
   * request (`by: 'query'`, sent by the requestor) or a status notification (`by: 'status'`, sent
   * by the receiver that holds it). `creationAwaited`: a task-augmented request of the same
   * receiver still awaits its CreateTaskResult, which a status notification may overtake.
   */
  | { readonly type: 'mentioned'; readonly taskId: string; readonly by: 'query' | 'status'; readonly from: Direction; readonly creationAwaited: boolean; readonly at: string }
  /** Related-task metadata of another message names task `taskId`. */
  | { readonly type: 'related'; readonly taskId: string; readonly at: string };

/** Rule ids the task machine can raise. */
export type TaskRule = (typeof tasksRules)[keyof typeof tasksRules]['id'];

function explain(rule: TaskRule, context: TaskContext, event: TaskEvent): string {
  const task = `task ${JSON.stringify(context.taskId)}`;
  const named = `task ${'taskId' in event ? JSON.stringify(event.taskId) : '?'}`;
  const terminal = context.status === 'completed' || context.status === 'failed' || context.status === 'cancelled';
  const was = terminal ? context.status : 'tasks/result already returned its final result';
  switch (rule) {
    case 'tasks/terminal-transition':
      return `${task} is terminal (${was}) and must not move to ${event.type === 'status' ? event.status : 'another status'}`;
    case 'tasks/task-id-reused':
      return `${task} already exists; task ids must be unique among the receiver's tasks`;
    case 'tasks/cancel-terminal-task':
      return `${task} is already terminal (${was}); the receiver must reject this cancellation with -32602`;
    case 'tasks/cancel-accepted-terminal':
      return `${task} was already terminal (${was}), so tasks/cancel must be rejected with -32602, not answered with a Task`;
    case 'tasks/unknown-task':
      return `${named} was not created in this session`;
    case 'tasks/unknown-related-task':
      return `related-task metadata names ${named}, which was not created in this session`;
    case 'tasks/wrong-side': {
      const owner = context.holder === 'server_to_client' ? 'server' : 'client';
      return `${task} is held by the ${owner}: only its requestor queries it and only the ${owner} reports its status`;
    }
    case 'tasks/cancel-result-status':
      return `a successful tasks/cancel must leave ${task} cancelled, but it reports ${event.type === 'cancel.confirmed' ? event.status : '?'}`;
    default:
      return `${task}: ${rule}`;
  }
}

const STATUSES = ['working', 'input_required', 'completed', 'failed', 'cancelled'] as const;

/** From a non-terminal status, a report of any status moves there (the same status stays). */
const FROM_OPEN = STATUSES.map((status) => ({
  guard: { type: 'hasStatus' as const, params: { status } },
  target: status,
  actions: { type: 'recordStatus' as const },
}));

/** From a terminal status, only the same status may be reported again. */
function fromTerminal(status: 'completed' | 'failed' | 'cancelled') {
  return {
    tags: ['terminal'],
    on: {
      status: [
        { guard: { type: 'hasStatus' as const, params: { status } } },
        { actions: { type: 'reportIssue' as const, params: { rule: 'tasks/terminal-transition' as const } } },
      ],
      'cancel.requested': { actions: { type: 'reportIssue' as const, params: { rule: 'tasks/cancel-terminal-task' as const } } },
      'cancel.confirmed': { actions: { type: 'reportIssue' as const, params: { rule: 'tasks/cancel-accepted-terminal' as const } } },
    },
  };
}

/** A non-terminal status: any status may follow; a cancellation must confirm `cancelled`. */
const OPEN = {
  on: {
    status: FROM_OPEN,
    'cancel.confirmed': [
      { guard: { type: 'hasStatus' as const, params: { status: 'cancelled' as const } }, target: 'cancelled', actions: { type: 'recordStatus' as const } },
      { actions: { type: 'reportIssue' as const, params: { rule: 'tasks/cancel-result-status' as const } } },
    ],
    'result.delivered': { target: 'ended' },
  },
};

/**
 * One task, held by its receiver: working <-> input_required -> completed | failed | cancelled.
 * The terminal statuses have no way out (a report of another status is a finding), and so has
 * `ended`: tasks/result returned the final result, which happens only once the task is terminal,
 * before any terminal status was seen. Terminal states are not xstate `final` states, so that a
 * report arriving later is still judged. In any state, a query must come from the task's requestor
 * and a status notification from its holder (`tasks/wrong-side`); messages naming a task no machine
 * holds go to an actor that holds none ({@link UNHELD_TASK}), which rejects them as unknown.
 */
export const taskMachine = setup({
  types: {
    context: {} as TaskContext,
    events: {} as TaskEvent,
    input: {} as TaskInput,
    emitted: {} as IssueEvent,
  },
  guards: {
    /** A message names a task this machine does not hold; a status notification is not judged while a creation it may overtake is awaited. */
    isUnknownTask: ({ context, event }) =>
      event.type === 'mentioned' && event.taskId !== context.taskId && !(event.by === 'status' && event.creationAwaited),
    isUnknownRelatedTask: ({ context, event }) => event.type === 'related' && event.taskId !== context.taskId,
    /** Only the requestor queries a task (the receiver answers in `holder`), and only the receiver reports its status. */
    isWrongSide: ({ context, event }) =>
      event.type === 'mentioned' && event.taskId === context.taskId && (event.by === 'query' ? event.from === context.holder : event.from !== context.holder),
    hasStatus: ({ event }, params: { status: TaskStatus }) =>
      (event.type === 'status' || event.type === 'cancel.confirmed') && event.status === params.status,
  },
  actions: {
    recordStatus: assign({
      status: ({ context, event }) => (event.type === 'status' || event.type === 'cancel.confirmed' ? event.status : context.status),
    }),
    reportIssue: emit(({ context, event }, params: { rule: TaskRule }) => ({
      type: 'issue' as const,
      rule: params.rule,
      pointer: 'at' in event ? event.at : '/message',
      message: explain(params.rule, context, event),
    })),
  },
}).createMachine({
  id: 'task',
  context: ({ input }) => ({ ...input, status: 'working' }),
  initial: 'working',
  on: {
    created: { actions: { type: 'reportIssue', params: { rule: 'tasks/task-id-reused' } } },
    mentioned: [
      { guard: 'isUnknownTask', actions: { type: 'reportIssue', params: { rule: 'tasks/unknown-task' } } },
      { guard: 'isWrongSide', actions: { type: 'reportIssue', params: { rule: 'tasks/wrong-side' } } },
    ],
    related: { guard: 'isUnknownRelatedTask', actions: { type: 'reportIssue', params: { rule: 'tasks/unknown-related-task' } } },
  },
  states: {
    working: OPEN,
    input_required: OPEN,
    completed: fromTerminal('completed'),
    failed: fromTerminal('failed'),
    cancelled: fromTerminal('cancelled'),
    ended: {
      tags: ['terminal'],
      description: 'Terminal, its status not yet seen: tasks/result returned the final result.',
      on: {
        status: [
          { guard: { type: 'hasStatus', params: { status: 'completed' } }, target: 'completed', actions: { type: 'recordStatus' } },
          { guard: { type: 'hasStatus', params: { status: 'failed' } }, target: 'failed', actions: { type: 'recordStatus' } },
          { guard: { type: 'hasStatus', params: { status: 'cancelled' } }, target: 'cancelled', actions: { type: 'recordStatus' } },
          { actions: { type: 'reportIssue', params: { rule: 'tasks/terminal-transition' } } },
        ],
        'cancel.requested': { actions: { type: 'reportIssue', params: { rule: 'tasks/cancel-terminal-task' } } },
        'cancel.confirmed': { actions: { type: 'reportIssue', params: { rule: 'tasks/cancel-accepted-terminal' } } },
      },
    },
  },
});
