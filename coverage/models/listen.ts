import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { Step } from '../../machines/session.ts';
import { listenMachine, type ListenContext, type ListenEvent, type ListenFilter } from '../../machines/listen.ts';
import { modernExtension } from '../../machines/modern-extension.ts';
import type { JsonObject } from '../../validators/context.ts';
import { CLIENT_CAPABILITIES_KEY, CLIENT_INFO_KEY, PROTOCOL_VERSION_KEY, SUBSCRIPTION_ID_KEY } from '../../validators/modern-meta.ts';
import { type CaseSkeleton, extensionRunsUnder, type MachineModel } from './model.ts';
import { failure, notification, request, result } from './spec-wire.ts';

const ID = 'l1';
const LISTENED = 'file:///project/config.json';
const OTHER = 'file:///project/src/main.rs';

const filter = (flags: readonly string[], resources: readonly string[]): ListenFilter => ({ flags, resources });
const REQUESTED = filter(['toolsListChanged'], [LISTENED]);

/** In every state: the listen request, one acknowledgement of each kind, the notifications, the cancellations and the answers. */
const EVENTS: readonly ListenEvent[] = [
  { type: 'listen', id: ID, requested: REQUESTED },
  { type: 'acknowledged', id: ID, agreed: REQUESTED },
  { type: 'acknowledged', id: ID, agreed: filter(['toolsListChanged', 'promptsListChanged'], [LISTENED]) },
  { type: 'notification', id: ID, method: 'notifications/tools/list_changed', flag: 'toolsListChanged', uri: undefined },
  { type: 'notification', id: ID, method: 'notifications/prompts/list_changed', flag: 'promptsListChanged', uri: undefined },
  { type: 'notification', id: ID, method: 'notifications/resources/updated', flag: 'resourceSubscriptions', uri: LISTENED },
  { type: 'notification', id: ID, method: 'notifications/resources/updated', flag: 'resourceSubscriptions', uri: OTHER },
  { type: 'cancelled', id: ID, by: 'server_to_client' },
  { type: 'cancelled', id: ID, by: 'client_to_server' },
  { type: 'result', id: ID, subscriptionId: 'l2' },
  { type: 'result', id: ID, subscriptionId: ID },
  { type: 'result', id: ID, subscriptionId: undefined },
  { type: 'closed' },
];

/** The state value and what was acknowledged, which decides the notification guards. */
function serialize(snapshot: AnyMachineSnapshot): string {
  const c = snapshot.context as ListenContext;
  const acked = c.acknowledged ? [...c.acknowledged.flags, ...c.acknowledged.resources].sort().join(',') : '-';
  return `${String(snapshot.value)}|${acked}`;
}

const META: JsonObject = {
  [PROTOCOL_VERSION_KEY]: '2026-07-28',
  [CLIENT_INFO_KEY]: { name: 'sample-client', version: '1.0.0' },
  [CLIENT_CAPABILITIES_KEY]: {},
};

function filterJson(f: ListenFilter): JsonObject {
  return { ...Object.fromEntries([...f.flags].map((k) => [k, true])), ...(f.resources.length === 0 ? {} : { resourceSubscriptions: [...f.resources] }) };
}

const onStream = (id: unknown): JsonObject => ({ _meta: { [SUBSCRIPTION_ID_KEY]: id as string } });

function answer(subscriptionId: unknown): Step {
  return result('server_to_client', ID, { resultType: 'complete', ...(subscriptionId === undefined ? {} : onStream(subscriptionId)) });
}

function toCase(events: readonly AnyEventObject[]): CaseSkeleton {
  const steps: Step[] = [];
  const listen = (requested: ListenFilter) => request('client_to_server', ID, 'subscriptions/listen', { _meta: META, notifications: filterJson(requested) });
  /** Whether the listen request is unanswered (a result needs one to answer). */
  let pending = false;
  let answered = false;
  for (const e of events as readonly ListenEvent[]) {
    switch (e.type) {
      case 'listen':
        steps.push(listen(e.requested));
        pending = true;
        break;
      case 'acknowledged': steps.push(notification('server_to_client', 'notifications/subscriptions/acknowledged', { ...onStream(e.id), notifications: filterJson(e.agreed) })); break;
      case 'notification': steps.push(notification('server_to_client', e.method, { ...onStream(e.id), ...(e.uri === undefined ? {} : { uri: e.uri }) })); break;
      case 'cancelled': steps.push(notification(e.by, 'notifications/cancelled', { requestId: ID })); break;
      // A result is judged (`result`), then taken (`closed`): one message for both. A result with no
      // stream open answers a listen the client cancelled (the answer may cross the cancellation).
      case 'result':
        if (!pending) steps.push(listen(REQUESTED), notification('client_to_server', 'notifications/cancelled', { requestId: ID }));
        steps.push(answer(e.subscriptionId));
        pending = false;
        break;
      // An answer taken without a result's judgement: an error (refusing a listen breaks no line).
      case 'closed':
        if (!answered) steps.push(failure('server_to_client', ID));
        pending = false;
        break;
    }
    answered = e.type === 'result';
  }
  return { setup: 'ready', serverCapabilities: { tools: { listChanged: true }, prompts: { listChanged: true }, resources: { subscribe: true, listChanged: true } }, steps };
}

/** The listen stream's model: the client listens for tool list changes and one resource. */
export function listenModel(): MachineModel {
  return {
    name: 'listen',
    machine: listenMachine,
    input: undefined,
    events: (snapshot) => (snapshot.status === 'active' ? EVENTS : []),
    serialize,
    toCase,
    home: { profile: '2026-07-28', fixture: 'spec-2026-07-28/listen.json' },
    runsUnder: extensionRunsUnder(modernExtension),
  };
}
