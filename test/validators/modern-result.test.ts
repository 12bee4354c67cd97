import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Session } from '../../machines/session.ts';
import type { JsonObject, MethodValidators, ValidationContext } from '../../validators/context.ts';
import { methodTable } from '../../validators/methods.ts';
import { SPEC_2025_11_25, SPEC_2026_07_28 } from '../../validators/profiles.ts';
import { isRetry, validateInputResponses, inputRequestsOf } from '../../validators/modern-input.ts';
import { pairs } from './support.ts';
import { listedToolsContext } from '../../machines/tool-catalogue.ts';

const tool = { name: 'get_weather', inputSchema: { type: 'object' }, outputSchema: { type: 'array', items: { type: 'string' } } };
const ctx: ValidationContext = listedToolsContext(SPEC_2026_07_28, new Map([['get_weather', tool]]));
const table = methodTable(SPEC_2026_07_28);
const R = '/message/result';
const P = '/message/params';

function meta(caps: JsonObject = {}): JsonObject {
  return {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' },
    'io.modelcontextprotocol/clientCapabilities': caps,
  };
}

function validators(method: string): MethodValidators {
  const v = table.get(method)?.validators;
  assert.ok(v, method);
  return v;
}


function result(method: string, value: unknown, requestParams: unknown = { _meta: meta(), name: 'get_weather' }): string[] {
  return pairs(validators(method).result?.(value, R, requestParams, ctx) ?? []);
}

const ELICIT = { method: 'elicitation/create', params: { message: 'Units?', requestedSchema: { type: 'object', properties: { units: { type: 'string' } }, required: ['units'] } } };
const SAMPLE = { method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5 } };

test('the 2026-07-28 table has no handshake, session or server-request methods', () => {
  const gone = ['initialize', 'notifications/initialized', 'ping', 'resources/subscribe', 'resources/unsubscribe',
    'notifications/roots/list_changed', 'logging/setLevel', 'tasks/list', 'tasks/get', 'tasks/result', 'tasks/cancel',
    'notifications/tasks/status', 'notifications/elicitation/complete', 'roots/list', 'sampling/createMessage', 'elicitation/create'];
  for (const m of gone) assert.not.ok(table.has(m), `${m} is not a 2026-07-28 method`);
  for (const m of ['server/discover', 'subscriptions/listen', 'notifications/subscriptions/acknowledged', 'tools/call', 'completion/complete']) {
    assert.ok(table.has(m), `${m} is a 2026-07-28 method`);
  }
  for (const m of ['roots/list', 'sampling/createMessage', 'elicitation/create', 'ping']) assert.ok(methodTable(SPEC_2025_11_25).has(m), `${m} stays in 2025-11-25`);
});

test('each removed method is an unknown method to a 2026-07-28 session', () => {
  const s = new Session({ profile: SPEC_2026_07_28 });
  const sent: [string, 'client_to_server' | 'server_to_client', boolean][] = [
    ['initialize', 'client_to_server', true], ['notifications/initialized', 'client_to_server', false], ['ping', 'client_to_server', true],
    ['ping', 'server_to_client', true], ['resources/subscribe', 'client_to_server', true], ['resources/unsubscribe', 'client_to_server', true],
    ['notifications/roots/list_changed', 'client_to_server', false], ['tasks/list', 'client_to_server', true],
    ['roots/list', 'server_to_client', true], ['sampling/createMessage', 'server_to_client', true], ['elicitation/create', 'server_to_client', true],
  ];
  for (const [method, direction, request] of sent) {
    const message = request ? { jsonrpc: '2.0', id: 9, method, params: { _meta: meta() } } : { jsonrpc: '2.0', method };
    // A request from the server is a direction finding (patterns: servers initiate no requests), whatever its method.
    const expected = request && direction === 'server_to_client' ? 'direction/server-request-stateless' : 'envelope/unknown-method';
    assert.equal(pairs(s.feed({ direction, message })), [`${expected} /message/method`], method);
  }
  s.stop();
});

test('client requests get the _meta check before their family params validator; other rows keep theirs', () => {
  const call = validators('tools/call').params;
  assert.ok(call);
  assert.equal(pairs(call({ _meta: meta(), name: 'get_weather' }, P, ctx)), []);
  assert.equal(pairs(call({ name: 'get_weather', arguments: 3 }, P, ctx)), [`stateless/request-meta-missing ${P}/_meta`, `tools/call-params ${P}/arguments`]);
  assert.equal(pairs(call({ _meta: meta(), name: 'get_weather', inputResponses: { a: 'x' }, requestState: 3 }, P, ctx)),
    [`stateless/input-responses-shape ${P}/inputResponses/a`, `stateless/input-responses-shape ${P}/requestState`]);
  assert.is(validators('notifications/tools/list_changed'), methodTable(SPEC_2025_11_25).get('notifications/tools/list_changed')?.validators);
});

test('stateless/result-type: every result says how to read it', () => {
  assert.equal(result('tools/call', { content: [] }), [`stateless/result-type ${R}/resultType`]);
  assert.equal(result('tools/call', { resultType: 'task', content: [] }), [`stateless/result-type ${R}/resultType`]);
  assert.equal(result('tools/call', { resultType: 'complete', content: [{ type: 'text', text: '["a"]' }], structuredContent: ['a'] }), []);
});

test('a complete result goes to its family: array structuredContent is checked against an array outputSchema', () => {
  assert.equal(result('tools/call', { resultType: 'complete', content: [{ type: 'text', text: '[1]' }], structuredContent: [1] }),
    [`toolschema/instance-type ${R}/structuredContent/0`]);
  assert.equal(result('tools/call', { resultType: 'complete', isError: true }), [`tools/call-result ${R}/content`]);
});

test('stateless/cacheable-result: ttlMs and cacheScope on list, read and discover results only', () => {
  const list = { resultType: 'complete', tools: [] };
  assert.equal(result('tools/list', list), [`stateless/cacheable-result ${R}/ttlMs`, `stateless/cacheable-result ${R}/cacheScope`]);
  assert.equal(result('tools/list', { ...list, ttlMs: 0, cacheScope: 'private' }), []);
  assert.equal(result('tools/list', { ...list, ttlMs: 1.5, cacheScope: 'public' }), [`stateless/cacheable-result ${R}/ttlMs`]);
  assert.equal(result('tools/call', { resultType: 'complete', content: [{ type: 'text', text: '[]' }], structuredContent: [] }), []);
});

test('stateless/input-required-not-allowed: only tools/call, prompts/get and resources/read take input', () => {
  assert.equal(result('tools/list', { resultType: 'input_required', requestState: 's' }), [`stateless/input-required-not-allowed ${R}/resultType`]);
  assert.equal(result('server/discover', { resultType: 'input_required', requestState: 's' }), [`stateless/input-required-not-allowed ${R}/resultType`]);
  assert.equal(result('resources/read', { resultType: 'input_required', requestState: 's' }, { _meta: meta(), uri: 'file:///a' }), []);
});

test('stateless/input-required-shape and the per-request capability gate of input requests', () => {
  const caps = { _meta: meta({ elicitation: {}, sampling: {} }), name: 'get_weather' };
  assert.equal(result('tools/call', { resultType: 'input_required', inputRequests: { a: ELICIT, b: SAMPLE }, requestState: 's' }, caps), []);
  assert.equal(result('tools/call', { resultType: 'input_required' }, caps), [`stateless/input-required-shape ${R}`]);
  assert.equal(result('tools/call', { resultType: 'input_required', inputRequests: { a: { method: 'ping' } } }, caps),
    [`stateless/input-required-shape ${R}/inputRequests/a/method`]);
  assert.equal(result('tools/call', { resultType: 'input_required', inputRequests: { a: ELICIT, b: SAMPLE } }, { _meta: meta({ sampling: {} }), name: 'get_weather' }),
    [`capability/client-not-declared ${R}/inputRequests/a/method`]);
  assert.equal(result('tools/call', { resultType: 'input_required', inputRequests: { b: { ...SAMPLE, params: { ...SAMPLE.params, tools: [] } } } }, caps),
    [`capability/client-not-declared ${R}/inputRequests/b/method`]);
  assert.equal(result('tools/call', { resultType: 'input_required', inputRequests: { a: { method: 'elicitation/create', params: { message: 'm' } } } }, caps),
    [`elicitation/params ${R}/inputRequests/a/params/requestedSchema`]);
});

test('input responses are checked against the result shape of the input request they answer', () => {
  const requests = inputRequestsOf({ inputRequests: { a: ELICIT, b: SAMPLE, r: { method: 'roots/list' } } });
  const A = `${P}/inputResponses`;
  const check = (responses: JsonObject) => pairs(validateInputResponses(requests, responses, A, ctx));
  assert.equal(check({ a: { action: 'accept', content: { units: 'metric' } }, b: { role: 'assistant', content: { type: 'text', text: 'x' }, model: 'm' }, r: { roots: [] } }), []);
  assert.equal(check({ a: { action: 'accept', content: {} } }), [`elicitation/content-required ${A}/a/content/units`]);
  assert.equal(check({ b: { action: 'accept' } }).slice(0, 1), [`sampling/result ${A}/b/role`]);
  assert.equal(check({ unknown: { anything: true } }), []);
  assert.ok(isRetry({ requestState: 's' }) && isRetry({ inputResponses: {} }) && !isRetry({ name: 'x' }));
});

test('input requests keyed __proto__, constructor or prototype are own entries, and their responses are checked', () => {
  for (const key of ['__proto__', 'constructor', 'prototype']) {
    const requests = inputRequestsOf(JSON.parse(`{"inputRequests": {"${key}": ${JSON.stringify(ELICIT)}}}`));
    assert.ok(Object.hasOwn(requests, key), key);
    assert.is(Object.getPrototypeOf(requests), Object.prototype, `${key}: the prototype is untouched`);
    const A = `${P}/inputResponses`;
    assert.equal(pairs(validateInputResponses(requests, JSON.parse(`{"${key}": {"action": "accept", "content": {}}}`), A, ctx)),
      [`elicitation/content-required ${A}/${key}/content/units`]);
  }
});

test('discover, listen and acknowledged shapes', () => {
  const discover = (value: JsonObject) => result('server/discover', { resultType: 'complete', ttlMs: 0, cacheScope: 'public', ...value }, { _meta: meta() });
  assert.equal(discover({ supportedVersions: ['2026-07-28'], capabilities: {}, instructions: 'Use get_weather.' }), []);
  assert.equal(discover({ supportedVersions: '2026-07-28', capabilities: {} }), [`stateless/discover-result ${R}/supportedVersions`]);
  assert.equal(discover({ supportedVersions: [], capabilities: { tools: { listChanged: 1 } } }), [`initialize/server-capabilities ${R}/capabilities/tools/listChanged`]);
  const listen = validators('subscriptions/listen').params;
  assert.ok(listen);
  assert.equal(pairs(listen({ _meta: meta(), notifications: { toolsListChanged: true, resourceSubscriptions: ['file:///a'] } }, P, ctx)), []);
  assert.equal(pairs(listen({ _meta: meta(), notifications: { toolsListChanged: 'yes' } }, P, ctx)), [`stateless/listen-params ${P}/notifications/toolsListChanged`]);
  assert.equal(result('subscriptions/listen', { resultType: 'complete' }), [`stateless/listen-result ${R}/_meta`]);
  assert.equal(result('subscriptions/listen', { resultType: 'complete', _meta: { 'io.modelcontextprotocol/subscriptionId': 'l1' } }), []);
  const ack = validators('notifications/subscriptions/acknowledged').params;
  assert.ok(ack);
  assert.equal(pairs(ack({ _meta: { 'io.modelcontextprotocol/subscriptionId': 5 }, notifications: {} }, P, ctx)), []);
  assert.equal(pairs(ack({ notifications: {} }, P, ctx)), [`stateless/acknowledged-params ${P}/_meta`]);
});

test.run();
