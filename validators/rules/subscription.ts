import { defineRules, SPEC } from './rule.ts';

/** Resource subscription lifecycle rules. */
export const subscriptionRules = defineRules('subscription', SPEC.resources, {
  'no-active-subscription':
    'notifications/resources/updated needs an active subscription of the same principal and tenant covering the URI.',
  'unsubscribe-not-subscribed': { text: 'Unsubscribing from a URI that has no active subscription.', severity: 'warning' },
});
