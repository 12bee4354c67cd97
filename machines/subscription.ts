import { emit, setup } from 'xstate';
import type { IssueEvent } from './issue.ts';

/** Identifies one subscription: the resource URI and who subscribed. */
export interface SubscriptionContext {
  readonly uri: string;
  readonly subject: string;
  readonly tenant: string;
}

/** Events of one subscription's life; state changes only on responses, never on requests alone. */
export type SubscriptionEvent =
  | { readonly type: 'subscribe.sent' }
  | { readonly type: 'subscribe.succeeded' }
  | { readonly type: 'subscribe.failed' }
  | { readonly type: 'unsubscribe.sent' }
  | { readonly type: 'unsubscribe.succeeded' }
  | { readonly type: 'unsubscribe.failed' }
  | { readonly type: 'update'; readonly uri: string }
  | { readonly type: 'revoke' };

/**
 * One resource subscription of one principal and tenant: idle -> subscribing -> active ->
 * unsubscribing (and cancelling, when an unsubscribe is sent before the subscribe is answered). A failed subscribe creates nothing; a failed unsubscribe keeps the
 * subscription; an authorization revision switch revokes it.
 */
export const subscriptionMachine = setup({
  types: {
    context: {} as SubscriptionContext,
    events: {} as SubscriptionEvent,
    input: {} as SubscriptionContext,
    emitted: {} as IssueEvent,
  },
  actions: {
    reportIssue: emit(({ context, event }, params: { rule: 'subscription/no-active-subscription' | 'subscription/unsubscribe-not-subscribed' }) =>
      params.rule === 'subscription/no-active-subscription'
        ? {
            type: 'issue' as const,
            rule: params.rule,
            pointer: '/message/params/uri',
            message: `no active subscription covers ${event.type === 'update' ? event.uri : context.uri} for principal ${context.subject} of ${context.tenant}`,
          }
        : {
            type: 'issue' as const,
            rule: params.rule,
            pointer: '/message/params/uri',
            message: `unsubscribe from ${context.uri}, which has no active subscription for principal ${context.subject}`,
          }),
  },
}).createMachine({
  id: 'subscription',
  context: ({ input }) => input,
  initial: 'idle',
  states: {
    idle: {
      on: {
        'subscribe.sent': { target: 'subscribing' },
        'unsubscribe.sent': { actions: { type: 'reportIssue', params: { rule: 'subscription/unsubscribe-not-subscribed' } } },
        update: { actions: { type: 'reportIssue', params: { rule: 'subscription/no-active-subscription' } } },
      },
    },
    subscribing: {
      on: {
        'subscribe.succeeded': { target: 'active' },
        'subscribe.failed': { target: 'idle' },
        'unsubscribe.sent': { target: 'cancelling' },
        update: { actions: { type: 'reportIssue', params: { rule: 'subscription/no-active-subscription' } } },
        revoke: { target: 'idle' },
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
        // Subscribing again while active changes nothing: the subscription stays active.
        'subscribe.sent': {},
        'unsubscribe.sent': { target: 'unsubscribing' },
        update: {},
        revoke: { target: 'idle' },
      },
    },
    unsubscribing: {
      on: {
        'unsubscribe.succeeded': { target: 'idle' },
        'unsubscribe.failed': { target: 'active' },
        update: {},
        revoke: { target: 'idle' },
      },
    },
  },
});
