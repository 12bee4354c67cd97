import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LiveRecorder } from '../../live/recorder.ts';
import { buildTrace } from '../../live/trace-builder.ts';
import { judgeTrace } from '../../live/trace-judge.ts';
import { Redactor, REDACTED } from '../../trace/redaction.ts';
import * as v from 'valibot';
import { TraceSchema } from '../../trace/trace-schema.ts';
import { ruleById } from '../../validators/rules/index.ts';

const INIT = '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}';
const ANSWER = '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}';

function build(recorder: LiveRecorder, redactor: Redactor) {
  return buildTrace({ recording: recorder.finish(), target: { transport: 'http', url: 'http://127.0.0.1:1/mcp' }, options: {}, cleanup: {}, redactor, totalMs: 12.5 });
}

test('events in order with their times apart; session ids become placeholders, secret headers and keys are redacted', () => {
  let now = 100;
  const redactor = new Redactor(['bearer-secret-value']);
  const recorder = new LiveRecorder({ clock: () => now, onSessionId: (id) => void redactor.addSessionId(id) });
  recorder.event({ kind: 'http_request', exchange: 0, method: 'POST', headers: { authorization: 'Bearer bearer-secret-value', accept: 'application/json, text/event-stream' } });
  assert.equal(recorder.message('client_to_server', INIT, { exchange: 0 }), { index: 1, message: JSON.parse(INIT) });
  now = 130;
  recorder.event({ kind: 'http_response', exchange: 0, status: 200, headers: { 'mcp-session-id': 'a1b2c3d4-session' } });
  recorder.sessionId('a1b2c3d4-session');
  recorder.message('server_to_client', ANSWER.replace('"tools":{}', '"tools":{},"experimental":{"x":{"apiToken":"zzz"}}'), { exchange: 0, event_id: 'e1' });
  const { trace, timings } = build(recorder, redactor);
  assert.ok(v.is(TraceSchema, trace));
  assert.equal(trace.events[0], { kind: 'http_request', exchange: 0, method: 'POST', headers: { authorization: REDACTED, accept: 'application/json, text/event-stream' } });
  assert.equal(trace.events[2], { kind: 'http_response', exchange: 0, status: 200, headers: { 'mcp-session-id': 'session-1' } });
  assert.equal(trace.events[3], { kind: 'message', direction: 'server_to_client', exchange: 0, event_id: 'e1', message: JSON.parse(ANSWER.replace('"tools":{}', `"tools":{},"experimental":{"x":{"apiToken":"${REDACTED}"}}`)) });
  assert.equal(timings, { mcp_statechart_timings: 1, total_ms: 12.5, events_ms: [0, 0, 30, 30] });
  assert.not.ok(JSON.stringify(trace).includes('bearer-secret-value'));
});

test('transport findings sit on their events in order; the signature names a timeout\'s operation; text that is not JSON is kept', () => {
  const recorder = new LiveRecorder();
  recorder.message('client_to_server', INIT);
  recorder.message('server_to_client', 'hello, this is not JSON');
  const at = recorder.event({ kind: 'timeout', operation: 'initialize', limit_ms: 1000 });
  recorder.finding(ruleById('transport/timeout'), at, '', 'no answer');
  recorder.finding(ruleById('transport/closed-with-pending-requests'), null, '', 'gone');
  const { trace } = build(recorder, new Redactor());
  assert.equal(trace.events[1], { kind: 'message', direction: 'server_to_client', text: 'hello, this is not JSON' });
  assert.equal(trace.findings.map((f) => [f.rule, f.event]), [['json/syntax', 1], ['transport/timeout', 2], ['transport/closed-with-pending-requests', null]]);
  assert.is(trace.status, 'fail');
  assert.is(trace.protocol_version, null);
  const again = judgeTrace(trace);
  assert.equal(again.findings, trace.findings);
  assert.is(again.signature, trace.signature);
});

test.run();
