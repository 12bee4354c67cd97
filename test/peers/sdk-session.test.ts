// Why: our validators are judged on traffic we did not write. The official SDK's client and server
// talk over its in-memory transport; every wire message is recorded in both directions and the
// recording is judged as a transcript, under the profile the two negotiate.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import type { Step } from '../../machines/session.ts';
import { TranscriptJudge } from '../../transcripts/transcript-judge.ts';
import { parseStrictJson } from '../../validators/strict-json.ts';

type Send = (message: unknown, options?: unknown) => Promise<void>;

/** Runs `exchange` between an SDK client and server and returns every wire message as transcript steps. */
async function record(exchange: (client: Client) => Promise<void>): Promise<Step[]> {
  const steps: Step[] = [];
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const tap = (transport: { send: Send }, direction: Step extends infer S ? S extends { direction: infer D } ? D : never : never) => {
    const send = transport.send.bind(transport) as Send;
    transport.send = (message, options) => {
      // What crosses the wire is JSON text; read it back with the strict reader, as a transcript would be.
      steps.push({ direction, message: parseStrictJson(JSON.stringify(message)) } as Step);
      return send(message, options);
    };
  };
  tap(clientSide as unknown as { send: Send }, 'client_to_server');
  tap(serverSide as unknown as { send: Send }, 'server_to_client');

  const server = new McpServer({ name: 'peer-server', version: '1.0.0' });
  server.registerTool('add', {
    description: 'Adds two numbers.',
    inputSchema: { a: z.number(), b: z.number() },
    outputSchema: { sum: z.number() },
  }, async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }], structuredContent: { sum: a + b } }));
  server.registerResource('note', 'note://notes/one', { mimeType: 'text/plain', description: 'One note.' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'hello' }] }));
  server.registerPrompt('greet', { description: 'Greets someone.', argsSchema: { who: z.string() } },
    ({ who }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Say hello to ${who}.` } }] }));
  await server.connect(serverSide);
  const client = new Client({ name: 'peer-client', version: '1.0.0' });
  await client.connect(clientSide);
  try {
    await exchange(client);
  } finally {
    await client.close();
    await server.close();
  }
  return steps;
}

function judge(steps: readonly Step[]) {
  const j = new TranscriptJudge();
  steps.forEach((s, i) => j.step(s, i + 1));
  return j.finish();
}

test('an SDK client and server: every message of a full session is judged clean', async () => {
  const steps = await record(async (client) => {
    await client.ping();
    await client.listTools();
    const sum = await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } });
    assert.equal(sum.structuredContent, { sum: 5 });
    await client.listResources();
    await client.readResource({ uri: 'note://notes/one' });
    await client.listPrompts();
    await client.getPrompt({ name: 'greet', arguments: { who: 'Ana' } });
  });
  assert.ok(steps.length >= 17, `recorded ${steps.length} messages`);
  assert.equal(steps.map((s) => ('message' in s ? (s.message as { method?: string }).method : undefined)).filter(Boolean).slice(0, 2),
    ['initialize', 'notifications/initialized']);
  const report = judge(steps);
  assert.match(report.profile, /^mcp-/);
  assert.equal(report.findings.filter((f) => f.severity === 'error'), []);
  assert.is(report.messages, steps.length);
});

test('the same recording with one message broken is caught, with its line and pointer', async () => {
  const steps = await record(async (client) => {
    await client.listTools();
    await client.callTool({ name: 'add', arguments: { a: 1, b: 1 } });
  });
  const call = steps.findIndex((s) => 'message' in s && (s.message as { method?: string }).method === 'tools/call');
  const answer = steps[call + 1] as { message: { result: { structuredContent?: unknown } } };
  delete answer.message.result.structuredContent; // the tool declares an outputSchema
  const report = judge(steps);
  assert.is(report.status, 'failed');
  assert.equal(report.findings.map((f) => [f.line, f.rule]), [[call + 2, 'tools/structured-content-missing']]);
});

test.run();
