// Why: resources/subscribe and resources/unsubscribe reach the subscription charts at three points
// of a request's way (sent, answered, a result checked), each as a chart event built from the
// request and its pending entry. Building those events here keeps the session's composition to
// "ask the subscriptions"; the rules stay in the subscription chart.
import type { TransportContext } from '../validators/authorization.ts';
import type { JsonObject } from '../validators/context.ts';
import type { Finding } from '../validators/finding.ts';
import { RULES } from '../validators/rules/index.ts';
import type { PendingRequest } from './correlation.ts';
import type { SubscriptionEvent } from './subscription.ts';
import { holderOf, type Subscriptions } from './subscriptions.ts';

/** A subscribe or unsubscribe request on its way to the subscription of its URI and holder. */
export interface SubscriptionCall {
  readonly uri: string;
  readonly context: TransportContext;
  readonly event: SubscriptionEvent;
}

/** The subscription event a request of `method` sends, if it is a subscribe or unsubscribe. */
export function subscriptionCallOf(method: string, params: JsonObject | undefined, context: TransportContext, strict: boolean): SubscriptionCall | undefined {
  if (method !== 'resources/subscribe' && method !== 'resources/unsubscribe') return undefined;
  const event: SubscriptionEvent = { type: method === 'resources/subscribe' ? 'subscribe.sent' : 'unsubscribe.sent', who: holderOf(context), strict };
  return { uri: String(params?.['uri']), context, event };
}

/**
 * Whether the subscription refuses the call (the course profile's rules): a refused one takes its
 * rejecting transition now, before it becomes pending; an accepted one is sent once it is recorded.
 */
export function refusesSubscriptionCall(subscriptions: Subscriptions, call: SubscriptionCall): boolean {
  const judged = subscriptions.judge(call.uri, call.context, call.event);
  if (!judged.emitted.some((e) => RULES.get(e.rule)?.severity !== 'warning')) return false;
  subscriptions.send(call.uri, call.context, call.event);
  return true;
}

/** The uri a pending subscribe or unsubscribe named. */
function uriOf(pending: PendingRequest): string {
  return String((pending.params as JsonObject | undefined)?.['uri']);
}

/** A pending subscribe or unsubscribe answered (`ok`: with a result): its subscription learns the outcome. */
export function settleSubscriptionCall(subscriptions: Subscriptions, pending: PendingRequest, ok: boolean): void {
  const verb = pending.method === 'resources/subscribe' ? 'subscribe' : 'unsubscribe';
  subscriptions.send(uriOf(pending), { subject: pending.subject, tenant: pending.tenant }, { type: `${verb}.${ok ? 'succeeded' : 'failed'}` });
}

/** Course profile: an unsubscribe answered after a revision switch revoked its subscription ends nothing; the result is refused. */
export function unsubscribeResultFindings(subscriptions: Subscriptions, pending: PendingRequest): Finding[] {
  const judged = subscriptions.judge(uriOf(pending), { subject: pending.subject, tenant: pending.tenant }, { type: 'unsubscribe.succeeded' });
  return judged.emitted.map((e) => ({ rule: e.rule, severity: 'error', pointer: '/message/result', message: e.message }));
}
