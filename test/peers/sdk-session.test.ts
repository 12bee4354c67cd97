// Why: our validators are judged on traffic we did not write. The official SDK's client and server
// talk over its in-memory transport; every wire message is recorded in both directions and the
// recording is judged as a transcript, under the profile the two negotiate.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CreateMessageRequestSchema, ElicitRequestSchema, ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import type { Step } from '../../machines/session.ts';
import { TranscriptJudge } from '../../transcripts/transcript-judge.ts';
import { parseStrictJson } from '../../validators/strict-json.ts';

type Send = (message: unknown, options?: unknown) => Promise<void>;

/** Runs `exchange` between an SDK client and server and returns every wire message as transcript steps. */
async function record(
  exchange: (client: Client, server: McpServer) => Promise<void>,
  prepare: (client: Client, server: McpServer) => void = () => {},
): Promise<Step[]> {
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

  const server = new McpServer({ name: 'peer-server', version: '1.0.0' }, { capabilities: { logging: {} } });
  server.registerTool('add', {
    description: 'Adds two numbers.',
    inputSchema: { a: z.number(), b: z.number() },
    outputSchema: { sum: z.number() },
  }, async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }], structuredContent: { sum: a + b } }));
  server.registerResource('note', 'note://notes/one', { mimeType: 'text/plain', description: 'One note.' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'hello' }] }));
  server.registerPrompt('greet', { description: 'Greets someone.', argsSchema: { who: z.string() } },
    ({ who }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Say hello to ${who}.` } }] }));
  server.registerTool('count', { description: 'Counts to three, reporting progress and logging.', inputSchema: {} }, async (_args, extra) => {
    const token = extra._meta?.progressToken;
    for (let i = 1; i <= 3; i++) {
      if (token !== undefined) await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: i, total: 3 } });
    }
    await server.sendLoggingMessage({ level: 'info', logger: 'count', data: 'counted to three' });
    return { content: [{ type: 'text', text: '3' }] };
  });
  server.registerTool('wait', { description: 'Waits until cancelled.', inputSchema: {} }, async (_args, extra) => {
    await new Promise<void>((resolve) => {
      if (extra.signal.aborted) resolve();
      extra.signal.addEventListener('abort', () => resolve());
      setTimeout(resolve, 2000).unref();
    });
    return { content: [{ type: 'text', text: 'done waiting' }] };
  });
  const client = new Client(
    { name: 'peer-client', version: '1.0.0' },
    { capabilities: { sampling: {}, elicitation: { form: {} }, roots: { listChanged: true } } },
  );
  prepare(client, server);
  await server.connect(serverSide);
  await client.connect(clientSide);
  try {
    await exchange(client, server);
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

test('server-to-client requests, progress, logging and a cancelled call are judged clean too', async () => {
  const steps = await record(async (client, server) => {
    await client.setLoggingLevel('debug');
    const progress: number[] = [];
    await client.callTool({ name: 'count', arguments: {} }, undefined, { onprogress: (p) => progress.push(p.progress) });
    assert.equal(progress, [1, 2, 3]);
    const sampled = await server.server.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'Summarise.' } }], maxTokens: 32 });
    assert.is(sampled.model, 'peer-model');
    const elicited = await server.server.elicitInput({
      message: 'Your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string', minLength: 1 } }, required: ['name'] },
    });
    assert.is(elicited.action, 'accept');
    const roots = await server.server.listRoots();
    assert.is(roots.roots.length, 1);
    await client.sendRootsListChanged();
    const abort = new AbortController();
    const waiting = client.callTool({ name: 'wait', arguments: {} }, undefined, { signal: abort.signal });
    setTimeout(() => abort.abort('no longer needed'), 20);
    await waiting.then(() => assert.unreachable('the call was cancelled'), () => undefined);
    await new Promise((r) => setTimeout(r, 50));
  }, (client) => {
    client.setRequestHandler(CreateMessageRequestSchema, async () => ({
      role: 'assistant', content: { type: 'text', text: 'A summary.' }, model: 'peer-model', stopReason: 'endTurn',
    }));
    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { name: 'Ana' } }));
    client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [{ uri: 'file:///srv/project', name: 'project' }] }));
  });
  const methods = steps.map((s) => ('message' in s ? (s.message as { method?: string }).method : undefined)).filter(Boolean);
  for (const m of ['notifications/progress', 'notifications/message', 'sampling/createMessage', 'elicitation/create', 'roots/list', 'notifications/cancelled']) {
    assert.ok(methods.includes(m), `${m} was recorded`);
  }
  const report = judge(steps);
  assert.equal(report.findings.filter((f) => f.severity === 'error'), []);
});

test.run();
