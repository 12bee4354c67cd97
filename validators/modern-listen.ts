/**
 * `subscriptions/listen`, its `notifications/subscriptions/acknowledged` and its closing result:
 * the stateless revision's opt-in stream for list-changed and resource-updated notifications.
 */
import * as v from 'valibot';
import type { ValidationContext } from './context.ts';
import { RequestIdSchema } from './envelope.ts';
import type { Finding } from './finding.ts';
import { isJsonObject, MetaSchema, NO_FINDINGS } from './shape.ts';
import { checkSchema } from './schema-check.ts';
import { SUBSCRIPTION_ID_KEY, subscriptionIdOf } from './modern-meta.ts';
import { finding } from './rules/report.ts';
import { ruleById } from './rules/index.ts';

/** The notification types a listen request may opt in to, each with the notification it enables. */
export const LISTEN_FLAGS: Readonly<Record<string, string>> = {
  toolsListChanged: 'notifications/tools/list_changed',
  promptsListChanged: 'notifications/prompts/list_changed',
  resourcesListChanged: 'notifications/resources/list_changed',
};

/** The notifications delivered only on a listen stream, with the filter flag that opts in to each. */
export const LISTENED_NOTIFICATIONS: ReadonlyMap<string, string> = new Map([
  ...Object.entries(LISTEN_FLAGS).map(([flag, method]): [string, string] => [method, flag]),
  ['notifications/resources/updated', 'resourceSubscriptions'],
]);

/**
 * A list-changed or resource-updated notification is sent only on a subscriptions/listen stream,
 * so its `_meta` names the subscription (other methods: nothing to check here).
 */
export function validateListenedNotification(method: string, params: unknown, at: string): readonly Finding[] {
  if (!LISTENED_NOTIFICATIONS.has(method) || subscriptionIdOf(params) !== undefined) return NO_FINDINGS;
  return [finding(ruleById('stateless/subscription-id-missing'), at,
    `${method} is sent only on a subscriptions/listen stream, so its _meta must carry ${SUBSCRIPTION_ID_KEY}`)];
}

/** A subscription filter: the notification types opted in to and the resource URIs subscribed. */
export interface SubscriptionFilter {
  readonly flags: ReadonlySet<string>;
  readonly resources: ReadonlySet<string>;
}

// valibot's object schemas take arrays; MetaSchema first keeps the filter a JSON object.
const SubscriptionFilterSchema = v.pipe(MetaSchema, v.looseObject({
  toolsListChanged: v.optional(v.boolean()),
  promptsListChanged: v.optional(v.boolean()),
  resourcesListChanged: v.optional(v.boolean()),
  resourceSubscriptions: v.optional(v.array(v.string())),
}));

const SubscriptionMetaSchema = v.looseObject({ [SUBSCRIPTION_ID_KEY]: RequestIdSchema });

const ListenParamsSchema = v.looseObject({ notifications: SubscriptionFilterSchema, _meta: v.optional(MetaSchema) });
const AcknowledgedParamsSchema = v.looseObject({ notifications: SubscriptionFilterSchema, _meta: SubscriptionMetaSchema });
const ListenResultSchema = v.looseObject({ _meta: SubscriptionMetaSchema });

/** The filter of listen params or acknowledged params (`notifications`); empty when malformed. */
export function subscriptionFilterOf(params: unknown): SubscriptionFilter {
  const filter = isJsonObject(params) ? params['notifications'] : undefined;
  const flags = new Set<string>();
  const resources = new Set<string>();
  if (isJsonObject(filter)) {
    for (const flag of Object.keys(LISTEN_FLAGS)) if (filter[flag] === true) flags.add(flag);
    const uris = filter['resourceSubscriptions'];
    if (Array.isArray(uris)) for (const uri of uris) if (typeof uri === 'string') resources.add(uri);
  }
  return { flags, resources };
}

/** Validates subscriptions/listen params: a subscription filter under `notifications`. */
export function validateListenParams(params: unknown, at: string): readonly Finding[] {
  return checkSchema(ListenParamsSchema, params, ruleById('stateless/listen-params'), at, 'subscriptions/listen params');
}

/** Validates a subscriptions/listen result: `_meta` naming the subscription it closes. */
export function validateListenResult(result: unknown, at: string, _requestParams: unknown, _ctx: ValidationContext): readonly Finding[] {
  return checkSchema(ListenResultSchema, result, ruleById('stateless/listen-result'), at, 'subscriptions/listen result');
}

/** Validates notifications/subscriptions/acknowledged params: the agreed filter and the subscription id. */
export function validateAcknowledgedParams(params: unknown, at: string): readonly Finding[] {
  return checkSchema(AcknowledgedParamsSchema, params, ruleById('stateless/acknowledged-params'), at, 'notifications/subscriptions/acknowledged params');
}
