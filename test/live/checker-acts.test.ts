// Why: the checker never reports its own acts as the server's. A server that speaks only MCP
// 2026-07-28 refuses initialize as the specification requires (stdio: an
// UnsupportedProtocolVersionError; Streamable HTTP: 400 with that error): checked in the legacy
// era alone it could not be checked, the run names the revision, alike over both transports, and
// blames the server for nothing (no http/error-status for the 400 the transport page requires).
// In the era the checker picks by itself (auto) it is checked in 2026-07-28 (modern-check.test.ts).
import type http from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runCheck } from '../../live/run-check.ts';
import { couldNotRun } from '../../scripts/commands/could-not-run.ts';
import { streamableHttp } from '../../scripts/commands/live-args.ts';
import { McpHttpPeer, withPeer, type Json } from '../peers/http-mcp-peer.ts';
import { checkPeer } from './support.ts';

/** Speaks only 2026-07-28: initialize (a legacy request) is refused with 400 and UnsupportedProtocolVersionError. */
class ModernOnlyHttpPeer extends McpHttpPeer {
  protected override initialize(res: http.ServerResponse, message: Json): void {
    const params = message['params'] as Json | undefined;
    const error = { code: -32022, message: 'Unsupported protocol version', data: { requested: params?.['protocolVersion'], supported: ['2026-07-28'] } };
    this.status(res, 400, { 'content-type': 'application/json' }, JSON.stringify({ jsonrpc: '2.0', id: message['id'], error }));
  }
}

const NAMED = /the server refused initialize with UnsupportedProtocolVersionError: it speaks MCP 2026-07-28 only, which has no initialize handshake \(a check speaks it with --protocol-version 2026-07-28\)/;

test('stdio, era legacy: a modern-only server could not be checked in that era (cli/version-not-judged, the revision named), no finding', async () => {
  const run = await checkPeer('modern-only', { era: 'legacy' });
  assert.is(run.trace.status, 'error');
  assert.match(run.trace.error ?? '', NAMED);
  assert.equal(run.trace.findings, []);
  const why = couldNotRun('the check', run.trace);
  assert.is(why.rule, 'cli/version-not-judged');
});

test('stdio, era auto: the same modern-only server is checked in 2026-07-28 and is clean', async () => {
  const run = await checkPeer('modern-only', { era: 'auto' });
  assert.is(run.trace.status, 'pass');
  assert.equal(run.trace.findings, []);
  assert.is(run.trace.profile, '2026-07-28');
});

test('Streamable HTTP, era legacy: the 400 + UnsupportedProtocolVersionError the transport requires is no http/error-status; the same could-not-run', async () => {
  await withPeer(new ModernOnlyHttpPeer('json'), async (url) => {
    const run = await runCheck({
      target: { transport: 'http', url: url.href }, scope: 'quick', timeoutMs: 2000, protocolVersion: '2025-11-25',
      calls: [], answers: { roots: [] }, headerEnv: [], env: {}, httpTransport: streamableHttp,
    });
    assert.is(run.trace.status, 'error');
    assert.match(run.trace.error ?? '', NAMED);
    assert.equal(run.trace.findings, []);
    assert.is(couldNotRun('the check', run.trace).rule, 'cli/version-not-judged');
  });
});

test('Streamable HTTP: a 400 to initialize without that error is still an HTTP error status', async () => {
  class Plain400 extends McpHttpPeer {
    protected override initialize(res: http.ServerResponse): void {
      this.status(res, 400, { 'content-type': 'application/json' }, '{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"no"}}');
    }
  }
  await withPeer(new Plain400('json'), async (url) => {
    const run = await runCheck({
      target: { transport: 'http', url: url.href }, scope: 'quick', timeoutMs: 2000, protocolVersion: '2025-11-25',
      calls: [], answers: { roots: [] }, headerEnv: [], env: {}, httpTransport: streamableHttp,
    });
    assert.equal(run.trace.findings.map((f) => f.rule), ['http/error-status']);
  });
});

test.run();
