import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LiveJudge, type ProbeKind } from '../../live/live-judge.ts';

const init = (version = '2025-11-25') => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: version, capabilities: { roots: {} }, clientInfo: { name: 'c', version: '1' } } });
const answer = (version: string) => JSON.stringify({ jsonrpc: '2.0', id: 1, result: { protocolVersion: version, capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } });
const initialized = '{"jsonrpc":"2.0","method":"notifications/initialized"}';

type Line = [dir: 'c' | 's', text: string, probe?: ProbeKind];
function judge(lines: Line[]) {
  const j = new LiveJudge();
  lines.forEach(([dir, text, probe], i) => j.text(i, dir === 'c' ? 'client_to_server' : 'server_to_client', text, probe));
  const out = j.finish();
  return { ...out, j, rules: out.findings.map((f) => [f.event, f.rule, f.pointer]) };
}

test('a clean handshake: no findings, the negotiated profile, version and both sides\' capabilities', () => {
  const r = judge([['c', init()], ['s', answer('2025-11-25')], ['c', initialized], ['c', '{"jsonrpc":"2.0","id":2,"method":"ping"}'], ['s', '{"jsonrpc":"2.0","id":2,"result":{}}']]);
  assert.equal(r.rules, []);
  assert.is(r.negotiation.profile.id, '2025-11-25');
  assert.is(r.negotiation.protocolVersion, '2025-11-25');
  assert.equal(r.negotiation.client, { roots: {} });
  assert.equal(r.negotiation.server, { tools: {} });
  assert.is(r.j.methodOf(4), 'ping result');
  assert.is(r.j.methodOf(1), 'initialize result');
});

test('a server that answers another supported version is judged under that version\'s profile, without a finding', () => {
  const r = judge([['c', init('2025-11-25')], ['s', answer('2025-06-18')], ['c', initialized]]);
  assert.equal(r.rules, []);
  assert.is(r.negotiation.profile.id, '2025-06-18');
  assert.is(r.negotiation.protocolVersion, '2025-06-18');
});

test('a server that answers a published revision no profile judges (2024-11-05): nothing is judged, the negotiation names it', () => {
  const r = judge([['c', init('2025-11-25')], ['s', answer('2024-11-05')], ['c', initialized], ['c', '{"jsonrpc":"2.0","id":2,"method":"tools/list"}'], ['s', '{"jsonrpc":"2.0","id":2,"result":{"tools":7}}']]);
  assert.equal(r.rules, [], 'not a single rule of another revision is applied');
  assert.is(r.negotiation.notJudged, '2024-11-05');
  assert.equal(r.negotiation.notJudgedAt, { event: 1, pointer: '/message/result/protocolVersion' }, 'the answer carries it');
  assert.is(r.negotiation.protocolVersion, null);
  assert.equal(r.j.unanswered('client_to_server'), [], 'nothing is reported unanswered either');
  assert.is(r.j.methodOf(4), 'tools/list result', 'messages are still described');
});

test('a judged session names no unjudged version', () => {
  assert.is(judge([['c', init()], ['s', answer('2025-11-25')]]).negotiation.notJudged, null);
  assert.is(judge([['c', init()], ['s', answer('1999-01-01')]]).negotiation.notJudged, null);
});

test('a version the client does not support is a finding on the answer; the handshake is not settled', () => {
  const r = judge([['c', init()], ['s', answer('1999-01-01')]]);
  assert.equal(r.rules, [[1, 'lifecycle/protocol-version-mismatch', '/message/result/protocolVersion']]);
  assert.is(r.negotiation.protocolVersion, null);
});

test('messages before the answer wait for it and keep their places; text that is not strict JSON is a finding', () => {
  const r = judge([['c', init()], ['s', '{"jsonrpc":"2.0","id":"r1","method":"roots/list"}'], ['s', 'Server started'], ['s', '{"a":1,"a":2}'], ['s', answer('2025-11-25')]]);
  assert.equal(r.rules, [
    [1, 'lifecycle/server-request-early', '/message'],
    [2, 'json/syntax', '/message'],
    [3, 'json/duplicate-key', '/message/a'],
  ]);
});

test('probes: their own rejection is expected; the answer must carry -32601, should carry -32602', () => {
  const base: Line[] = [['c', init()], ['s', answer('2025-11-25')], ['c', initialized]];
  const unknown: Line = ['c', '{"jsonrpc":"2.0","id":5,"method":"mcp-statechart/no-such-method"}', 'unknown-method'];
  const badCursor: Line = ['c', '{"jsonrpc":"2.0","id":6,"method":"tools/list","params":{"cursor":42}}', 'invalid-params'];
  const err = (id: number, code: number) => ['s', JSON.stringify({ jsonrpc: '2.0', id, error: { code, message: 'm' } })] as Line;
  assert.equal(judge([...base, unknown, err(5, -32601), badCursor, err(6, -32602)]).rules, []);
  assert.equal(judge([...base, unknown, err(5, -32603), badCursor, err(6, -32603)]).findings.map((f) => [f.event, f.rule, f.severity, f.pointer]), [
    [4, 'probe/unknown-method-code', 'error', '/message/error/code'],
    [6, 'probe/invalid-params-code', 'warning', '/message/error/code'],
  ]);
  assert.equal(judge([...base, unknown, ['s', '{"jsonrpc":"2.0","id":5,"result":{}}']]).rules, [[4, 'probe/unknown-method-code', '/message']]);
  // Without the probe mark, the same request is the client's own defect.
  assert.equal(judge([...base, [unknown[0], unknown[1]], err(5, -32601)]).rules, [[3, 'envelope/unknown-method', '/message/method']]);
});

test.run();
