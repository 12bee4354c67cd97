import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { authorizationMachine } from '../../machines/authorization.ts';
import { transcript } from './transcript.ts';

const rev = {
  principals: { alice: { tenant: 'a', scopes: ['resources:read', 'resources:list'] }, bob: { tenant: 'b', scopes: ['resources:read'] } },
  resources: [{ uri: 'kb://a/doc', tenant: 'a', children: ['kb://a/doc/1'] }, { uri: 'kb://a/doc/1', tenant: 'a' }, { uri: 'kb://b/x', tenant: 'b' }],
  resourceTemplates: [{ uriTemplate: 'kb://a/t/{id}', tenant: 'a' }],
};
const policy = {
  protected_resource: 'https://mcp.example.test/mcp',
  initial_revision: 'v1',
  revisions: { v1: rev, v2: { ...rev, principals: { ...rev.principals, alice: { ...rev.principals.alice, enabled: false } } } },
};
const good = {
  transport: 'streamable_http', token_active: true, token_audience: policy.protected_resource, resource: policy.protected_resource,
  subject: 'alice', tenant: 'a', scopes: ['resources:read'], authorization_revision: 'v1',
};
const check = (context: object, uri: string | undefined = 'kb://a/doc') => ({
  type: 'context.check', input: { context, method: 'resources/read', scope: 'resources:read', uri },
});
const one = (context: object, uri?: string) => transcript(authorizationMachine, { policy }, [check(context, uri)])[0]!.rules;

test('a complete, current context passes', () => {
  assert.equal(one(good), []);
  assert.equal(one(good, 'kb://a/t/42'), []);
});

test('each check fails on its own, first failure only', () => {
  assert.equal(one({ ...good, transport: 'stdio' }), ['auth/transport']);
  assert.equal(one({ ...good, token_active: false }), ['auth/token-inactive']);
  assert.equal(one({ ...good, token_audience: 'https://other.example.test/mcp' }), ['auth/token-audience']);
  assert.equal(one({ ...good, resource: 'https://other.example.test/mcp' }), ['auth/resource-indicator']);
  assert.equal(one({ ...good, subject: undefined }), ['auth/context-missing']);
  assert.equal(one({ ...good, authorization_revision: 'v0' }), ['auth/stale-revision']);
  assert.equal(one({ ...good, subject: 'eve' }), ['auth/unknown-subject']);
  assert.equal(one({ ...good, tenant: 'b' }), ['auth/principal-binding']);
  assert.equal(one({ ...good, scopes: ['resources:read', 'resources:subscribe'] }), ['auth/scope-not-granted']);
  assert.equal(one({ ...good, scopes: ['resources:list'] }), ['auth/scope-missing']);
  assert.equal(one(good, 'kb://a/unknown'), ['auth/resource-not-in-policy']);
  assert.equal(one({ ...good, subject: 'bob', tenant: 'b' }, 'kb://a/doc'), ['auth/resource-tenant']);
  assert.equal(one({ ...good, transport: 'stdio', token_active: false }), ['auth/transport']);
});

test('switching revision: unknown ones are refused, a disabled principal is revoked', () => {
  const steps = transcript(authorizationMachine, { policy }, [
    { type: 'revision.activate', revision: 'v9' },
    { type: 'revision.activate', revision: 'v2' },
    check(good),
    check({ ...good, authorization_revision: 'v2' }),
  ]);
  assert.equal(steps.map((s) => s.rules), [['auth/unknown-revision'], [], ['auth/stale-revision'], ['auth/principal-revoked']]);
});

test('the course profile\'s checks (strict): each scope claimed once, explicit policy resources only', () => {
  const strict = (context: object, uri = 'kb://a/doc') => transcript(authorizationMachine, { policy }, [
    { type: 'context.check', input: { context, method: 'resources/read', scope: 'resources:read', uri, strict: true } },
  ])[0]!.rules;
  assert.equal(strict(good), []);
  assert.equal(strict({ ...good, scopes: ['resources:read', 'resources:read'] }), ['auth/duplicate-scope']);
  assert.equal(one({ ...good, scopes: ['resources:read', 'resources:read'] }), [], 'not a specification rule');
  assert.equal(strict(good, 'kb://a/t/42'), ['auth/resource-not-in-policy'], 'a template match grants nothing there');
});

test('activating the revision in force is no switch', () => {
  const machine = transcript(authorizationMachine, { policy }, [{ type: 'revision.activate', revision: 'v1' }, check(good)]);
  assert.equal(machine.map((s) => s.rules), [[], []]);
});

test('a result bound to a revision no longer in force fails closed', () => {
  const result = (revision: string) => ({ type: 'result.check', method: 'resources/read', revision });
  const steps = transcript(authorizationMachine, { policy }, [result('v1'), { type: 'revision.activate', revision: 'v2' }, result('v1'), result('v2')]);
  assert.equal(steps.map((s) => s.rules), [[], [], ['auth/stale-revision'], []]);
  assert.equal(steps.map((s) => s.state), steps.map(() => '"enforcing"'), 'a stale result changes nothing');
});

test.run();
