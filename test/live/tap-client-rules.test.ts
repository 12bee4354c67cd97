// Why: what a client must do beyond single messages is judged in the same session as what a server
// must do, whoever drives it: the official SDK client comes out clean where the pages ask something
// of it, and a client with one defect (raw lines through the tap) draws the rule it breaks.
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CLI, linesThroughTap, tempFolder, validateJson } from './tap-support.ts';

const PEERS = resolve(import.meta.dirname, '../peers/stdio');
const tmp = tempFolder('tap-client-rules');
test.after(() => tmp.remove());

let traces = 0;
const traceFile = () => join(tmp.dir, `trace-${traces++}.json`);
const line = (message: object) => JSON.stringify({ jsonrpc: '2.0', ...message });
const rulesOf = (findings: readonly { rule: string }[]) => findings.map((f) => f.rule);
const initialize = (capabilities: object) =>
  line({ id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities, clientInfo: { name: 'raw', version: '1' } } });
const INITIALIZED = line({ method: 'notifications/initialized' });

test('the SDK 1.x client (form elicitation only) refuses a URL-mode elicitation with -32602: only the server is at fault', async () => {
  const trace = traceFile();
  const client = new Client({ name: 'tap-client-rules', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: {} }));
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'tap', '--trace', trace, '--', process.execPath, join(PEERS, 'asks-url-elicitation.mjs')], stderr: 'pipe' }));
  await client.listTools(); // by then the server's elicitation was sent and answered
  await client.close();
  for (let i = 0; i < 200; i++) {
    try {
      assert.equal(rulesOf(validateJson(trace).report.findings), ['capability/client-not-declared']);
      return;
    } catch (error) {
      if (i === 199) throw error;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
});

test('a client that accepts an elicitation in a mode it did not declare: elicitation/undeclared-mode-answered', async () => {
  const server = [process.execPath, join(PEERS, 'asks-url-elicitation.mjs')];
  const answer = (result: object) => line({ id: 'u1', ...result });
  assert.equal(rulesOf(await linesThroughTap(traceFile(), server, [initialize({ elicitation: { form: {} } }), INITIALIZED, answer({ result: { action: 'accept' } })])),
    ['capability/client-not-declared', 'elicitation/undeclared-mode-answered']);
  // Declared: the answer is the client's to give.
  assert.equal(rulesOf(await linesThroughTap(traceFile(), server, [initialize({ elicitation: { form: {}, url: {} } }), INITIALIZED, answer({ result: { action: 'accept' } })])), []);
});

test('a cursor the server never handed out: pagination/cursor-not-issued; the cursor it gave, passed back unchanged, is clean', async () => {
  const server = [process.execPath, join(PEERS, 'paged-tools.mjs')];
  const list = (id: number, cursor?: string) => line({ id, method: 'tools/list', ...(cursor === undefined ? {} : { params: { cursor } }) });
  assert.equal(rulesOf(await linesThroughTap(traceFile(), server, [initialize({}), INITIALIZED, list(2), list(3, 'page-2x')])), ['pagination/cursor-not-issued']);
  assert.equal(rulesOf(await linesThroughTap(traceFile(), server, [initialize({}), INITIALIZED, list(2), list(3, 'page-2')])), []);
});

test('the SDK 1.x client pages a list through the tap with the cursors it was given: clean', async () => {
  const trace = traceFile();
  const client = new Client({ name: 'tap-client-rules', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'tap', '--trace', trace, '--', process.execPath, join(PEERS, 'paged-tools.mjs')], stderr: 'pipe' }));
  const first = await client.listTools();
  const second = await client.listTools({ cursor: first.nextCursor as string });
  assert.equal([...first.tools, ...second.tools].map((t) => t.name), ['echo', 'echo2']);
  await client.close();
  for (let i = 0; i < 200; i++) {
    try {
      assert.equal(rulesOf(validateJson(trace).report.findings), []);
      return;
    } catch (error) {
      if (i === 199) throw error;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
});

test('notifications/cancelled for the initialize request: cancellation/initialize (the cancellation page: initialize MUST NOT be cancelled by clients); another request\'s cancellation is clean', async () => {
  const server = [process.execPath, join(PEERS, 'correct.mjs')];
  const cancel = (requestId: number) => line({ method: 'notifications/cancelled', params: { requestId, reason: 'gave up' } });
  assert.equal(rulesOf(await linesThroughTap(traceFile(), server, [initialize({}), cancel(1)])), ['cancellation/initialize']);
  assert.equal(rulesOf(await linesThroughTap(traceFile(), server, [initialize({}), INITIALIZED, line({ id: 2, method: 'tools/list' }), cancel(2)])), ['cancellation/not-in-flight']);
});

test.run();
