// Why: the 2026-07-28 rules the session core enforces must hold for what the tap sees between a
// real client and a real server: the SDK 2.x client pinned to 2026-07-28 against a correct
// stateless server comes out clean, and against a server with one defect draws exactly the rule
// that defect breaks; defects the SDK client never provokes (a request without _meta, a refused
// server/discover it would not get past, a retry under a used id) are driven by raw client lines.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseTrace } from '../../trace/parse-trace.ts';
import { CLI, linesThroughTap, tempFolder, validateJson } from './tap-support.ts';

const PEERS = resolve(import.meta.dirname, '../peers/stdio');
const tmp = tempFolder('tap-modern');
test.after(() => tmp.remove());

/**
 * The SDK's own stdio transport runs the discover probe on a second process it starts from the same
 * command (one tap, and one trace, per process); a subclass probes on the connection itself, so the
 * one tap sees the whole session.
 */
class InPlaceStdioTransport extends StdioClientTransport {}

/** Runs the SDK 2.x client through the tap in front of `peer`: lists every tool page, reads a missing resource; returns the trace's rules. */
async function sdkThroughTap(peer: string): Promise<{ rules: string[]; tools: string[]; readCode: unknown }> {
  const trace = join(tmp.dir, `${peer}.json`);
  const transport = new InPlaceStdioTransport({ command: process.execPath, args: [CLI, 'tap', '--trace', trace, '--', process.execPath, join(PEERS, `${peer}.mjs`)], stderr: 'pipe' });
  const client = new Client({ name: 'tap-modern', version: '1.0.0' }, { capabilities: {}, versionNegotiation: { mode: { pin: '2026-07-28' } } });
  let tools: string[] = [];
  let readCode: unknown;
  try {
    await client.connect(transport);
    tools = (await client.listTools()).tools.map((t) => t.name);
    try {
      await client.readResource({ uri: 'file:///peer/missing.txt' });
    } catch (error) {
      readCode = (error as { code?: unknown }).code;
    }
  } finally {
    await client.close();
  }
  // The tap writes its trace as it ends, after the client closed its stdin.
  for (let i = 0; i < 200 && !traceReady(trace); i++) await new Promise((r) => setTimeout(r, 25));
  const report = validateJson(trace).report;
  assert.equal(parseTrace(readFileSync(trace)).mode, 'tap');
  return { rules: report.findings.map((f) => f.rule), tools, readCode };
}

function traceReady(file: string): boolean {
  try {
    parseTrace(readFileSync(file));
    return true;
  } catch {
    return false;
  }
}

test('the SDK 2.x client (pinned to 2026-07-28) against a correct stateless server through the tap: clean', async () => {
  const run = await sdkThroughTap('modern-correct');
  assert.equal(run.tools, ['echo', 'confirm']);
  assert.is(run.readCode, -32602);
  assert.equal(run.rules, []);
});

test('a second page of one list with another cacheScope: stateless/cache-scope-changed', async () => {
  const run = await sdkThroughTap('modern-cache-scope-changes');
  assert.equal(run.rules, ['stateless/cache-scope-changed']);
});

test('-32002 for a missing resource in a 2026-07-28 session: stateless/legacy-error-code', async () => {
  const run = await sdkThroughTap('modern-legacy-not-found');
  // The SDK client still accepts -32002 as resource not found (the pages ask clients to), and reports it as -32602.
  assert.is(run.readCode, -32602);
  assert.equal(run.rules, ['stateless/legacy-error-code']);
});

test('a request sent by a 2026-07-28 server: direction/server-request-stateless, not an unknown method', async () => {
  const run = await sdkThroughTap('modern-server-request');
  assert.ok(run.rules.includes('direction/server-request-stateless'), run.rules.join(', '));
  assert.not.ok(run.rules.includes('envelope/unknown-method'), run.rules.join(', '));
});

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': { elicitation: {} }, 'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' } };
const line = (message: object) => JSON.stringify({ jsonrpc: '2.0', ...message });

/** Writes raw client lines to the tap in front of `peer` (see linesThroughTap); returns the trace's findings. */
function throughTap(peer: string, lines: readonly string[]): Promise<{ rule: string; event: number | null }[]> {
  const trace = join(tmp.dir, `${peer}-${Math.random().toString(36).slice(2)}.json`);
  return linesThroughTap(trace, [process.execPath, join(PEERS, `${peer}.mjs`)], lines);
}

const rulesOf = (findings: readonly { rule: string }[]) => findings.map((f) => f.rule);

test('a first request without _meta that the server serves anyway: the session is 2026-07-28 (request-meta-missing) and the server is at fault too', async () => {
  const lines = [line({ id: 1, method: 'tools/list', params: {} }), line({ id: 2, method: 'tools/list', params: { _meta: META } })];
  assert.equal(rulesOf(await throughTap('modern-serves-without-meta', lines)), ['stateless/request-meta-missing', 'stateless/malformed-request-served']);
  // The correct server refuses it with -32602: only the client's fault remains.
  assert.equal(rulesOf(await throughTap('modern-correct', lines)), ['stateless/request-meta-missing']);
});

test('server/discover answered -32601 by a server that serves the revision: stateless/discover-not-implemented', async () => {
  const lines = [line({ id: 1, method: 'server/discover', params: { _meta: META } }), line({ id: 2, method: 'tools/list', params: { _meta: META } })];
  assert.equal(rulesOf(await throughTap('modern-discover-not-found', lines)), ['stateless/discover-not-implemented']);
  assert.equal(rulesOf(await throughTap('modern-correct', lines)), []);
});

test('an input_required retry under the id of the request it retries: stateless/retry-reused-id; under a new id, clean', async () => {
  const call = (id: number, retry: boolean) => line({ id, method: 'tools/call', params: {
    _meta: META, name: 'confirm', arguments: {}, ...(retry ? { inputResponses: { choice: { action: 'accept', content: { ok: true } } }, requestState: 'confirm-1' } : {}),
  } });
  assert.equal(rulesOf(await throughTap('modern-correct', [call(1, false), call(1, true)])), ['stateless/retry-reused-id']);
  assert.equal(rulesOf(await throughTap('modern-correct', [call(1, false), call(2, true)])), []);
});

test.run();
