import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { CancellationContext, CancellationEvent, CancelTarget } from '../../machines/cancellation.ts';
import { cancellationMachine } from '../../machines/cancellation.ts';
import type { Step } from '../../machines/session.ts';
import { cancellationExtension } from '../../machines/cancellation-extension.ts';
import type { IdKey } from '../../validators/envelope.ts';
import { IdCounter, stateValueKey, type CaseSkeleton, extensionRunsUnder, type MachineModel } from './model.ts';
import { callTool, listTool, notification, request, result, TOOL_SERVER_CAPABILITIES } from './spec-wire.ts';

const cancel = (id: number, target: CancelTarget): CancellationEvent => ({ type: 'cancel', key: `n:${id}`, id, by: 'client_to_server', target });

/** One request per guard: a ping in flight (11), never issued (99), initialize (1), a task-augmented call (12), an answered ping (13). */
const CATALOGUE: readonly CancellationEvent[] = [
  cancel(11, { pending: true, issued: 'yes', method: 'ping', taskAugmented: false }),
  { type: 'response', key: 'n:11' },
  cancel(99, { pending: false, issued: 'no', method: undefined, taskAugmented: false }),
  cancel(1, { pending: false, issued: 'yes', method: 'initialize', taskAugmented: false }),
  cancel(12, { pending: true, issued: 'yes', method: 'tools/call', taskAugmented: true }),
  cancel(13, { pending: false, issued: 'yes', method: 'ping', taskAugmented: false }),
];

/** The state value and the cancelled keys, which decide every guard but the target's own facts. */
function serialize(snapshot: AnyMachineSnapshot): string {
  return `${stateValueKey(snapshot)}|${[...(snapshot.context as CancellationContext).cancelled.keys()].sort().join(',')}`;
}

/**
 * The catalogue's requests become wire requests with fresh ids (the spec profiles never reuse
 * one): a target said to be in flight is sent when it is not, one said to be answered is sent
 * and answered first.
 */
function toCase(events: readonly AnyEventObject[]): CaseSkeleton {
  const ids = new IdCounter(2);
  const steps: Step[] = [];
  const wire = new Map<IdKey, { id: number; answered: boolean }>();
  let listed = false;
  const send = (key: IdKey, tasked: boolean): number => {
    if (tasked && !listed) {
      steps.push(...listTool(ids.take()));
      listed = true;
    }
    const id = ids.take();
    steps.push(tasked ? callTool(id, { task: true }) : request('client_to_server', id, 'ping'));
    wire.set(key, { id, answered: false });
    return id;
  };
  const answer = (key: IdKey): void => {
    const w = wire.get(key)!;
    steps.push(result('server_to_client', w.id, {}));
    w.answered = true;
  };
  for (const e of events as readonly CancellationEvent[]) {
    if (e.type === 'response') {
      if (wire.get(e.key)?.answered !== false) send(e.key, false);
      answer(e.key);
      continue;
    }
    let id: number;
    if (e.target.method === 'initialize') id = 1;
    else if (e.target.issued === 'no') id = ids.take();
    else {
      const w = wire.get(e.key);
      if (e.target.pending) id = w !== undefined && !w.answered ? w.id : send(e.key, e.target.taskAugmented);
      else {
        if (w === undefined) send(e.key, e.target.taskAugmented);
        if (!wire.get(e.key)!.answered) answer(e.key);
        id = wire.get(e.key)!.id;
      }
    }
    steps.push(notification('client_to_server', 'notifications/cancelled', { requestId: id }));
  }
  return { setup: 'ready', ...(listed ? { serverCapabilities: TOOL_SERVER_CAPABILITIES } : {}), steps };
}

/** The cancellation machine's model: the client's requests and its cancellations of them. */
export function cancellationModel(): MachineModel {
  return {
    name: 'cancellation',
    machine: cancellationMachine,
    input: { direction: 'client_to_server', revision: '2025-11-25' },
    events: () => CATALOGUE,
    serialize,
    toCase,
    home: { profile: '2025-11-25', fixture: 'spec-2025-11-25/utilities.json' },
    runsUnder: extensionRunsUnder(cancellationExtension),
  };
}
