import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_WAITING_STEPS, TranscriptJudge } from '../../transcripts/transcript-judge.ts';

const enc = new TextEncoder();
function judge(lines: object[]) {
  const j = new TranscriptJudge();
  lines.forEach((l, i) => j.line(enc.encode(JSON.stringify(l)), i + 1));
  return j.finish();
}
const init = (version: string) => ({
  direction: 'client_to_server',
  message: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'c', version: '1' } } },
});
const result = (version: string) => ({
  direction: 'server_to_client',
  message: { jsonrpc: '2.0', id: 1, result: { protocolVersion: version, capabilities: { prompts: {} }, serverInfo: { name: 's', version: '1' } } },
});
const initialized = { direction: 'client_to_server', message: { jsonrpc: '2.0', method: 'notifications/initialized' } };
const prompts = { direction: 'client_to_server', message: { jsonrpc: '2.0', id: 2, method: 'prompts/list' } };

test('without a header the negotiated version picks the specification profile', () => {
  for (const v of ['2025-11-25', '2025-06-18']) {
    const r = judge([init(v), result(v), initialized, prompts]);
    assert.is(r.profile, `mcp-${v}`);
    assert.is(r.status, 'ok', JSON.stringify(r.findings));
  }
});

test('a version no revision has falls back to 2025-11-25 and the lifecycle reports it', () => {
  const r = judge([init('1999-01-01')]);
  assert.is(r.profile, 'mcp-2025-11-25');
  assert.equal(r.findings.map((f) => f.rule), ['lifecycle/protocol-version-mismatch']);
});

test('a server answering an older version it has a profile for (2025-06-18 to a 2025-11-25 offer) is judged as that session, without a finding', () => {
  const r = judge([init('2025-11-25'), result('2025-06-18'), initialized, prompts, { direction: 'server_to_client', message: { jsonrpc: '2.0', id: 2, result: { prompts: [] } } }]);
  assert.is(r.profile, 'mcp-2025-06-18');
  assert.is(r.protocol_version, '2025-06-18');
  assert.equal(r.findings, []);
  // Judged by 2025-06-18's rules: a task-augmented request (2025-11-25 only) is refused there.
  const tasks = judge([init('2025-11-25'), result('2025-06-18'), initialized, { direction: 'client_to_server', message: { jsonrpc: '2.0', id: 3, method: 'tasks/list' } }]);
  assert.equal(tasks.findings.map((f) => [f.line, f.rule]), [[4, 'envelope/unknown-method']]);
});

test('the steps before the answer wait for it and keep their lines and order', () => {
  const ping = { direction: 'server_to_client', message: { jsonrpc: '2.0', id: 'p', method: 'ping' } };
  const early = { direction: 'client_to_server', message: { jsonrpc: '2.0', id: 2, method: 'tools/list' } };
  const r = judge([init('2025-11-25'), early, ping, result('2025-06-18')]);
  // Judged under 2025-06-18, in line order: the early request is the client's SHOULD NOT, the server's ping (allowed then) is left unanswered.
  assert.is(r.profile, 'mcp-2025-06-18');
  assert.equal(r.findings.map((f) => [f.line, f.rule]), [[2, 'lifecycle/request-before-initialize-result'], [2, 'correlation/unanswered-request'], [3, 'correlation/unanswered-request']]);
});

test('a server answering a published revision no profile judges (2024-11-05): not judged, named at the answer (exit 2 in validate)', () => {
  const j = new TranscriptJudge();
  [init('2025-11-25'), result('2024-11-05'), initialized, prompts].forEach((l, i) => j.line(enc.encode(JSON.stringify(l)), i + 1));
  const r = j.finish();
  assert.equal(r.findings, [], 'nothing is judged against a revision it was not');
  assert.is(r.protocol_version, '2024-11-05');
  assert.is(j.notJudged?.rule, 'cli/version-not-judged');
  assert.is(j.notJudged?.pointer, '/message/result/protocolVersion');
  assert.match(j.notJudged?.message ?? '', /^line 2: the server answered initialize with MCP 2024-11-05, a revision mcp-statechart does not judge \(it judges 2025-06-18 and 2025-11-25 sessions\)/);
});

test('a client offering 2025-03-26 with no answer: not judged, named at the offer', () => {
  const j = new TranscriptJudge();
  j.line(enc.encode(JSON.stringify(init('2025-03-26'))), 1);
  j.finish();
  assert.is(j.notJudged?.pointer, '/message/params/protocolVersion');
  assert.match(j.notJudged?.message ?? '', /^line 1: the client offered MCP 2025-03-26, /);
});

test('a client offering 2025-03-26 answered with an error: not judged, named at the offer, not at the error', () => {
  const j = new TranscriptJudge();
  const refused = { direction: 'server_to_client', message: { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Unsupported protocol version' } } };
  [init('2025-03-26'), refused].forEach((l, i) => j.line(enc.encode(JSON.stringify(l)), i + 1));
  j.finish();
  assert.is(j.notJudged?.pointer, '/message/params/protocolVersion');
  assert.match(j.notJudged?.message ?? '', /^line 1: the client offered MCP 2025-03-26, /);
});

test('a header naming the profile judges under it: an answer in another version is then the lifecycle\'s finding, and nothing waits', () => {
  const r = judge([{ mcp_statechart_transcript: 1, profile: '2025-11-25' }, init('2025-11-25'), result('2025-06-18')]);
  assert.is(r.profile, 'mcp-2025-11-25');
  assert.equal(r.findings.map((f) => [f.line, f.rule]), [[3, 'lifecycle/protocol-version-mismatch']]);
  const old = new TranscriptJudge();
  [{ mcp_statechart_transcript: 1, profile: '2025-11-25' }, init('2025-11-25'), result('2024-11-05')].forEach((l, i) => old.line(enc.encode(JSON.stringify(l)), i + 1));
  assert.equal(old.finish().findings.map((f) => f.rule), ['lifecycle/protocol-version-mismatch']);
  assert.is(old.notJudged, undefined);
});

test('a line that is not a step, among those waiting for the answer, is reported in its place: findings stay in line order', () => {
  const j = new TranscriptJudge();
  const lines = [JSON.stringify(init('2025-11-25')), JSON.stringify({ direction: 'client_to_server', message: { jsonrpc: '2.0', id: 2, method: 'tools/list' } }), 'not json', JSON.stringify(result('2025-06-18'))];
  lines.forEach((l, i) => j.line(enc.encode(l), i + 1));
  assert.equal(j.finish().findings.map((f) => [f.line, f.rule]), [[2, 'lifecycle/request-before-initialize-result'], [3, 'json/syntax'], [2, 'correlation/unanswered-request']]);
});

test(`at most ${MAX_WAITING_STEPS} lines wait for the answer, bad ones included; then the offer settles the profile`, () => {
  const j = new TranscriptJudge();
  j.line(enc.encode(JSON.stringify(init('2025-06-18'))), 1);
  for (let i = 2; i <= MAX_WAITING_STEPS + 1; i++) j.line(enc.encode('x'), i);
  // Settled by the offer once the bound was reached: what follows is judged at once.
  j.line(enc.encode(JSON.stringify(result('2025-06-18'))), MAX_WAITING_STEPS + 2);
  const r = j.finish();
  assert.is(r.profile, 'mcp-2025-06-18');
  assert.is(r.findings.length, MAX_WAITING_STEPS);
  assert.ok(r.findings.every((f, i) => f.rule === 'json/syntax' && f.line === i + 2));
});

test(`at most ${MAX_WAITING_STEPS} steps wait for the answer; then the offer settles the profile`, () => {
  const pings = Array.from({ length: MAX_WAITING_STEPS }, (_, i) => ({ direction: 'server_to_client', message: { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: i } } }));
  const r = judge([init('2025-06-18'), ...pings, result('2025-06-18')]);
  assert.is(r.profile, 'mcp-2025-06-18');
  // A server's log before the initialize result breaks no requirement under the specification.
  assert.equal(r.findings, []);
});

test('a header naming the course profile keeps its strict rules (prompts are refused)', () => {
  const r = judge([{ mcp_statechart_transcript: 1, profile: 'course' }, init('2025-11-25'), result('2025-11-25'), initialized, prompts]);
  assert.is(r.profile, 'offline-mcp-teaching-profile-v2');
  assert.equal(r.findings.map((f) => f.rule), ['profile/unsupported-method']);
});

test('stateless traffic is recognised by its _meta protocol version', () => {
  const meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' },
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  const r = judge([{ direction: 'client_to_server', message: { jsonrpc: '2.0', id: 'd1', method: 'server/discover', params: { _meta: meta } } }]);
  assert.is(r.profile, 'mcp-2026-07-28');
  assert.is(r.status, 'ok', JSON.stringify(r.findings));
});

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {}, 'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' } };
const bare = (id: number) => ({ direction: 'client_to_server', message: { jsonrpc: '2.0', id, method: 'tools/list', params: {} } });
const answer = (id: number, body: object) => ({ direction: 'server_to_client', message: { jsonrpc: '2.0', id, ...body } });

test('a first request naming no revision waits: a stateless request or a resultType answer after it makes the session 2026-07-28', () => {
  const later = { direction: 'client_to_server', message: { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: META } } };
  const complete = { result: { resultType: 'complete', tools: [], ttlMs: 0, cacheScope: 'public' } };
  const byRequest = judge([bare(1), answer(1, { error: { code: -32602, message: 'missing _meta' } }), later, answer(2, complete)]);
  assert.is(byRequest.profile, 'mcp-2026-07-28');
  assert.equal(byRequest.findings.map((f) => `${f.line} ${f.rule}`), ['1 stateless/request-meta-missing']);
  const byAnswer = judge([bare(1), answer(1, complete)]);
  assert.is(byAnswer.profile, 'mcp-2026-07-28');
  assert.equal(byAnswer.findings.map((f) => `${f.line} ${f.rule}`), ['1 stateless/request-meta-missing', '2 stateless/malformed-request-served']);
});

test('a first request naming no revision, followed by another bare request or a plain result, is a request before initialize (2025-11-25)', () => {
  const byRequest = judge([bare(1), answer(1, { error: { code: -32600, message: 'not initialized' } }), bare(2)]);
  assert.is(byRequest.profile, 'mcp-2025-11-25');
  assert.equal(byRequest.findings[0]?.rule, 'lifecycle/initialize-first');
  const byAnswer = judge([bare(1), answer(1, { result: { tools: [] } })]);
  assert.is(byAnswer.profile, 'mcp-2025-11-25');
  assert.equal(byAnswer.findings[0]?.rule, 'lifecycle/initialize-first');
});

test.run();
