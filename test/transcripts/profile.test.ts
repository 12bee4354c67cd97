import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { TranscriptJudge } from '../../transcripts/transcript-judge.ts';

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

test('an unsupported version falls back to 2025-11-25 and the lifecycle reports it', () => {
  const r = judge([init('2024-11-05')]);
  assert.is(r.profile, 'mcp-2025-11-25');
  assert.equal(r.findings.map((f) => f.rule), ['lifecycle/protocol-version-mismatch']);
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

test.run();
