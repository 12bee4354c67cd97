import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Session, type Step } from '../../machines/session.ts';
import { COURSE_PROFILE, SPEC_2025_11_25 } from '../../validators/profiles.ts';
import { parseStrictJson } from '../../validators/strict-json.ts';

const R = 'https://mcp.example.test/mcp';
const rev = (enabled: boolean) => ({
  principals: { ann: { tenant: 'tx', scopes: ['resources:read', 'resources:subscribe', 'resources:list'], enabled } },
  resources: [
    { uri: 'notes://tx/book', tenant: 'tx', children: ['notes://tx/book/part-1'] },
    { uri: 'notes://tx/book/part-1', tenant: 'tx' },
    { uri: 'notes://tx/bookish', tenant: 'tx' },
    { uri: 'notes://ty/other', tenant: 'ty' },
  ],
  resourceTemplates: [],
});
const policy = { protected_resource: R, initial_revision: 'r1', revisions: { r1: rev(true), r2: rev(true) } };
const defaults = { transport: 'streamable_http', token_active: true, token_audience: R, resource: R };
const ctx = (scopes: string[], revision = 'r1') => ({ subject: 'ann', tenant: 'tx', scopes, authorization_revision: revision });

function ready(): Session {
  const s = new Session({ profile: COURSE_PROFILE, policy, transportDefaults: defaults, tools: [] });
  const steps: Step[] = [
    { direction: 'client_to_server', message: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } } },
    { direction: 'server_to_client', message: { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: { resources: { subscribe: true } }, serverInfo: { name: 's', version: '1' } } } },
    { direction: 'client_to_server', message: { jsonrpc: '2.0', method: 'notifications/initialized' } },
  ];
  for (const st of steps) assert.equal(s.feed(st), []);
  return s;
}
const c2s = (message: object, transport_context?: object): Step => ({ direction: 'client_to_server', message: { jsonrpc: '2.0', ...message }, ...(transport_context ? { transport_context } : {}) });
const s2c = (message: object, transport_context?: object): Step => ({ direction: 'server_to_client', message: { jsonrpc: '2.0', ...message }, ...(transport_context ? { transport_context } : {}) });
const rules = (s: Session, st: Step) => s.feed(st).map((f) => `${f.rule} ${f.pointer}`);
const subscribe = (s: Session, id: number) => {
  assert.equal(rules(s, c2s({ id, method: 'resources/subscribe', params: { uri: 'notes://tx/book' } }, ctx(['resources:subscribe']))), []);
  assert.equal(rules(s, s2c({ id, result: {} })), []);
};
const update = (uri: string) => s2c({ method: 'notifications/resources/updated', params: { uri } }, ctx(['resources:subscribe']));

test('a tool listed again keeps being checked: unchanged in any member order, or changed and then taken as changed', () => {
  // The specification profiles learn the callable tools from tools/list (the course profile calls only its declared tool).
  const s = new Session({ profile: SPEC_2025_11_25 });
  const handshake: Step[] = [
    c2s({ id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } }),
    s2c({ id: 1, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } }),
    c2s({ method: 'notifications/initialized' }),
  ];
  for (const st of handshake) assert.equal(s.feed(st), []);
  const schema = (required: string[]) => ({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } }, required });
  const list = (id: number, tool: object) => {
    assert.equal(rules(s, c2s({ id, method: 'tools/list' })), []);
    assert.equal(rules(s, s2c({ id, result: { tools: [tool] } })), []);
  };
  const call = (id: number, args: object) => {
    const found = rules(s, c2s({ id, method: 'tools/call', params: { name: 't', arguments: args } }));
    if (found.length === 0) assert.equal(rules(s, s2c({ id, result: { content: [] } })), []);
    return found;
  };
  list(2, { name: 't', inputSchema: schema(['a']) });
  assert.equal(call(3, { a: 'x' }), []);
  assert.equal(call(4, { b: 1 }).length, 1, 'a is required');
  list(5, { inputSchema: { required: ['a'], properties: { b: { type: 'number' }, a: { type: 'string' } }, type: 'object' }, name: 't' });
  assert.equal(call(6, { b: 1 }).length, 1, 'the same tool, members in another order: a is still required');
  assert.equal(call(7, { a: 'x' }), []);
  list(8, { name: 't', inputSchema: schema(['b']) });
  assert.equal(call(9, { a: 'x' }).length, 1, 'changed: now b is required');
  assert.equal(call(10, { b: 2 }), []);
});

test('a tool listed again is checked again unless an equal one was found clean; findings keep their place in the new list', () => {
  const bad = { name: 't', inputSchema: { type: 'string' } };
  // Declared up front, never checked: listing the same descriptor still reports it.
  const s = new Session({ profile: SPEC_2025_11_25, tools: [structuredClone(bad)] });
  const handshake: Step[] = [
    c2s({ id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } }),
    s2c({ id: 1, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } }),
    c2s({ method: 'notifications/initialized' }),
  ];
  for (const st of handshake) assert.equal(s.feed(st), []);
  const list = (id: number, tools: object[]) => {
    assert.equal(rules(s, c2s({ id, method: 'tools/list' })), []);
    return rules(s, s2c({ id, result: { tools } }));
  };
  assert.equal(list(2, [structuredClone(bad)]), ['tools/schema-root-type /message/result/tools/0/inputSchema/type']);
  const good = { name: 't', inputSchema: { type: 'object' } };
  assert.equal(list(3, [structuredClone(good)]), []);
  assert.equal(list(4, [structuredClone(good)]), [], 'equal to a clean one');
  assert.equal(list(5, [{ name: 'u', inputSchema: { type: 'object' } }, structuredClone(bad)]),
    ['tools/schema-root-type /message/result/tools/1/inputSchema/type'], 'changed under the same name: checked again');
  assert.equal(list(6, [structuredClone(good), { name: 'u', inputSchema: { type: 'object' } }]), []);
  assert.equal(list(7, [{ ...structuredClone(good), title: 7 }]).length, 1, 'one member more: checked again');
});

test('the course profile calls only its declared tool: a tool a tools/list result names is not callable, and a listing changes no declared schema', () => {
  const declared = { name: 't', description: 'Declared.', inputSchema: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] } };
  const s = new Session({ profile: COURSE_PROFILE, tools: [declared] });
  const handshake: Step[] = [
    c2s({ id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } }),
    s2c({ id: 1, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } }),
    c2s({ method: 'notifications/initialized' }),
  ];
  for (const st of handshake) assert.equal(s.feed(st), []);
  const listed = [{ name: 'u', description: 'Listed.', inputSchema: { type: 'object' } }, { name: 't', description: 'Changed.', inputSchema: { type: 'object' } }];
  assert.equal(rules(s, c2s({ id: 2, method: 'tools/list' })), []);
  assert.equal(rules(s, s2c({ id: 2, result: { tools: listed } })), []);
  assert.equal(rules(s, c2s({ id: 3, method: 'tools/call', params: { name: 'u', arguments: {} } })), ['tools/unknown-tool /message/params/name']);
  assert.equal(rules(s, c2s({ id: 4, method: 'tools/call', params: { name: 't', arguments: {} } })), ['toolschema/instance-required /message/params/arguments/a'],
    'the declared schema still requires a');
});

test('a tool of a page not listed yet is no unknown tool: the listing is complete only at a page without nextCursor (and again after a list change)', () => {
  const s = new Session({ profile: SPEC_2025_11_25 });
  const handshake: Step[] = [
    c2s({ id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } }),
    s2c({ id: 1, result: { protocolVersion: '2025-11-25', capabilities: { tools: { listChanged: true } }, serverInfo: { name: 's', version: '1' } } }),
    c2s({ method: 'notifications/initialized' }),
  ];
  for (const st of handshake) assert.equal(s.feed(st), []);
  const tool = (name: string) => ({ name, inputSchema: { type: 'object' } });
  assert.equal(rules(s, c2s({ id: 2, method: 'tools/list' })), []);
  assert.equal(rules(s, s2c({ id: 2, result: { tools: [tool('a')], nextCursor: 'p2' } })), []);
  assert.equal(rules(s, c2s({ id: 3, method: 'tools/call', params: { name: 'b', arguments: {} } })), [], 'b may be on the page not fetched');
  assert.equal(rules(s, s2c({ id: 3, result: { content: [] } })), []);
  assert.equal(rules(s, c2s({ id: 4, method: 'tools/list', params: { cursor: 'p2' } })), []);
  assert.equal(rules(s, s2c({ id: 4, result: { tools: [tool('b')] } })), []);
  // tools/unknown-tool is the course profile's alone: under the specification nothing forbids the call.
  assert.equal(rules(s, c2s({ id: 5, method: 'tools/call', params: { name: 'z', arguments: {} } })), [], 'every page listed: z is offered on none, yet no finding');
  assert.equal(rules(s, s2c({ id: 5, error: { code: -32602, message: 'Unknown tool' } })), []);
  // After a list change the client lists the first page again; a tool of the later pages is not known gone.
  assert.equal(rules(s, s2c({ method: 'notifications/tools/list_changed' })), []);
  assert.equal(rules(s, c2s({ id: 6, method: 'tools/list' })), []);
  assert.equal(rules(s, s2c({ id: 6, result: { tools: [tool('a')], nextCursor: 'q2' } })), []);
  assert.equal(rules(s, c2s({ id: 7, method: 'tools/call', params: { name: 'c', arguments: {} } })), [], 'c may be on the new listing\'s next page');
});

test('ids 5 and "5" are two requests: each answer goes to its own', () => {
  const s = ready();
  assert.equal(rules(s, c2s({ id: 5, method: 'resources/list' }, ctx(['resources:list']))), []);
  assert.equal(rules(s, c2s({ id: '5', method: 'ping' })), []);
  assert.equal(rules(s, s2c({ id: '5', result: {} })), []);
  assert.equal(s.view().pending.client_to_server.map((p) => p.id), [5]);
  assert.equal(rules(s, s2c({ id: 5, result: {} })), ['resources/list-result-shape /message/result/resources'], 'checked as the resources/list result it is');
  assert.equal(rules(s, s2c({ id: 5, result: { resources: [] } })), []);
  assert.equal(s.view().pending.client_to_server, []);
});

test('updates: explicit children are covered, prefix look-alikes are not', () => {
  const s = ready();
  subscribe(s, 2);
  assert.equal(rules(s, update('notes://tx/book/part-1')), []);
  assert.equal(rules(s, update('notes://tx/bookish')), ['subscription/no-active-subscription /message/params/uri']);
  assert.equal(s.view().subscriptions.map((x) => x.state), ['active'], 'the refused update left no machine behind');
});

test('refused updates and unsubscribes for URIs nobody subscribed to change no state, however many: no machine is kept for them', () => {
  const s = new Session({ profile: SPEC_2025_11_25 });
  const handshake: Step[] = [
    c2s({ id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } }),
    s2c({ id: 1, result: { protocolVersion: '2025-11-25', capabilities: { resources: { subscribe: true } }, serverInfo: { name: 's', version: '1' } } }),
    c2s({ method: 'notifications/initialized' }),
    c2s({ id: 2, method: 'resources/subscribe', params: { uri: 'file:///kept.txt' } }),
    s2c({ id: 2, result: {} }),
  ];
  for (const st of handshake) assert.equal(rules(s, st), []);
  const before = JSON.stringify(s.view());
  for (let i = 0; i < 5_000; i++) {
    assert.equal(rules(s, s2c({ method: 'notifications/resources/updated', params: { uri: `file:///other-${i}.txt` } })), ['subscription/no-active-subscription /message/params/uri']);
  }
  assert.is(JSON.stringify(s.view()), before);
  // An unsubscribe with nothing to end (a warning here) keeps nothing either, and its answer changes nothing.
  assert.equal(rules(s, c2s({ id: 3, method: 'resources/unsubscribe', params: { uri: 'file:///never.txt' } })), ['subscription/unsubscribe-not-subscribed /message/params/uri']);
  assert.equal(rules(s, s2c({ id: 3, result: {} })), []);
  assert.equal(s.view().subscriptions.map((x) => [x.uri, x.state]), [['file:///kept.txt', 'active']]);
  s.stop();
});

test('a revision switch revokes subscriptions first; pending results bound to the old revision fail closed', () => {
  const s = ready();
  subscribe(s, 2);
  assert.equal(rules(s, c2s({ id: 3, method: 'resources/read', params: { uri: 'notes://tx/book' } }, ctx(['resources:read']))), []);
  assert.equal(rules(s, { control_event: { type: 'activate_authorization_revision', revision: 'r2' } }), []);
  assert.equal(s.view().subscriptions.map((x) => x.state), ['idle']);
  assert.equal(s.view().revision, 'r2');
  assert.equal(rules(s, s2c({ id: 3, result: { contents: [{ uri: 'notes://tx/book', text: 'x' }] } })), ['auth/stale-revision /message/result']);
  assert.equal(s.view().pending.client_to_server.map((p) => p.id), [3]);
  assert.equal(rules(s, s2c({ id: 3, error: { code: -32603, message: 'gone' } })), []);
  assert.equal(rules(s, update('notes://tx/book')), ['auth/stale-revision /transport_context/authorization_revision']);
  assert.equal(rules(s, s2c({ method: 'notifications/resources/updated', params: { uri: 'notes://tx/book' } }, ctx(['resources:subscribe'], 'r2'))),
    ['subscription/no-active-subscription /message/params/uri']);
});

test('read results may hold only the requested URI or its explicit policy children; lists stay in the tenant', () => {
  const s = ready();
  assert.equal(rules(s, c2s({ id: 4, method: 'resources/read', params: { uri: 'notes://tx/book' } }, ctx(['resources:read']))), []);
  assert.equal(rules(s, s2c({ id: 4, result: { contents: [{ uri: 'notes://tx/bookish', text: 'x' }] } })), ['auth/result-outside-policy /message/result/contents/0/uri']);
  assert.equal(rules(s, s2c({ id: 4, result: { contents: [{ uri: 'notes://tx/book/part-1', text: 'x' }] } })), []);
  assert.equal(rules(s, c2s({ id: 5, method: 'resources/list' }, ctx(['resources:list']))), []);
  assert.equal(rules(s, s2c({ id: 5, result: { resources: [{ uri: 'notes://ty/other', name: 'o' }] } })), ['auth/resource-tenant /message/result/resources/0/uri']);
  assert.equal(rules(s, s2c({ id: 5, result: { resources: [{ uri: 'notes://tx/unknown', name: 'o' }] } })), ['auth/resource-not-in-policy /message/result/resources/0/uri']);
  assert.equal(rules(s, s2c({ id: 5, result: { resources: [{ uri: 'notes://tx/book', name: 'b' }] } })), []);
});

test('a rejected message changes no state', () => {
  const s = ready();
  assert.equal(rules(s, c2s({ id: 6, method: 'resources/subscribe', params: { uri: 'notes://tx/book' } }, ctx(['resources:read']))), ['auth/scope-missing /transport_context/scopes']);
  assert.equal(s.view().pending.client_to_server, []);
  assert.equal(s.view().subscriptions, []);
});

test('a rejected initialize or initialized leaves the handshake where it was', () => {
  const s = new Session({ profile: COURSE_PROFILE, policy, transportDefaults: defaults, tools: [] });
  const init = (id: number, clientInfo: object) => c2s({ id, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo } });
  assert.equal(rules(s, init(1, { name: 'c' })).map((r) => r.split(' ')[0]), ['initialize/implementation']);
  assert.is(s.view().lifecycle, 'new');
  assert.equal(s.view().pending.client_to_server, []);
  assert.equal(rules(s, init(2, { name: 'c', version: '1' })), []);
  assert.is(s.view().lifecycle, 'waiting_for_initialize_response');
  assert.equal(rules(s, s2c({ id: 2, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } })), []);
  assert.equal(rules(s, c2s({ method: 'notifications/initialized', params: { extra: true } })).length > 0, true);
  assert.is(s.view().lifecycle, 'waiting_for_initialized_notification');
  assert.equal(rules(s, c2s({ method: 'notifications/initialized' })), []);
  assert.is(s.view().lifecycle, 'ready');
});

test('the answer to a rejected request is not reported again; a second answer is', () => {
  const s = ready();
  assert.equal(rules(s, c2s({ id: 7, method: 'resources/read', params: { uri: 'notes://tx/book' } }, ctx(['resources:list']))),
    ['auth/scope-missing /transport_context/scopes']);
  assert.equal(rules(s, s2c({ id: 7, error: { code: -32602, message: 'bad request' } })), []);
  assert.equal(rules(s, s2c({ id: 7, error: { code: -32602, message: 'again' } })), ['correlation/no-matching-request /message/id']);
});

test('an id beyond 2^53-1 is compared by its exact value; the specification profiles warn, the course profile does not', () => {
  for (const profile of [COURSE_PROFILE, SPEC_2025_11_25]) {
    const s = new Session({ profile });
    const handshake: Step[] = [
      c2s({ id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } }),
      s2c({ id: 1, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } }),
      c2s({ method: 'notifications/initialized' }),
    ];
    for (const st of handshake) assert.equal(s.feed(st), []);
    const wire = (direction: 'client_to_server' | 'server_to_client', text: string): Step => ({ direction, message: parseStrictJson(text) });
    const warn = profile === COURSE_PROFILE ? [] : ['json/unsafe-integer /message/id'];
    assert.equal(rules(s, wire('client_to_server', '{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}')), warn);
    assert.equal(rules(s, wire('client_to_server', '{"jsonrpc":"2.0","id":9007199254740992,"method":"ping"}')), warn, 'a second request, not a duplicate');
    assert.equal(s.view().pending.client_to_server.length, 2);
    assert.equal(rules(s, wire('server_to_client', '{"jsonrpc":"2.0","id":9007199254740993,"result":{}}')), warn);
    assert.equal(rules(s, wire('server_to_client', '{"jsonrpc":"2.0","id":9007199254740993,"result":{}}')),
      [...warn, 'correlation/no-matching-request /message/id'], 'answered once, by its exact id');
    assert.equal(rules(s, wire('server_to_client', '{"jsonrpc":"2.0","id":9007199254740992,"result":{}}')), warn);
    const found = s.feed(wire('client_to_server', '{"jsonrpc":"2.0","id":3,"method":"ping","params":{"n":[1,123456789012345678901234567890]}}'));
    if (profile !== COURSE_PROFILE) {
      assert.equal(found.map((f) => `${f.rule} ${f.pointer} ${f.severity}`), ['json/unsafe-integer /message/params/n/1 warning']);
      assert.ok(found[0]?.message.includes('123456789012345678901234567890'), found[0]?.message);
    }
    s.stop();
  }
});

test('the course profile: a transport_context only on authorization-bound messages, and revisions change only in a ready session', () => {
  const s = ready();
  assert.equal(rules(s, c2s({ id: 2, method: 'ping' }, {})), ['auth/unexpected-context /transport_context']);
  assert.equal(rules(s, c2s({ id: 3, method: 'resources/list' }, ctx(['resources:list']))), []);
  assert.equal(rules(s, s2c({ id: 3, result: { resources: [] } }, ctx(['resources:list']))), ['auth/unexpected-context /transport_context']);
  const fresh = new Session({ profile: COURSE_PROFILE, policy, transportDefaults: defaults, tools: [] });
  assert.equal(rules(fresh, { control_event: { type: 'activate_authorization_revision', revision: 'r2' } }), ['auth/revision-before-ready /control_event']);
  const spec = new Session({ profile: SPEC_2025_11_25, policy, transportDefaults: defaults, tools: [] });
  assert.equal(rules(spec, { control_event: { type: 'activate_authorization_revision', revision: 'r2' } }), [], 'the specification profiles have no such rule');
});

test('the course profile keeps one subscription per URI in a session; the specification profiles one per principal and accept a repeated subscribe', () => {
  const s = ready();
  subscribe(s, 2);
  assert.equal(rules(s, c2s({ id: 3, method: 'resources/subscribe', params: { uri: 'notes://tx/book' } }, ctx(['resources:subscribe']))),
    ['subscription/already-subscribed /message/params/uri']);
  assert.equal(s.view().pending.client_to_server, [], 'a refused subscribe is not pending');
  assert.equal(rules(s, c2s({ id: 4, method: 'resources/unsubscribe', params: { uri: 'notes://tx/book/part-1' } }, ctx(['resources:subscribe']))),
    ['subscription/unsubscribe-without-subscription /message/params/uri']);
  const spec = new Session({ profile: SPEC_2025_11_25, policy, transportDefaults: defaults, tools: [] });
  const handshake: Step[] = [
    c2s({ id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } }),
    s2c({ id: 1, result: { protocolVersion: '2025-11-25', capabilities: { resources: { subscribe: true } }, serverInfo: { name: 's', version: '1' } } }),
    c2s({ method: 'notifications/initialized' }),
  ];
  for (const st of handshake) assert.equal(spec.feed(st), []);
  subscribe(spec, 2);
  subscribe(spec, 3);
  assert.equal(rules(spec, c2s({ id: 4, method: 'resources/unsubscribe', params: { uri: 'notes://tx/book/part-1' } }, ctx(['resources:subscribe']))),
    ['subscription/unsubscribe-not-subscribed /message/params/uri'], 'a warning there');
});

test.run();
