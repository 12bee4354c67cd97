// Why: the judging server's parts on their own: cursors are opaque and checked on return, the plan
// plays only what the client declared (and probes what it did not), a session answers and judges
// in order, and the HTTP endpoint answers only loopback-addressed requests of a session it knows.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cursorFor, page, PROMPTS, TOOLS } from '../../judging-server/catalog.ts';
import { JudgingHttpEndpoint, MCP_PATH } from '../../judging-server/http-endpoint.ts';
import { JudgingSession, type Route } from '../../judging-server/judging-session.ts';
import { planFor, SCENARIO_NAMES, elicitationModes, type ScenarioName } from '../../judging-server/scenarios/index.ts';

const ALL = new Set(SCENARIO_NAMES);

test('every list takes three pages; a cursor this server never gave (or one altered) is refused', () => {
  const first = page('tools/list', TOOLS, {});
  assert.is(first?.items.length, 2);
  const second = page('tools/list', TOOLS, { cursor: first?.nextCursor });
  const third = page('tools/list', TOOLS, { cursor: second?.nextCursor });
  assert.is(third?.nextCursor, undefined);
  assert.is([...(first?.items ?? []), ...(second?.items ?? []), ...(third?.items ?? [])].length, TOOLS.length);
  assert.ok(page('prompts/list', PROMPTS, { cursor: cursorFor('prompts/list', 4) }));
  assert.is(page('tools/list', TOOLS, { cursor: `${first?.nextCursor}x` }), undefined);
  assert.is(page('tools/list', TOOLS, { cursor: cursorFor('prompts/list', 2) }), undefined, 'another list\'s cursor');
  assert.is(page('tools/list', TOOLS, { cursor: cursorFor('tools/list', 0) }), undefined, 'the first page has no cursor');
});

test('the plan plays what the client declared, and probes one thing it did not', () => {
  const none = planFor(ALL, {}, '2025-11-25');
  assert.equal([none.roots, none.sampling, none.elicitationForm, none.elicitationUrl], [false, false, false, false]);
  assert.is(none.undeclared, 'roots');
  const full = planFor(ALL, { roots: {}, sampling: { tools: {} }, elicitation: { form: {} } }, '2025-11-25');
  assert.equal([full.roots, full.sampling, full.samplingTools, full.elicitationForm, full.elicitationUrl], [true, true, true, true, false]);
  assert.is(full.undeclared, 'elicitation-url');
  assert.is(planFor(ALL, { roots: {}, elicitation: { form: {} } }, '2025-06-18').undeclared, undefined, 'no URL mode in 2025-06-18');
  assert.is(planFor(ALL, { roots: {}, elicitation: { url: {} } }, '2025-11-25').undeclared, 'elicitation-form');
  assert.equal(elicitationModes({ elicitation: {} }), { form: true, url: false }, 'elicitation: {} is form mode');
  const pingOnly = planFor(new Set(['ping'] as const), { roots: {} }, '2025-11-25');
  assert.equal([pingOnly.ping, pingOnly.roots, pingOnly.undeclared], [true, false, undefined]);
});

function session(protocolVersion?: string, scenarios: ReadonlySet<ScenarioName> = new Set()): { session: JudgingSession; sent: string[] } {
  const sent: string[] = [];
  const route: Route = { write: (t) => void sent.push(t) };
  return { session: new JudgingSession({ route: () => route, changed: () => new Promise(() => {}) }, { scenarios, timeoutMs: 1000, protocolVersion }), sent };
}

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {}, 'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' } };
const request = (id: number, method: string, params: object = {}, meta: object | null = META) => JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, ...(meta === null ? {} : { _meta: meta }) } });
const found = (s: JudgingSession) => {
  s.close();
  return s.recorder.finish().recording.findings.map((f) => f.rule);
};
const waitFor = async (sent: string[], n: number) => {
  for (let i = 0; i < 100 && sent.length < n; i += 1) await new Promise((r) => setTimeout(r, 10));
};

const INITIALIZE = (version: string) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 't', version: '1' } } });

test('before initialize a served request is refused (-32600) and an unknown one is not found (-32601); the client is judged for not starting with initialize', () => {
  const { session: s, sent } = session();
  s.receive('{"jsonrpc":"2.0","id":1,"method":"tools/list"}');
  assert.match(sent[0] ?? '', /"code":-32600/);
  s.receive('{"jsonrpc":"2.0","id":2,"method":"tools/unknown"}');
  assert.match(sent[1] ?? '', /"code":-32601/);
  s.close();
  const found = s.recorder.finish().recording.findings.map((f) => f.rule);
  assert.ok(found.includes('lifecycle/initialize-first'), found.join());
});

test('a session answers initialize with the client\'s version, pages, calls, and judges what the client sends', () => {
  const { session: s, sent } = session();
  s.receive(INITIALIZE('2025-06-18'));
  assert.match(sent[0] ?? '', /"protocolVersion":"2025-06-18"/);
  s.receive('{"jsonrpc":"2.0","method":"notifications/initialized"}');
  s.receive('{"jsonrpc":"2.0","id":4,"method":"tools/list","params":{"cursor":"bm9wZQ"}}');
  assert.match(sent[1] ?? '', /"code":-32602/);
  s.receive('{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"add","arguments":{"a":1,"b":2}}}');
  assert.match(sent[2] ?? '', /"structuredContent":\{"sum":3\}/);
  s.receive('{"jsonrpc":"2.0","id":"x","result":{}}');
  s.close();
  const { recording } = s.recorder.finish();
  assert.is(recording.events.length, 8);
  assert.equal(recording.findings.map((f) => f.rule), ['pagination/cursor-not-issued', 'correlation/no-matching-request'], 'a cursor the server never issued and the answer to no request are the client\'s findings');
});

test('a session whose client never sends notifications/initialized has lifecycle/initialized-missing; one that does, not', () => {
  for (const initialized of [false, true]) {
    const { session: s } = session();
    s.receive(INITIALIZE('2025-11-25'));
    if (initialized) s.receive('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    s.close();
    const rules = s.recorder.finish().recording.findings.map((f) => f.rule);
    assert.equal(rules, initialized ? [] : ['lifecycle/initialized-missing']);
  }
});

test('a server/discover first is a dual-era client\'s probe where this server will not answer it as 2026-07-28: legacy-pinned (-32601) or bare (-32602), then initialize opens a clean legacy session', () => {
  for (const [pinned, meta, code] of [['2025-11-25', META, -32601], [undefined, null, -32602]] as const) {
    const { session: s, sent } = session(pinned);
    s.receive(request(1, 'server/discover', {}, meta));
    assert.match(sent[0] ?? '', new RegExp(`"code":${code}`));
    s.receive(INITIALIZE('2025-11-25').replace('"id":1', '"id":2'));
    s.receive('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    assert.is(s.era, 'legacy');
    const trace = s.recorder.finish().recording;
    assert.is((trace.events[0] as { probe?: string }).probe, 'era-probe');
    assert.equal(found(s), [], `pinned ${String(pinned)}: the probe is no fault`);
  }
});

test('with both eras served, a request with the per-request _meta opens a 2026-07-28 session: discover answered with resultType and cache hints', () => {
  const { session: s, sent } = session();
  s.receive(request(1, 'server/discover'));
  assert.is(s.era, 'modern');
  const result = (JSON.parse(sent[0] ?? '{}') as { result: Record<string, unknown> }).result;
  assert.equal([result['resultType'], result['supportedVersions'], result['ttlMs'], result['cacheScope']], ['complete', ['2026-07-28'], 60_000, 'public']);
  s.receive(request(2, 'tools/list'));
  assert.match(sent[1] ?? '', /"resultType":"complete".*"ttlMs":60000/);
  assert.equal(found(s), []);
});

test('a 2026-07-28 session without server/discover is no fault (it is optional): lists, a read and a call are clean', () => {
  const { session: s, sent } = session();
  s.receive(request(1, 'tools/list'));
  s.receive(request(2, 'resources/read', { uri: 'mcp-statechart://judging-server/readme' }));
  s.receive(request(3, 'resources/read', { uri: 'mcp-statechart://judging-server/none' }));
  s.receive(request(4, 'tools/call', { name: 'add', arguments: { a: 1, b: 2 } }));
  assert.is(s.era, 'modern');
  assert.match(sent[2] ?? '', /"code":-32602/, 'an unknown resource is invalid params in 2026-07-28 (-32002 is retired)');
  assert.match(sent[3] ?? '', /"resultType":"complete".*"structuredContent":\{"sum":3\}/);
  assert.equal(found(s), []);
});

test('2026-07-28: a request without the _meta protocol version is refused -32602 and judged stateless/request-meta-missing; another version is refused -32022; initialize and ping are unknown methods', () => {
  const { session: s, sent } = session('2026-07-28');
  s.receive(request(1, 'tools/list', {}, { 'io.modelcontextprotocol/clientCapabilities': {} }));
  assert.match(sent[0] ?? '', /"code":-32602/);
  s.receive(request(2, 'tools/list', {}, { ...META, 'io.modelcontextprotocol/protocolVersion': '2025-11-25' }));
  assert.match(sent[1] ?? '', /"code":-32022,"message":"Unsupported protocol version","data":\{"supported":\["2026-07-28"\],"requested":"2025-11-25"\}/);
  s.receive(request(3, 'ping'));
  assert.match(sent[2] ?? '', /"code":-32601/);
  const rules = found(s);
  assert.ok(rules.includes('stateless/request-meta-missing'), rules.join());
});

test('2026-07-28: wait_for_scenarios asks in an input_required result for what the request declared, sampling with tools included; the retry with the state echoed is answered, a forged state refused', () => {
  const { session: s, sent } = session('2026-07-28', new Set(['roots', 'sampling', 'elicitation-form', 'retry'] as const));
  const caps = { ...META, 'io.modelcontextprotocol/clientCapabilities': { roots: {}, sampling: { tools: {} } } };
  s.receive(request(1, 'tools/call', { name: 'wait_for_scenarios', arguments: {} }, caps));
  const first = (JSON.parse(sent[0] ?? '{}') as { result: { resultType: string; inputRequests: Record<string, { method: string; params: { tools?: unknown[] } }>; requestState: string } }).result;
  assert.is(first.resultType, 'input_required');
  assert.equal(Object.keys(first.inputRequests), ['roots', 'sampling', 'sampling-tools'], 'no elicitation: it was not declared');
  assert.is(first.inputRequests['sampling-tools']?.params.tools?.length, 1);
  const inputResponses = {
    roots: { roots: [{ uri: 'file:///tmp/p' }] },
    sampling: { role: 'assistant', content: { type: 'text', text: 'judged' }, model: 'm', stopReason: 'endTurn' },
    'sampling-tools': { role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'clock', input: {} }], model: 'm', stopReason: 'toolUse' },
  };
  s.receive(request(2, 'tools/call', { name: 'wait_for_scenarios', arguments: {}, inputResponses, requestState: `${first.requestState}x` }, caps));
  assert.match(sent[1] ?? '', /"code":-32602/);
  s.receive(request(3, 'tools/call', { name: 'wait_for_scenarios', arguments: {} }, caps));
  const again = (JSON.parse(sent[2] ?? '{}') as { result: { requestState: string } }).result;
  s.receive(request(4, 'tools/call', { name: 'wait_for_scenarios', arguments: {}, inputResponses, requestState: again.requestState }, caps));
  assert.match(sent[3] ?? '', /"resultType":"complete".*retry: retried with the requestState echoed/);
  assert.is(s.outcomes().get('sampling'), 'answered in the retry');
  assert.equal(found(s), ['stateless/request-state-not-echoed'], 'the forged state is the client\'s one finding; the tool-use answer is clean');
});

test('2025-11-25: a client that declared sampling.tools is asked a second sampling/createMessage with tools, and a tool_use answer is clean', async () => {
  const { session: s, sent } = session(undefined, new Set(['sampling'] as const));
  s.receive(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: { sampling: { tools: {} } }, clientInfo: { name: 't', version: '1' } } }));
  s.receive('{"jsonrpc":"2.0","method":"notifications/initialized"}');
  await waitFor(sent, 2);
  const plain = JSON.parse(sent[1] ?? '{}') as { id: number; method: string; params: { tools?: unknown } };
  assert.equal([plain.method, plain.params.tools], ['sampling/createMessage', undefined]);
  s.receive(JSON.stringify({ jsonrpc: '2.0', id: plain.id, result: { role: 'assistant', content: { type: 'text', text: 'judged' }, model: 'm', stopReason: 'endTurn' } }));
  await waitFor(sent, 3);
  const withTools = JSON.parse(sent[2] ?? '{}') as { id: number; method: string; params: { tools?: { name: string }[]; toolChoice?: unknown } };
  assert.equal([withTools.method, withTools.params.tools?.[0]?.name, withTools.params.toolChoice], ['sampling/createMessage', 'clock', { mode: 'auto' }]);
  s.receive(JSON.stringify({ jsonrpc: '2.0', id: withTools.id, result: { role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'clock', input: {} }], model: 'm', stopReason: 'toolUse' } }));
  assert.equal(found(s), []);
  assert.is(s.outcomes().get('sampling'), 'answered');
});

test('the HTTP endpoint serves 2026-07-28 without a session: an unknown method is 404, a malformed request 400, a result JSON; GET and DELETE are 405', async () => {
  const endpoint = new JudgingHttpEndpoint({ scenarios: new Set(), timeoutMs: 1000 });
  const url = await endpoint.start();
  try {
    const post = (body: unknown, method: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': method }, body: JSON.stringify(body) });
    const discover = await post({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: META } }, 'server/discover');
    assert.equal([discover.status, discover.headers.get('content-type'), discover.headers.get('mcp-session-id')], [200, 'application/json', null]);
    assert.match(await discover.text(), /"supportedVersions":\["2026-07-28"\]/);
    const unknown = await post({ jsonrpc: '2.0', id: 2, method: 'resources/subscribe', params: { _meta: META, uri: 'x' } }, 'resources/subscribe');
    assert.is(unknown.status, 404);
    const malformed = await post({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: { _meta: { 'io.modelcontextprotocol/clientCapabilities': {} } } }, 'tools/list');
    assert.is(malformed.status, 400);
    assert.match(await malformed.text(), /"code":-32602/);
    assert.is((await fetch(url, { method: 'GET', headers: { accept: 'text/event-stream' } })).status, 405);
    assert.is(endpoint.started.length, 1, 'one session for the run\'s stateless requests');
    const rules = endpoint.started[0]?.recorder.finish().recording.findings.map((f) => f.rule) ?? [];
    assert.ok(rules.includes('stateless/request-meta-missing') && !rules.some((r) => r.startsWith('http/')), rules.join());
  } finally {
    await endpoint.stop();
  }
});

test('the HTTP endpoint refuses a foreign Host (403), a request without a session (400) and an unknown session (404), and starts one at initialize', async () => {
  const endpoint = new JudgingHttpEndpoint({ scenarios: new Set(), timeoutMs: 1000 });
  const url = await endpoint.start();
  try {
    assert.match(url, new RegExp(`^http://127\\.0\\.0\\.1:\\d+${MCP_PATH}$`));
    const post = (body: unknown, headers: Record<string, string> = {}) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(body) });
    const { request } = await import('node:http');
    const foreign = await new Promise<number>((resolve, reject) => {
      const u = new URL(url);
      const r = request({ host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers: { host: 'evil.example:80', 'content-type': 'application/json' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      r.on('error', reject);
      r.end('{}');
    });
    assert.is(foreign, 403);
    assert.is((await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).status, 400);
    assert.is((await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { 'mcp-session-id': 'nope' })).status, 404);
    const init = await post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
    assert.is(init.status, 200);
    assert.match(await init.text(), /"protocolVersion":"2025-11-25"/);
    assert.is(endpoint.started.length, 1);
    const id = init.headers.get('mcp-session-id') ?? '';
    assert.is((await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, { 'mcp-session-id': id })).status, 202);
    assert.is((await fetch(url, { method: 'DELETE', headers: { 'mcp-session-id': id } })).status, 200);
  } finally {
    await endpoint.stop();
  }
});

test.run();
