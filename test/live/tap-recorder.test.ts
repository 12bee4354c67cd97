// Why: the tap's trace must stay bounded however long the session runs, and still be a trace that
// judged again gives the same findings: the first messages are kept whole, later ones are judged,
// reported and counted, and a bounded number of their findings is kept on the run as a whole.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { TapRecorder, type TapFinding } from '../../live/tap-recorder.ts';
import { buildTrace } from '../../live/trace-builder.ts';
import { judgeTrace } from '../../live/trace-judge.ts';
import { checkTrace } from '../../trace/parse-trace.ts';
import { Redactor } from '../../trace/redaction.ts';
import { ruleById } from '../../validators/rules/index.ts';

const INITIALIZE = '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}';
const RESULT = '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}';
const INITIALIZED = '{"jsonrpc":"2.0","method":"notifications/initialized"}';

function traceOf(recorder: TapRecorder) {
  const { recording, omitted } = recorder.finish();
  return buildTrace({
    recording,
    target: { transport: 'stdio', command: ['server'] },
    mode: 'tap',
    options: {},
    cleanup: {},
    redactor: new Redactor(),
    totalMs: 0,
    ...(omitted === undefined ? {} : { omitted }),
  }).trace;
}

test('bounds: messages past the bound are judged, reported and counted; a bounded number of their findings is kept on the run', () => {
  const reported: TapFinding[] = [];
  const recorder = new TapRecorder({ limits: { maxMessages: 4, maxMessageBytes: 1_000_000, maxOtherEvents: 1, maxFindingsPerRule: 1 }, onFinding: (f) => reported.push(f) });
  recorder.message('client_to_server', INITIALIZE);
  recorder.message('server_to_client', RESULT);
  recorder.message('client_to_server', INITIALIZED);
  recorder.message('client_to_server', '{"jsonrpc":"2.0","id":2,"method":"tools/list"}');
  recorder.message('server_to_client', '{"jsonrpc":"2.0","id":2,"result":{"tools":[]}}');
  recorder.message('server_to_client', 'not json');
  recorder.message('server_to_client', '{"jsonrpc":"2.0","id":2,"result":{"tools":[]}}');
  recorder.event({ kind: 'process_exit', code: 0, signal: null, forced: 'none' });
  recorder.event({ kind: 'stderr', text: 'dropped', truncated: false });
  assert.equal(reported.map((f) => [f.rule, f.message_number, f.direction, f.event]), [
    ['json/syntax', 6, 'server_to_client', null],
    ['correlation/no-matching-request', 7, 'server_to_client', null],
  ]);
  assert.is(reported[1]?.method, 'tools/list result');
  const trace = traceOf(recorder);
  assert.is(trace.events.filter((e) => e.kind === 'message').length, 4);
  assert.equal(trace.events.at(-1), { kind: 'process_exit', code: 0, signal: null, forced: 'none' }, 'the exit is kept past the messages\' bound');
  assert.equal(trace.omitted, { events: 4, findings: 0 });
  assert.equal(trace.findings.map((f) => [f.rule, f.event]), [['json/syntax', null], ['correlation/no-matching-request', null]]);
  assert.match(trace.findings[0]?.message ?? '', /^message 6 \(server to client; not kept in the trace\) at \/message: /);
  assert.is(trace.status, 'fail');
  checkTrace(JSON.parse(JSON.stringify(trace)));
  assert.is(judgeTrace(trace).signature, trace.signature, 'judged again, the kept head gives the same findings');
});

test('bounds: findings past the number kept per rule are counted; the byte bound stops keeping too', () => {
  const recorder = new TapRecorder({ limits: { maxMessages: 100, maxMessageBytes: INITIALIZE.length + RESULT.length, maxOtherEvents: 0, maxFindingsPerRule: 2 } });
  recorder.message('client_to_server', INITIALIZE);
  recorder.message('server_to_client', RESULT);
  for (let i = 0; i < 5; i++) recorder.message('server_to_client', '{');
  assert.is(recorder.event({ kind: 'stderr', text: 'x', truncated: false }), -1, 'no room for other events past the bound');
  const trace = traceOf(recorder);
  assert.is(trace.events.length, 2);
  assert.equal(trace.omitted, { events: 6, findings: 3 });
  assert.is(trace.findings.length, 2);
  assert.equal(recorder.counts(), { client_to_server: 1, server_to_client: 6, errors: 5, warnings: 0, shortened: 0 });
});

test('findings on a message are reported after the message was seen (its secrets learned first); transport findings at once', () => {
  const order: string[] = [];
  const recorder = new TapRecorder({
    onMessage: () => order.push('message'),
    onFinding: (f) => order.push(f.rule),
  });
  recorder.message('client_to_server', '{"jsonrpc":"2.0","id":1,"method":"tools/list"}');
  // A first request naming no revision is judged once the answer tells which (a result without resultType: not 2026-07-28).
  recorder.message('server_to_client', '{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}');
  const at = recorder.event({ kind: 'transport_error', code: 'not-utf8', detail: 'x' });
  recorder.finding(ruleById('transport/not-utf8'), at, '', 'a line is not UTF-8');
  assert.equal(order, ['message', 'message', 'lifecycle/initialize-first', 'transport/not-utf8']);
});

test.run();
