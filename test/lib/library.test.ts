// Why: the library is the CLI's core in process: judgeTransport judges an SDK client/server pair
// connected in memory (1.x and 2.x SDKs), a raw server answering a broken result gets an error
// finding and a correct one none; checkServer and runScenario return what `check --json` prints;
// validate judges a transcript or a trace given as text.
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client as Client2, InMemoryTransport as InMemory2 } from '@modelcontextprotocol/client';
import { McpServer as McpServer2 } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { traceText } from '../../trace/trace-file.ts';
import { checkPeer } from '../live/support.ts';
import { checkServer, judgeTransport, runScenario, validate, type Finding } from '../../lib/index.ts';

const PEERS = resolve(import.meta.dirname, '../peers/stdio');
const peer = (name: string) => [process.execPath, join(PEERS, `${name}.mjs`)];

/** A raw server on one end of an in-memory pair: it answers tools/call with `callResult`. */
async function rawServer(side: InMemoryTransport, callResult: Record<string, unknown>): Promise<void> {
  side.onmessage = (m) => {
    const message = m as { id?: number; method?: string; params?: { protocolVersion?: string } };
    if (message.id === undefined) return;
    const result = message.method === 'initialize' ? { protocolVersion: message.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'raw', version: '1.0.0' } }
      : message.method === 'tools/list' ? { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] }
      : message.method === 'tools/call' ? callResult : {};
    void side.send({ jsonrpc: '2.0', id: message.id, result } as never);
  };
  await side.start();
}

async function session(callResult: Record<string, unknown>): Promise<readonly Finding[]> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await rawServer(serverSide, callResult);
  const judged = judgeTransport(clientSide);
  const client = new Client({ name: 'suite', version: '1.0.0' });
  await client.connect(judged);
  await client.listTools();
  await client.callTool({ name: 'echo', arguments: {} }).catch(() => undefined);
  await client.close();
  return judged.findings();
}

test('judgeTransport: a server answering a broken tools/call result yields an error finding, a correct one none', async () => {
  assert.equal(await session({ content: [{ type: 'text', text: 'hi' }] }), []);
  const broken = await session({ content: [{ type: 'text' }] });
  assert.equal(broken.map((f) => [f.rule, f.severity, f.pointer]), [['content/block-shape', 'error', '/message/result/content/0/text']]);
});

test('judgeTransport: the SDK 1.x McpServer and Client in memory, judged from either side, pass; the report is check --json\'s', async () => {
  const server = new McpServer({ name: 'desk', version: '1.0.0' });
  server.registerTool('echo', { description: 'Echoes.', inputSchema: { text: z.string() } }, async ({ text }) => ({ content: [{ type: 'text', text }] }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const judgedServer = judgeTransport(serverSide, { side: 'server' });
  await server.connect(judgedServer);
  const judged = judgeTransport(clientSide);
  const client = new Client({ name: 'suite', version: '1.0.0' });
  await client.connect(judged);
  const result = await client.callTool({ name: 'echo', arguments: { text: 'hi' } });
  assert.equal(result.content, [{ type: 'text', text: 'hi' }], 'the wrapped transports carry the session unchanged');
  await client.close();
  const report = judged.report();
  assert.is(report.status, 'pass');
  assert.is(report.mcp_statechart_report, 1);
  assert.is(report.protocol_version, '2025-11-25');
  assert.equal(judgedServer.findings(), []);
  assert.equal(judgedServer.report().counts, report.counts, 'both sides saw the same session');
});

test('judgeTransport: the SDK 2.x McpServer and Client in memory pass', async () => {
  const server = new McpServer2({ name: 'desk', version: '1.0.0' });
  server.registerTool('echo', { description: 'Echoes.', inputSchema: z.object({ text: z.string() }) }, async ({ text }) => ({ content: [{ type: 'text' as const, text }] }));
  const [clientSide, serverSide] = InMemory2.createLinkedPair();
  await server.connect(serverSide);
  const judged = judgeTransport(clientSide);
  const client = new Client2({ name: 'suite', version: '1.0.0' });
  await client.connect(judged);
  await client.callTool({ name: 'echo', arguments: { text: 'hi' } });
  await client.close();
  const report = judged.report();
  assert.equal(report.findings, []);
  assert.ok(report.counts['events']! >= 4, JSON.stringify(report.counts));
});

test('checkServer and runScenario: the check --json report of a live server, scenario differences as findings', async () => {
  const clean = await checkServer(peer('correct'), { timeoutMs: 5000 });
  assert.is(clean.status, 'pass');
  const scenario = { name: 'lib', steps: [{ call: 'echo', arguments: { text: 'a' }, expect: { result: { content: [{ text: 'b' }] } } }] };
  const report = await runScenario(peer('correct'), scenario, { timeoutMs: 5000 });
  assert.is(report.status, 'fail');
  assert.equal(report.findings.map((f) => [f.rule, f.pointer]), [['scenario/expectation-mismatch', '/message/result/content/0/text']]);
  const gone = await checkServer([process.execPath, join(PEERS, 'no-such-peer.mjs')], { timeoutMs: 2000 });
  assert.is(gone.status, 'error');
  try {
    await runScenario(peer('correct'), { name: 'bad', steps: [{ call: 'echo', argumnets: {} }] });
    assert.unreachable('a bad scenario runs');
  } catch (error) {
    assert.is((error as { rule?: string; pointer?: string }).rule, 'cli/scenario-invalid');
    assert.is((error as { pointer?: string }).pointer, '/scenarios/0/steps/0/argumnets');
  }
});

test('validate: a transcript given as text is judged as validate --json judges it', async () => {
  const lines = [
    { direction: 'client_to_server', message: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } } },
    { direction: 'server_to_client', message: { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } }, error: { code: 1, message: 'both' } } },
  ].map((l) => JSON.stringify(l)).join('\n') + '\n';
  const report = await validate(lines);
  assert.is(report.status, 'failed');
  assert.ok(report.findings.some((f) => f.rule === 'envelope/result-and-error' && f.line === 2), JSON.stringify(report.findings));
});

test('validate: a trace given as text is judged again as validate --json judges it', async () => {
  const run = await checkPeer('result-and-error');
  const report = await validate(traceText(run.trace));
  assert.is(report.status, 'failed');
  assert.equal(report.findings.map((f) => f.rule), run.trace.findings.map((f) => f.rule));
  assert.ok(report.findings.some((f) => f.rule === 'envelope/result-and-error'));
});

test('validate: a trace whose session negotiated a revision no profile judges is refused as validate refuses it (cli/version-not-judged, the place named)', async () => {
  const run = await checkPeer('result-and-error');
  const events = run.trace.events.map((e) => {
    const result = (e as { message?: { result?: { protocolVersion?: unknown } } }).message?.result;
    return result?.protocolVersion === undefined ? e : { ...e, message: { ...(e as { message: object }).message, result: { ...result, protocolVersion: '2024-11-05' } } };
  });
  const at = events.findIndex((e, i) => e !== run.trace.events[i]);
  try {
    await validate(traceText({ ...run.trace, events }));
    assert.unreachable('a trace of an unjudged revision is judged');
  } catch (error) {
    assert.is((error as { rule?: string }).rule, 'cli/version-not-judged', String(error));
    assert.is((error as { pointer?: string }).pointer, `/events/${at}/message/result/protocolVersion`);
    assert.match(String((error as Error).message), /^the traced session negotiated MCP 2024-11-05, a revision mcp-statechart does not judge/);
  }
});

test.run();
