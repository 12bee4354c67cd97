import type { AnyEventObject } from 'xstate';
import type { Step } from '../../machines/session.ts';
import { taskExtension } from '../../machines/task-extension.ts';
import type { TaskEvent, TaskInput } from '../../machines/task.ts';
import { taskMachine } from '../../machines/task.ts';
import { TASK_STATUSES } from '../../validators/tasks.ts';
import { IdCounter, stateValueKey, type CaseSkeleton, extensionRunsUnder, type MachineModel } from './model.ts';
import { callTool, listTool, notification, request, result, taskObject, TOOL_SERVER_CAPABILITIES, toolResult } from './spec-wire.ts';

const TASK_ID = 'task-1';
const INPUT: TaskInput = {
  taskId: TASK_ID,
  holder: 'server_to_client',
  method: 'tools/call',
  params: { name: 'long_job', arguments: {}, task: { ttl: 60000 } },
  requestId: 3,
};

/** Every status, a second task of the same id, and cancellation confirmed as cancelled or not. */
const CATALOGUE: readonly TaskEvent[] = [
  ...TASK_STATUSES.map((status): TaskEvent => ({ type: 'status', status, at: '/message/params/status' })),
  { type: 'created', at: '/message/result/task/taskId' },
  { type: 'cancel.requested', at: '/message/params/taskId' },
  { type: 'cancel.confirmed', status: 'cancelled', at: '/message/result/status' },
  { type: 'cancel.confirmed', status: 'working', at: '/message/result/status' },
  { type: 'result.delivered' },
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
