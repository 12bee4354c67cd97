import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { AuthorizationContext, AuthorizationEvent } from '../../machines/authorization.ts';
import { authorizationMachine } from '../../machines/authorization.ts';
import type { Step } from '../../machines/session.ts';
import { TRANSPORT_CONTEXT_CHECKS, type TransportContext } from '../../validators/authorization.ts';
import {
  foreignResource,
  fullContext,
  identityFor,
  revisionNames,
  revokedIdentity,
  stepContext,
  type Identity,
  type ModelBasis,
} from './basis.ts';
import { stateValueKey, type CaseSkeleton, type MachineModel } from './model.ts';

const METHOD = 'resources/read';
const SCOPE = 'resources:read';
const ELSEWHERE = 'https://elsewhere.example.test/mcp';

type Check = { context: TransportContext; uri: string } | undefined;

/** For each transport-context rule, a request that passes every earlier check and fails this one. */
function failing(basis: ModelBasis, revision: string, who: Identity, rule: string): Check {
  const base = fullContext(basis, revision, who);
  const at = (patch: Record<string, unknown>, uri = who.uri): Check => ({ context: { ...base, ...patch }, uri });
  switch (rule) {
    case 'auth/transport': return at({ transport: 'stdio' });
    case 'auth/token-inactive': return at({ token_active: false });
    case 'auth/token-audience': return at({ token_audience: ELSEWHERE });
    case 'auth/resource-indicator': return at({ resource: ELSEWHERE });
    case 'auth/context-missing': return at({ subject: undefined });
    case 'auth/duplicate-scope': return at({ scopes: [...who.scopes, ...who.scopes] });
    case 'auth/stale-revision': return at({ authorization_revision: revisionNames(basis).find((r) => r !== revision) ?? `${revision}-retired` });
    case 'auth/unknown-subject': return at({ subject: 'nobody' });
    case 'auth/principal-revoked': {
      const revoked = revokedIdentity(basis, revision);
      return revoked ? { context: fullContext(basis, revision, revoked), uri: revoked.uri } : undefined;
    }
    case 'auth/principal-binding': return at({ tenant: `${who.tenant}-elsewhere` });
    case 'auth/scope-not-granted': return at({ scopes: [...who.scopes, 'admin:everything'] });
    case 'auth/scope-missing': return at({ scopes: who.scopes.filter((s) => s !== SCOPE) });
    case 'auth/resource-not-in-policy': return at({}, 'kb://unlisted/resource');
    case 'auth/resource-tenant': {
      const uri = foreignResource(basis, revision, who.tenant);
      return uri ? at({}, uri) : undefined;
    }
    default: return undefined;
  }
}

function catalogue(basis: ModelBasis, revision: string): AuthorizationEvent[] {
  const out: AuthorizationEvent[] = revisionNames(basis)
    .filter((r) => r !== revision)
    .map((r) => ({ type: 'revision.activate', revision: r }));
  out.push({ type: 'revision.activate', revision: 'no-such-revision' });
  // Activating the revision in force is no switch.
  out.push({ type: 'revision.activate', revision });
  const who = identityFor(basis, revision, SCOPE);
  if (!who) return out;
  for (const check of TRANSPORT_CONTEXT_CHECKS) {
    const f = failing(basis, revision, who, check.rule.id);
    // The course profile's own checks (a scope claimed twice) run only in its reading.
    const strict = check.rule.id === 'auth/duplicate-scope';
    if (f) out.push({ type: 'context.check', input: { context: withoutUndefined(f.context), method: METHOD, scope: SCOPE, uri: f.uri, ...(strict ? { strict } : {}) } });
  }
  // A context that passes every check takes the final, accepting transition.
  out.push({ type: 'context.check', input: { context: withoutUndefined(fullContext(basis, revision, who)), method: METHOD, scope: SCOPE, uri: who.uri } });
  // A result to a request bound to another revision than the one in force fails closed. The initial
  // revision is the one every path has had in force before (so a case can send the request then).
  const initial = basis.policy.initial_revision;
  if (revision !== initial) out.push({ type: 'result.check', method: METHOD, revision: initial });
  // What a result names, judged against the revision in force: a read returning another resource,
  // a list naming a resource or template the policy lacks, and one of another tenant.
  const flag = basis.course === true ? { strict: true } : {};
  const tenant = who.tenant;
  out.push({ type: 'result.resource', method: 'resources/read', requested: who.uri, index: 0, uri: UNLISTED, tenant, pointer: '/message/result/contents/0/uri', ...flag });
  out.push({ type: 'result.resource', method: 'resources/list', uri: UNLISTED, tenant, pointer: '/message/result/resources/0/uri', ...flag });
  out.push({ type: 'result.resource', method: 'resources/templates/list', template: `${UNLISTED}/{name}`, tenant, pointer: '/message/result/resourceTemplates/0/uriTemplate', ...flag });
  const foreign = foreignResource(basis, revision, who.tenant);
  if (foreign !== undefined) out.push({ type: 'result.resource', method: 'resources/list', uri: foreign, tenant, pointer: '/message/result/resources/0/uri', ...flag });
  return out;
}

/** A resource URI no policy of the basis names. */
const UNLISTED = 'kb://unlisted/resource';

/** The request and the result that name the resource of a `result.resource` event, sent under `revision`. */
function resourceExchange(basis: ModelBasis, revision: string, e: Extract<AuthorizationEvent, { type: 'result.resource' }>, id: number): Step[] | undefined {
  const scope = e.method === 'resources/read' ? 'resources:read' : 'resources:list';
  const who = identityFor(basis, revision, scope);
  if (who === undefined) return undefined;
  const params = e.method === 'resources/read' ? { uri: e.requested } : {};
  const result = e.method === 'resources/read' ? { contents: [{ uri: e.uri, text: '' }] }
    : e.method === 'resources/list' ? { resources: [{ uri: e.uri, name: 'r' }] }
      : { resourceTemplates: [{ uriTemplate: e.template, name: 't' }] };
  return [
    { direction: 'client_to_server', message: { jsonrpc: '2.0', id, method: e.method, params }, transport_context: stepContext(basis, withoutUndefined(fullContext(basis, revision, who))) },
    { direction: 'server_to_client', message: { jsonrpc: '2.0', id, result } },
  ];
}

function withoutUndefined(context: TransportContext): TransportContext {
  return Object.fromEntries(Object.entries(context).filter(([, v]) => v !== undefined)) as TransportContext;
}

function serialize(snapshot: AnyMachineSnapshot): string {
  return `${stateValueKey(snapshot)}|${(snapshot.context as AuthorizationContext).revision}`;
}

function toCase(basis: ModelBasis, events: readonly AnyEventObject[]): CaseSkeleton | undefined {
  const course = basis.course === true;
  if ((events as readonly AuthorizationEvent[]).some((e) => e.type === 'context.check' && e.input.strict === true && !course)) return undefined;
  const steps: Step[] = [];
  let id = 2;
  let current = basis.policy.initial_revision;
  // Where a request bound to each revision can still be sent: the step count at the last moment that revision was in force.
  const sendableAt = new Map<string, number>([[current, 0]]);
  for (const e of events as readonly AuthorizationEvent[]) {
    if (e.type === 'revision.activate') {
      steps.push({ control_event: { type: 'activate_authorization_revision', revision: e.revision } });
      if (Object.hasOwn(basis.policy.revisions, e.revision)) current = e.revision;
    } else if (e.type === 'context.check') {
      steps.push({
        direction: 'client_to_server',
        message: { jsonrpc: '2.0', id: id++, method: e.input.method, params: { uri: e.input.uri } },
        transport_context: stepContext(basis, e.input.context),
      });
    } else if (e.type === 'result.resource') {
      const exchange = resourceExchange(basis, current, e, id++);
      if (exchange === undefined) return undefined;
      steps.push(...exchange);
    } else {
      // The request the result answers is sent while its revision was in force, and answered now.
      const at = sendableAt.get(e.revision);
      const who = identityFor(basis, e.revision, SCOPE);
      if (at === undefined || who === undefined) return undefined;
      const requestId = id++;
      steps.splice(at, 0, {
        direction: 'client_to_server',
        message: { jsonrpc: '2.0', id: requestId, method: e.method, params: { uri: who.uri } },
        transport_context: stepContext(basis, withoutUndefined(fullContext(basis, e.revision, who))),
      });
      for (const [revision, n] of sendableAt) if (n >= at) sendableAt.set(revision, n + 1);
      steps.push({ direction: 'server_to_client', message: { jsonrpc: '2.0', id: requestId, result: { contents: [] } } });
    }
    sendableAt.set(current, steps.length);
  }
  return { setup: 'ready', steps };
}

/** The authorization machine's model: state value plus the revision in force. */
export function authorizationModel(basis: ModelBasis): MachineModel {
  const byRevision = new Map(revisionNames(basis).map((r) => [r, catalogue(basis, r)]));
  return {
    name: 'authorization',
    machine: authorizationMachine,
    input: { policy: basis.policy },
    events: (snapshot) => byRevision.get((snapshot.context as AuthorizationContext).revision) ?? [],
    serialize,
    toCase: (path) => toCase(basis, path),
  };
}
