// Why: a hostile server must not decide how long a check runs, how much memory it takes, or what
// its trace says: each peer here tries one of those against the real check (runCheck, the CLI's
// code path) over Streamable HTTP on 127.0.0.1, and the test asserts the bound that holds.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runCheck, type CheckOptions, type CheckRun } from '../../live/run-check.ts';
import { judgeTrace } from '../../live/trace-judge.ts';
import { streamableHttp } from '../../scripts/commands/live-args.ts';
import { echoedForms } from '../../trace/redaction.ts';
import { withPeer } from '../peers/http-mcp-peer.ts';
import { EmptyEventsForeverPeer, EncodedCredentialEchoPeer, OneCharacterSessionPeer } from '../peers/http-hostile-peers.ts';

function checkUrl(url: URL, overrides: Partial<CheckOptions> = {}): Promise<CheckRun> {
  return runCheck({
    target: { transport: 'http', url: url.href },
    scope: 'quick',
    timeoutMs: 500,
    protocolVersion: '2025-11-25',
    calls: [],
    answers: { roots: [] },
    headerEnv: [],
    env: {},
    httpTransport: streamableHttp,
    ...overrides,
  });
}

test('an SSE stream of empty events with ever new ids does not keep the check alive: it times out within its limit', async () => {
  await withPeer(new EmptyEventsForeverPeer(), async (url, peer) => {
    const started = Date.now();
    const run = await checkUrl(url);
    const took = Date.now() - started;
    assert.ok(took < 5_000, `took ${took} ms`);
    assert.ok(peer.written > 20, `the peer kept writing (${peer.written} events)`);
    assert.ok(run.trace.findings.some((f) => f.rule === 'http/timeout'), run.trace.findings.map((f) => f.rule).join(', '));
  });
});

test('a one-character session id blanks out nothing: the trace keeps its words, parses, and judges again to its signature', async () => {
  await withPeer(new OneCharacterSessionPeer(), async (url) => {
    const run = await checkUrl(url);
    const text = JSON.stringify(run.trace);
    assert.ok(text.includes('"server_to_client"') && text.includes('"events"'), 'the trace keeps its own words');
    assert.not.ok(/session-1[a-z]/.test(text), 'no letter e became a placeholder');
    const headers = run.trace.events.flatMap((e) => (e.kind === 'http_response' || e.kind === 'http_request' ? [e.headers['mcp-session-id']] : [])).filter((h) => h !== undefined);
    assert.ok(headers.length > 0 && headers.every((h) => h === 'session-1'), `the header itself is a placeholder: ${headers.join(', ')}`);
    assert.is(judgeTrace(JSON.parse(text)).signature, run.trace.signature);
    assert.is(run.redactor.ownText('pass: 0 errors, 0 warnings, 20 events'), 'pass: 0 errors, 0 warnings, 20 events');
  });
});

test('a credential echoed percent-encoded, escaped, as \\uXXXX, in base64 or across the excerpt\'s cut leaves no part in the trace', async () => {
  const token = 'tok/en+s3cr3t=value-0123456789';
  await withPeer(new EncodedCredentialEchoPeer(), async (url) => {
    const run = await checkUrl(url, { headerEnv: [{ header: 'Authorization', variable: 'MCP_TOKEN' }], env: { MCP_TOKEN: `Bearer ${token}` } });
    const text = JSON.stringify(run.trace);
    assert.ok(run.trace.findings.some((f) => f.rule === 'http/error-status'), 'the 500 was judged');
    for (const form of [...echoedForms(token), JSON.stringify(token).slice(1, -1)]) {
      for (let i = 0; i + 8 <= form.length; i++) {
        const piece = form.slice(i, i + 8);
        assert.not.ok(text.includes(piece), `${JSON.stringify(piece)} of ${JSON.stringify(form)} is in the trace`);
      }
    }
  });
});

test.run();
