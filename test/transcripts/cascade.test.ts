import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cascadeCause, ENDED } from '../../transcripts/cascade.ts';
import { HandshakeTracker, traceCauses } from '../../judge/cascade.ts';
import { FindingText } from '../../reports/renderers/finding-text.ts';
import { styleFor } from '../../reports/renderers/style.ts';
import { RULES } from '../../validators/rules/index.ts';
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

const RESULT = s2c({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } });
const event = (step: { direction: string; message: object }) => ({ kind: 'message', ...step }) as { kind: string; direction: 'client_to_server' | 'server_to_client'; message: object };
const early = (e: number) => ({ rule: 'lifecycle/request-before-initialize-result', severity: 'warning', event: e });

test('traceCauses: a trace\'s findings follow the handshake by event, as a transcript\'s by line', () => {
  const events = [event(INITIALIZE), event(LIST(2)), { kind: 'http_response' }, event(LIST(3)), event(RESULT), event(LIST(4))];
  assert.equal(traceCauses({ events, findings: [early(1), early(3), { rule: 'tools/name-format', severity: 'warning', event: 5 }, { rule: 'correlation/unanswered-request', severity: 'warning', event: 5 }] }), [
    'the initialize request on event 0 has not been answered',
    'the initialize request on event 0 has not been answered',
    undefined,
    'the session ended with the request unanswered',
  ]);
  const refused = [event(INITIALIZE), event(s2c({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'bad' } })), event(LIST(2))];
  assert.equal(traceCauses({ events: refused, findings: [{ rule: 'lifecycle/initialize-first', severity: 'error', event: 2 }] }),
    ['the initialize request on event 0 failed (error response on event 1); nothing else is accepted before a new one succeeds']);
  assert.equal(traceCauses({ events: refused, findings: [{ rule: 'envelope/id-type', severity: 'error', event: 0 }, { rule: 'lifecycle/initialize-first', severity: 'error', event: 2 }] }),
    [undefined, 'the traffic has no initialize handshake'], 'an initialize the session rejected opened no handshake');
});

test('HandshakeTracker: a rejection told after its message takes back what the message moved', () => {
  const t = new HandshakeTracker();
  t.message(0, 'client_to_server', INITIALIZE.message);
  assert.is(t.lifecycle, 'waiting_for_initialize_response');
  t.rejected(0);
  assert.is(t.lifecycle, 'new');
  assert.is(t.places.initialize, undefined);
  t.message(1, 'client_to_server', INITIALIZE.message);
  t.message(2, 'server_to_client', RESULT.message);
  t.rejected(1);
  assert.is(t.lifecycle, 'waiting_for_initialized_notification', 'only the last message\'s move is taken back');
  t.message(3, 'client_to_server', { jsonrpc: '2.0', method: 'notifications/initialized' });
  assert.is(t.lifecycle, 'ready');
});

test('grouped text folds a cascade under its cause; findings without one are grouped as before', () => {
  const text = new FindingText(styleFor(false), RULES);
  const base = { severity: 'warning' as const, rule: 'lifecycle/request-before-initialize-result', pointer: '/message', message: 'early', method: 'tools/list' };
  const cause = 'the initialize request on event 0 has not been answered';
  const lines = text.grouped([1, 2, 3, 4, 5].map((at) => ({ ...base, at, place: `event ${at}`, cause })), 'event');
  assert.equal(lines.map((l) => l.replace(/\n  spec: .*/, '')), [
    'event 1: warning: tools/list /message: early [lifecycle/request-before-initialize-result]',
    `  cause: ${cause}`,
    'events 2-5: warning: 4 more lifecycle/request-before-initialize-result warnings, the same cause as event 1',
  ]);
});

test.run();
