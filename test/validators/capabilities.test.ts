import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkCapabilities, hasCapability } from '../../validators/capabilities.ts';

const server = { tools: { listChanged: true }, resources: { subscribe: true }, tasks: { list: {}, requests: { tools: { call: {} } } } };
const client = { roots: { listChanged: true }, sampling: { tools: {} }, elicitation: { form: {} } };
const gate = (method: string, params: unknown, dir: 'client_to_server' | 'server_to_client', c: object = client, s: object = server) =>
  checkCapabilities(method, params, dir, c as never, s as never, '/message/method');

test('boolean sub-capabilities must be true, object ones present', () => {
  assert.ok(hasCapability(server, 'tools.listChanged'));
  assert.not.ok(hasCapability({ tools: { listChanged: false } }, 'tools.listChanged'));
  assert.not.ok(hasCapability({ resources: {} }, 'resources.subscribe'));
  assert.ok(hasCapability(server, 'tasks.requests.tools.call'));
});

test('server gates name the missing capability', () => {
  assert.is(gate('tools/list', undefined, 'client_to_server'), undefined);
  const f = gate('tools/list', undefined, 'client_to_server', client, {});
  assert.is(f?.rule, 'capability/server-not-declared');
  assert.match(f!.message, 'server did not declare capability: tools');
  assert.match(gate('tools/call', { name: 'x', task: {} }, 'client_to_server', client, { tools: {} })!.message, 'tasks.requests.tools.call');
  assert.is(gate('tools/call', { name: 'x', task: {} }, 'client_to_server'), undefined);
  assert.match(gate('tasks/list', {}, 'client_to_server', client, { tools: {} })!.message, 'server did not declare capability: tasks.list');
  assert.match(gate('resources/subscribe', { uri: 'a:b' }, 'client_to_server', client, { resources: { listChanged: true } })!.message, 'resources.subscribe');
  assert.match(gate('notifications/resources/list_changed', undefined, 'server_to_client', client, { resources: { subscribe: true } })!.message, 'resources.listChanged');
  assert.match(gate('notifications/tools/list_changed', undefined, 'server_to_client', client, { tools: {} })!.message, 'tools.listChanged');
});

test('client gates: roots, sampling.tools, sampling.context, elicitation modes', () => {
  assert.match(gate('roots/list', undefined, 'server_to_client', {})!.message, 'client did not declare capability: roots');
  assert.is(gate('roots/list', undefined, 'server_to_client')?.rule, undefined);
  assert.match(gate('sampling/createMessage', { tools: [] }, 'server_to_client', { sampling: {} })!.message, 'sampling.tools');
  assert.is(gate('sampling/createMessage', { tools: [] }, 'server_to_client'), undefined);
  assert.match(gate('sampling/createMessage', { includeContext: 'allServers' }, 'server_to_client')!.message, 'sampling.context');
  assert.is(gate('sampling/createMessage', { includeContext: 'none' }, 'server_to_client'), undefined);
  assert.match(gate('elicitation/create', { mode: 'url' }, 'server_to_client')!.message, 'elicitation.url');
  assert.is(gate('elicitation/create', { mode: 'form' }, 'server_to_client'), undefined);
  assert.is(gate('elicitation/create', {}, 'server_to_client', { elicitation: {} }), undefined);
  assert.match(gate('elicitation/create', {}, 'server_to_client', { elicitation: { url: {} } })!.message, 'elicitation.form');
  assert.match(gate('notifications/roots/list_changed', undefined, 'client_to_server', { roots: {} })!.message, 'roots.listChanged');
});

test.run();
