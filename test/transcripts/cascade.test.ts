import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cascadeCause, ENDED } from '../../transcripts/cascade.ts';
import { TranscriptJudge } from '../../transcripts/transcript-judge.ts';

const none = { initialize: undefined, answered: undefined, failed: undefined, setup: false };

test('cascadeCause: each repeating rule names the one missing message, by line; anything else has no cascade', () => {
  assert.match(cascadeCause('lifecycle/initialize-first', 'new', none)!, /^the transcript has no initialize handshake/);
  assert.is(cascadeCause('lifecycle/initialize-first', 'new', { ...none, setup: true }), undefined);
  assert.is(cascadeCause('lifecycle/initialize-first', 'new', { ...none, initialize: 1, failed: 2 }),
    'the initialize request on line 1 failed (error response on line 2); nothing else is accepted before a new one succeeds');
  assert.is(cascadeCause('lifecycle/request-before-initialized', 'waiting_for_initialize_response', { ...none, initialize: 4 }), 'the initialize request on line 4 has not been answered');
  assert.is(cascadeCause('lifecycle/notification-before-initialized', 'waiting_for_initialized_notification', { ...none, initialize: 1, answered: 3 }),
    'the client has not sent notifications/initialized since the initialize result on line 3');
  assert.is(cascadeCause('correlation/unanswered-request', 'ready', none), ENDED);
  assert.is(cascadeCause('correlation/no-matching-request', 'ready', none), undefined, 'in a running session an unmatched response is its own error');
  assert.is(cascadeCause('correlation/duplicate-outstanding-id', 'new', none), undefined);
});

const enc = new TextEncoder();
const c2s = (message: object) => ({ direction: 'client_to_server', message });
const s2c = (message: object) => ({ direction: 'server_to_client', message });
const INITIALIZE = c2s({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } });
const LIST = (id: number) => c2s({ jsonrpc: '2.0', id, method: 'tools/list' });

function judge(lines: readonly object[]) {
  const j = new TranscriptJudge();
  lines.forEach((l, i) => j.line(enc.encode(JSON.stringify(l)), i + 1));
  return j.finish();
}

test('a failed initialize: the requests after it are refused under that one cause', () => {
  const report = judge([INITIALIZE, s2c({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'bad' } }), LIST(2), LIST(3)]);
  const refused = report.findings.filter((f) => f.rule === 'lifecycle/initialize-first');
  assert.equal(refused.map((f) => f.line), [3, 4]);
  assert.ok(refused.every((f) => f.cause === 'the initialize request on line 1 failed (error response on line 2); nothing else is accepted before a new one succeeds'));
});

test('requests before the initialize result: each names the unanswered initialize (a SHOULD NOT, so warnings)', () => {
  const report = judge([INITIALIZE, LIST(2), LIST(3), s2c({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } })]);
  assert.equal(report.findings.filter((f) => f.rule.startsWith('lifecycle/')).map((f) => [f.line, f.rule, f.severity, f.cause]), [
    [2, 'lifecycle/request-before-initialize-result', 'warning', 'the initialize request on line 1 has not been answered'],
    [3, 'lifecycle/request-before-initialize-result', 'warning', 'the initialize request on line 1 has not been answered'],
  ]);
});

test.run();
