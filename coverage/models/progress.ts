import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { ProgressContext, ProgressEvent, ProgressInput } from '../../machines/progress.ts';
import { progressMachine } from '../../machines/progress.ts';
import type { Step } from '../../machines/session.ts';
import { progressExtension } from '../../machines/progress-extension.ts';
import { IdCounter, stateValueKey, type CaseSkeleton, extensionRunsUnder, type MachineModel } from './model.ts';
import { callTool, failure, listTool, notification, result, taskObject, TOOL_SERVER_CAPABILITIES, toolResult } from './spec-wire.ts';

const TOKEN = 'job-1';
/** A token no request carries. */
const OTHER_TOKEN = 'job-2';
const TASK_ID = 'task-1';
const INPUT: ProgressInput = { token: TOKEN, direction: 'client_to_server', requestId: 3, method: 'tools/call' };

/** The client's tools/call carries the token; the values 1 and 3 (of 2) and another token reach every progress guard. */
const CATALOGUE: readonly ProgressEvent[] = [
  { type: 'progress', from: 'server_to_client', progress: 1, total: undefined },
  { type: 'progress', from: 'server_to_client', progress: 1, total: undefined, token: OTHER_TOKEN },
  { type: 'progress', from: 'server_to_client', progress: 3, total: 2 },
  { type: 'progress', from: 'client_to_server', progress: 1, total: undefined },
  { type: 'reuse', requestId: 4 },
  { type: 'answered' },
  { type: 'cancelled' },
  { type: 'task.created', taskId: TASK_ID },
  { type: 'task.ended' },
];

/** The state value, and the last progress and total, which decide the progress guards. */
function serialize(snapshot: AnyMachineSnapshot): string {
  const c = snapshot.context as ProgressContext;
  return `${stateValueKey(snapshot)}|${c.last ?? ''}|${c.total ?? ''}`;
}

function toCase(events: readonly AnyEventObject[]): CaseSkeleton {
  const path = events as readonly ProgressEvent[];
  const ids = new IdCounter(2);
  const steps: Step[] = [...listTool(ids.take())];
  const id = ids.take();
  // Only a task-augmented request creates a task; an untasked one is answered or cancelled.
  const task = path.some((e) => e.type === 'task.created');
  steps.push(callTool(id, { task, progressToken: TOKEN }));
  for (const e of path) {
    switch (e.type) {
      case 'progress':
        steps.push(notification(e.from, 'notifications/progress', { progressToken: e.token ?? TOKEN, progress: e.progress, ...(e.total === undefined ? {} : { total: e.total }) }));
        break;
      case 'reuse': steps.push(callTool(ids.take(), { progressToken: TOKEN })); break;
      case 'answered': steps.push(task ? failure('server_to_client', id) : result('server_to_client', id, toolResult())); break;
      case 'cancelled': steps.push(notification('client_to_server', 'notifications/cancelled', { requestId: id })); break;
      case 'task.created': steps.push(result('server_to_client', id, { task: taskObject(e.taskId, 'working') })); break;
      case 'task.ended': steps.push(notification('server_to_client', 'notifications/tasks/status', taskObject(TASK_ID, 'completed'))); break;
    }
  }
  return { setup: 'ready', serverCapabilities: TOOL_SERVER_CAPABILITIES, steps };
}

/** The progress machine's model: the token of the client's tools/call, reported on by the server. */
export function progressModel(): MachineModel {
  return {
    name: 'progress',
    machine: progressMachine,
    input: INPUT,
    events: () => CATALOGUE,
    serialize,
    toCase,
    home: { profile: '2025-11-25', fixture: 'spec-2025-11-25/utilities.json' },
    runsUnder: extensionRunsUnder(progressExtension),
  };
}
