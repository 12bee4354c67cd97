// Why: the era a dual-era client finds decides how its opening server/discover is judged: a
// modern answer starts the 2026-07-28 session with it (its findings count); a legacy answer, or
// initialize sent without one, leaves it out of the legacy session, so a legacy server is never
// blamed for how it answered a request of the other era. The decision is the pages' (validators/era.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LiveJudge, type ProbeKind } from '../../live/live-judge.ts';
import { eraOfProbeAnswer, isModernError } from '../../validators/era.ts';

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {}, 'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' } };
const discover = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: META } });
const init = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } });
const initResult = JSON.stringify({ jsonrpc: '2.0', id: 2, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } });

type Line = [dir: 'c' | 's', text: string, probe?: ProbeKind];
function judge(lines: Line[]) {
  const j = new LiveJudge();
  lines.forEach(([dir, text, probe], i) => j.text(i, dir === 'c' ? 'client_to_server' : 'server_to_client', text, probe));
  const out = j.finish();
  return { profile: out.negotiation.profile.id, rules: out.findings.map((f) => `${f.rule}@${f.event}`) };
}

test('eraOfProbeAnswer: a DiscoverResult or a modern error is modern; any other answer legacy, never keyed to one code', () => {
  assert.is(eraOfProbeAnswer({ jsonrpc: '2.0', id: 1, result: { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: {} } }), 'modern');
  for (const code of [-32020, -32021, -32022]) assert.is(eraOfProbeAnswer({ jsonrpc: '2.0', id: 1, error: { code, message: 'x' } }), 'modern', String(code));
  for (const code of [-32601, -32602, -32600, -32000]) assert.is(eraOfProbeAnswer({ jsonrpc: '2.0', id: 1, error: { code, message: 'x' } }), 'legacy', String(code));
  assert.is(eraOfProbeAnswer({ jsonrpc: '2.0', id: 1, result: {} }), 'legacy', 'a result that is no DiscoverResult');
  assert.is(eraOfProbeAnswer('nonsense'), 'legacy');
  assert.not.ok(isModernError({ code: '-32022' }));
});

test('a legacy answer to the era probe: the probe and its answer are out of the legacy session, which is clean', () => {
  const r = judge([['c', discover, 'era-probe'], ['s', '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}'], ['c', init], ['s', initResult]]);
  assert.is(r.profile, '2025-11-25');
  assert.equal(r.rules, []);
});

test('a legacy answer, then a server notification before the initialize the probe delayed: described beside the legacy session, not its lifecycle/initialize-first', () => {
  const changed = '{"jsonrpc":"2.0","method":"notifications/tools/list_changed","params":{}}';
  const r = judge([['c', discover, 'era-probe'], ['s', '{"jsonrpc":"2.0","id":1,"error":{"code":0,"message":"invalid during session initialization"}}'], ['s', changed], ['c', init], ['s', initResult]]);
  assert.is(r.profile, '2025-11-25');
  assert.equal(r.rules, []);
  // Without the probe before it, the same notification first is the server's.
  const first = judge([['s', changed], ['c', init], ['s', initResult]]);
  assert.ok(first.rules.some((rule) => rule.startsWith('lifecycle/initialize-first')), first.rules.join());
});

test('no answer, then initialize: legacy too; a late answer to the probe blames nobody', () => {
  const r = judge([['c', discover, 'era-probe'], ['c', init], ['s', initResult]]);
  assert.is(r.profile, '2025-11-25');
  assert.equal(r.rules, []);
});

test('a modern answer: the session is 2026-07-28 and the probe is judged in it (a DiscoverResult without its cache hints is a finding)', () => {
  const clean = judge([['c', discover, 'era-probe'], ['s', JSON.stringify({ jsonrpc: '2.0', id: 1, result: { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: {}, ttlMs: 0, cacheScope: 'private' } })]]);
  assert.is(clean.profile, '2026-07-28');
  assert.equal(clean.rules, []);
  const broken = judge([['c', discover, 'era-probe'], ['s', JSON.stringify({ jsonrpc: '2.0', id: 1, result: { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: {} } })]]);
  assert.equal([...new Set(broken.rules)], ['stateless/cacheable-result@1']);
});

test('without the era-probe mark, the same legacy traffic is judged as it is (the mark is what leaves the probe out)', () => {
  const r = judge([['c', discover], ['s', '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}'], ['c', init], ['s', initResult]]);
  assert.is(r.profile, '2026-07-28');
  assert.ok(r.rules.length > 0);
});

test.run();
