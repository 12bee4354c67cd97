// Why: `tap --record-scenario` turns a real client's session into a scenario file, the answers as
// its expectations: recorded through the tap from an SDK client, it passes against the server it
// was recorded from and fails, naming what changed, against a changed one. What no step can make
// (handshake, notifications) is left out, a 2026-07-28 request's _meta too, and a retry's answer
// is its step's.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { parse } from 'yaml';
import { scenarioFromTrace } from '../../scenario/record.ts';
import { readScenario } from '../../scenario/scenario-format.ts';
import type { Trace } from '../../trace/trace-schema.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const PEERS = join(ROOT, 'test/peers/stdio');
const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-record-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

async function until(file: string): Promise<void> {
  const end = Date.now() + 10_000;
  while (!existsSync(file) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
}

test('a session through the tap becomes a scenario that passes against its server and names what a changed one changed', async () => {
  const file = join(dir, 'recorded.json');
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'tap', '--record-scenario', file, '--', process.execPath, join(PEERS, 'correct.mjs')], stderr: 'pipe', env: { PATH: process.env['PATH'] ?? '' } });
  const client = new Client({ name: 'host', version: '1.0.0' });
  await client.connect(transport);
  await client.listTools();
  await client.callTool({ name: 'echo', arguments: { text: 'recorded' } });
  await client.ping();
  await client.close();
  await until(file);
  await new Promise((r) => setTimeout(r, 200));
  const scenario = JSON.parse(readFileSync(file, 'utf8')) as { name: string; steps: Record<string, unknown>[] };
  assert.equal(scenario.steps.map((s) => Object.keys(s)[0]), ['list', 'call', 'ping']);
  assert.equal(scenario.steps[1], { call: 'echo', arguments: { text: 'recorded' }, expect: { result: { content: [{ text: 'recorded', type: 'text' }] } } });
  readScenario(scenario);
  const same = spawnSync(process.execPath, [CLI, 'check', '--scenario', file, '--stdio', '--', process.execPath, join(PEERS, 'correct.mjs')], { encoding: 'utf8', timeout: 60_000 });
  assert.is(same.status, 0, same.stdout + same.stderr);
  const changed = spawnSync(process.execPath, [CLI, 'check', '--scenario', file, '--stdio', '--', process.execPath, join(PEERS, 'echo-changed.mjs')], { encoding: 'utf8', timeout: 60_000 });
  assert.is(changed.status, 1, changed.stdout + changed.stderr);
  assert.match(changed.stdout, /step 1 \(call echo\) at \/result\/content\/0\/text: expected "recorded" but received "RECORDED"/);
  assert.match(changed.stdout, /step 0 \(list tools\) at \/result\/tools\/0\/description/);
});

test('a recorded 2026-07-28 session: no _meta, no handshake, a retry\'s answer is its step\'s; YAML reads back', () => {
  const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' };
  const message = (direction: 'client_to_server' | 'server_to_client', m: Record<string, unknown>) => ({ kind: 'message' as const, direction, message: { jsonrpc: '2.0', ...m } });
  const trace = { events: [
    message('client_to_server', { id: 1, method: 'server/discover', params: { _meta: meta } }),
    message('server_to_client', { id: 1, result: { resultType: 'complete' } }),
    message('client_to_server', { id: 2, method: 'prompts/get', params: { name: 'brief', arguments: { city: 'Paris' }, _meta: meta } }),
    message('server_to_client', { id: 2, result: { resultType: 'input_required', inputRequests: {} } }),
    message('client_to_server', { id: 3, method: 'prompts/get', params: { name: 'brief', arguments: { city: 'Paris' }, requestState: 's', _meta: meta } }),
    message('server_to_client', { id: 3, result: { resultType: 'complete', messages: [] } }),
    message('client_to_server', { method: 'notifications/cancelled', params: { requestId: 9 } }),
    message('client_to_server', { id: 4, method: 'resources/templates/list', params: { cursor: 'c', _meta: meta } }),
    message('server_to_client', { id: 4, error: { code: -32602, message: 'bad cursor' } }),
  ] } as unknown as Trace;
  const scenario = scenarioFromTrace(trace, 'modern');
  assert.equal(scenario, { name: 'modern', steps: [
    { prompt: 'brief', arguments: { city: 'Paris' }, expect: { result: { messages: [] } } },
    { list: 'resourceTemplates', cursor: 'c', expect: { error: { code: -32602, message: 'bad cursor' } } },
  ] });
  assert.equal(readScenario(parse(JSON.stringify(scenario))).steps.length, 2);
});

test.run();
