// Why: fixtures, transcripts, traces and live runs all feed the one judge, so the same malformed
// message must draw the same findings through each, field for field: rule, severity, pointer,
// message, the message's label and what the finding is about (here the tool called).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { judgeTrace } from '../../live/trace-judge.ts';
import { runCase } from '../../runner/run-case.ts';
import type { Fixture } from '../../runner/fixture-schema.ts';
import { profileForFixture } from '../../runner/profile-for.ts';
import { validateTranscript } from '../../transcripts/validate-transcript.ts';
import type { MessageEventSchema } from '../../trace/trace-schema.ts';
import type * as v from 'valibot';
import { checkPeer } from '../live/support.ts';

type MessageEvent = v.InferOutput<typeof MessageEventSchema>;

/** A finding as every way in reports it, without its place (an event, a line or a fixture step). */
interface Comparable {
  rule: string;
  severity: string;
  pointer: string;
  message: string;
  method: string | undefined;
  target: unknown;
}

async function* chunks(text: string): AsyncIterable<Uint8Array> {
  yield new TextEncoder().encode(text);
}

test('one malformed tools/call result: the same findings from a live server, its trace, a transcript and a fixture', async () => {
  const run = await checkPeer('bad-call-result', { calls: [{ name: 'echo', args: { text: 'hi' } }] });
  const events = run.trace.events;
  const messages = events.flatMap((e, i) => (e.kind === 'message' ? [{ ...(e as MessageEvent), index: i }] : []));
  const response = messages.find((m) => (m.message as { result?: { content?: unknown } } | undefined)?.result?.content !== undefined);
  assert.ok(response, 'the peer answered the call');
  const request = messages.find((m) => (m.message as { id?: unknown; method?: unknown }).method === 'tools/call');
  assert.ok(request);

  // The live run: the findings its recorder placed on the response.
  const judged = judgeTrace(run.trace);
  const live: Comparable[] = run.trace.findings.filter((f) => f.event === response.index).map((f) => {
    const about = judged.about(judged.findings.find((g) => g.event === f.event && g.rule === f.rule && g.pointer === f.pointer) ?? f);
    return { rule: f.rule, severity: f.severity, pointer: f.pointer, message: f.message, method: about.method, target: about.target };
  });
  assert.ok(live.some((f) => f.severity === 'error'), 'the malformed result is an error');

  // The trace judged again.
  const fromTrace: Comparable[] = judged.findings.filter((f) => f.event === response.index).map((f) => {
    const about = judged.about(f);
    return { rule: f.rule, severity: f.severity, pointer: f.pointer, message: f.message, method: about.method, target: about.target };
  });
  assert.equal(fromTrace, live);
  assert.is(live[0]?.method, 'tools/call result');
  assert.equal(live[0]?.target, { kind: 'tool', name: 'echo' });

  // The same messages as a transcript.
  const jsonl = messages.map((m) => JSON.stringify({ direction: m.direction, message: m.message })).join('\n') + '\n';
  const transcript = await validateTranscript(chunks(jsonl));
  const line = messages.indexOf(response) + 1;
  const fromTranscript: Comparable[] = transcript.report.findings.filter((f) => f.line === line)
    .map((f) => ({ rule: f.rule, severity: f.severity, pointer: f.pointer, message: f.message, method: f.method, target: f.target }));
  assert.equal(fromTranscript, live);

  // The call and its answer as a fixture case, after the handshake the fixture plays.
  const init = messages[0]?.message as { params: { capabilities: Record<string, unknown> } };
  const answer = messages[1]?.message as { result: { capabilities: Record<string, unknown> } };
  const fixture = {
    schema_version: 3, profile: '2025-11-25', protocol_version: '2025-11-25',
    transport_context_defaults: {},
    authorization: { protected_resource: 'https://example.test/mcp', initial_revision: 'r', revisions: { r: { principals: {}, resources: [], resourceTemplates: [] } } },
    client: { info: { name: 'c', version: '1' }, capabilities: init.params.capabilities },
    server: { info: { name: 's', version: '1' }, capabilities: answer.result.capabilities },
    tool: { name: 'echo', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } },
    cases: [{ name: 'bad-call-result', expect: 'fail', steps: [
      { direction: 'client_to_server', message: request.message },
      { direction: 'server_to_client', message: response.message },
    ] }],
  } as unknown as Fixture;
  const kase = fixture.cases[0]!;
  const result = runCase(fixture, kase, 0, { profile: profileForFixture(fixture) });
  assert.is(result.status, 'expected_failure');
  const first = live.find((f) => f.severity === 'error')!;
  assert.equal(
    { rule: result.rule, severity: 'error', pointer: result.pointer, message: result.reason, method: result.method, target: result.target },
    { ...first, pointer: `/cases/0/steps/1${first.pointer}` },
  );
});

test('a client that never answers the server\'s ping: unanswered in a transcript and in a tap trace judged again', async () => {
  const steps = [
    { direction: 'client_to_server', message: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } } },
    { direction: 'server_to_client', message: { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } } },
    { direction: 'client_to_server', message: { jsonrpc: '2.0', method: 'notifications/initialized' } },
    { direction: 'server_to_client', message: { jsonrpc: '2.0', id: 'p1', method: 'ping' } },
  ] as const;
  const transcript = await validateTranscript(chunks(steps.map((s) => JSON.stringify(s)).join('\n') + '\n'));
  const expected = { rule: 'correlation/unanswered-request', severity: 'warning', pointer: '/message/id', message: 'the server\'s ping request (id "p1") was never answered', method: 'ping' };
  assert.equal(transcript.report.findings.map((f) => ({ line: f.line, rule: f.rule, severity: f.severity, pointer: f.pointer, message: f.message, method: f.method })), [{ line: 4, ...expected }]);
  const trace = {
    mcp_statechart_trace: 1, generator: 'test', mode: 'tap', target: { transport: 'stdio' }, options: {}, profile: '2025-11-25', protocol_version: '2025-11-25',
    capabilities: { client: {}, server: {} }, events: steps.map((s) => ({ kind: 'message', ...s })), findings: [], cleanup: {}, status: 'pass',
  } as unknown as Parameters<typeof judgeTrace>[0];
  const judged = judgeTrace(trace);
  assert.equal(judged.findings.map((f) => ({ event: f.event, rule: f.rule, severity: f.severity, pointer: f.pointer, message: f.message, method: judged.about(f).method })), [{ event: 3, ...expected }]);
  // A check's trace is not held to it: its client is the checker, and the server's silence is a transport finding.
  assert.equal(judgeTrace({ ...trace, mode: 'check' }).findings, []);
});

test.run();
