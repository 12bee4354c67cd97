import type { AnyEventObject } from 'xstate';
import type { Step } from '../../machines/session.ts';
import type { SubscriptionEvent } from '../../machines/subscription.ts';
import { subscriptionMachine } from '../../machines/subscription.ts';
import { fullContext, identityFor, neighbourOf, playableIn, revisionNames, stepContext, type ModelBasis } from './basis.ts';
import { IdCounter, stateValueKey, type CaseSkeleton, type MachineModel } from './model.ts';

const SCOPE = 'resources:subscribe';

function toCase(basis: ModelBasis, events: readonly AnyEventObject[]): CaseSkeleton | undefined {
  if (!playableIn(basis, events)) return undefined;
  const revision = basis.policy.initial_revision;
  const who = identityFor(basis, revision, SCOPE);
  const other = who ? neighbourOf(basis, revision, who, SCOPE) : undefined;
  const uri = who?.uri ?? 'kb://unlisted/resource';
  const context = (e: SubscriptionEvent) => {
    const speaker = 'who' in e && other !== undefined && e.who.subject === other.subject ? other : who;
    return speaker ? { transport_context: stepContext(basis, fullContext(basis, revision, speaker)) } : {};
  };
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
        steps.push({ direction: 'client_to_server', message: { jsonrpc: '2.0', id, method, params: { uri } }, ...context(e) });
        break;
      }
      case 'subscribe.succeeded': steps.push(answer(subscribeId, true)); break;
      case 'subscribe.failed': steps.push(answer(subscribeId, false)); break;
      case 'unsubscribe.succeeded': steps.push(answer(unsubscribeId, true)); break;
      case 'unsubscribe.failed': steps.push(answer(unsubscribeId, false)); break;
      case 'update':
        steps.push({ direction: 'server_to_client', message: { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri } }, ...context(e) });
        break;
      case 'revoke': {
        // A switch away and back: every profile revokes on the first, and the revision the
        // speaker and the pending requests were bound to is in force again for what follows.
        const other = revisionNames(basis).find((r) => r !== revision) ?? revision;
        steps.push({ control_event: { type: 'activate_authorization_revision', revision: other } });
        steps.push({ control_event: { type: 'activate_authorization_revision', revision } });
        break;
      }
    }
  }
  return { setup: 'ready', steps };
}

/**
 * The subscription machine's model: one subscription to one URI; the state value decides. The
 * messages that open, end or use it come in both readings (the specification's and the course
 * profile's, `strict`), and, for the course's principal checks, from another principal of the
 * same tenant too; the basis fixture's reading comes first.
 */
export function subscriptionModel(basis: ModelBasis): MachineModel {
  const who = identityFor(basis, basis.policy.initial_revision, SCOPE);
  const input = { uri: who?.uri ?? 'kb://unlisted/resource', subject: who?.subject ?? '', tenant: who?.tenant ?? '' };
  const holder = { subject: input.subject, tenant: input.tenant };
  const neighbour = who ? neighbourOf(basis, basis.policy.initial_revision, who, SCOPE) : undefined;
  const stranger = { subject: neighbour?.subject ?? `${input.subject}-other`, tenant: input.tenant };
  const messages = (strict: boolean): SubscriptionEvent[] => [
    { type: 'subscribe.sent', who: holder, strict },
    { type: 'unsubscribe.sent', who: holder, strict },
    { type: 'update', uri: input.uri, who: holder, strict },
  ];
  // The basis fixture's reading first, then the answers, then the other reading: shortest paths
  // then prefer what the basis fixture plays (ties go to the first state found).
  const course = basis.course === true;
  const events: SubscriptionEvent[] = [
    ...messages(course),
    { type: 'subscribe.succeeded' },
    { type: 'subscribe.failed' },
    { type: 'unsubscribe.succeeded' },
    { type: 'unsubscribe.failed' },
    { type: 'revoke', strict: course },
    ...messages(!course),
    { type: 'revoke', strict: !course },
    { type: 'unsubscribe.sent', who: stranger, strict: true },
    { type: 'update', uri: input.uri, who: stranger, strict: true },
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
