// Why: the judging server's parts on their own: cursors are opaque and checked on return, the plan
// plays only what the client declared (and probes what it did not), a session answers and judges
// in order, and the HTTP endpoint answers only loopback-addressed requests of a session it knows.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cursorFor, page, PROMPTS, TOOLS } from '../../judging-server/catalog.ts';
import { JudgingHttpEndpoint, MCP_PATH } from '../../judging-server/http-endpoint.ts';
import { JudgingSession, type Route } from '../../judging-server/judging-session.ts';
import { planFor, SCENARIO_NAMES, elicitationModes } from '../../judging-server/scenarios.ts';

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

function session(): { session: JudgingSession; sent: string[] } {
  const sent: string[] = [];
  const route: Route = { write: (t) => void sent.push(t) };
  return { session: new JudgingSession({ route: () => route, changed: () => new Promise(() => {}) }, { scenarios: new Set(), timeoutMs: 1000 }), sent };
}

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
