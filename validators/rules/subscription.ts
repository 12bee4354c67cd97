import { COURSE, defineRules, SPEC } from './rule.ts';

/** Resource subscription lifecycle rules. */
export const subscriptionRules = defineRules('subscription', SPEC.resources, {
  'no-active-subscription': {
    text: 'notifications/resources/updated needs an active subscription of the same principal and tenant covering the URI.',
    keyword: 'MUST',
  },
  'unsubscribe-not-subscribed': {
    keyword: 'tool',
    text: 'Unsubscribing from a URI that has no active subscription (specification profiles: a warning, since the specification does not forbid it; the course profile reports subscription/unsubscribe-without-subscription).',
    severity: 'warning',
  },
  'already-subscribed': {
    keyword: 'course',
    text: 'In the course profile a session holds at most one subscription per URI: resources/subscribe is refused while a subscription to the URI is active or its subscribe is pending. The specification does not forbid a repeated subscribe (it renews nothing and harms nothing), so its profiles accept one.',
    spec: COURSE.resources,
  },
  'unsubscribe-without-subscription': {
    keyword: 'course',
    text: 'In the course profile resources/unsubscribe needs an active subscription to the URI (one whose subscribe succeeded). The specification does not forbid an unmatched unsubscribe, so its profiles only warn (subscription/unsubscribe-not-subscribed).',
    spec: COURSE.resources,
  },
  'unsubscribe-pending': {
    keyword: 'course',
    text: 'In the course profile a second resources/unsubscribe for a URI is refused while the first is unanswered.',
    spec: COURSE.resources,
  },
  'other-principal': {
    keyword: 'course',
    text: 'In the course profile a subscription belongs to the principal and tenant that made it: only they may unsubscribe from it or receive its updates.',
    spec: COURSE.resources,
  },
});
