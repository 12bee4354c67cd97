// Why: a check asked to speak 2026-07-28 alone (`--protocol-version 2026-07-28`) that meets a
// legacy server could not run (exit 2), and blames the server for nothing: the era was the
// checker's choice. The stdio page, Backward Compatibility: "The server returns any other error, or
// does not respond within a reasonable timeout: the server is legacy", and "legacy servers respond
// to unknown pre-initialize requests with implementation-defined errors (commonly -32601 or -32602)
// or not at all". So neither what a legacy server sends before or after its refusal of
// server/discover (mcp-cron's notifications/tools/list_changed) nor its ending the connection on it
// (rmcp's cortex-mcp) is judged by 2026-07-28; the same from a server that shows itself modern is.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CheckOptions, CheckRun } from '../../live/run-check.ts';
import { judgeTrace } from '../../live/trace-judge.ts';
import { checkPeer } from './support.ts';

const MODERN: Partial<CheckOptions> = { era: 'modern', protocolVersion: '2025-11-25' };
const rules = (run: CheckRun) => run.trace.findings.map((f) => `${f.rule} ${f.pointer}`);

test('a legacy server that notifies tools/list_changed around its non-modern refusal of server/discover: could not run, no finding, a trace that judges again the same', async () => {
  const run = await checkPeer('notifies-after-early-request', MODERN);
  assert.is(run.trace.status, 'error');
  assert.match(run.trace.error ?? '', /answered server\/discover with error 0 .*it does not speak MCP 2026-07-28/);
  assert.equal(rules(run), []);
  assert.is(judgeTrace(run.trace).signature, run.trace.signature);
});

test('a 2026-07-28 server that sends the same notification before its DiscoverResult: stateless/subscription-id-missing', async () => {
  const run = await checkPeer('modern-notifies-early', MODERN);
  assert.is(run.trace.error, undefined);
  assert.equal(rules(run), ['stateless/subscription-id-missing /message/params']);
  assert.is(judgeTrace(run.trace).signature, run.trace.signature);
});

test('a legacy server that ends the connection on server/discover: could not run, no transport/closed-with-pending-requests', async () => {
  const run = await checkPeer('exits-on-early-request', MODERN);
  assert.is(run.trace.status, 'error');
  assert.match(run.trace.error ?? '', /the server ended the connection before answering server\/discover/);
  assert.equal(rules(run), []);
});

test('a 2026-07-28 server that ends the connection on tools/list after its DiscoverResult: transport/closed-with-pending-requests', async () => {
  const run = await checkPeer('modern-exits-on-list', MODERN);
  assert.equal(rules(run), ['transport/closed-with-pending-requests ']);
});

test.run();
