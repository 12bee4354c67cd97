// Why: a 2026-07-28 check in the full scope sends what a careful client sends beyond the lists, so
// that what the pages forbid a server in answer can be seen: tool calls asking for logs and progress
// in their _meta (logging, Per-request log level; progress), a listen stream held open through the
// run's requests (subscriptions), a retry whose requestState the checker altered (Multi Round-Trip
// Requests), and every request's answer judged for input_required where the page forbids it. A
// correct peer is clean over stdio and Streamable HTTP; each one-defect peer gets exactly its finding.
import { resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CheckOptions, CheckRun } from '../../live/run-check.ts';
import { runCheck } from '../../live/run-check.ts';
import { judgeTrace } from '../../live/trace-judge.ts';
import type { TraceEvent } from '../../trace/trace-schema.ts';
import { streamableHttp } from '../../scripts/commands/live-args.ts';
import { startModernHttpPeer, type ModernHttpChange } from '../peers/http-modern-peers.ts';
// @ts-expect-error: a plain ES module shared with the stdio peers, without types.
import { CAPABILITIES, CONFIRM_TOOL, ECHO_TOOL, LOOKUP_TOOL, REVEAL_TOOL, SLOW_TOOL } from '../peers/stdio/modern-core.mjs';
import { checkNode, clientFindings, PEERS } from './support.ts';

const FULL: Partial<CheckOptions> = { era: 'modern', scope: 'full', graceMs: 500 };
const CALLS = [{ name: 'echo', args: { text: 'hi' } }, { name: 'lookup', args: {} }, { name: 'reveal', args: {} }];
const TOOLS = [ECHO_TOOL, CONFIRM_TOOL, LOOKUP_TOOL, REVEAL_TOOL, SLOW_TOOL];

type Message = { method?: string; id?: number; params?: Record<string, unknown>; result?: Record<string, unknown>; error?: Record<string, unknown> };
const messages = (run: CheckRun, direction: string) => run.trace.events.flatMap((e: TraceEvent) => (e.kind === 'message' && e.direction === direction ? [{ message: e.message as Message, probe: e.probe }] : []));
const findingsOf = (run: CheckRun) => run.trace.findings.map((f) => `${f.severity} ${f.rule} ${f.pointer}`).sort();

function checkStdio(changes: readonly string[], overrides: Partial<CheckOptions> = {}): Promise<CheckRun> {
  return checkNode([resolve(PEERS, 'modern-reporting.mjs'), ...changes], { ...FULL, calls: CALLS, ...overrides });
}

async function checkHttp(core: ModernHttpChange['core'] = {}, overrides: Partial<CheckOptions> = {}, change: ModernHttpChange = {}): Promise<CheckRun> {
  const peer = await startModernHttpPeer({ tools: TOOLS, capabilities: { ...CAPABILITIES, logging: {} }, core, ...change });
  try {
    return await runCheck({
      target: { transport: 'http', url: peer.url.href }, scope: 'full', timeoutMs: 2000, protocolVersion: '2025-11-25', era: 'modern',
      calls: CALLS, answers: { roots: [] }, headerEnv: [], env: {}, httpTransport: streamableHttp, ...overrides,
    });
  } finally {
    await peer.stop();
  }
}

for (const [transport, check] of [['stdio', () => checkStdio([])], ['Streamable HTTP', () => checkHttp()]] as const) {
  test(`${transport}: the correct peer is clean in the full scope; each call asks for logs and progress with a token of its own, the listen stream sees the list change, the altered requestState is a probe`, async () => {
    const run = await check();
    assert.is(run.trace.status, 'pass', JSON.stringify(run.trace.findings));
    assert.equal(run.trace.findings, []);
    assert.equal(clientFindings(run), []);
    const sent = messages(run, 'client_to_server');
    const calls = sent.filter((m) => m.message.method === 'tools/call');
    const metas = calls.map((m) => m.message.params?.['_meta'] as Record<string, unknown>);
    for (const meta of metas) assert.is(meta['io.modelcontextprotocol/logLevel'], 'info');
    const tokens = metas.map((m) => m['progressToken']);
    assert.is(new Set(tokens).size, calls.length, 'a progress token of its own on every call');
    const received = messages(run, 'server_to_client').map((m) => m.message);
    const progress = received.filter((m) => m.method === 'notifications/progress');
    assert.equal(progress.map((m) => m.params?.['progressToken']), [metas[0]?.['progressToken']], 'the echo reported under its own token');
    assert.equal(received.filter((m) => m.method === 'notifications/message').map((m) => m.params?.['level']), ['info']);
    // The listen opened before the calls is still open when reveal changes the tool list.
    const listens = sent.filter((m) => m.message.method === 'subscriptions/listen').map((m) => m.message.id);
    const changed = received.filter((m) => m.method === 'notifications/tools/list_changed');
    assert.equal(changed.map((m) => (m.params?.['_meta'] as Record<string, unknown>)['io.modelcontextprotocol/subscriptionId']), [listens.at(-1)]);
    // lookup is read-only: its retry was sent once with the state altered (refused -32602), then as issued.
    const lookups = calls.filter((m) => m.message.params?.['name'] === 'lookup');
    assert.equal(lookups.map((m) => [m.message.params?.['requestState'], m.probe]), [[undefined, undefined], ['lookup-1.altered-by-the-client', 'wrong-request-state'], ['lookup-1', undefined]]);
    // The server declares logging: a list request with an unrecognized logLevel, refused -32602.
    const invalid = sent.filter((m) => m.probe === 'invalid-log-level');
    assert.equal(invalid.map((m) => (m.message.params?.['_meta'] as Record<string, unknown>)['io.modelcontextprotocol/logLevel']), ['verbose']);
    assert.is(received.find((m) => m.id === invalid[0]?.message.id)?.error?.['code'], -32602);
    assert.is(judgeTrace(run.trace).signature, run.trace.signature);
  });
}

test('stdio and Streamable HTTP: a tool that is not read-only is never retried with an altered requestState', async () => {
  for (const run of [await checkStdio([], { calls: [{ name: 'confirm', args: {} }] }), await checkHttp({}, { calls: [{ name: 'confirm', args: {} }] })]) {
    assert.equal(run.trace.findings, []);
    assert.not.ok(run.trace.events.some((e) => e.kind === 'message' && e.probe === 'wrong-request-state'));
  }
});

// Multi Round-Trip Requests, Server Requirements: a server "MUST reject state that fails
// verification" only where the state "influences authorization, resource access, or business
// logic"; "Integrity protection MAY be omitted only when tampering can cause nothing worse than
// request failure". Which applies the checker cannot see, so serving the altered state is no finding.
test('stdio and Streamable HTTP: a server that serves the altered requestState is blamed for nothing (the page requires verification only where the state matters)', async () => {
  for (const run of [await checkStdio(['acceptAlteredState']), await checkHttp({ acceptAlteredState: true })]) {
    assert.equal(run.trace.findings, []);
    const altered = run.trace.events.find((e) => e.kind === 'message' && e.probe === 'wrong-request-state');
    const answer = run.trace.events.find((e) => e.kind === 'message' && e.direction === 'server_to_client' && (e.message as Message).id === (altered?.kind === 'message' ? (altered.message as Message).id : -1));
    assert.ok(answer?.kind === 'message' && (answer.message as Message).result?.['resultType'] === 'complete', 'served');
  }
});

const DEFECTS: readonly [string, Record<string, unknown>, readonly string[]][] = [
  // progress, Behavior Requirements: "Progress notifications MUST only reference tokens that: Were provided in an active request".
  ['reports progress under another token than the call gave', { progressWrongToken: true }, ['error progress/unknown-token /message/params/progressToken']],
  ['reports progress for a request that gave no progressToken', { progressWithoutToken: true }, ['error progress/unknown-token /message/params/progressToken']],
  // logging, Per-request log level: "The server MUST NOT emit notifications/message for a request that does not include this field."
  ['logs for a request that set no logLevel', { logWithoutLevel: true }, ['error stateless/log-without-level /message/method']],
  // logging: the server "MAY send notifications/message notifications at or above the requested level".
  ['logs below the level the call asked for', { logBelowLevel: true }, ['warning stateless/log-below-level /message/params/level']],
  // logging, Error Handling: "If the io.modelcontextprotocol/logLevel value ... is not a recognized log level, the server SHOULD reject that request" with -32602.
  ['serves a request whose logLevel is no recognized level', { acceptAnyLogLevel: true }, ['warning probe/invalid-log-level-code /message']],
  // Multi Round-Trip Requests, Supported Requests: "Servers MUST NOT send InputRequiredResult responses on any other client requests."
  ['answers resources/templates/list with input_required', { inputRequiredOn: 'resources/templates/list' }, ['error stateless/input-required-not-allowed /message/result/resultType']],
  // subscriptions: a notification on a listen stream carries the subscription id; only the types the filter asked for.
  ['notifies a list change on the listen stream without its subscription id', { changedWithoutId: true }, ['error stateless/subscription-id-missing /message/params']],
];

for (const [what, change, expected] of DEFECTS) {
  test(`stdio and Streamable HTTP: a peer that ${what} gets ${expected.join(', ')}`, async () => {
    const args = Object.entries(change).map(([k, v]) => (v === true ? k : `${k}=${String(v)}`));
    for (const run of [await checkStdio(args), await checkHttp(change)]) {
      assert.equal(findingsOf(run), [...expected].sort(), run.trace.target.transport);
      assert.equal(clientFindings(run), []);
      assert.is(judgeTrace(run.trace).signature, run.trace.signature);
    }
  });
}

// Multi Round-Trip Requests: "Servers MUST NOT send an inputRequests that the client has not declared support for in its capabilities."
test('stdio and Streamable HTTP: a peer that asks sampling of a call whose _meta declared no sampling gets the capability finding, and the call is not retried', async () => {
  for (const run of [await checkStdio(['askUndeclared'], { calls: [{ name: 'confirm', args: {} }] }), await checkHttp({ askUndeclared: true }, { calls: [{ name: 'confirm', args: {} }] })]) {
    assert.equal(findingsOf(run), ['error capability/client-not-declared /message/result/inputRequests/summary/method']);
    assert.is(messages(run, 'client_to_server').filter((m) => m.message.method === 'tools/call').length, 1);
  }
});

// Streamable HTTP, Cancellation: "Closing the SSE response stream MUST be treated by the server as
// cancellation of that request ... and MUST NOT send any further messages for it." A call the
// checker gave up on (its time limit) had its connection closed; its answer later on the listen
// stream is that further message. The timeout itself is the slow server's own finding.
test('Streamable HTTP: a call given up on (its connection closed) and answered later on the listen stream gets http/message-after-cancel; dropped, only the timeout', async () => {
  const slow = { calls: [{ name: 'slow', args: { ms: 800 } }], timeoutMs: 500 };
  const timeouts = (run: CheckRun) => findingsOf(run).filter((f) => /^error (http|transport)\/timeout $/.test(f));
  const correct = await checkHttp({}, slow);
  // One missed answer, one finding: the transport's http/timeout (the response head not in time), no transport/timeout beside it.
  assert.equal(timeouts(correct), ['error http/timeout ']);
  assert.equal(findingsOf(correct), timeouts(correct));
  const broken = await checkHttp({}, slow, { answerClosedElsewhere: true });
  assert.equal(timeouts(broken), ['error http/timeout ']);
  assert.equal(findingsOf(broken).filter((f) => !timeouts(broken).includes(f)), ['error http/message-after-cancel /message/id']);
  assert.is(judgeTrace(broken.trace).signature, broken.trace.signature);
});

test.run();
