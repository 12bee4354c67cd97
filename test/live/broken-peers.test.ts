// Why: a checker is only as good as what it catches. Each peer here breaks the protocol in one
// known way and must be caught with that rule id (and nothing may be blamed on the checker's own
// messages); the correct peer must come out clean in the full scope.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkPeer, clientFindings, rulesOf } from './support.ts';

test('the correct peer is clean in the full scope: no finding at all, status pass, the process left on its own', async () => {
  const run = await checkPeer('correct', { scope: 'full' });
  assert.equal(rulesOf(run), []);
  assert.is(run.trace.status, 'pass');
  assert.is(run.trace.protocol_version, '2025-11-25');
  const exit = run.trace.events.find((e) => e.kind === 'process_exit');
  assert.equal(exit, { kind: 'process_exit', code: 0, signal: null, forced: 'none' });
  assert.equal(run.trace.cleanup, { process_exited: true, process_exit_code: 0, process_exit_signal: null, process_forced: 'none', stray_processes_killed: false });
  const probes = run.trace.events.filter((e) => e.kind === 'message' && e.probe !== undefined).map((e) => (e as { probe: string }).probe);
  assert.equal(probes, ['unknown-method', 'invalid-params']);
});

const CASES: ReadonlyArray<[peer: string, rule: string, timeoutMs?: number]> = [
  ['wrong-response-id', 'correlation/no-matching-request', 700],
  ['notification-with-id', 'envelope/notification-has-id'],
  ['result-and-error', 'envelope/result-and-error'],
  ['two-responses', 'correlation/no-matching-request'],
  ['request-before-initialization', 'capability/client-not-declared'], // a request before initialized is only a SHOULD NOT; using an undeclared capability breaks the MUST
  ['unsupported-version', 'lifecycle/protocol-version-mismatch'],
  ['undeclared-list-changed', 'capability/server-not-declared'],
  ['bad-tool-input-schema', 'tools/schema-root-type'],
  ['non-json-stdout', 'json/syntax'],
  ['hang', 'transport/timeout', 500],
  ['unterminated-line', 'transport/stdio-unterminated-message'],
  ['not-utf8', 'transport/not-utf8'],
  ['crash-mid-request', 'transport/closed-with-pending-requests'],
  ['exits-mid-handshake', 'transport/closed-with-pending-requests'],
  ['crash-signal', 'transport/closed-with-pending-requests'],
  ['prints-garbage', 'json/syntax', 500],
  ['partial-line-stall', 'transport/timeout', 500],
  ['closes-stdout', 'transport/closed-with-pending-requests'],
];

for (const [peer, rule, timeoutMs] of CASES) {
  test(`${peer}: caught as ${rule}, and nothing is blamed on the checker`, async () => {
    const run = await checkPeer(peer, timeoutMs === undefined ? {} : { timeoutMs });
    const rules = run.trace.findings.map((f) => f.rule);
    assert.ok(rules.includes(rule), `${peer}: expected ${rule}, got ${JSON.stringify(rulesOf(run))}`);
    assert.equal(clientFindings(run), []);
    assert.is(run.trace.status, 'fail');
  });
}

test('duplicate tool names: the tools page\'s SHOULD, a warning; the run passes', async () => {
  const run = await checkPeer('duplicate-tool-names');
  assert.equal(run.trace.findings.map((f) => `${f.rule} ${f.severity}`), ['tools/name-not-unique warning']);
  assert.is(run.trace.status, 'pass');
});

test('a hang is a timeout event with its own finding, and the request is cancelled', async () => {
  const run = await checkPeer('hang', { timeoutMs: 400 });
  const at = run.trace.events.findIndex((e) => e.kind === 'timeout');
  assert.equal(run.trace.events[at], { kind: 'timeout', operation: 'tools/list', limit_ms: 400 });
  assert.equal(rulesOf(run), [`transport/timeout@${at}`]);
  const cancel = run.trace.events[at + 1];
  assert.equal(cancel, { kind: 'message', direction: 'client_to_server', message: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3, reason: 'timeout' } } });
});

test('a server that ignores stdin closing and SIGTERM is killed, and the trace says so', async () => {
  const run = await checkPeer('ignores-stdin-close', { graceMs: 200 });
  assert.equal(run.trace.events.find((e) => e.kind === 'process_exit'), { kind: 'process_exit', code: null, signal: 'SIGKILL', forced: 'SIGKILL' });
  assert.is(run.trace.cleanup['process_forced'], 'SIGKILL');
  assert.equal(rulesOf(run), []);
});

test('a server that crashes mid-request: the exit and the unanswered request are recorded at the exit event', async () => {
  const run = await checkPeer('crash-mid-request');
  const at = run.trace.events.findIndex((e) => e.kind === 'process_exit');
  assert.equal(run.trace.events[at], { kind: 'process_exit', code: 3, signal: null, forced: 'none' });
  assert.equal(rulesOf(run), [`transport/closed-with-pending-requests@${at}`]);
});

test('a line over the message limit: the checker says it stopped reading, and does not blame the server for the requests it no longer reads', async () => {
  const run = await checkPeer('oversized-line');
  const at = run.trace.events.findIndex((e) => e.kind === 'transport_error');
  assert.is((run.trace.events[at] as { code: string }).code, 'line-too-long');
  assert.equal(rulesOf(run), [`transport/line-over-limit@${at}`]);
  assert.is(run.trace.findings[0]?.severity, 'warning');
  assert.match(run.trace.findings[0]?.message ?? '', /the checker stopped reading/);
  assert.ok(run.trace.events.every((e) => e.kind !== 'message' || JSON.stringify(e).length < 10_000), 'the long line is not kept');
});

test('a server killed by a signal: the signal is recorded, and the unanswered request at the exit event', async () => {
  const run = await checkPeer('crash-signal');
  const at = run.trace.events.findIndex((e) => e.kind === 'process_exit');
  assert.equal(run.trace.events[at], { kind: 'process_exit', code: null, signal: 'SIGKILL', forced: 'none' });
  assert.equal(rulesOf(run), [`transport/closed-with-pending-requests@${at}`]);
});

test('a partial line and a stall: a timeout, then the unterminated line once the server is gone', async () => {
  const run = await checkPeer('partial-line-stall', { timeoutMs: 400 });
  const rules = rulesOf(run).map((r) => r.replace(/@\d+$/, ''));
  assert.equal(rules, ['transport/timeout', 'json/syntax', 'transport/stdio-unterminated-message']);
  assert.ok(run.trace.cleanup['process_exited']);
});

test('a line of 64 MiB: reading stops at the message limit, long before the line ends, and the line is not kept', async () => {
  const started = Date.now();
  const run = await checkPeer('huge-line');
  assert.ok(Date.now() - started < 10_000, `took ${Date.now() - started} ms`);
  const at = run.trace.events.findIndex((e) => e.kind === 'transport_error');
  assert.is((run.trace.events[at] as { code: string }).code, 'line-too-long');
  assert.equal(rulesOf(run), [`transport/line-over-limit@${at}`]);
  assert.ok(JSON.stringify(run.trace).length < 100_000, 'the trace stays small');
});

test('a flood of valid notifications: reading stops after 10,000 without a response, with a warning, and the trace stays bounded', async () => {
  const run = await checkPeer('flood-notifications', { timeoutMs: 20_000 });
  const at = run.trace.events.findIndex((e) => e.kind === 'transport_error');
  assert.is((run.trace.events[at] as { code: string }).code, 'message-flood');
  assert.equal(rulesOf(run), [`transport/message-flood@${at}`], 'the checker stopped reading: what it did not read is not the server\'s unanswered request');
  assert.is(run.trace.findings[0]?.severity, 'warning');
  assert.match(run.trace.findings[0]?.message ?? '', /the checker stopped reading/);
  const lastResponse = run.trace.events.findLastIndex((e) => e.kind === 'message' && e.direction === 'server_to_client' && (e.message as { method?: string }).method === undefined);
  const since = run.trace.events.slice(lastResponse + 1, at).filter((e) => e.kind === 'message' && e.direction === 'server_to_client');
  assert.is(since.length, 10_000);
  // Bounded as the rule bounds it, whenever the server's answer to the checker's ping came: at most
  // 10,000 messages without a response before that answer, as after it.
  const before = run.trace.events.slice(0, lastResponse).filter((e) => e.kind === 'message' && e.direction === 'server_to_client');
  assert.ok(before.length <= 10_000 + 10, `${before.length} server messages before the last response`);
  assert.ok(run.trace.events.length < 21_000, `${run.trace.events.length} events`);
  assert.not.ok(run.trace.events.some((e) => e.kind === 'timeout'), 'ended by the bound, not by the time limit');
});

test('responses reset the flood count: a server sending 6,000 notifications before each answer is read to the end, clean', async () => {
  const run = await checkPeer('busy-before-answers', { timeoutMs: 20_000 });
  assert.equal(rulesOf(run), []);
  assert.ok(run.trace.events.filter((e) => e.kind === 'message' && e.direction === 'server_to_client').length > 12_000);
});

test('a server that closes its stdout but keeps running: the connection ends with the pending request named, then SIGTERM ends it', async () => {
  const run = await checkPeer('closes-stdout', { timeoutMs: 10_000 });
  const at = run.trace.events.findIndex((e) => e.kind === 'transport_error');
  assert.equal(run.trace.events[at], { kind: 'transport_error', code: 'stdout-closed', detail: 'the server closed its standard output but kept running' });
  assert.equal(rulesOf(run), [`transport/closed-with-pending-requests@${at}`]);
  assert.not.ok(run.trace.events.some((e) => e.kind === 'timeout'), 'ended without waiting for the time limit');
  assert.is(run.trace.cleanup['process_forced'], 'SIGTERM');
});

test('a command that cannot be started is an error run (could not run), not a finding', async () => {
  const run = await checkPeer('x', { target: { transport: 'stdio', command: ['/nonexistent/mcp-server-binary'] } });
  assert.is(run.trace.status, 'error');
  assert.match(run.trace.error ?? '', /could not be started: ENOENT/);
  assert.equal(run.trace.findings, []);
});

test.run();
