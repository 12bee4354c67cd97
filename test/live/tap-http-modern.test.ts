// Why: over Streamable HTTP the tap judges what travels in headers and statuses too: the SDK 2.x
// client pinned to 2026-07-28 against the SDK 2.x server (createMcpHandler) comes out clean; a
// client whose POSTs lack Accept types, Mcp-Method or Mcp-Name, or whose MCP-Protocol-Version
// contradicts its _meta, and a server answering an unknown method or an unsupported version with
// HTTP 200, each draw the rule they break. Every peer and tap started here is stopped here.
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startSdkModernServer, startWrongStatusServer } from '../peers/http-modern-peers.ts';
import type { RunningPeer } from '../peers/http-peer.ts';
import { startTap, tempFolder, validateJson, type RunningTap } from './tap-support.ts';
import { runCheck } from '../../live/run-check.ts';
import { streamableHttp } from '../../scripts/commands/live-args.ts';

const tmp = tempFolder('tap-http-modern');
test.after(() => tmp.remove());

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {}, 'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' } };
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28' };

/** Runs `drive` against an HTTP tap in front of the peer `start` starts; returns the rules of the trace, judged again by validate. */
async function throughTap(start: () => Promise<RunningPeer>, name: string, drive: (url: URL) => Promise<void>): Promise<string[]> {
  const peer = await start();
  const trace = join(tmp.dir, `${name}.json`);
  let tap: RunningTap | undefined;
  try {
    tap = startTap(['--listen', '127.0.0.1:0', '--upstream', peer.url.href, '--trace', trace]);
    const m = await tap.stderrMatching(/forwarding (http:\/\/127\.0\.0\.1:\d+\/\S*) to /);
    await drive(new URL(m[1] as string));
    tap.child.kill('SIGINT');
    assert.equal(await tap.ended, { code: tap.stderr.includes(': fail:') ? 1 : 0, signal: null }, tap.stderr);
  } finally {
    tap?.kill();
    await peer.stop();
  }
  return validateJson(trace).report.findings.map((f) => f.rule);
}

const post = (url: URL, message: object, headers: Record<string, string>) =>
  fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', ...message }) }).then(async (r) => ({ status: r.status, body: await r.text() }));

test('the SDK 2.x client (pinned to 2026-07-28) against the SDK 2.x server over HTTP through the tap: clean, headers and statuses included', async () => {
  const rules = await throughTap(startSdkModernServer, 'sdk', async (url) => {
    const client = new Client({ name: 'tap-http-modern', version: '1.0.0' }, { capabilities: {}, versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new StreamableHTTPClientTransport(url));
    assert.equal((await client.listTools()).tools.map((t) => t.name), ['echo']);
    assert.equal((await client.callTool({ name: 'echo', arguments: { text: 'hi' } })).content, [{ type: 'text', text: 'hi' }]);
    await client.close();
  });
  assert.equal(rules, []);
});

test('a client POST without Mcp-Method or Mcp-Name, with a narrow Accept, or whose MCP-Protocol-Version contradicts its _meta', async () => {
  const rules = await throughTap(startSdkModernServer, 'headers', async (url) => {
    await post(url, { id: 1, method: 'tools/list', params: { _meta: META } }, { ...HEADERS, 'mcp-method': 'tools/list' }); // correct
    await post(url, { id: 2, method: 'tools/list', params: { _meta: META } }, HEADERS); // no Mcp-Method
    await post(url, { id: 3, method: 'tools/call', params: { _meta: META, name: 'echo', arguments: { text: 'x' } } }, { ...HEADERS, 'mcp-method': 'tools/call' }); // no Mcp-Name
    await post(url, { id: 4, method: 'tools/call', params: { _meta: META, name: 'echo', arguments: { text: 'x' } } },
      { ...HEADERS, 'mcp-method': 'tools/call', 'mcp-name': '=?base64?ZWNobw==?=' }); // Base64 sentinel of "echo": correct
    await post(url, { id: 5, method: 'tools/list', params: { _meta: META } }, { ...HEADERS, 'mcp-method': 'tools/list', accept: 'application/json' }); // narrow Accept
    await post(url, { id: 6, method: 'tools/list', params: { _meta: META } }, { ...HEADERS, 'mcp-method': 'tools/list', 'mcp-protocol-version': '2025-11-25' }); // mismatch
  });
  assert.ok(rules.includes('http/client-method-header'), rules.join(', '));
  assert.equal(rules.filter((r) => r === 'http/client-method-header').length, 2, rules.join(', '));
  assert.ok(rules.includes('http/client-accept'), rules.join(', '));
  assert.ok(rules.includes('http/client-protocol-version-mismatch'), rules.join(', '));
});

test('an unknown method and an unsupported version answered with HTTP 200: http/unknown-method-not-404, http/unsupported-version-not-400; the SDK server answers 404 and 400', async () => {
  const drive = async (url: URL) => {
    await post(url, { id: 1, method: 'tools/list', params: { _meta: META } }, { ...HEADERS, 'mcp-method': 'tools/list' });
    await post(url, { id: 2, method: 'no/such-method', params: { _meta: META } }, { ...HEADERS, 'mcp-method': 'no/such-method' });
    const old = { ...META, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' };
    await post(url, { id: 3, method: 'tools/list', params: { _meta: old } }, { ...HEADERS, 'mcp-method': 'tools/list', 'mcp-protocol-version': '2099-01-01' });
  };
  const wrong = await throughTap(startWrongStatusServer, 'wrong-statuses', drive);
  assert.ok(wrong.includes('http/unknown-method-not-404'), wrong.join(', '));
  assert.ok(wrong.includes('http/unsupported-version-not-400'), wrong.join(', '));
  const sdk = await throughTap(startSdkModernServer, 'sdk-statuses', drive);
  assert.not.ok(sdk.includes('http/unknown-method-not-404'), sdk.join(', '));
  assert.not.ok(sdk.includes('http/unsupported-version-not-400'), sdk.join(', '));
});

test('check through the tap against the server with wrong statuses: check raises the tap\'s status rules on the same traffic, from the same judge (same rule, pointer and message)', async () => {
  const STATUS_RULES = new Set(['http/unknown-method-not-404', 'http/unsupported-version-not-400']);
  const peer = await startWrongStatusServer();
  const trace = join(tmp.dir, 'check-through-tap.json');
  let tap: RunningTap | undefined;
  let checked: string[] = [];
  try {
    tap = startTap(['--listen', '127.0.0.1:0', '--upstream', peer.url.href, '--trace', trace]);
    const m = await tap.stderrMatching(/forwarding (http:\/\/127\.0\.0\.1:\d+\/\S*) to /);
    const run = await runCheck({
      target: { transport: 'http', url: m[1] as string }, scope: 'full', timeoutMs: 5000, protocolVersion: '2025-11-25', era: 'auto',
      calls: [], answers: { roots: [] }, headerEnv: [], env: {}, httpTransport: streamableHttp,
    });
    checked = run.trace.findings.filter((f) => STATUS_RULES.has(f.rule)).map((f) => {
      assert.is(run.trace.events[f.event ?? -1]?.kind, 'http_response', f.rule);
      return `${f.rule} ${f.pointer}: ${f.message}`;
    }).sort();
    tap.child.kill('SIGINT');
    await tap.ended;
  } finally {
    tap?.kill();
    await peer.stop();
  }
  const tapped = (validateJson(trace).report.findings as unknown as { rule: string; pointer: string; message: string }[]).filter((f) => STATUS_RULES.has(f.rule)).map((f) => `${f.rule} ${f.pointer}: ${f.message}`).sort();
  assert.equal([...new Set(checked.map((c) => c.split(' ')[0]))].sort(), [...STATUS_RULES].sort());
  assert.equal(checked, tapped);
});

test.run();
