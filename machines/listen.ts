import { assign, emit, setup } from 'xstate';
import type { Direction } from '../validators/context.ts';
import { idKey, isRequestId, type RequestId } from '../validators/envelope.ts';
import { pointerJoin } from '../validators/finding.ts';
import { SUBSCRIPTION_ID_KEY } from '../validators/modern-meta.ts';
import { shown } from '../validators/shape.ts';
import type { IssueEvent } from './issue.ts';

/** A subscription filter as the chart keeps it (plain lists, so snapshots and events read as JSON). */
export interface ListenFilter {
  /** The notification types opted in to (toolsListChanged, ...). */
  readonly flags: readonly string[];
  /** The resource URIs subscribed. */
  readonly resources: readonly string[];
}

/** One subscriptions/listen stream: what the client asked for and what the server agreed to. */
export interface ListenContext {
  /** The listen request's id (none in the actor judging the ids no stream holds). */
  readonly id: RequestId | undefined;
  /** The listen request's filter (empty before any listen request under this id). */
  readonly requested: ListenFilter;
  /** Set by the acknowledgement, the stream's first message; later messages need it. */
  readonly acknowledged: ListenFilter | undefined;
}

/**
 * Events of one listen stream, all naming it by the id they carry (`id`: the subscription id of a
 * server message, the request id of the listen request or of the cancellation).
 */
export type ListenEvent =
  /** The client's subscriptions/listen request (again, under the same id: a new stream). */
  | { readonly type: 'listen'; readonly id: RequestId; readonly requested: ListenFilter }
  /** notifications/subscriptions/acknowledged, with the filter the server agreed to. */
  | { readonly type: 'acknowledged'; readonly id: unknown; readonly agreed: ListenFilter }
  /** A notification delivered on the stream: `flag` is the filter entry that opts in to it, `uri` a resource update's URI. */
  | { readonly type: 'notification'; readonly id: unknown; readonly method: string; readonly flag: string; readonly uri: string | undefined }
  /** notifications/cancelled naming the listen request, sent `by` either side (the server's ends the stream). */
  | { readonly type: 'cancelled'; readonly id: unknown; readonly by: Direction }
  /** The listen request's result, judged before it is taken: `subscriptionId` is what its _meta names. */
  | { readonly type: 'result'; readonly id: RequestId; readonly subscriptionId: unknown }
  /** The listen request was answered (a result or an error) and the answer taken: the stream is over. */
  | { readonly type: 'closed' };

/** Rules a listen stream raises. */
export type ListenRule =
  | 'stateless/acknowledged-unknown-subscription'
  | 'stateless/acknowledged-not-first'
  | 'stateless/acknowledged-not-requested'
  | 'stateless/subscription-unknown'
  | 'stateless/not-acknowledged'
  | 'stateless/not-listened'
  | 'stateless/resource-not-listened'
  | 'stateless/server-cancel-not-listen'
  | 'stateless/listen-result';

const SUB_ID_AT = pointerJoin('/message/params/_meta', SUBSCRIPTION_ID_KEY);

/** The filter as a list for messages ("toolsListChanged, resource file:///a" or "nothing"). */
export function describeFilter(filter: ListenFilter): string {
  return [...filter.flags, ...[...filter.resources].map((u) => `resource ${u}`)].join(', ') || 'nothing';
}

/** The first flag or resource `agreed` holds that `requested` lacks, with where the acknowledgement names it. */
function unrequested(requested: ListenFilter, agreed: ListenFilter): { readonly pointer: string; readonly what: string } | undefined {
  for (const flag of agreed.flags) {
    if (!requested.flags.includes(flag)) return { pointer: pointerJoin('/message/params/notifications', flag), what: `acknowledges ${flag}, which` };
  }
  for (const uri of agreed.resources) {
    if (!requested.resources.includes(uri)) return { pointer: '/message/params/notifications/resourceSubscriptions', what: `acknowledges resource ${shown(uri)}, which` };
  }
  return undefined;
}

function issue(rule: ListenRule, pointer: string, message: string): IssueEvent {
  return { type: 'issue', rule, pointer, message };
}

function issueFor(rule: ListenRule, context: ListenContext, event: ListenEvent): IssueEvent {
  const id = 'id' in event ? shown(event.id) : '';
  switch (rule) {
    case 'stateless/acknowledged-unknown-subscription':
      return issue(rule, SUB_ID_AT, `acknowledges subscription ${id}, which is no open subscriptions/listen request`);
    case 'stateless/acknowledged-not-first':
      return event.type === 'result'
        ? issue(rule, pointerJoin('/message/result/_meta', SUBSCRIPTION_ID_KEY),
          `the listen result carries subscription ${shown(event.subscriptionId)}, which was never acknowledged: notifications/subscriptions/acknowledged is the first message carrying a subscription id`)
        : issue(rule, SUB_ID_AT, `subscription ${id} was already acknowledged; the acknowledgement is its first message, sent once`);
    case 'stateless/acknowledged-not-requested': {
      const extra = event.type === 'acknowledged' ? unrequested(context.requested, event.agreed) : undefined;
      const verb = extra?.pointer.endsWith('resourceSubscriptions') === true ? 'subscribe to' : 'ask for';
      return issue(rule, extra?.pointer ?? '/message/params/notifications', `${extra?.what ?? 'acknowledges what'} listen request ${id} did not ${verb}`);
    }
    case 'stateless/subscription-unknown':
      return issue(rule, SUB_ID_AT, `${event.type === 'notification' ? event.method : 'a notification'} names subscription ${id}, which is no open subscriptions/listen stream`);
    case 'stateless/not-acknowledged':
      return issue(rule, SUB_ID_AT, `${event.type === 'notification' ? event.method : 'a notification'} was sent on subscription ${id} before notifications/subscriptions/acknowledged`);
    case 'stateless/resource-not-listened':
      return issue(rule, '/message/params/uri',
        `notifications/resources/updated for ${shown(event.type === 'notification' ? event.uri : undefined)}, which subscription ${id} does not include (it covers ${describeFilter(context.acknowledged ?? context.requested)})`);
    case 'stateless/not-listened': {
      const n = event.type === 'notification' ? event : undefined;
      return issue(rule, '/message/method',
        `${n?.method ?? 'a notification'} on subscription ${id}, which did not opt in to ${n?.flag ?? ''} (it covers ${describeFilter(context.acknowledged ?? context.requested)})`);
    }
    case 'stateless/server-cancel-not-listen':
      return issue(rule, '/message/params/requestId', `a server sends notifications/cancelled only to end a subscriptions/listen stream, but ${id} names none`);
    case 'stateless/listen-result':
      return issue(rule, pointerJoin('/message/result/_meta', SUBSCRIPTION_ID_KEY),
        `the listen result closes subscription ${shown(event.type === 'result' ? event.subscriptionId : undefined)}, but it answers listen request ${id}`);
  }
}

const EMPTY: ListenFilter = { flags: [], resources: [] };

const SETUP = setup({
  types: {
    context: {} as ListenContext,
    events: {} as ListenEvent,
    emitted: {} as IssueEvent,
  },
  guards: {
    isServerCancel: ({ event }) => event.type === 'cancelled' && event.by === 'server_to_client',
    acknowledgesUnrequested: ({ context, event }) => event.type === 'acknowledged' && unrequested(context.requested, event.agreed) !== undefined,
    /** A listen result names the subscription of its own request (one naming none is malformed: the result's validator says so). */
    namesOtherSubscription: ({ event }) =>
      event.type === 'result' && event.subscriptionId !== undefined && (!isRequestId(event.subscriptionId) || idKey(event.subscriptionId) !== idKey(event.id)),
    carriesSubscriptionId: ({ event }) => event.type === 'result' && event.subscriptionId !== undefined,
    isResourceNotListened: ({ context, event }) =>
      event.type === 'notification' && event.flag === 'resourceSubscriptions' && event.uri !== undefined && !(context.acknowledged ?? EMPTY).resources.includes(event.uri),
    isNotListened: ({ context, event }) =>
      event.type === 'notification' && event.flag !== 'resourceSubscriptions' && !(context.acknowledged ?? EMPTY).flags.includes(event.flag),
  },
  actions: {
    recordRequest: assign(({ event }) => (event.type === 'listen' ? { id: event.id, requested: event.requested, acknowledged: undefined } : {})),
    recordAcknowledgement: assign(({ event }) => (event.type === 'acknowledged' ? { acknowledged: event.agreed } : {})),
    // The id stays: the actor is still the stream of that id (the inspector names it so), now ended.
    forget: assign(() => ({ requested: EMPTY, acknowledged: undefined })),
    reportIssue: emit(({ context, event }, params: { rule: ListenRule }) => issueFor(params.rule, context, event)),
  },
});

/** A listen result naming another subscription, in any state. */
const RESULT_OTHER = { guard: 'namesOtherSubscription', actions: { type: 'reportIssue', params: { rule: 'stateless/listen-result' } } } as const;

/**
 * One subscriptions/listen stream of the stateless revision, named by its listen request's id:
 * idle (no stream holds the id) -> awaiting_ack (the client sent subscriptions/listen) -> open (the
 * server acknowledged what it agreed to) -> idle again when the listen request is answered or
 * cancelled; a later listen request may use the id again (while the stream is open its request is
 * unanswered, and the correlation refuses a request reusing its id). Messages naming an id no
 * stream holds are judged in `idle`. Every rule is raised by a targetless transition, so a rejected
 * message changes nothing.
 */
export const listenMachine = SETUP.createMachine({
  id: 'listen',
  context: { id: undefined, requested: EMPTY, acknowledged: undefined },
  initial: 'idle',
  states: {
    idle: {
      description: 'No open stream holds this id: it was never listened under, or its stream ended.',
      on: {
        listen: { target: 'awaiting_ack', actions: 'recordRequest' },
        acknowledged: { actions: { type: 'reportIssue', params: { rule: 'stateless/acknowledged-unknown-subscription' } } },
        notification: { actions: { type: 'reportIssue', params: { rule: 'stateless/subscription-unknown' } } },
        cancelled: { guard: 'isServerCancel', actions: { type: 'reportIssue', params: { rule: 'stateless/server-cancel-not-listen' } } },
        result: RESULT_OTHER,
      },
    },
    awaiting_ack: {
      description: 'The client asked to listen; the acknowledgement must be the first message carrying the subscription id.',
      on: {
        acknowledged: [
          { guard: 'acknowledgesUnrequested', actions: { type: 'reportIssue', params: { rule: 'stateless/acknowledged-not-requested' } } },
          { target: 'open', actions: 'recordAcknowledgement' },
        ],
        notification: { actions: { type: 'reportIssue', params: { rule: 'stateless/not-acknowledged' } } },
        cancelled: { target: 'idle', actions: 'forget' },
        result: [
          RESULT_OTHER,
          // Subscriptions, Acknowledgment: the acknowledgement MUST be "the first message carrying the
          // subscription's ID"; the closing result carries it "like every other message on the stream".
          // An error answer carries no subscription id: refusing a listen breaks no line of the page.
          { guard: 'carriesSubscriptionId', actions: { type: 'reportIssue', params: { rule: 'stateless/acknowledged-not-first' } } },
        ],
        closed: { target: 'idle', actions: 'forget' },
      },
    },
    open: {
      description: 'Acknowledged: only the notification types and resources the server agreed to may follow.',
      on: {
        acknowledged: { actions: { type: 'reportIssue', params: { rule: 'stateless/acknowledged-not-first' } } },
        notification: [
          { guard: 'isResourceNotListened', actions: { type: 'reportIssue', params: { rule: 'stateless/resource-not-listened' } } },
          { guard: 'isNotListened', actions: { type: 'reportIssue', params: { rule: 'stateless/not-listened' } } },
          {},
        ],
        cancelled: { target: 'idle', actions: 'forget' },
        result: RESULT_OTHER,
        closed: { target: 'idle', actions: 'forget' },
      },
    },
  },
});
