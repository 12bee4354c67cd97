import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { generateSteps, type GeneratedStep } from '../../bench/generate.ts';
import { benchPaths } from '../../bench/paths.ts';
import { ajvMethodsTask, isSkipped, type ThroughputTask } from '../../bench/workloads.ts';
import { parseStrictJson } from '../../validators/strict-json.ts';

const SCHEMA = benchPaths().schema;
const steps = [...generateSteps(3000, 7)];

async function rejectedBy(stream: readonly GeneratedStep[], read: (t: string) => unknown): Promise<number> {
  const made = await ajvMethodsTask(stream, SCHEMA, read);
  assert.not.ok(isSkipped(made), 'the official schema and ajv are present here');
  const t = made as ThroughputTask;
  t.pass();
  return t.figure(1, 1).rejected;
}

const send = (direction: 'client_to_server' | 'server_to_client', message: object): GeneratedStep =>
  ({ kind: 'message', direction, text: JSON.stringify(message) });

test('ajv_methods: the generated stream passes the official per-method definitions, with either reader', async () => {
  assert.is(await rejectedBy(steps, JSON.parse), 0);
  assert.is(await rejectedBy(steps, (t) => parseStrictJson(t)), 0);
});

test('ajv_methods: a request, a result and an unanswerable result that break their definitions are counted', async () => {
  const broken = [
    ...steps,
    send('client_to_server', { jsonrpc: '2.0', id: 'x-1', method: 'tools/call', params: { arguments: {} } }), // no name
    send('client_to_server', { jsonrpc: '2.0', id: 'x-2', method: 'tools/call', params: { name: 'echo' } }),
    send('server_to_client', { jsonrpc: '2.0', id: 'x-2', result: { content: 'not a list' } }), // CallToolResult
    send('server_to_client', { jsonrpc: '2.0', id: 'x-3', result: {} }), // answers nothing
    send('client_to_server', { jsonrpc: '2.0', method: 'notifications/unknown' }),
  ];
  assert.is(await rejectedBy(broken, JSON.parse), 4);
  const ok = [...steps, send('client_to_server', { jsonrpc: '2.0', id: 'x-4', method: 'ping' }), send('server_to_client', { jsonrpc: '2.0', id: 'x-4', result: {} })];
  assert.is(await rejectedBy(ok, JSON.parse), 0);
});

test('ajv_methods: skipped, with the reason, when the official schema is absent', async () => {
  const made = await ajvMethodsTask(steps, '/nonexistent/schema.json', JSON.parse);
  assert.ok(isSkipped(made));
  assert.match((made as { skipped: string }).skipped, /official schema/);
});

test.run();
