import type { Finding } from './finding.ts';
import { matchesUriTemplate } from './uri-template.ts';
import { finding } from './rules/report.ts';
import type { RuleSpec } from './rules/rule.ts';
import { ruleById } from './rules/index.ts';

/** A principal of one authorization revision. */
export interface Principal {
  readonly tenant: string;
  readonly scopes: readonly string[];
  readonly enabled?: boolean;
}

/** One explicit resource of the policy graph. */
export interface ResourcePolicy {
  readonly uri: string;
  readonly tenant: string;
  readonly children?: readonly string[];
}

/** A URI template the policy grants to one tenant. */
export interface TemplatePolicy {
  readonly uriTemplate: string;
  readonly tenant: string;
}

/** One revision of the policy: principals, resources and templates. */
export interface RevisionPolicy {
  readonly principals: Readonly<Record<string, Principal>>;
  readonly resources: readonly ResourcePolicy[];
  readonly resourceTemplates: readonly TemplatePolicy[];
}

/** The whole authorization policy of a fixture. */
export interface AuthorizationPolicy {
  readonly protected_resource: string;
  readonly initial_revision: string;
  readonly revisions: Readonly<Record<string, RevisionPolicy>>;
}

/** The trusted identity snapshot a transport hands over with a message (never a wire field). */
export interface TransportContext {
  readonly transport?: unknown;
  readonly token_active?: unknown;
  readonly token_audience?: unknown;
  readonly resource?: unknown;
  readonly subject?: unknown;
  readonly tenant?: unknown;
  readonly scopes?: unknown;
  readonly authorization_revision?: unknown;
}

/** What one transport-context check looks at. */
export interface AuthInput {
  readonly policy: AuthorizationPolicy;
  readonly revision: string;
  readonly context: TransportContext;
  readonly method: string;
  readonly scope: string;
  /** The resource URI the message concerns, when it concerns one. */
  readonly uri: string | undefined;
  /** The course profile's checks: each scope claimed once, and explicit policy resources only (no template match). */
  readonly strict?: boolean;
}

/** One check of the transport context, in the order they run; the first failure stops the message. */
export interface AuthCheck {
  readonly rule: RuleSpec;
  readonly fails: (input: AuthInput) => boolean;
  readonly explain: (input: AuthInput) => Finding;
}

const AT = '/transport_context';

/**
 * What several checks derive from one input (its principal, its claimed scopes, its URI's tenant),
 * worked out once: the checks, and the explanation of the one that fails, run on the same input
 * one after another. Inputs are never changed, so the last one's facts are kept by identity.
 */
let factsOf: AuthInput | undefined;
let principal: Principal | undefined;
let claimed: readonly string[] = [];
let uriTenant: string | undefined;
let uriTenantKnown = false;

function derive(input: AuthInput): void {
  if (input === factsOf) return;
  factsOf = input;
  const subject = input.context.subject;
  const rev = input.policy.revisions[input.revision];
  principal = typeof subject === 'string' && rev && Object.hasOwn(rev.principals, subject) ? rev.principals[subject] : undefined;
  const scopes = input.context.scopes;
  claimed = Array.isArray(scopes) ? (scopes.filter((x) => typeof x === 'string') as string[]) : [];
  uriTenantKnown = false;
}

function principalOf(input: AuthInput): Principal | undefined {
  derive(input);
  return principal;
}

function claimedScopes(input: AuthInput): readonly string[] {
  derive(input);
  return claimed;
}

/** The tenant the revision in force assigns to the input's URI (looked up once per input). */
function uriTenantOf(input: AuthInput): string | undefined {
  derive(input);
  if (!uriTenantKnown) {
    uriTenant = resourceTenant(input.policy.revisions[input.revision], input.uri ?? '', input.strict === true);
    uriTenantKnown = true;
  }
  return uriTenant;
}

/** The tenant the current revision assigns to `uri`, through an explicit resource or (unless `explicitOnly`) a template. */
export function resourceTenant(rev: RevisionPolicy | undefined, uri: string, explicitOnly = false): string | undefined {
  if (!rev) return undefined;
  for (const r of rev.resources) if (r.uri === uri) return r.tenant;
  if (explicitOnly) return undefined;
  for (const t of rev.resourceTemplates) if (matchesUriTemplate(t.uriTemplate, uri)) return t.tenant;
  return undefined;
}

/** True when `child` is `uri` itself or one of its direct children in the explicit policy graph. */
export function isPolicyChild(rev: RevisionPolicy | undefined, uri: string, child: string): boolean {
  if (uri === child) return true;
  const node = rev?.resources.find((r) => r.uri === uri);
  return node?.children?.includes(child) === true;
}

function hasRepeatedScope(scopes: unknown): boolean {
  return Array.isArray(scopes) && new Set(scopes).size !== scopes.length;
}

/** True when `child` is `uri` itself or one of its descendants in the explicit policy graph. */
export function isPolicyDescendant(rev: RevisionPolicy | undefined, uri: string, child: string): boolean {
  if (uri === child) return true;
  if (!rev) return false;
  const seen = new Set<string>([uri]);
  const queue = [uri];
  while (queue.length > 0) {
    const current = queue.shift() as string;
    const node = rev.resources.find((r) => r.uri === current);
    for (const c of node?.children ?? []) {
      if (c === child) return true;
      if (!seen.has(c)) {
        seen.add(c);
        queue.push(c);
      }
    }
  }
  return false;
}

function check(rule: RuleSpec, fails: AuthCheck['fails'], pointer: string, message: (i: AuthInput) => string): AuthCheck {
  return { rule, fails, explain: (i) => finding(rule, pointer, message(i)) };
}

const show = (value: unknown): string => (value === undefined ? 'nothing' : JSON.stringify(value));

/** The transport-context checks, in order; they run before the message itself is handled. */
export const TRANSPORT_CONTEXT_CHECKS: readonly AuthCheck[] = [
  check(ruleById('auth/transport'), (i) => i.context.transport !== 'streamable_http', `${AT}/transport`,
    (i) => `${i.method} needs the streamable_http transport but the context says ${show(i.context.transport)}`),
  check(ruleById('auth/token-inactive'), (i) => i.context.token_active !== true, `${AT}/token_active`,
    (i) => `${i.method} requires an active access token`),
  check(ruleById('auth/token-audience'), (i) => i.context.token_audience !== i.policy.protected_resource, `${AT}/token_audience`,
    (i) => `token audience ${show(i.context.token_audience)} is not the protected resource ${i.policy.protected_resource}`),
  check(ruleById('auth/resource-indicator'), (i) => i.context.resource !== i.policy.protected_resource, `${AT}/resource`,
    (i) => `RFC 8707 resource indicator ${show(i.context.resource)} is not the protected resource ${i.policy.protected_resource}`),
  check(ruleById('auth/context-missing'),
    (i) => typeof i.context.subject !== 'string' || typeof i.context.tenant !== 'string' || !Array.isArray(i.context.scopes)
      || typeof i.context.authorization_revision !== 'string',
    AT, (i) => `${i.method} needs a transport context with subject, tenant, scopes and authorization_revision`),
  check(ruleById('auth/duplicate-scope'), (i) => i.strict === true && hasRepeatedScope(i.context.scopes), `${AT}/scopes`,
    (i) => `transport_context scopes contains duplicates: ${JSON.stringify(i.context.scopes)}`),
  check(ruleById('auth/stale-revision'), (i) => i.context.authorization_revision !== i.revision, `${AT}/authorization_revision`,
    (i) => `authorization revision ${show(i.context.authorization_revision)} is not the current revision ${i.revision}`),
  check(ruleById('auth/unknown-subject'), (i) => principalOf(i) === undefined, `${AT}/subject`,
    (i) => `subject ${show(i.context.subject)} is not a principal of authorization revision ${i.revision}`),
  check(ruleById('auth/principal-revoked'), (i) => principalOf(i)?.enabled === false, `${AT}/subject`,
    (i) => `principal is revoked in authorization revision ${i.revision}: ${show(i.context.subject)}`),
  check(ruleById('auth/principal-binding'), (i) => principalOf(i)?.tenant !== i.context.tenant, `${AT}/tenant`,
    (i) => `principal binding broken: ${show(i.context.subject)} belongs to ${show(principalOf(i)?.tenant)}, not ${show(i.context.tenant)}`),
  check(ruleById('auth/scope-not-granted'), (i) => {
    const granted = principalOf(i)?.scopes ?? [];
    return claimedScopes(i).some((s) => !granted.includes(s));
  }, `${AT}/scopes`, (i) => {
    const granted = principalOf(i)?.scopes ?? [];
    return `claimed scopes exceed the granted ones: ${claimedScopes(i).filter((s) => !granted.includes(s)).join(', ')}`;
  }),
  check(ruleById('auth/scope-missing'), (i) => !claimedScopes(i).includes(i.scope), `${AT}/scopes`,
    (i) => `${i.method} requires scope ${i.scope}, which the claimed scopes do not include`),
  check(ruleById('auth/resource-not-in-policy'),
    (i) => i.uri !== undefined && uriTenantOf(i) === undefined, '/message/params/uri',
    (i) => `resource ${show(i.uri)} is not in the explicit resource policy of revision ${i.revision}`),
  check(ruleById('auth/resource-tenant'),
    (i) => i.uri !== undefined && uriTenantOf(i) !== i.context.tenant, '/message/params/uri',
    (i) => `resource tenant ${show(uriTenantOf(i))} does not match the principal's tenant ${show(i.context.tenant)}`),
];

/** The first check `input` fails, in order, or undefined when it passes them all. */
export function firstFailingCheck(input: AuthInput): AuthCheck | undefined {
  for (const c of TRANSPORT_CONTEXT_CHECKS) if (c.fails(input)) return c;
  return undefined;
}

/** The checks by rule id, for machines that name them as guard parameters. */
export const TRANSPORT_CONTEXT_CHECK_BY_RULE: ReadonlyMap<string, AuthCheck> = new Map(
  TRANSPORT_CONTEXT_CHECKS.map((c) => [c.rule.id, c]),
);
