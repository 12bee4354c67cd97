// Why: a check of the stateless revision (2026-07-28) is what new servers are written for. The era
// choice follows the pages' guidance for a client of both eras (server/discover first, initialize
// when that shows a legacy server) and says which era it used and why; a 2026-07-28 check is clean
// on a correct server over stdio and Streamable HTTP, catches each defect peer with the rule its
// defect breaks, and blames no server for the checker's own probes. A trace of it judges again the same.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CheckOptions, CheckRun } from '../../live/run-check.ts';
import { runCheck } from '../../live/run-check.ts';
import { judgeTrace } from '../../live/trace-judge.ts';
import { streamableHttp } from '../../scripts/commands/live-args.ts';
import { FOREIGN_ORIGIN } from '../../live/http-transport.ts';
import { startModernHttpPeer, type ModernHttpChange } from '../peers/http-modern-peers.ts';
import { McpHttpPeer, withPeer } from '../peers/http-mcp-peer.ts';
import { checkPeer, clientFindings } from './support.ts';

const MODERN: Partial<CheckOptions> = { era: 'modern', protocolVersion: '2025-11-25' };
const rules = (run: CheckRun) => [...new Set(run.trace.findings.map((f) => f.rule))].sort();
const era = (run: CheckRun) => run.trace.options['era'] as { asked: string; used?: string; why?: string };

async function checkHttp(change: ModernHttpChange, overrides: Partial<CheckOptions> = {}): Promise<CheckRun> {
  const peer = await startModernHttpPeer(change);
  try {
    return await runCheck({
      target: { transport: 'http', url: peer.url.href }, scope: 'full', timeoutMs: 2000, protocolVersion: '2025-11-25', era: 'auto',
      calls: [], answers: { roots: [] }, headerEnv: [], env: {}, httpTransport: streamableHttp, ...overrides,
    });
  } finally {
    await peer.stop();
  }
}

test('stdio, era auto: a modern server answers the server/discover probe; the run is modern, judged under 2026-07-28, clean in the full scope with calls and an input_required retry', async () => {
  const run = await checkPeer('modern-correct', {
    era: 'auto', scope: 'full', calls: [{ name: 'echo', args: { text: 'hi' } }, { name: 'confirm', args: {} }],
    answers: { roots: [], elicitation: { action: 'accept', content: { ok: true } } },
  });
  assert.is(run.trace.status, 'pass', run.trace.error);
  assert.equal(run.trace.findings, []);
  assert.is(run.trace.profile, '2026-07-28');
  assert.equal(era(run), { asked: 'auto', used: 'modern', why: 'server/discover (sent first, as a client of both eras does) was answered with a DiscoverResult' });
  const sent = run.trace.events.flatMap((e) => (e.kind === 'message' && e.direction === 'client_to_server' && e.probe !== 'missing-meta' && typeof (e.message as { method?: unknown }).method === 'string' ? [e.message as { method: string; id?: number; params?: Record<string, unknown> }] : []));
  // Every request but the probes of a missing _meta field carries the per-request _meta: version, capabilities, client info.
  for (const m of sent.filter((m) => m.id !== undefined)) {
    const meta = m.params?.['_meta'] as Record<string, unknown>;
    assert.ok(meta['io.modelcontextprotocol/protocolVersion'] !== undefined && meta['io.modelcontextprotocol/clientCapabilities'] !== undefined && meta['io.modelcontextprotocol/clientInfo'] !== undefined, m.method);
  }
  assert.equal(sent.filter((m) => m.method === 'tools/list').length, 4, 'two pages, then the unsupported-version and invalid-cursor probes');
  const retry = sent.filter((m) => m.method === 'tools/call' && m.params?.['name'] === 'confirm');
  assert.is(retry.length, 2);
  assert.is(retry[1]?.params?.['requestState'], 'confirm-1');
  assert.equal(retry[1]?.params?.['inputResponses'], { choice: { action: 'accept', content: { ok: true } } });
  assert.ok((retry[1]?.id ?? 0) > (retry[0]?.id ?? 0), 'the retry has a new id');
  assert.ok(sent.some((m) => m.method === 'subscriptions/listen'), 'listen, where list changes are declared');
  assert.ok(sent.some((m) => m.method === 'notifications/cancelled'), 'the listen stream is cancelled');
  assert.equal(clientFindings(run), []);
  assert.is(judgeTrace(run.trace).signature, run.trace.signature);
});

test('stdio: without an elicitation answer, the input request is declined in the retry; quick scope sends no probe', async () => {
  const run = await checkPeer('modern-correct', { ...MODERN, calls: [{ name: 'confirm', args: {} }] });
  assert.equal(run.trace.findings, []);
  assert.is(era(run).used, 'modern');
  const probes = run.trace.events.filter((e) => e.kind === 'message' && e.probe !== undefined);
  assert.equal(probes, []);
});

test('stdio, era auto: a legacy server answers the probe with a non-modern error; the run falls back to initialize and the probe is judged in neither era', async () => {
  const run = await checkPeer('correct', { era: 'auto', scope: 'full' });
  assert.is(run.trace.status, 'pass');
  assert.equal(run.trace.findings, []);
  assert.is(run.trace.profile, '2025-11-25');
  assert.is(run.trace.protocol_version, '2025-11-25');
  assert.match(era(run).why ?? '', /answered with error -32600, not a modern error: a legacy server, opened with initialize 2025-11-25/);
  assert.is(judgeTrace(run.trace).signature, run.trace.signature);
});

test('stdio, era auto: a legacy server that exits on the probe is checked again on a fresh process with initialize, clean', async () => {
  const run = await checkPeer('exits-on-early-request', { era: 'auto' });
  assert.is(run.trace.status, 'pass', run.trace.error);
  assert.equal(run.trace.findings, []);
  assert.is(run.trace.protocol_version, '2025-11-25');
  assert.match(era(run).why ?? '', /ended its connection on server\/discover .*checked on a fresh process, opened with initialize 2025-11-25/);
  assert.not.ok(run.trace.events.some((e) => e.kind === 'message' && e.probe === 'era-probe'), 'the trace is the fresh process\'s');
});

test('stdio: a modern-only server is checked in the modern era (era auto), and could not be checked in the legacy era it refuses', async () => {
  const auto = await checkPeer('modern-only', { era: 'auto' });
  assert.is(auto.trace.status, 'pass');
  assert.equal(auto.trace.findings, []);
  const legacy = await checkPeer('modern-only', { era: 'legacy' });
  assert.is(legacy.trace.status, 'error');
  assert.match(legacy.trace.error ?? '', /it speaks MCP 2026-07-28 only, which has no initialize handshake \(a check speaks it with --protocol-version 2026-07-28\)/);
});

test('stdio, era modern: a legacy server could not be checked in 2026-07-28 (its server/discover error named), no finding', async () => {
  const run = await checkPeer('correct', MODERN);
  assert.is(run.trace.status, 'error');
  assert.match(run.trace.error ?? '', /answered server\/discover with error -32600 .*it does not speak MCP 2026-07-28/);
  assert.equal(run.trace.findings, []);
});

// The stdio page, Backward Compatibility: "The server returns any other error, or does not respond
// within a reasonable timeout: the server is legacy." and "The fallback MUST NOT be keyed to one
// specific error code: legacy servers respond to unknown pre-initialize requests with
// implementation-defined errors (commonly -32601 or -32602)". So -32601 alone is no finding: a
// legacy server checked in 2026-07-28 could not be checked (exit 2), while a server that answers the
// revision's requests (resultType) yet refuses server/discover ("Servers MUST implement it") is judged.
test('stdio, era modern: a legacy server that answers server/discover -32601 could not be checked in 2026-07-28 (exit 2), blamed for nothing', async () => {
  const run = await checkPeer('serves-before-initialized', MODERN);
  assert.is(run.trace.status, 'error');
  assert.match(run.trace.error ?? '', /answered server\/discover with error -32601 .*and tools\/list with a result without resultType: it does not speak MCP 2026-07-28/);
  assert.equal(run.trace.findings, []);
  assert.is(judgeTrace(run.trace).signature, run.trace.signature);
});

test('stdio, era modern: a 2026-07-28 server that answers server/discover -32601 is judged, not could-not-run: stateless/discover-not-implemented (exit 1), a trace that judges again the same', async () => {
  const run = await checkPeer('modern-discover-not-found', MODERN);
  assert.is(run.trace.status, 'fail', run.trace.error ?? '');
  assert.is(run.trace.error, undefined);
  assert.equal(rules(run), ['stateless/discover-not-implemented']);
  const found = run.trace.findings[0];
  const answered = found?.event === null || found === undefined ? undefined : run.trace.events[found.event];
  assert.ok(answered?.kind === 'message' && answered.direction === 'server_to_client');
  assert.is(found?.pointer, '/message/result/resultType');
  assert.match(found?.message ?? '', /yet answers tools\/list as a 2026-07-28 server \(resultType\)/);
  assert.equal(clientFindings(run), []);
  assert.is(judgeTrace(run.trace).signature, run.trace.signature);
});

test('stdio, era auto: a legacy server that answers the probe -32601 falls back to initialize, blamed for nothing', async () => {
  const run = await checkPeer('serves-before-initialized', { era: 'auto' });
  assert.is(run.trace.protocol_version, '2025-11-25');
  assert.match(era(run).why ?? '', /answered with error -32601, not a modern error: a legacy server, opened with initialize 2025-11-25/);
  assert.not.ok(run.trace.findings.some((f) => f.rule.startsWith('stateless/')), JSON.stringify(run.trace.findings));
  assert.is(judgeTrace(run.trace).signature, run.trace.signature);
});

test('stdio, era auto: a legacy server that notifies between its answer to the probe and the initialize (mcp-cron under load) is clean, its version negotiated', async () => {
  const run = await checkPeer('notifies-after-early-request', { era: 'auto' });
  assert.is(run.trace.status, 'pass', JSON.stringify(run.trace.findings));
  assert.equal(run.trace.findings, []);
  assert.is(run.trace.protocol_version, '2025-11-25');
  assert.is(judgeTrace(run.trace).signature, run.trace.signature);
});

test('stdio, era auto: a legacy server that leaves the probe unanswered falls back after the probe\'s own time limit, not the request limit; no finding', async () => {
  const started = Date.now();
  const run = await checkPeer('silent-before-initialize', { era: 'auto', timeoutMs: 20_000, eraProbeMs: 300 });
  assert.is(run.trace.status, 'pass', JSON.stringify(run.trace.findings));
  assert.equal(run.trace.findings, []);
  assert.is(run.trace.protocol_version, '2025-11-25');
  assert.match(era(run).why ?? '', /was answered with no answer within 0\.3 s: a legacy server, opened with initialize 2025-11-25/);
  assert.ok(run.trace.events.some((e) => e.kind === 'timeout' && e.operation === 'server/discover' && e.limit_ms === 300));
  assert.ok(Date.now() - started < 15_000, 'not the 20 s request limit');
  assert.is(judgeTrace(run.trace).signature, run.trace.signature);
});

// stdio page, Backward Compatibility: "The server returns a DiscoverResult: the server is modern.
// Select a mutually supported version from supportedVersions and continue." A DiscoverResult that
// lacks 2026-07-28 names no version the checker speaks: the auto era does not choose 2026-07-28,
// the run could not be checked (exit 2), and the DiscoverResult (a valid answer in any version) is
// blamed for nothing.
test('stdio, era auto and modern: a DiscoverResult whose supportedVersions lack 2026-07-28 is never run as 2026-07-28: could not run (exit 2), no finding', async () => {
  for (const overrides of [{ era: 'auto' as const }, MODERN]) {
    const run = await checkPeer('modern-future-only', overrides);
    assert.is(run.trace.status, 'error', JSON.stringify(run.trace.findings));
    assert.equal(run.trace.findings, []);
    assert.not.ok(run.trace.events.some((e) => e.kind === 'message' && e.direction === 'client_to_server' && (e.message as { method?: string }).method === 'tools/list'), 'nothing sent in 2026-07-28 after it');
  }
  const auto = await checkPeer('modern-future-only', { era: 'auto' });
  assert.match(auto.trace.error ?? '', /DiscoverResult names the versions "2099-01-01", none of which the check speaks/);
});

const DEFECTS: readonly [string, Partial<CheckOptions>, readonly string[]][] = [
  ['modern-no-result-type', {}, ['stateless/result-type']],
  ['modern-second-page-without-ttl', {}, ['stateless/cacheable-result']],
  // One defect, one finding: the served unsupported version is the session's; the probe rule adds nothing.
  ['modern-serves-unsupported-version', { scope: 'full' }, ['stateless/unsupported-version-not-rejected']],
  ['modern-notifies-before-ack', { scope: 'full' }, ['stateless/not-acknowledged']],
  // resources, Error Handling: an absent resource MUST be answered -32602; -32002 is the legacy code's one finding.
  // Both are built on the correct peer, which answers the invalid-cursor probe -32602: the defect is the one finding.
  ['modern-unknown-resource-empty', { scope: 'full' }, ['probe/unknown-resource-code']],
  ['modern-legacy-not-found', { scope: 'full' }, ['stateless/legacy-error-code']],
  ['modern-empty-input-required', { calls: [{ name: 'confirm', args: {} }] }, ['stateless/input-required-shape']],
];

for (const [peer, overrides, expected] of DEFECTS) {
  test(`stdio: ${peer} is caught with ${expected.join(', ')}`, async () => {
    const run = await checkPeer(peer, { ...MODERN, ...overrides });
    assert.equal(rules(run), [...expected].sort());
    assert.equal(clientFindings(run), []);
  });
}

// Streamable HTTP, Custom Headers from Tool Parameters: "conforming clients MUST mirror the
// designated parameter values into HTTP headers"; the peer refuses a call without them (-32020).
test('Streamable HTTP: check --call mirrors a tool\'s x-mcp-header arguments into Mcp-Param-* headers, so a server that requires them serves the call', async () => {
  const tools = [{ name: 'echo', description: 'Echoes its text.', inputSchema: { type: 'object', properties: { text: { type: 'string', 'x-mcp-header': 'Text' } }, required: ['text'] } }];
  const run = await checkHttp({ tools }, { scope: 'quick', calls: [{ name: 'echo', args: { text: 'hé' } }] });
  assert.is(run.trace.status, 'pass', JSON.stringify(run.trace.findings));
  assert.equal(run.trace.findings, []);
  const call = run.trace.events.find((e) => e.kind === 'http_request' && e.headers['mcp-method'] === 'tools/call');
  assert.is(call?.kind === 'http_request' ? call.headers['mcp-param-text'] : undefined, '=?base64?aMOp?=');
});

// Streamable HTTP, Custom Headers from Tool Parameters: clients "MUST reject tool definitions where
// any x-mcp-header value violates these constraints" ("Parameters with type number are not
// permitted"). The --call is not sent; the run reports the server's tool definition (exit 1), not a
// check that could not run (exit 2).
test('Streamable HTTP: a --call of a tool whose x-mcp-header is on a number is not sent, and the run fails on tools/x-mcp-header, not as could-not-run', async () => {
  const tools = [{ name: 'echo', description: 'Echoes its text.', inputSchema: { type: 'object', properties: { text: { type: 'string' }, n: { type: 'number', 'x-mcp-header': 'N' } }, required: ['text'] } }];
  const run = await checkHttp({ tools }, { scope: 'quick', calls: [{ name: 'echo', args: { text: 'hi', n: 1.5 } }] });
  assert.is(run.trace.status, 'fail', run.trace.error);
  assert.is(run.trace.error, undefined);
  assert.is(run.notSent, undefined);
  assert.equal(run.trace.findings.map((f) => `${f.rule} ${f.pointer}`), ['tools/x-mcp-header /message/result/tools/0/inputSchema/properties/n/x-mcp-header']);
  assert.equal(run.skipped.map((s) => [s.name, s.pointer, s.blamed]), [['echo', '/options/calls/0/name', 'tools/x-mcp-header']]);
  assert.match(run.skipped[0]?.reason ?? '', '/inputSchema/properties/n/x-mcp-header');
  assert.is(run.trace.events.some((e) => e.kind === 'http_request' && e.headers['mcp-method'] === 'tools/call'), false, 'the rejected tool is not called');
});

test('Streamable HTTP, era auto: the correct modern peer is clean in the full scope; every request carries MCP-Protocol-Version and Mcp-Method (Mcp-Name where named)', async () => {
  const run = await checkHttp({}, { calls: [{ name: 'echo', args: { text: 'hé' } }] });
  assert.is(run.trace.status, 'pass', run.trace.error);
  assert.equal(run.trace.findings, []);
  assert.is(era(run).used, 'modern');
  const requests = run.trace.events.filter((e) => e.kind === 'http_request');
  for (const r of requests) assert.is(r.kind === 'http_request' ? r.headers['mcp-protocol-version'] !== undefined : false, true);
  const named = requests.filter((r) => r.kind === 'http_request' && r.headers['mcp-method'] === 'tools/call');
  assert.is(named.length, 1);
  assert.is(named[0]?.kind === 'http_request' ? named[0].headers['mcp-name'] : '', 'echo');
  const probes = run.trace.events.flatMap((e) => (e.kind === 'message' && e.probe !== undefined ? [e.probe] : []));
  assert.equal(probes, ['era-probe', 'unknown-method', 'unsupported-version', 'invalid-params', 'unknown-resource', 'header-mismatch', 'header-missing', 'foreign-origin',
    'missing-meta', 'removed-method', 'removed-method', 'removed-method', 'removed-method', 'version-header-mismatch', 'name-header-mismatch', 'name-header-missing', 'encoded-name']);
  // The foreign-Origin probe went with the Origin the page requires a loopback server to refuse, and got its 403.
  const foreign = requests.filter((r) => r.kind === 'http_request' && r.headers['origin'] === FOREIGN_ORIGIN);
  assert.is(foreign.length, 1);
  const refused = run.trace.events.find((e) => e.kind === 'http_response' && e.exchange === (foreign[0]?.kind === 'http_request' ? foreign[0].exchange : -1));
  assert.is(refused?.kind === 'http_response' ? refused.status : 0, 403);
  assert.is(judgeTrace(run.trace).signature, run.trace.signature);
});

test('Streamable HTTP: the full scope opens subscriptions/listen, waits for its acknowledgement, closes its stream, re-sends it and gets it acknowledged under its own id; no notifications/cancelled', async () => {
  const run = await checkHttp({});
  assert.equal(run.trace.findings, []);
  const events = run.trace.events;
  const listens = events.flatMap((e) => (e.kind === 'message' && e.direction === 'client_to_server' && (e.message as { method?: string }).method === 'subscriptions/listen' ? [(e.message as { id: number }).id] : []));
  assert.is(listens.length, 2, 'the listen, and the listen re-sent after its stream was closed');
  const acks = events.flatMap((e) => (e.kind === 'message' && (e.message as { method?: string }).method === 'notifications/subscriptions/acknowledged'
    ? [((e.message as { params: { _meta: Record<string, unknown> } }).params._meta['io.modelcontextprotocol/subscriptionId'])] : []));
  assert.equal(acks, listens, 'each acknowledged under its own request id');
  assert.not.ok(events.some((e) => e.kind === 'message' && (e.message as { method?: string }).method === 'notifications/cancelled'), 'over HTTP closing the stream is the cancellation');
  const closes = events.filter((e) => e.kind === 'stream' && e.action === 'close');
  assert.ok(closes.length >= 2, JSON.stringify(events.filter((e) => e.kind === 'stream')));
  assert.is(judgeTrace(run.trace).signature, run.trace.signature);
});

test('Streamable HTTP: JSON-RPC errors answered 400 with an application/json body (an invalid cursor, an absent resource) are answers, judged as the same errors in 200: no http/error-status (the page requires only the content type)', async () => {
  const inOk = await checkHttp({});
  const in400 = await checkHttp({ errorStatus: 400 });
  assert.equal(rules(in400), rules(inOk));
  assert.equal(in400.trace.findings, []);
  const statuses = in400.trace.events.flatMap((e) => (e.kind === 'http_response' ? [e.status] : []));
  assert.ok(statuses.filter((s) => s === 400).length >= 3, `the errors came in 400s: ${statuses.join(',')}`);
  assert.is(judgeTrace(in400.trace).signature, in400.trace.signature);
});

test('Streamable HTTP: a 403 with a JSON-RPC error body to an ordinary request is still http/error-status', async () => {
  const run = await checkHttp({ errorStatus: 403 });
  assert.ok(rules(run).includes('http/error-status'), rules(run).join(','));
});

test('Streamable HTTP, era auto: a legacy server answers the probe 400 without a modern error body; the run falls back to initialize, no finding (JSON and SSE answers)', async () => {
  for (const mode of ['json', 'sse'] as const) {
    await withPeer(new McpHttpPeer(mode), async (url) => {
      const run = await runCheck({
        target: { transport: 'http', url: url.href }, scope: 'full', timeoutMs: 2000, protocolVersion: '2025-11-25', era: 'auto',
        calls: [], answers: { roots: [] }, headerEnv: [], env: {}, httpTransport: streamableHttp,
      });
      assert.equal(run.trace.findings, [], mode);
      assert.is(run.trace.protocol_version, '2025-11-25');
      assert.is(era(run).why, 'server/discover (sent first, as a client of both eras does) was answered with HTTP 400 Bad Request without a modern error body: a legacy server, opened with initialize 2025-11-25');
      assert.is(judgeTrace(run.trace).signature, run.trace.signature);
    });
  }
});

const HTTP_DEFECTS: readonly [string, ModernHttpChange, readonly string[]][] = [
  ['serves a request whose Mcp-Method does not match, or is missing', { acceptMismatch: true }, ['http/header-validation-not-400', 'probe/header-validation-code']],
  ['answers an unknown method with 200', { unknownMethodStatus: 200 }, ['http/unknown-method-not-404']],
  ['answers an unsupported version with 200', { unsupportedStatus: 200 }, ['http/unsupported-version-not-400']],
  ['serves a request from a foreign Origin', { foreignOriginStatus: 200 }, ['http/origin-accepted']],
  ['refuses a request from a foreign Origin with 400, not 403', { foreignOriginStatus: 400 }, ['http/origin-not-403']],
  ['sends a notification on a listen stream before its acknowledgement', { notifyBeforeAck: true }, ['stateless/not-acknowledged']],
  ['acknowledges the listen re-sent after a closed stream under the closed listen\'s id', { staleAckAfterDrop: true }, ['stateless/acknowledged-not-first']],
  // Streamable HTTP, Cancellation: closing a request's SSE stream cancels it; the server "MUST NOT send any further messages for it".
  ['answers the listen whose stream the client closed on the listen re-sent', { answerClosedElsewhere: true }, ['http/message-after-cancel']],
];

for (const [what, change, expected] of HTTP_DEFECTS) {
  test(`Streamable HTTP: a peer that ${what} is caught with ${expected.join(', ')}`, async () => {
    const run = await checkHttp(change);
    assert.equal(rules(run), [...expected].sort());
    assert.equal(clientFindings(run), []);
  });
}

// The per-request metadata probes (full scope): each one-defect peer gets exactly one finding
// (rule and pointer), and the correct peers above none.
const firstSent = (run: CheckRun, probe: string) => run.trace.events.find((e) => e.kind === 'message' && e.direction === 'client_to_server' && e.probe === probe);
const exactly = (run: CheckRun) => run.trace.findings.map((f) => `${f.severity} ${f.rule} ${f.pointer}`);

test('stdio, full scope: the probes of a missing _meta field go without _meta at first, then without clientCapabilities; the removed methods each once', async () => {
  const run = await checkPeer('modern-correct', { ...MODERN, scope: 'full' });
  assert.equal(run.trace.findings, []);
  const metas = run.trace.events.flatMap((e) => (e.kind === 'message' && e.probe === 'missing-meta' ? [(e.message as { params?: { _meta?: Record<string, unknown> } }).params?._meta] : []));
  // The request without _meta lacks the protocol version too: one probe of it, not two of one defect.
  assert.equal(metas.map((m) => (m === undefined ? 'none' : Object.keys(m).sort().join(','))), [
    'none',
    'io.modelcontextprotocol/clientInfo,io.modelcontextprotocol/protocolVersion',
  ]);
  const removed = run.trace.events.flatMap((e) => (e.kind === 'message' && e.probe === 'removed-method' ? [(e.message as { method: string }).method] : []));
  assert.equal(removed, ['ping', 'logging/setLevel', 'resources/subscribe', 'resources/unsubscribe']);
  assert.ok(firstSent(run, 'after-legacy-request') !== undefined);
});

const META_DEFECTS: readonly [string, readonly string[]][] = [
  // basic, _meta: "A request missing any required field is malformed; the server MUST reject it with -32602".
  ['modern-serves-without-meta', ['error stateless/malformed-request-served /message/result']],
  ['modern-serves-without-capabilities', ['error stateless/malformed-request-served /message/result']],
  // basic, Statelessness: "Servers MUST NOT rely on prior requests over the same connection"; the check ends on it.
  ['modern-pins-legacy', ['error stateless/relies-on-prior-request /message/error']],
  // A removed method refused with another code than -32601.
  ['modern-removed-method-code', ['error probe/unknown-method-code /message/error/code']],
];

for (const [peer, expected] of META_DEFECTS) {
  test(`stdio, full scope: ${peer} is caught with exactly ${expected.join(', ')}`, async () => {
    const run = await checkPeer(peer, { ...MODERN, scope: 'full' });
    assert.equal(exactly(run), expected);
    assert.equal(clientFindings(run), []);
    assert.is(judgeTrace(run.trace).signature, run.trace.signature);
  });
}

test('stdio, full scope: a server that pins the connection after a request without _meta is judged on that one answer, and the check goes no further', async () => {
  const run = await checkPeer('modern-pins-legacy', { ...MODERN, scope: 'full' });
  const after = firstSent(run, 'after-legacy-request');
  assert.ok(after !== undefined);
  const methods = run.trace.events.flatMap((e) => (e.kind === 'message' && e.direction === 'client_to_server' ? [(e.message as { method?: string }).method] : []));
  assert.equal(methods, ['server/discover', 'server/discover', 'server/discover'], 'no list was sent after the pinned answer');
});

const HTTP_META_DEFECTS: readonly [string, ModernHttpChange, readonly string[]][] = [
  ['serves a request without clientCapabilities', { serveWithoutCapabilities: true }, ['error stateless/malformed-request-served /message/result']],
  ['refuses a request without clientCapabilities -32602 in a 200', { malformedStatus: 200 }, ['error http/malformed-request-not-400 /status']],
  ['answers ping -32601 in a 200', { pingAnswer: { code: -32601, status: 200 } }, ['error http/unknown-method-not-404 /status']],
  ['refuses ping with -32602 in a 400', { pingAnswer: { code: -32602, status: 400 } }, ['error probe/unknown-method-code /message/error/code']],
  // One served mismatch: its status and its missing -32020, as for Mcp-Method.
  ['serves a request whose MCP-Protocol-Version does not match its _meta', { acceptVersionMismatch: true }, ['error http/header-validation-not-400 /status', 'error probe/header-validation-code /message']],
  ['serves a request whose Mcp-Name does not match, or is missing', { acceptNameMismatch: true }, [
    'error http/header-validation-not-400 /status', 'error probe/header-validation-code /message', 'error http/header-validation-not-400 /status', 'error probe/header-validation-code /message',
  ]],
  ['refuses an Mcp-Name in the Base64 form of its matching value', { undecodedName: true }, ['error http/encoded-name-refused /message/error/code']],
];

for (const [what, change, expected] of HTTP_META_DEFECTS) {
  test(`Streamable HTTP, full scope: a peer that ${what} is caught with exactly ${expected.join(', ')}`, async () => {
    const run = await checkHttp(change);
    assert.equal(exactly(run), expected);
    assert.equal(clientFindings(run), []);
    assert.is(judgeTrace(run.trace).signature, run.trace.signature);
  });
}

test('Streamable HTTP: the metadata probes carry the headers they name: a mismatching MCP-Protocol-Version, a mismatching or no Mcp-Name, the Base64 form of the right one', async () => {
  const run = await checkHttp({});
  assert.equal(run.trace.findings, []);
  const headersOf = (probe: string) => {
    const m = firstSent(run, probe);
    const exchange = m?.kind === 'message' ? (m as { exchange?: number }).exchange : undefined;
    const r = run.trace.events.find((e) => e.kind === 'http_request' && e.exchange === exchange);
    return r?.kind === 'http_request' ? r.headers : {};
  };
  assert.is(headersOf('version-header-mismatch')['mcp-protocol-version'], '2025-11-25');
  assert.is(headersOf('name-header-mismatch')['mcp-name'], 'memo://note-mismatch');
  assert.is(headersOf('name-header-missing')['mcp-name'], undefined);
  assert.is(headersOf('encoded-name')['mcp-name'], `=?base64?${Buffer.from('memo://note').toString('base64')}?=`);
  assert.is(headersOf('name-header-missing')['mcp-method'], 'resources/read');
});

test('Streamable HTTP: without resources, the Mcp-Name probes go on prompts/get of a prompt whose arguments are all optional; served, they are caught there', async () => {
  const capabilities = { tools: {}, prompts: {} };
  const clean = await checkHttp({ capabilities });
  assert.equal(clean.trace.findings, []);
  const named = clean.trace.events.flatMap((e) => (e.kind === 'message' && (e.probe === 'name-header-mismatch' || e.probe === 'encoded-name') ? [(e.message as { method: string; params: { name: string } })] : []));
  assert.equal(named.map((m) => `${m.method} ${m.params.name}`), ['prompts/get greeting', 'prompts/get greeting']);
  const served = await checkHttp({ capabilities, acceptNameMismatch: true });
  assert.equal(exactly(served), ['error http/header-validation-not-400 /status', 'error probe/header-validation-code /message', 'error http/header-validation-not-400 /status', 'error probe/header-validation-code /message']);
  const methodOf = (event: number | null) => {
    const exchange = (served.trace.events[event ?? -1] as { exchange?: number } | undefined)?.exchange;
    const request = served.trace.events.find((e) => e.kind === 'http_request' && e.exchange === exchange);
    return request?.kind === 'http_request' ? request.headers['mcp-method'] : undefined;
  };
  assert.equal(served.trace.findings.map((f) => methodOf(f.event)), ['prompts/get', 'prompts/get', 'prompts/get', 'prompts/get']);
});

test.run();
