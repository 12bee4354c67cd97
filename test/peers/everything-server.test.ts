// Why: the official "everything" reference server, run over stdio as a child process, is traffic we
// did not write. Every message in both directions is recorded and judged as a transcript.
import { createRequire } from 'node:module';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CreateMessageRequestSchema, ElicitRequestSchema, ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Step } from '../../machines/session.ts';
import { TranscriptJudge } from '../../transcripts/transcript-judge.ts';
import { parseStrictJson } from '../../validators/strict-json.ts';

const SERVER = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
type Json = Record<string, unknown>;
type Handler = ((message: unknown, extra?: unknown) => void) | undefined;

/** A value the schema accepts: the first enum value, else a plain value of the declared type. */
function sample(schema: Json | undefined): unknown {
  if (!schema) return 'x';
  if (Array.isArray(schema['enum'])) return schema['enum'][0];
  switch (schema['type']) {
    case 'number':
    case 'integer': return typeof schema['minimum'] === 'number' ? schema['minimum'] : 1;
    case 'boolean': return false;
    case 'array': return [];
    case 'object': return {};
    default: return 'example';
  }
}

function argumentsFor(inputSchema: Json, override: Json = {}): Json {
  const props = (inputSchema['properties'] ?? {}) as Record<string, Json>;
  const required = new Set((inputSchema['required'] ?? []) as string[]);
  const out: Json = {};
  for (const [name, schema] of Object.entries(props)) if (required.has(name)) out[name] = sample(schema);
  return { ...out, ...override };
}

/** Talks to the everything server over stdio and returns every wire message as transcript steps. */
async function session(exchange: (client: Client) => Promise<void>): Promise<Step[]> {
  const steps: Step[] = [];
  const record = (direction: 'client_to_server' | 'server_to_client', message: unknown) =>
    steps.push({ direction, message: parseStrictJson(JSON.stringify(message)) } as Step);
  const transport = new StdioClientTransport({ command: process.execPath, args: [SERVER, 'stdio'], stderr: 'ignore' });
  const send = transport.send.bind(transport);
  transport.send = (message) => {
    record('client_to_server', message);
    return send(message);
  };
  const start = transport.start.bind(transport);
  transport.start = () => {
    const handler = transport.onmessage as Handler;
    const tapped = (message: unknown, extra?: unknown): void => {
      record('server_to_client', message);
      handler?.(message, extra);
    };
    (transport as unknown as { onmessage: typeof tapped }).onmessage = tapped;
    return start();
  };
  const client = new Client(
    { name: 'peer-probe', version: '1.0.0' },
    { capabilities: { sampling: {}, elicitation: { form: {} }, roots: { listChanged: true } } },
  );
  client.setRequestHandler(CreateMessageRequestSchema, async () => ({
    role: 'assistant', content: { type: 'text', text: 'A sampled answer.' }, model: 'peer-model', stopReason: 'endTurn',
  }));
  client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'decline' }));
  client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [{ uri: 'file:///srv/project', name: 'project' }] }));
  await client.connect(transport);
  try {
    await exchange(client);
  } finally {
    await client.close(); // ends the child process
  }
  return steps;
}

function judge(steps: readonly Step[]) {
  const j = new TranscriptJudge();
  steps.forEach((s, i) => j.step(s, i + 1));
  return j.finish();
}

const CALLS = ['echo', 'get-sum', 'get-tiny-image', 'get-annotated-message', 'get-structured-content', 'get-resource-links',
  'get-resource-reference', 'trigger-sampling-request', 'get-roots-list'];

test('the everything server over stdio: tools, resources, templates, prompts, sampling and roots, judged clean', async () => {
  const steps = await session(async (client) => {
    const { tools } = await client.listTools();
    await client.setLoggingLevel('debug');
    let called = 0;
    for (const name of CALLS) {
      const tool = tools.find((t) => t.name === name);
      if (!tool) continue;
      await client.callTool({ name, arguments: argumentsFor(tool.inputSchema as Json) });
      called += 1;
    }
    assert.ok(called >= 5, `called ${called} of the expected tools`);
    const { resources } = await client.listResources();
    if (resources[0]) await client.readResource({ uri: resources[0].uri });
    await client.listResourceTemplates();
    const { prompts } = await client.listPrompts();
    for (const p of prompts.slice(0, 2)) {
      const args = Object.fromEntries((p.arguments ?? []).filter((a) => a.required).map((a) => [a.name, 'example']));
      await client.getPrompt({ name: p.name, arguments: args });
    }
    await client.ping();
  });
  const report = judge(steps);
  assert.ok(report.messages >= 30, `recorded ${report.messages} messages`);
  assert.equal(report.findings.filter((f) => f.severity === 'error'), []);
});

test('a client that sends a bad argument is named once, and the answer to it causes no second finding', async () => {
  const steps = await session(async (client) => {
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === 'get-annotated-message');
    assert.ok(tool, 'the server offers get-annotated-message');
    await client.callTool({ name: 'get-annotated-message', arguments: { ...argumentsFor(tool.inputSchema as Json), messageType: 'not-a-type' } });
    await client.ping();
  });
  const report = judge(steps);
  assert.equal(report.findings.filter((f) => f.severity === 'error').map((f) => [f.rule, f.pointer]),
    [['toolschema/instance-enum', '/message/params/arguments/messageType']]);
});

test.run();
