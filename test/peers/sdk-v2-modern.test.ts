// Why: the 2.x SDK's own serving entries are real peers of a 2026-07-28 check: serveStdio and
// createMcpHandler, each with its default dual-era posture and with legacy: 'reject'. What they
// draw is what they do: both warn that an invalid cursor gets -32603, not -32602 (a SHOULD);
// serveStdio serves a list request in a protocol version it does not support instead of refusing it
// with -32022 (the versioning page's MUST), where createMcpHandler refuses it with 400 and -32022;
// serveStdio answers a request without _meta with another code than -32602 (-32601 by default,
// pinning the connection to legacy so that a server/discover with _meta after it is refused too,
// which basic, Statelessness forbids; -32022 with legacy: 'reject').
// createMcpHandler is validation-free by design (its documentation asks for Origin validation in
// front of it): served bare, it accepts a foreign Origin in either era, where the transport page
// requires 403. docs/live-checks.md lists these findings and why.
import { resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CheckOptions, CheckRun } from '../../live/run-check.ts';
import { runCheck } from '../../live/run-check.ts';
import { streamableHttp } from '../../scripts/commands/live-args.ts';
import { startSdkV2Http } from './sdk-v2-http.ts';
import { checkNode, clientFindings } from '../live/support.ts';

const SERVE_STDIO = resolve(import.meta.dirname, 'stdio/sdk-v2-serve-stdio.mjs');
const rules = (run: CheckRun) => run.trace.findings.map((f) => `${f.severity} ${f.rule}`).sort();
const era = (run: CheckRun) => (run.trace.options['era'] as { used?: string }).used;

async function checkHttp(legacy: 'stateless' | 'reject', overrides: Partial<CheckOptions>): Promise<CheckRun> {
  const peer = await startSdkV2Http(legacy);
  try {
    return await runCheck({
      target: { transport: 'http', url: peer.url.href }, scope: 'quick', timeoutMs: 5000, protocolVersion: '2025-11-25', era: 'auto',
      calls: [], answers: { roots: [] }, headerEnv: [], env: {}, httpTransport: streamableHttp, ...overrides,
    });
  } finally {
    await peer.stop();
  }
}

test('serveStdio, era auto: modern, clean in the quick scope with a named call', async () => {
  const run = await checkNode([SERVE_STDIO], { era: 'auto', timeoutMs: 5000, calls: [{ name: 'echo', args: { text: 'hi' } }] });
  assert.is(run.trace.status, 'pass', run.trace.error);
  assert.is(era(run), 'modern');
  assert.equal(rules(run), []);
});

test('serveStdio, full scope: the unsupported version is served (stateless/unsupported-version-not-rejected, once: the probe rule adds nothing for the same answer); the invalid cursor a warning; legacy: reject refuses a request without _meta -32022, not -32602', async () => {
  const run = await checkNode([SERVE_STDIO, '--reject-legacy'], { era: 'modern', scope: 'full', timeoutMs: 5000 });
  // basic, _meta: "A request missing any required field is malformed; the server MUST reject it with -32602".
  assert.equal(rules(run), ['error stateless/malformed-request-served', 'error stateless/unsupported-version-not-rejected', 'warning probe/invalid-params-code']);
  const malformed = run.trace.findings.find((f) => f.rule === 'stateless/malformed-request-served');
  assert.is(malformed?.pointer, '/message/error/code');
  assert.match(malformed?.message ?? '', 'answered error -32022');
  assert.equal(clientFindings(run), []);
});

// basic, Statelessness: "Servers MUST NOT rely on prior requests over the same connection to establish
// context (e.g., capabilities, protocol version, client identity)"; versioning: a dual-era server
// takes legacy semantics from an initialize request. serveStdio's default pins the connection to
// legacy after one request without _meta: it answers that request -32601 (not the -32602 a malformed
// request is owed) and the server/discover after it, with its own _meta, -32601 too.
test('serveStdio, full scope: a request without _meta pins the connection to legacy (stateless/malformed-request-served, then stateless/relies-on-prior-request, where the check ends)', async () => {
  const run = await checkNode([SERVE_STDIO], { era: 'modern', scope: 'full', timeoutMs: 5000 });
  assert.equal(run.trace.findings.map((f) => `${f.severity} ${f.rule} ${f.pointer}`), [
    'error stateless/malformed-request-served /message/error/code',
    'error stateless/relies-on-prior-request /message/error',
  ]);
  assert.equal(clientFindings(run), []);
});

test('serveStdio, era legacy: the dual-era default serves initialize; legacy: reject could not be checked in that era', async () => {
  const dual = await checkNode([SERVE_STDIO], { era: 'legacy', timeoutMs: 5000 });
  assert.is(dual.trace.status, 'pass');
  assert.is(dual.trace.protocol_version, '2025-11-25');
  const strict = await checkNode([SERVE_STDIO, '--reject-legacy'], { era: 'legacy', timeoutMs: 5000 });
  assert.is(strict.trace.status, 'error');
  assert.match(strict.trace.error ?? '', /MCP 2026-07-28 only/);
});

test('createMcpHandler, era auto, full scope: modern; the foreign Origin accepted (http/origin-accepted) and the invalid-cursor warning (the 400 + -32022, the 404 + -32601 and the header refusals as the page requires)', async () => {
  for (const legacy of ['stateless', 'reject'] as const) {
    const run = await checkHttp(legacy, { scope: 'full', calls: [{ name: 'echo', args: { text: 'hi' } }] });
    assert.is(era(run), 'modern', legacy);
    assert.equal(rules(run), ['error http/origin-accepted', 'warning probe/invalid-params-code'], legacy);
    assert.equal(clientFindings(run), []);
    // subscriptions/listen over HTTP: opened, acknowledged, its stream closed, re-sent and acknowledged under the new id.
    const methodOf = (m: unknown) => (m as { method?: string }).method;
    const listens = run.trace.events.flatMap((e) => (e.kind === 'message' && methodOf(e.message) === 'subscriptions/listen' ? [(e.message as { id: number }).id] : []));
    const acks = run.trace.events.flatMap((e) => (e.kind === 'message' && methodOf(e.message) === 'notifications/subscriptions/acknowledged'
      ? [(e.message as { params: { _meta: Record<string, unknown> } }).params._meta['io.modelcontextprotocol/subscriptionId']] : []));
    assert.is(listens.length, 2, legacy);
    assert.equal(acks, listens, legacy);
  }
});

test('createMcpHandler, era legacy, full scope: its stateless fallback accepts a foreign Origin; SSE answers without a priming event (warnings)', async () => {
  const run = await checkHttp('stateless', { era: 'legacy', scope: 'full' });
  assert.is(era(run), 'legacy');
  assert.equal([...new Set(rules(run))], ['error http/origin-accepted', 'warning http/sse-priming-event', 'warning probe/invalid-params-code']);
});

test.run();
