import type { AnyEventObject } from 'xstate';
import type { Step } from '../../machines/session.ts';
import type { SubscriptionEvent } from '../../machines/subscription.ts';
import { subscriptionMachine } from '../../machines/subscription.ts';
import { fullContext, identityFor, revisionNames, stepContext, type ModelBasis } from './basis.ts';
import { IdCounter, stateValueKey, type CaseSkeleton, type MachineModel } from './model.ts';

const SCOPE = 'resources:subscribe';

function toCase(basis: ModelBasis, events: readonly AnyEventObject[]): CaseSkeleton {
  let revision = basis.policy.initial_revision;
  const who = identityFor(basis, revision, SCOPE);
  const uri = who?.uri ?? 'kb://unlisted/resource';
  const context = () => (who ? { transport_context: stepContext(basis, fullContext(basis, revision, who)) } : {});
  const ids = new IdCounter(2);
  let subscribeId = 0;
  let unsubscribeId = 0;
  const steps: Step[] = [];
  const answer = (id: number, ok: boolean): Step => ({
    direction: 'server_to_client',
    message: ok ? { jsonrpc: '2.0', id, result: {} } : { jsonrpc: '2.0', id, error: { code: -32603, message: 'Internal error' } },
  });
  for (const e of events as readonly SubscriptionEvent[]) {
    switch (e.type) {
      case 'subscribe.sent':
      case 'unsubscribe.sent': {
        const id = ids.take();
        if (e.type === 'subscribe.sent') subscribeId = id;
        else unsubscribeId = id;
        const method = e.type === 'subscribe.sent' ? 'resources/subscribe' : 'resources/unsubscribe';
        steps.push({ direction: 'client_to_server', message: { jsonrpc: '2.0', id, method, params: { uri } }, ...context() });
        break;
      }
      case 'subscribe.succeeded': steps.push(answer(subscribeId, true)); break;
      case 'subscribe.failed': steps.push(answer(subscribeId, false)); break;
      case 'unsubscribe.succeeded': steps.push(answer(unsubscribeId, true)); break;
      case 'unsubscribe.failed': steps.push(answer(unsubscribeId, false)); break;
      case 'update':
        steps.push({ direction: 'server_to_client', message: { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri } }, ...context() });
        break;
      case 'revoke': {
        revision = revisionNames(basis).find((r) => r !== revision) ?? revision;
        steps.push({ control_event: { type: 'activate_authorization_revision', revision } });
        break;
      }
    }
  }
  return { setup: 'ready', steps };
}

/** The subscription machine's model: one principal's subscription to one URI; the state value decides. */
export function subscriptionModel(basis: ModelBasis): MachineModel {
  const who = identityFor(basis, basis.policy.initial_revision, SCOPE);
  const input = { uri: who?.uri ?? 'kb://unlisted/resource', subject: who?.subject ?? '', tenant: who?.tenant ?? '' };
  const events: SubscriptionEvent[] = [
    { type: 'subscribe.sent' },
    { type: 'subscribe.succeeded' },
    { type: 'subscribe.failed' },
    { type: 'unsubscribe.sent' },
    { type: 'unsubscribe.succeeded' },
    { type: 'unsubscribe.failed' },
    { type: 'update', uri: input.uri },
    { type: 'revoke' },
  ];
  return {
    name: 'subscription',
    machine: subscriptionMachine,
    input,
    events: () => events,
    serialize: stateValueKey,
    toCase: (path) => toCase(basis, path),
  };
}
