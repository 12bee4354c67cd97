import { and, assign, emit, not, setup } from 'xstate';
import type { IssueEvent } from './issue.ts';

/** Who a subscription message speaks for (from its transport context). */
export interface SubscriptionHolder {
  readonly subject: string;
  readonly tenant: string;
}

/** Identifies one subscription: the resource URI and who holds it. */
export interface SubscriptionContext extends SubscriptionHolder {
  readonly uri: string;
}

/**
 * Events of one subscription's life; state changes only on responses, never on requests alone.
 * `strict` marks the course profile's reading, whose reference keeps one subscription per URI in
 * a session and refuses a repeated subscribe, an unmatched or repeated unsubscribe and another
 * principal's unsubscribe or update; otherwise the specification's, which forbids none of them.
 */
export type SubscriptionEvent =
  | { readonly type: 'subscribe.sent'; readonly who: SubscriptionHolder; readonly strict?: boolean }
  | { readonly type: 'subscribe.succeeded' }
  | { readonly type: 'subscribe.failed' }
  | { readonly type: 'unsubscribe.sent'; readonly who: SubscriptionHolder; readonly strict?: boolean }
  | { readonly type: 'unsubscribe.succeeded' }
  | { readonly type: 'unsubscribe.failed' }
  | { readonly type: 'update'; readonly uri: string; readonly who: SubscriptionHolder; readonly strict?: boolean }
  | { readonly type: 'revoke'; readonly strict?: boolean };

/** Rules a subscription machine raises. */
type SubscriptionRule =
  | 'subscription/no-active-subscription'
  | 'subscription/unsubscribe-not-subscribed'
  | 'subscription/already-subscribed'
  | 'subscription/unsubscribe-without-subscription'
  | 'subscription/unsubscribe-pending'
  | 'subscription/other-principal';

function whoOf(event: SubscriptionEvent): SubscriptionHolder | undefined {
  return 'who' in event ? event.who : undefined;
}

/** " for principal P of T", when a transport context named one (a session without authorization names none). */
function forPrincipal(who: SubscriptionHolder): string {
  if (who.subject === '') return '';
  return ` for principal ${who.subject}${who.tenant === '' ? '' : ` of ${who.tenant}`}`;
}

function explain(rule: SubscriptionRule, context: SubscriptionContext, event: SubscriptionEvent, pending: boolean): string {
  const uri = event.type === 'update' ? event.uri : context.uri;
  const who = whoOf(event) ?? context;
  switch (rule) {
    case 'subscription/no-active-subscription':
      return `resource update has no active subscription: no active subscription covers ${uri}${forPrincipal(who)}`;
    case 'subscription/unsubscribe-not-subscribed':
      return `unsubscribe from ${uri}, which has no active subscription${forPrincipal(who)}`;
    case 'subscription/already-subscribed':
      return pending
        ? `resource already has a pending subscription: ${uri} (subscribe sent by ${context.subject} of ${context.tenant}, unanswered)`
        : `resource already has an active subscription: ${uri} (held by ${context.subject} of ${context.tenant})`;
    case 'subscription/unsubscribe-without-subscription':
      return `resource has no active subscription: ${uri} has no subscription whose subscribe succeeded, so there is nothing to unsubscribe`;
    case 'subscription/unsubscribe-pending':
      return `resource already has a pending unsubscription: ${uri} (an earlier unsubscribe is unanswered)`;
    case 'subscription/other-principal':
      return event.type === 'update'
        ? `resource update principal does not match the active subscription: ${uri} is delivered to ${who.subject} of ${who.tenant}, but ${context.subject} of ${context.tenant} holds the subscription to ${context.uri}`
        : `unsubscribe principal does not own the active subscription: ${who.subject} of ${who.tenant} cannot end the subscription to ${uri} held by ${context.subject} of ${context.tenant}`;
  }
}

/**
 * One resource subscription: idle -> subscribing -> active -> unsubscribing (and, outside the
 * course profile, cancelling, when an unsubscribe is sent before the subscribe is answered). A
 * failed subscribe creates nothing; a failed unsubscribe keeps the subscription; an authorization
 * revision switch revokes it. The course profile's guards (`isStrict`) refuse what its reference
 * refuses: a repeated subscribe, an unsubscribe without an active subscription or while another
 * is pending, and another principal's unsubscribe or update. Its switch revokes the active
 * subscription only: a subscribe or unsubscribe still pending stays pending (its answer is checked
 * again under the revision then in force), so an unsubscribe whose subscription a switch revoked
 * is `orphaned`, and one answered successfully finds nothing to end; the URI may be subscribed
 * again meanwhile (`resubscribing`).
 */
export const subscriptionMachine = setup({
  types: {
    context: {} as SubscriptionContext,
    events: {} as SubscriptionEvent,
    input: {} as SubscriptionContext,
    emitted: {} as IssueEvent,
  },
  guards: {
    isStrict: ({ event }) => 'strict' in event && event.strict === true,
    isHolder: ({ context, event }) => {
      const who = whoOf(event);
      return who === undefined || (who.subject === context.subject && who.tenant === context.tenant);
    },
  },
  actions: {
    recordHolder: assign({
      subject: ({ context, event }) => whoOf(event)?.subject ?? context.subject,
      tenant: ({ context, event }) => whoOf(event)?.tenant ?? context.tenant,
    }),
    reportIssue: emit(({ context, event }, params: { rule: SubscriptionRule; pending?: boolean }) => ({
      type: 'issue' as const,
      rule: params.rule,
      pointer: '/message/params/uri',
      message: explain(params.rule, context, event, params.pending === true),
    })),
  },
}).createMachine({
  id: 'subscription',
  context: ({ input }) => input,
  initial: 'idle',
  states: {
    idle: {
      on: {
        'subscribe.sent': { target: 'subscribing', actions: { type: 'recordHolder' } },
        'unsubscribe.sent': [
          { guard: { type: 'isStrict' }, actions: { type: 'reportIssue', params: { rule: 'subscription/unsubscribe-without-subscription' } } },
          { actions: { type: 'reportIssue', params: { rule: 'subscription/unsubscribe-not-subscribed' } } },
        ],
        update: { actions: { type: 'reportIssue', params: { rule: 'subscription/no-active-subscription' } } },
      },
    },
    subscribing: {
      on: {
        'subscribe.sent': { guard: { type: 'isStrict' }, actions: { type: 'reportIssue', params: { rule: 'subscription/already-subscribed', pending: true } } },
        'subscribe.succeeded': { target: 'active' },
        'subscribe.failed': { target: 'idle' },
        'unsubscribe.sent': [
          { guard: { type: 'isStrict' }, actions: { type: 'reportIssue', params: { rule: 'subscription/unsubscribe-without-subscription' } } },
          { target: 'cancelling' },
        ],
        update: { actions: { type: 'reportIssue', params: { rule: 'subscription/no-active-subscription' } } },
        revoke: [{ guard: { type: 'isStrict' } }, { target: 'idle' }],
      },
    },
    cancelling: {
      description: 'A subscribe and an unsubscribe are both in flight: nothing is active until the subscribe succeeds.',
      on: {
        'subscribe.succeeded': { target: 'unsubscribing' },
        'subscribe.failed': { target: 'idle' },
        'unsubscribe.succeeded': { target: 'idle' },
        'unsubscribe.failed': { target: 'subscribing' },
        update: { actions: { type: 'reportIssue', params: { rule: 'subscription/no-active-subscription' } } },
        revoke: { target: 'idle' },
      },
    },
    active: {
      on: {
        // Outside the course profile, subscribing again while active changes nothing: the subscription stays active.
        'subscribe.sent': [
          { guard: { type: 'isStrict' }, actions: { type: 'reportIssue', params: { rule: 'subscription/already-subscribed' } } },
          {},
        ],
        'unsubscribe.sent': [
          { guard: and([{ type: 'isStrict' }, not({ type: 'isHolder' })]), actions: { type: 'reportIssue', params: { rule: 'subscription/other-principal' } } },
          { target: 'unsubscribing' },
        ],
        update: [
          { guard: and([{ type: 'isStrict' }, not({ type: 'isHolder' })]), actions: { type: 'reportIssue', params: { rule: 'subscription/other-principal' } } },
          {},
        ],
        revoke: { target: 'idle' },
      },
    },
    unsubscribing: {
      on: {
        'subscribe.sent': { guard: { type: 'isStrict' }, actions: { type: 'reportIssue', params: { rule: 'subscription/already-subscribed' } } },
        'unsubscribe.sent': { guard: { type: 'isStrict' }, actions: { type: 'reportIssue', params: { rule: 'subscription/unsubscribe-pending' } } },
        'unsubscribe.succeeded': { target: 'idle' },
        'unsubscribe.failed': { target: 'active' },
        update: [
          { guard: and([{ type: 'isStrict' }, not({ type: 'isHolder' })]), actions: { type: 'reportIssue', params: { rule: 'subscription/other-principal' } } },
          {},
        ],
        revoke: [{ guard: { type: 'isStrict' }, target: 'orphaned' }, { target: 'idle' }],
      },
    },
    orphaned: {
      description: 'Course profile: an unsubscribe is pending, but a revision switch revoked the subscription it would end.',
      on: {
        'subscribe.sent': { target: 'resubscribing', actions: { type: 'recordHolder' } },
        'unsubscribe.sent': { actions: { type: 'reportIssue', params: { rule: 'subscription/unsubscribe-without-subscription' } } },
        'unsubscribe.succeeded': { actions: { type: 'reportIssue', params: { rule: 'subscription/unsubscribe-without-subscription' } } },
        'unsubscribe.failed': { target: 'idle' },
        update: { actions: { type: 'reportIssue', params: { rule: 'subscription/no-active-subscription' } } },
      },
    },
    resubscribing: {
      description: 'Course profile: a new subscribe is pending beside an orphaned unsubscribe.',
      on: {
        'subscribe.sent': { actions: { type: 'reportIssue', params: { rule: 'subscription/already-subscribed', pending: true } } },
        'subscribe.succeeded': { target: 'unsubscribing' },
        'subscribe.failed': { target: 'orphaned' },
        'unsubscribe.sent': { actions: { type: 'reportIssue', params: { rule: 'subscription/unsubscribe-without-subscription' } } },
        'unsubscribe.succeeded': { actions: { type: 'reportIssue', params: { rule: 'subscription/unsubscribe-without-subscription' } } },
        'unsubscribe.failed': { target: 'subscribing' },
        update: { actions: { type: 'reportIssue', params: { rule: 'subscription/no-active-subscription' } } },
      },
    },
  },
});
