import type { AuthorizationPolicy, TransportContext } from '../../validators/authorization.ts';
import type { JsonObject } from '../../validators/context.ts';
import type { Fixture } from '../../runner/fixture-schema.ts';
import { profileForFixture } from '../../runner/profile-for.ts';

/** What the event catalogues are built from: a fixture's declarations, or a built-in sample. */
export interface ModelBasis {
  readonly protocolVersion: string;
  /** Whether the fixture is judged under the course profile (its suggested cases play the course's reading of the core machines). */
  readonly course?: boolean;
  readonly policy: AuthorizationPolicy;
  readonly transportDefaults: TransportContext;
  readonly client: { readonly info: JsonObject; readonly capabilities: JsonObject };
  readonly server: { readonly info: JsonObject; readonly capabilities: JsonObject };
}

/** A principal of one revision, with a resource of its own tenant to talk about. */
export interface Identity {
  readonly subject: string;
  readonly tenant: string;
  readonly scopes: readonly string[];
  readonly uri: string;
}

const PROTECTED = 'https://mcp.example.test/mcp';

/** The basis used when no fixture is at hand: two tenants, and a second revision that revokes one principal. */
export const SAMPLE_BASIS: ModelBasis = {
  protocolVersion: '2025-11-25',
  transportDefaults: { transport: 'streamable_http', token_active: true, token_audience: PROTECTED, resource: PROTECTED },
  policy: {
    protected_resource: PROTECTED,
    initial_revision: 'rev-1',
    revisions: {
      'rev-1': {
        principals: {
          ana: { tenant: 'tenant-a', scopes: ['resources:list', 'resources:read', 'resources:subscribe'] },
          ben: { tenant: 'tenant-b', scopes: ['resources:list', 'resources:read', 'resources:subscribe'] },
        },
        resources: [
          { uri: 'kb://tenant-a/guide', tenant: 'tenant-a', children: ['kb://tenant-a/guide/intro'] },
          { uri: 'kb://tenant-a/guide/intro', tenant: 'tenant-a' },
          { uri: 'kb://tenant-b/notes', tenant: 'tenant-b' },
        ],
        resourceTemplates: [],
      },
      'rev-2': {
        principals: {
          ana: { tenant: 'tenant-a', scopes: ['resources:list', 'resources:read', 'resources:subscribe'], enabled: false },
          ben: { tenant: 'tenant-b', scopes: ['resources:list', 'resources:read', 'resources:subscribe'] },
        },
        resources: [
          { uri: 'kb://tenant-a/guide', tenant: 'tenant-a' },
          { uri: 'kb://tenant-b/notes', tenant: 'tenant-b' },
        ],
        resourceTemplates: [],
      },
    },
  },
  client: { info: { name: 'sample-client', version: '1.0.0' }, capabilities: { roots: { listChanged: true } } },
  server: { info: { name: 'sample-server', version: '1.0.0' }, capabilities: { resources: { subscribe: true }, tools: {} } },
};

/** The basis of one fixture file, so that suggested cases fit its policy and peers (`profile`: the CLI's --profile, if any). */
export function basisFromFixture(fixture: Fixture, profile?: string): ModelBasis {
  return {
    protocolVersion: fixture.protocol_version,
    course: profileForFixture(fixture, profile).id === 'course',
    // Without a policy no authorization check applies; the machines' catalogues take the sample's.
    policy: (fixture.authorization as AuthorizationPolicy | undefined) ?? SAMPLE_BASIS.policy,
    transportDefaults: fixture.transport_context_defaults ?? {},
    client: fixture.client,
    server: fixture.server,
  };
}

const byName = <T>(record: Readonly<Record<string, T>>): [string, T][] =>
  Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** The first enabled principal (by name) of `revision` holding `scope` and owning an explicit resource. */
export function identityFor(basis: ModelBasis, revision: string, scope: string): Identity | undefined {
  const rev = basis.policy.revisions[revision];
  if (!rev) return undefined;
  for (const [subject, p] of byName(rev.principals)) {
    if (p.enabled === false || !p.scopes.includes(scope)) continue;
    const own = rev.resources.find((r) => r.tenant === p.tenant);
    if (own) return { subject, tenant: p.tenant, scopes: p.scopes, uri: own.uri };
  }
  return undefined;
}

/** Another enabled principal of `who`'s tenant in `revision` holding `scope`, if there is one. */
export function neighbourOf(basis: ModelBasis, revision: string, who: Identity, scope: string): Identity | undefined {
  const rev = basis.policy.revisions[revision];
  if (!rev) return undefined;
  for (const [subject, p] of byName(rev.principals)) {
    if (subject === who.subject || p.tenant !== who.tenant || p.enabled === false || !p.scopes.includes(scope)) continue;
    return { subject, tenant: p.tenant, scopes: p.scopes, uri: who.uri };
  }
  return undefined;
}

/** Events of a profile's reading (`strict`: the course profile's) put first, so that shortest paths prefer what `basis` can play. */
export function basisFirst<E extends object>(basis: ModelBasis, events: readonly E[]): E[] {
  const course = basis.course === true;
  const other = (e: E) => Number((strictOf(e) === true) !== course);
  return [...events].sort((a, b) => other(a) - other(b));
}

function strictOf(event: object): unknown {
  return (event as { readonly strict?: unknown }).strict;
}

/** Whether every event of a path reads the core machines as `basis`'s profile does (a case of it can take the path). */
export function playableIn(basis: ModelBasis, events: readonly object[]): boolean {
  const course = basis.course === true;
  return events.every((e) => !('strict' in e) || (strictOf(e) === true) === course);
}

/** A principal `revision` revokes, if it has one. */
export function revokedIdentity(basis: ModelBasis, revision: string): Identity | undefined {
  const rev = basis.policy.revisions[revision];
  if (!rev) return undefined;
  for (const [subject, p] of byName(rev.principals)) {
    if (p.enabled !== false) continue;
    const own = rev.resources.find((r) => r.tenant === p.tenant);
    return { subject, tenant: p.tenant, scopes: p.scopes, uri: own?.uri ?? rev.resources[0]?.uri ?? 'kb://unlisted' };
  }
  return undefined;
}

/** An explicit resource of `revision` that belongs to a tenant other than `tenant`. */
export function foreignResource(basis: ModelBasis, revision: string, tenant: string): string | undefined {
  return basis.policy.revisions[revision]?.resources.find((r) => r.tenant !== tenant)?.uri;
}

/** Revision names, sorted. */
export function revisionNames(basis: ModelBasis): string[] {
  return byName(basis.policy.revisions).map(([name]) => name);
}

/** The complete transport context of `who` under `revision`, every check passing. */
export function fullContext(basis: ModelBasis, revision: string, who: Identity): TransportContext {
  const pr = basis.policy.protected_resource;
  return {
    transport: 'streamable_http',
    token_active: true,
    token_audience: pr,
    resource: pr,
    subject: who.subject,
    tenant: who.tenant,
    scopes: [...who.scopes],
    authorization_revision: revision,
  };
}

/** The part of `context` a step has to state: what differs from the fixture's defaults (sorted keys). */
export function stepContext(basis: ModelBasis, context: TransportContext): TransportContext {
  const defaults = basis.transportDefaults as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(context).sort()) {
    const value = (context as Record<string, unknown>)[key];
    if (value !== undefined && JSON.stringify(value) !== JSON.stringify(defaults[key])) out[key] = value;
  }
  return out as TransportContext;
}
