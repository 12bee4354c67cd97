import type { AnyEventObject } from 'xstate';
import type { Step } from '../../machines/session.ts';
import { taskExtension } from '../../machines/task-extension.ts';
import type { TaskEvent, TaskInput } from '../../machines/task.ts';
import { taskMachine } from '../../machines/task.ts';
import { RELATED_TASK_KEY, TASK_STATUSES } from '../../validators/tasks.ts';
import { IdCounter, stateValueKey, type CaseSkeleton, extensionRunsUnder, type MachineModel } from './model.ts';
import { callTool, listTool, notification, request, result, taskObject, TOOL_SERVER_CAPABILITIES, toolResult } from './spec-wire.ts';

const TASK_ID = 'task-1';
/** A task id no task holds. */
const OTHER_TASK_ID = 'task-2';
const INPUT: TaskInput = {
  taskId: TASK_ID,
  holder: 'server_to_client',
  method: 'tools/call',
  params: { name: 'long_job', arguments: {}, task: { ttl: 60000 } },
  requestId: 3,
};

/**
 * Every status, a second task of the same id, cancellation confirmed as cancelled or not, the task
 * queried by its holder and its status reported by its requestor (the wrong sides), and another
 * task queried and named by related-task metadata.
 */
const CATALOGUE: readonly TaskEvent[] = [
  ...TASK_STATUSES.map((status): TaskEvent => ({ type: 'status', status, at: '/message/params/status' })),
  { type: 'created', at: '/message/result/task/taskId' },
  { type: 'cancel.requested', at: '/message/params/taskId' },
  { type: 'cancel.confirmed', status: 'cancelled', at: '/message/result/status' },
  { type: 'cancel.confirmed', status: 'working', at: '/message/result/status' },
  { type: 'result.delivered' },
  { type: 'mentioned', taskId: TASK_ID, by: 'query', from: 'server_to_client', creationAwaited: false, at: '/message/params/taskId' },
  { type: 'mentioned', taskId: TASK_ID, by: 'status', from: 'client_to_server', creationAwaited: false, at: '/message/params/taskId' },
  { type: 'mentioned', taskId: OTHER_TASK_ID, by: 'query', from: 'client_to_server', creationAwaited: false, at: '/message/params/taskId' },
  { type: 'related', taskId: OTHER_TASK_ID, at: `/message/params/_meta/${RELATED_TASK_KEY}/taskId` },
];

/**
 * The server's task, created by the client's task-augmented tools/call. A confirmation answers a
 * tasks/cancel sent while the task was still open (one is sent up front per confirmation on the
 * path, which an open task takes without a transition), since a terminal task refuses new ones.
 */
function toCase(events: readonly AnyEventObject[]): CaseSkeleton {
  const path = events as readonly TaskEvent[];
  const ids = new IdCounter(2);
  const steps: Step[] = [...listTool(ids.take())];
  const call = ids.take();
  steps.push(callTool(call, { task: true }), result('server_to_client', call, { task: taskObject(TASK_ID, 'working') }));
  const cancels: number[] = [];
  const confirmations = path.filter((e) => e.type === 'cancel.confirmed').length;
  for (let i = 0; i < confirmations; i++) {
    const id = ids.take();
    cancels.push(id);
    steps.push(request('client_to_server', id, 'tasks/cancel', { taskId: TASK_ID }));
  }
  for (const e of path) {
    switch (e.type) {
      case 'status': steps.push(notification('server_to_client', 'notifications/tasks/status', taskObject(TASK_ID, e.status))); break;
      case 'created': {
        const id = ids.take();
        steps.push(callTool(id, { task: true }), result('server_to_client', id, { task: taskObject(TASK_ID, 'working') }));
        break;
      }
      case 'cancel.requested': steps.push(request('client_to_server', ids.take(), 'tasks/cancel', { taskId: TASK_ID })); break;
      case 'cancel.confirmed': steps.push(result('server_to_client', cancels.shift()!, taskObject(TASK_ID, e.status))); break;
      case 'result.delivered': {
        const id = ids.take();
        steps.push(request('client_to_server', id, 'tasks/result', { taskId: TASK_ID }), result('server_to_client', id, toolResult(TASK_ID)));
        break;
      }
      case 'mentioned':
        steps.push(e.by === 'query'
          ? request(e.from, ids.take(), 'tasks/get', { taskId: e.taskId })
          : notification(e.from, 'notifications/tasks/status', taskObject(e.taskId, 'working')));
        break;
      case 'related': steps.push(request('client_to_server', ids.take(), 'ping', { _meta: { [RELATED_TASK_KEY]: { taskId: e.taskId } } })); break;
    }
  }
  return { setup: 'ready', serverCapabilities: TOOL_SERVER_CAPABILITIES, steps };
}

/** The task machine's model: one task the server holds; its state value is all that decides. */
export function taskModel(): MachineModel {
  return {
    name: 'task',
    machine: taskMachine,
    input: INPUT,
    events: () => CATALOGUE,
    serialize: stateValueKey,
    toCase,
    home: { profile: '2025-11-25', fixture: 'spec-2025-11-25/tasks.json' },
    runsUnder: extensionRunsUnder(taskExtension),
  };
}
