import { assign, emit, setup } from 'xstate';
import {
  firstFailingCheck,
  isPolicyChild,
  isPolicyDescendant,
  resourceTenant,
  TRANSPORT_CONTEXT_CHECKS,
  TRANSPORT_CONTEXT_CHECK_BY_RULE,
  type AuthCheck,
  type AuthInput,
  type AuthorizationPolicy,
} from '../validators/authorization.ts';
import type { IssueEvent } from './issue.ts';

/** The policy and the revision in force. */
export interface AuthorizationContext {
  readonly policy: AuthorizationPolicy;
  readonly revision: string;
}

/**
 * One resource a result of an authorization-bound request names, judged against the explicit
 * resource policy of the revision in force: a content item of a resources/read (`uri`, of the
 * `requested` URI), a resource of a resources/list (`uri`) or a template of a
 * resources/templates/list (`template`), at `pointer`; `tenant` is the requester's.
 */
export type ResultResource =
  | { readonly method: 'resources/read'; readonly requested: string; readonly index: number; readonly uri: string }
  | { readonly method: 'resources/list'; readonly uri: string }
  | { readonly method: 'resources/templates/list'; readonly template: string };

/**
 * Events: a control-plane revision switch, a transport context to check before a message, a
 * result about to answer a request that was bound to the revision then in force (`revision`), or
 * one resource such a result names (`strict`: the course profile's reading of the policy).
 */
export type AuthorizationEvent =
  | { readonly type: 'revision.activate'; readonly revision: string }
  | { readonly type: 'context.check'; readonly input: Omit<AuthInput, 'policy' | 'revision'> }
  | { readonly type: 'result.check'; readonly method: string; readonly revision: string }
  | ({ readonly type: 'result.resource'; readonly pointer: string; readonly tenant: string | undefined; readonly strict?: boolean } & ResultResource);

type ResourceEvent = Extract<AuthorizationEvent, { type: 'result.resource' }>;

/** The tenant the policy of the revision in force gives the resource the event names (undefined: the policy does not name it). */
function policyTenant(context: AuthorizationContext, event: ResourceEvent): string | undefined {
  const rev = context.policy.revisions[context.revision];
  if (event.method === 'resources/templates/list') return rev?.resourceTemplates.find((t) => t.uriTemplate === event.template)?.tenant;
  return event.method === 'resources/list' ? resourceTenant(rev, event.uri, event.strict === true) : undefined;
}

/** The message of a resource finding, in the words of the rule it breaks. */
function resourceMessage(context: AuthorizationContext, event: ResourceEvent, rule: string): string {
  const named = event.method === 'resources/templates/list' ? event.template : event.uri;
  if (rule === 'auth/result-outside-policy' && event.method === 'resources/read') {
    return `contents[${event.index}].uri is not the requested resource or an explicit child: ${event.uri} is neither ${event.requested} nor one of its ${event.strict === true ? 'direct ' : ''}explicit policy children`;
  }
  const what = event.method === 'resources/templates/list' ? 'template' : 'resource';
  if (rule === 'auth/resource-not-in-policy') return `listed ${what} ${named} is not in the explicit resource policy`;
  return `resource tenant ${policyTenant(context, event)} of ${named} does not match the requester's tenant ${event.tenant}`;
}

/** Emitted when a revision switch took effect, so that subscriptions are cleared first. */
export interface RevisionChangedEvent {
  readonly type: 'revision.changed';
  readonly from: string;
  readonly to: string;
}

/** The checks' verdict on one event: its input and the first check it fails (null: none). */
interface Verdict {
  readonly input: AuthInput;
  readonly failing: AuthCheck | null;
}

let lastEvent: object | undefined;
let lastVerdict: Verdict | undefined;

/**
 * The ordered checks run once per event and context: the guards of the ordered transitions ask
 * one after another whether the first failing check is theirs, so the last verdict is kept (any
 * other event or context is judged afresh: the checks are pure).
 */
function verdictOf(context: AuthorizationContext, event: AuthorizationEvent): Verdict | undefined {
  if (event.type !== 'context.check') return undefined;
  let verdict = event === lastEvent ? lastVerdict : undefined;
  if (verdict === undefined || verdict.input.revision !== context.revision || verdict.input.policy !== context.policy) {
    const i = event.input;
    const input: AuthInput = { context: i.context, method: i.method, scope: i.scope, uri: i.uri, strict: i.strict === true, policy: context.policy, revision: context.revision };
    verdict = { input, failing: firstFailingCheck(input) ?? null };
    lastEvent = event;
    lastVerdict = verdict;
  }
  return verdict;
}

/**
 * Authorization revisions: a control event switches the revision in force (clearing
 * subscriptions first; the revision already in force is no switch), and every authorization-bound message's transport context passes the
 * ordered checks before the message is handled. The first failing check rejects the message; a
 * result to a request bound to an earlier revision is refused (it fails closed), and the resources a
 * result names must be the requested one's, in the policy, and the requester's tenant's.
 */
export const authorizationMachine = setup({
  types: {
    context: {} as AuthorizationContext,
    events: {} as AuthorizationEvent,
    input: {} as { policy: AuthorizationPolicy },
    emitted: {} as IssueEvent | RevisionChangedEvent,
  },
  guards: {
    isUnknownRevision: ({ context, event }) =>
      event.type === 'revision.activate' && !Object.hasOwn(context.policy.revisions, event.revision),
    isCurrentRevision: ({ context, event }) => event.type === 'revision.activate' && event.revision === context.revision,
    /** The result answers a request bound to a revision no longer in force. */
    isStaleResult: ({ context, event }) => event.type === 'result.check' && event.revision !== context.revision,
    /** A resources/read result returns a resource that is neither the requested one nor its policy descendant (`strict`: direct child). */
    isOutsideRequested: ({ context, event }) => {
      if (event.type !== 'result.resource' || event.method !== 'resources/read') return false;
      const covers = event.strict === true ? isPolicyChild : isPolicyDescendant;
      return !covers(context.policy.revisions[context.revision], event.requested, event.uri);
    },
    /** A listed resource or template the explicit resource policy does not name. */
    isNotInPolicy: ({ context, event }) => event.type === 'result.resource' && event.method !== 'resources/read' && policyTenant(context, event) === undefined,
    /** A listed resource or template of another tenant than the requester's. */
    isOtherTenant: ({ context, event }) => event.type === 'result.resource' && event.method !== 'resources/read' && policyTenant(context, event) !== event.tenant,
    /** The check named by `rule` is the first one the context fails: the transitions are tried in the checks' order, so this is true exactly when the earlier checks pass and this one fails. */
    failsCheck: ({ context, event }, params: { rule: string }) => verdictOf(context, event)?.failing?.rule.id === params.rule,
  },
  actions: {
    announceRevision: emit(({ context, event }) => ({
      type: 'revision.changed' as const,
      from: context.revision,
      to: event.type === 'revision.activate' ? event.revision : context.revision,
    })),
    activateRevision: assign({
      revision: ({ context, event }) => (event.type === 'revision.activate' ? event.revision : context.revision),
    }),
    reportIssue: emit(({ context, event }, params: { rule: string }) => {
      if (event.type === 'revision.activate') {
        return {
          type: 'issue' as const,
          rule: params.rule,
          pointer: '/control_event/revision',
          message: `control event activates unknown authorization revision ${JSON.stringify(event.revision)}`,
        };
      }
      if (event.type === 'result.resource') {
        return { type: 'issue' as const, rule: params.rule, pointer: event.pointer, message: resourceMessage(context, event, params.rule) };
      }
      if (event.type === 'result.check') {
        return {
          type: 'issue' as const,
          rule: params.rule,
          pointer: '/message/result',
          message: `a pending ${event.method} result bound to authorization revision ${event.revision} fails closed after the switch to ${context.revision}`,
        };
      }
      const input = (verdictOf(context, event) as Verdict).input;
      const f = (TRANSPORT_CONTEXT_CHECK_BY_RULE.get(params.rule) ?? TRANSPORT_CONTEXT_CHECKS[0])!.explain(input);
      return { type: 'issue' as const, rule: f.rule, pointer: f.pointer, message: f.message };
    }),
  },
}).createMachine({
  id: 'authorization',
  context: ({ input }) => ({ policy: input.policy, revision: input.policy.initial_revision }),
  initial: 'enforcing',
  states: {
    enforcing: {
      on: {
        'revision.activate': [
          { guard: { type: 'isUnknownRevision' }, actions: { type: 'reportIssue', params: { rule: 'auth/unknown-revision' } } },
          // Activating the revision already in force changes nothing: subscriptions stay.
          { guard: { type: 'isCurrentRevision' } },
          { actions: [{ type: 'announceRevision' }, { type: 'activateRevision' }] },
        ],
        'context.check': [
          ...TRANSPORT_CONTEXT_CHECKS.map((c) => ({
            guard: { type: 'failsCheck' as const, params: { rule: c.rule.id } },
            actions: { type: 'reportIssue' as const, params: { rule: c.rule.id } },
          })),
          // Every check passed: the message may be handled.
          {},
        ],
        // A result pending under an old revision fails closed; one under the revision in force passes.
        'result.check': { guard: { type: 'isStaleResult' }, actions: { type: 'reportIssue', params: { rule: 'auth/stale-revision' } } },
        // What a result of the revision in force names must be in its explicit resource policy, and the requester's.
        'result.resource': [
          { guard: { type: 'isOutsideRequested' }, actions: { type: 'reportIssue', params: { rule: 'auth/result-outside-policy' } } },
          { guard: { type: 'isNotInPolicy' }, actions: { type: 'reportIssue', params: { rule: 'auth/resource-not-in-policy' } } },
          { guard: { type: 'isOtherTenant' }, actions: { type: 'reportIssue', params: { rule: 'auth/resource-tenant' } } },
        ],
      },
    },
  },
});
