import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// Why: every rule an HTTP finding can cite is shown here against a peer that breaks it and nothing
// else, asserting the exact rule id (an HTTP 503 is an HTTP error and never a timeout; a hang is a
// timeout and never an HTTP error), and every http/ rule must have such a case.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { httpRules } from '../../validators/rules/http.ts';
import { RULES } from '../../validators/rules/index.ts';
import * as broken from '../peers/http-broken-peers.ts';
import * as streams from '../peers/http-broken-streams.ts';
import { HugeContentLengthPeer } from '../peers/http-faulty-peers.ts';
import { CodingPeer } from '../peers/http-coding-peers.ts';
import { McpHttpPeer, withPeer } from '../peers/http-mcp-peer.ts';
import { drive, type DriveOptions, type DriveResult } from './support/http-driver.ts';

interface RuleCase {
  readonly name: string;
  /** The rule the defect must be reported under. */
  readonly rule: string;
  readonly peer: () => McpHttpPeer;
  readonly options?: DriveOptions;
  /** Rules that must not be reported (a timeout is not an HTTP error, and the reverse). */
  readonly not?: readonly string[];
  readonly check?: (run: DriveResult, peer: McpHttpPeer) => void | Promise<void>;
}

/** Waits (within a bound) until a finding of `rule` is recorded. */
async function until(recorder: DriveResult['recorder'], rule: string): Promise<void> {
  const end = Date.now() + 2_000;
  while (!recorder.rules().includes(rule) && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
}

const CASES: readonly RuleCase[] = [
  {
    name: 'an HTTP 503 is an HTTP error naming its status, not a timeout',
    rule: 'http/error-status', peer: () => new broken.Status503Peer('json'), not: ['http/timeout'],
    check: (run) => {
      assert.match(run.recorder.findings.find((f) => f.rule === 'http/error-status')?.message ?? '', /503 Service Unavailable/);
      assert.ok(run.failures.some((f) => f.code === 'http-status'));
      assert.not.ok(run.recorder.events.some((e) => e.kind === 'timeout'));
    },
  },
  {
    name: 'a POST that gets no response head is a timeout, not an HTTP error',
    rule: 'http/timeout', peer: () => new broken.HangPeer('json'), options: { timeoutMs: 300 }, not: ['http/error-status'],
    check: (run) => {
      assert.ok(run.recorder.events.some((e) => e.kind === 'timeout' && e.operation === 'POST tools/list: response' && e.limit_ms === 300));
      assert.ok(run.failures.some((f) => f.code === 'timeout'));
    },
  },
  {
    name: 'a response stream with no event for the timeout is a timeout',
    rule: 'http/timeout', peer: () => new streams.SilentStreamPeer(), options: { timeoutMs: 300 }, not: ['http/error-status'],
    check: (run) => assert.ok(run.recorder.events.some((e) => e.kind === 'timeout' && e.operation === 'POST tools/list: SSE event')),
  },
  {
    name: '400 instead of 404 for a terminated session',
    rule: 'http/terminated-session-not-404', peer: () => new broken.TerminatedSession400Peer('json'),
    options: { probes: (t, request) => t.terminateAndProbe(request('ping')) },
    check: (run) => {
      assert.match(run.recorder.findings.find((f) => f.rule === 'http/terminated-session-not-404')?.message ?? '', /400 Bad Request instead of 404/);
      assert.is(run.evidence['http_session'], 'deleted');
    },
  },
  { name: 'a wrong id inside an SSE event', rule: 'correlation/no-matching-request', peer: () => new streams.SseWrongIdPeer() },
  {
    name: 'a session id offered with an invalid InitializeResult is not kept',
    rule: 'http/session-id-without-initialize-result', peer: () => new broken.SessionWithoutValidInitializePeer('json'),
    check: (_run, peer) => assert.ok(peer.seen.slice(1).every((r) => r.headers['mcp-session-id'] === undefined)),
  },
  {
    name: 'no session id with the InitializeResult, then 400 for lacking one',
    rule: 'http/session-required-not-issued', peer: () => new broken.NoSessionThen400Peer('json'), not: ['http/error-status'],
  },
  { name: 'a session id with a space', rule: 'http/session-id-visible-ascii', peer: () => new broken.SessionIdWithSpacePeer('json') },
  { name: 'a request answered with Content-Type text/plain', rule: 'http/response-content-type', peer: () => new broken.WrongContentTypePeer('json') },
  { name: 'an SSE event whose data is not JSON', rule: 'json/syntax', peer: () => new streams.SseMalformedDataPeer() },
  { name: 'an SSE line without a field name', rule: 'http/sse-ignored-field', peer: () => new streams.SseBareLinePeer() },
  {
    name: 'a redirect is reported and not followed',
    rule: 'http/redirect', peer: () => new broken.RedirectPeer('/elsewhere'),
    check: (_run, peer) => assert.equal(peer.seen.slice(4).map((r) => r.method), ['DELETE'], 'nothing was sent to the redirect target'),
  },
  { name: 'a redirect to another origin', rule: 'http/redirect-other-origin', peer: () => new broken.RedirectPeer('http://elsewhere.invalid/mcp') },
  { name: 'a connection dropped in the middle of a JSON body', rule: 'http/connection-lost', peer: () => new broken.ConnectionDropPeer('json'), not: ['http/timeout'] },
  { name: 'a JSON body that is not UTF-8', rule: 'json/invalid-utf8', peer: () => new broken.InvalidUtf8Peer('json') },
  {
    name: 'a gzip-coded JSON body whose bytes are no gzip data', rule: 'http/content-encoding-invalid', peer: () => new CodingPeer('json', 'gzip', { method: 'tools/list', kind: 'garbage' }),
    not: ['http/connection-lost', 'json/syntax'],
  },
  {
    name: 'a br-coded SSE stream whose bytes are no brotli data', rule: 'http/content-encoding-invalid', peer: () => new CodingPeer('sse', 'br', { method: 'tools/list', kind: 'garbage' }),
    not: ['http/connection-lost', 'json/syntax', 'http/stream-closed-before-response'],
  },
  { name: 'a notification answered 200 with a body', rule: 'http/accepted-not-202', peer: () => new broken.NotificationAnswered200Peer('json') },
  {
    name: 'a GET answered with JSON',
    rule: 'http/get-stream-answer', peer: () => new streams.GetAnsweredJsonPeer(),
    options: { probes: async (t) => assert.is(await t.openGetStream(), false) },
  },
  {
    name: 'a response on the GET stream',
    rule: 'http/response-on-get-stream', peer: () => new streams.ResponseOnGetStreamPeer(),
    options: { probes: async (t, _request, recorder) => {
      assert.is(await t.openGetStream(), true);
      await until(recorder, 'http/response-on-get-stream');
    } },
  },
  { name: 'one event id on every event', rule: 'http/event-id-reused', peer: () => new streams.EventIdReusePeer() },
  {
    name: 'a loopback server accepting a foreign Origin',
    rule: 'http/origin-accepted', peer: () => new broken.OriginIgnoredPeer('json'),
    options: { probes: (t, request) => t.probeForeignOrigin(request('ping')) },
  },
  {
    name: 'a foreign Origin refused with 400 under 2025-11-25',
    rule: 'http/origin-not-403', peer: () => new broken.OriginRefused400Peer('json'),
    options: { probes: (t, request) => t.probeForeignOrigin(request('ping')) },
  },
  { name: 'an SSE answer without a priming event under 2025-11-25', rule: 'http/sse-priming-event', peer: () => new streams.NoPrimingPeer() },
  { name: 'a response stream ending without its response', rule: 'http/stream-closed-before-response', peer: () => new streams.StreamEndsEarlyPeer() },
  {
    name: 'a response stream ending early whose resumption is refused',
    rule: 'http/stream-closed-before-response', peer: () => new streams.ResumeRefusedPeer(),
  },
  { name: 'a response stream left open after its response', rule: 'http/stream-not-terminated', peer: () => new streams.StreamStaysOpenPeer(), options: { timeoutMs: 300 }, not: ['http/timeout'] },
  { name: 'a response stream flooded before its response', rule: 'http/stream-limit', peer: () => new streams.StreamFloodPeer(6), options: { maxStreamMessages: 5 } },
  {
    name: 'an SSE event over the checker\'s size limit is a warning of the checker\'s own, and its request is not blamed',
    rule: 'transport/event-over-limit', peer: () => new streams.HugeEventPeer(), options: { maxMessageBytes: 2_000 },
    not: ['json/size-limit', 'http/stream-closed-before-response', 'http/timeout', 'correlation/unanswered-request', 'transport/closed-with-pending-requests'],
    check: (run) => {
      const found = run.recorder.findings.filter((f) => f.rule === 'transport/event-over-limit');
      assert.is(found.length, 1);
      assert.is(found[0]!.severity, 'warning');
      assert.match(found[0]!.message, /exceeds the checker's limit of 2,000 bytes/);
      assert.ok(run.recorder.findings.every((f) => f.severity !== 'error'), run.recorder.findings.map((f) => f.rule).join());
    },
  },
  {
    name: 'a JSON body over the checker\'s size limit is a warning of the checker\'s own; the session id of the initialize answer the checker did not read is not blamed',
    rule: 'transport/body-over-limit', peer: () => new McpHttpPeer('json'), options: { maxMessageBytes: 100 }, not: ['json/size-limit', 'http/session-id-without-initialize-result'],
    check: (run) => {
      const found = run.recorder.findings.filter((f) => f.rule === 'transport/body-over-limit');
      assert.is(found.length, 1);
      assert.is(found[0]!.severity, 'warning');
      assert.match(found[0]!.message, /exceeds the checker's limit of 100 bytes/);
    },
  },
  {
    name: 'a body announcing 2 GB that then stops is refused by its Content-Length, without waiting for it',
    rule: 'transport/body-over-limit', peer: () => new HugeContentLengthPeer(), options: { timeoutMs: 5_000 }, not: ['json/size-limit', 'http/timeout', 'transport/timeout'],
    check: (run) => assert.not.ok(run.recorder.events.some((e) => e.kind === 'timeout')),
  },
];

for (const c of CASES) {
  test(`${c.rule}: ${c.name}`, async () => {
    await withPeer(c.peer(), async (url, peer) => {
      const run = await drive(url, c.options);
      const rules = run.recorder.rules();
      if (process.env['SHOW_FINDINGS']) console.log(c.name, JSON.stringify(run.recorder.findings.map((f) => `${f.rule} ${f.pointer} ${f.message}`), null, 1));
      assert.ok(rules.includes(c.rule), `expected ${c.rule}, found: ${rules.join(', ') || 'nothing'}`);
      const found = run.recorder.findings.find((f) => f.rule === c.rule);
      assert.is(found?.severity, RULES.get(c.rule)?.severity, 'the finding has its rule severity');
      for (const other of c.not ?? []) assert.not.ok(rules.includes(other), `${other} must not be reported`);
      await c.check?.(run, peer);
      assert.is(run.evidence['http_sockets_closed'], true);
    });
  });
}

/**
 * The 2026-07-28 statuses and the client's headers are judged against peers of that revision and
 * through the tap: each is listed with the test file that holds its cases, and that file must cite it.
 */
const CASES_ELSEWHERE: Readonly<Record<string, string>> = {
  'http/header-validation-not-400': 'modern-check.test.ts',
  'http/unsupported-version-not-400': 'modern-check.test.ts',
  'http/unknown-method-not-404': 'modern-check.test.ts',
  'http/encoded-name-refused': 'modern-check.test.ts',
  'http/client-param-header': 'http-header-rules.test.ts',
  'http/client-invalid-tool-called': 'http-header-rules.test.ts',
  'http/message-after-cancel': 'modern-reports.test.ts',
  'http/malformed-request-not-400': 'http-meta-error-status.test.ts',
  'http/missing-capability-not-400': 'http-meta-error-status.test.ts',
  'http/client-accept': 'http-header-rules.test.ts',
  'http/client-session-id-missing': 'http-header-rules.test.ts',
  'http/client-protocol-version-missing': 'http-header-rules.test.ts',
  'http/client-protocol-version-mismatch': 'http-header-rules.test.ts',
  'http/client-method-header': 'http-header-rules.test.ts',
};

test('a JSON body within the size limit draws no size warning, and the session goes on', async () => {
  await withPeer(new McpHttpPeer('json'), async (url) => {
    const run = await drive(url, { maxMessageBytes: 2_000_000 });
    const rules = run.recorder.rules();
    assert.not.ok(rules.includes('transport/body-over-limit'), rules.join());
    assert.ok(run.recorder.events.some((e) => e.kind === 'message' && JSON.stringify(e).includes('protocolVersion')), 'the initialize answer was read');
  });
});

test('the same SSE event within the size limit draws no size warning, and its answer is judged', async () => {
  await withPeer(new streams.HugeEventPeer(), async (url) => {
    const run = await drive(url, { maxMessageBytes: 2_000_000 });
    const rules = run.recorder.rules();
    assert.not.ok(rules.includes('transport/event-over-limit'), rules.join());
    assert.not.ok(rules.includes('json/size-limit'), rules.join());
    assert.ok(run.recorder.events.some((e) => e.kind === 'message' && JSON.stringify(e).includes('padding')), 'the padded answer was read');
  });
});

test('every http/ rule has a case here, or in the test file listed for it', () => {
  const cited = new Set(CASES.map((c) => c.rule));
  assert.equal(Object.values(httpRules).map((r) => r.id).filter((id) => !cited.has(id) && CASES_ELSEWHERE[id] === undefined), []);
  for (const [id, file] of Object.entries(CASES_ELSEWHERE)) {
    assert.ok(RULES.has(id), `${id} is a rule`);
    assert.ok(readFileSync(join(import.meta.dirname, file), 'utf8').includes(id), `${file} cites ${id}`);
  }
});

test.run();
