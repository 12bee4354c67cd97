import { test } from 'uvu';
import { createActor } from 'xstate';
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

test('what a result names is judged against the policy of the revision in force: the requested resource or its descendants, listed ones, the requester\'s tenant', () => {
  const read = (uri: string, strict = false) => ({ type: 'result.resource', method: 'resources/read', requested: 'kb://a/doc', index: 0, uri, tenant: 'a', pointer: '/message/result/contents/0/uri', ...(strict ? { strict } : {}) });
  const listed = (uri: string, tenant = 'a') => ({ type: 'result.resource', method: 'resources/list', uri, tenant, pointer: '/message/result/resources/0/uri' });
  const template = (t: string, tenant = 'a') => ({ type: 'result.resource', method: 'resources/templates/list', template: t, tenant, pointer: '/message/result/resourceTemplates/0/uriTemplate' });
  const rules = (...events: object[]) => transcript(authorizationMachine, { policy }, events).map((s) => s.rules);
  // A read: the requested resource and its explicit child pass; another resource, or a sibling, does not.
  assert.equal(rules(read('kb://a/doc'), read('kb://a/doc/1'), read('kb://b/x'), read('kb://a/doc-2')),
    [[], [], ['auth/result-outside-policy'], ['auth/result-outside-policy']]);
  // A list: the requester's resources and templates pass; one the policy lacks, or another tenant's, does not.
  assert.equal(rules(listed('kb://a/doc'), listed('kb://nowhere'), listed('kb://b/x'), listed('kb://b/x', 'b')),
    [[], ['auth/resource-not-in-policy'], ['auth/resource-tenant'], []]);
  assert.equal(rules(template('kb://a/t/{id}'), template('kb://z/{id}'), template('kb://a/t/{id}', 'b')),
    [[], ['auth/resource-not-in-policy'], ['auth/resource-tenant']]);
});

test('a resource finding names the place and the policy\'s words, and changes nothing', () => {
  const actor = createActor(authorizationMachine, { input: { policy } });
  const heard: { rule: string; pointer: string; message: string }[] = [];
  actor.on('issue', (e) => heard.push(e as never));
  actor.start();
  const before = actor.getSnapshot();
  actor.send({ type: 'result.resource', method: 'resources/list', uri: 'kb://b/x', tenant: 'a', pointer: '/message/result/resources/3/uri' });
  actor.send({ type: 'result.resource', method: 'resources/read', requested: 'kb://a/doc', index: 2, uri: 'kb://b/x', tenant: 'a', pointer: '/message/result/contents/2/uri', strict: true });
  assert.equal(heard.map((h) => [h.rule, h.pointer]), [['auth/resource-tenant', '/message/result/resources/3/uri'], ['auth/result-outside-policy', '/message/result/contents/2/uri']]);
  assert.is(heard[0]!.message, "resource tenant b of kb://b/x does not match the requester's tenant a");
  assert.match(heard[1]!.message, /^contents\[2\]\.uri is not the requested resource or an explicit child: kb:\/\/b\/x is neither kb:\/\/a\/doc nor one of its direct explicit policy children$/);
  assert.equal([actor.getSnapshot().value, actor.getSnapshot().context], [before.value, before.context]);
  // After a switch the new revision's policy decides.
  actor.send({ type: 'revision.activate', revision: 'v2' });
  assert.is(actor.getSnapshot().context.revision, 'v2');
  actor.stop();
});

test.run();
