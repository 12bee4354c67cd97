// Why: the tap must be invisible to the client and the server: every byte through unchanged in
// both directions (long lines, bytes that are not UTF-8, a last line without a newline), the
// server's exit passed on, and the SDK client getting exactly what it gets without the tap. What
// it finds goes to stderr and to a trace that `validate` reads back.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseTrace } from '../../trace/parse-trace.ts';
import { CLI, startTap, tempFolder, validateJson } from './tap-support.ts';

const PEERS = resolve(import.meta.dirname, '../peers/stdio');
const tmp = tempFolder('tap-stdio');
test.after(() => tmp.remove());

const INITIALIZE = '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}';
const RESULT = '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}';

/** A line of `bytes` bytes (a JSON string message), past the 2,000,000-byte limit when asked. */
function longLine(bytes: number): string {
  const head = '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"';
  const tail = '"}}';
  return head + 'y'.repeat(bytes - head.length - tail.length) + tail;
}

test('stdio: every byte passes unchanged both ways (a line over the limit, bytes that are not UTF-8, CRLF, no final newline); the exit code is the server\'s', async () => {
  const serverBytes = Buffer.concat([
    Buffer.from(RESULT + '\n'),
    Buffer.from(longLine(2_000_100) + '\n'),
    Buffer.from([0xff, 0xfe, 0x7b, 0x7d, 0x0a]),
    Buffer.from('{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}\r\n'),
    Buffer.from('{"jsonrpc":"2.0","id":9,"res'),
  ]);
  const clientBytes = Buffer.concat([
    Buffer.from(INITIALIZE + '\n'),
    Buffer.from(longLine(2_000_001) + '\n'),
    Buffer.from([0xc3, 0x28, 0x0a]),
    Buffer.from('{"jsonrpc":"2.0","method":"notifications/initialized"}\r\n'),
    Buffer.from('{"jsonrpc":"2.0","id":2,"method":"pi'),
  ]);
  const serverFile = join(tmp.dir, 'server-out.bin');
  const receivedFile = join(tmp.dir, 'server-in.bin');
  const traceFile = join(tmp.dir, 'bytes.json');
  writeFileSync(serverFile, serverBytes);
  const tap = startTap(['--trace', traceFile, '--', process.execPath, join(PEERS, 'tap-bytes.mjs'), serverFile, receivedFile, '7']);
  try {
    // Written in uneven pieces, so lines straddle chunks.
    for (let at = 0; at < clientBytes.length; at += 65_537) tap.child.stdin!.write(clientBytes.subarray(at, at + 65_537));
    tap.child.stdin!.end();
    const end = await tap.ended;
    assert.equal(end, { code: 7, signal: null }, tap.stderr);
    assert.ok(Buffer.concat(tap.stdout).equals(serverBytes), 'the client received exactly the server\'s bytes');
    assert.ok(readFileSync(receivedFile).equals(clientBytes), 'the server received exactly the client\'s bytes');
    for (const rule of ['transport/line-over-limit', 'transport/not-utf8', 'transport/stdio-unterminated-message']) assert.match(tap.stderr, `[${rule}]`);
    assert.is(statSync(traceFile).mode & 0o777, 0o600, 'the trace is owner-only');
    const trace = parseTrace(readFileSync(traceFile));
    assert.is(trace.mode, 'tap');
    const rules = trace.findings.map((f) => f.rule);
    assert.is(rules.filter((r) => r === 'transport/line-over-limit').length, 2, 'one oversize line each way');
    assert.ok(trace.findings.filter((f) => f.rule === 'transport/line-over-limit').every((f) => f.severity === 'warning'), 'the limit is the checker\'s');
    assert.is(rules.filter((r) => r === 'transport/not-utf8').length, 2);
    assert.is(rules.filter((r) => r === 'transport/stdio-unterminated-message').length, 2);
    const exit = trace.events.at(-1);
    assert.equal(exit, { kind: 'process_exit', code: 7, signal: null, forced: 'none' });
    const validated = validateJson(traceFile);
    assert.is(validated.status, 1);
    assert.is(validated.report.signature, trace.signature, 'judged again, the trace gives the same findings');
  } finally {
    tap.kill();
  }
});

/** The trace the tap writes once the client has gone and the server has ended (within a bound). */
async function traceWhenWritten(file: string): Promise<ReturnType<typeof parseTrace>> {
  const until = Date.now() + 10_000;
  for (;;) {
    try {
      return parseTrace(readFileSync(file));
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** What an SDK client sees of a server: its identity, capabilities, tools, a call and a ping. */
async function sdkView(command: string, args: string[]): Promise<{ view: unknown; stderr: string }> {
  const transport = new StdioClientTransport({ command, args, stderr: 'pipe', env: { PATH: process.env['PATH'] ?? '' } });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'tap-test', version: '1.0.0' });
  try {
    await client.connect(transport);
    const tools = await client.listTools();
    const call = await client.callTool({ name: 'echo', arguments: { text: 'through the tap' } });
    const ping = await client.ping();
    return { view: { server: client.getServerVersion(), capabilities: client.getServerCapabilities(), version: transport.constructor.name, tools, call, ping }, stderr };
  } finally {
    await client.close();
  }
}

test('stdio: the SDK client gets the same results through the tap as without it; the trace is clean and validates', async () => {
  const peer = join(PEERS, 'correct.mjs');
  const traceFile = join(tmp.dir, 'sdk.json');
  const direct = await sdkView(process.execPath, [peer]);
  const tapped = await sdkView(process.execPath, [CLI, 'tap', '--trace', traceFile, '--', process.execPath, peer]);
  assert.equal(tapped.view, direct.view);
  // The client closes stdin and the tap ends the server; the trace is written before the tap exits.
  const trace = await traceWhenWritten(traceFile);
  assert.equal(trace.findings, [], tapped.stderr);
  assert.is(trace.status, 'pass');
  // initialize, its result, initialized, tools/list, its result, tools/call, its result, ping, its result.
  assert.is(trace.events.filter((e) => e.kind === 'message').length, 9);
  const validated = validateJson(traceFile);
  assert.is(validated.status, 0);
  assert.equal(validated.report.findings, []);
});

test('stdio: a server\'s findings reach stderr and the trace (duplicate tool names: the tools page\'s SHOULD, a warning)', async () => {
  const traceFile = join(tmp.dir, 'duplicate.json');
  const tapped = await sdkView(process.execPath, [CLI, 'tap', '--trace', traceFile, '--', process.execPath, join(PEERS, 'duplicate-tool-names.mjs')]).catch((e) => ({ view: String(e), stderr: '' }));
  void tapped;
  const trace = await traceWhenWritten(traceFile);
  const found = trace.findings.find((f) => f.rule === 'tools/name-not-unique');
  assert.ok(found, JSON.stringify(trace.findings));
  assert.is(found.severity, 'warning');
  assert.is(trace.status, 'pass');
  assert.match(tapped.stderr, /mcp-statechart tap: event \d+ \(server\): warning: tools\/list .*\[tools\/name-not-unique\]/);
  assert.is(validateJson(traceFile).report.signature, trace.signature);
});

test('stdio: a session in an older published revision (2024-11-05) passes through whole; the tap says it was not judged and blames nothing', async () => {
  const tap = startTap(['--', process.execPath, join(PEERS, 'older-revision.mjs')]);
  try {
    tap.child.stdin!.write(INITIALIZE + '\n');
    tap.child.stdin!.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n{"jsonrpc":"2.0","id":2,"method":"tools/list"}\n');
    const until = Date.now() + 10_000;
    while (Buffer.concat(tap.stdout).toString('utf8').split('\n').length < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    tap.child.stdin!.end();
    assert.equal(await tap.ended, { code: 0, signal: null }, tap.stderr);
    const answers = Buffer.concat(tap.stdout).toString('utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: number; result: { protocolVersion?: string } });
    assert.equal(answers.map((a) => a.id), [1, 2], 'the client gets both answers');
    assert.is(answers[0]!.result.protocolVersion, '2024-11-05');
    assert.match(tap.stderr, /^mcp-statechart tap: pass: 5 messages \(3 from the client, 2 from the server\), 0 errors, 0 warnings \(2025-11-25, MCP 2024-11-05, not judged: it judges 2025-06-18 and 2025-11-25 sessions\)$/m);
  } finally {
    tap.kill();
  }
});

test('stdio: SIGTERM to the tap ends the server, the trace is still written, and the tap ends by the same signal', async () => {
  const traceFile = join(tmp.dir, 'interrupted.json');
  const tap = startTap(['--trace', traceFile, '--', process.execPath, join(PEERS, 'correct.mjs')]);
  try {
    tap.child.stdin!.write(INITIALIZE + '\n');
    const until = Date.now() + 10_000;
    while (!Buffer.concat(tap.stdout).toString().includes('"id":1') && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    tap.child.kill('SIGTERM');
    const end = await tap.ended;
    assert.equal(end, { code: null, signal: 'SIGTERM' }, tap.stderr);
    const trace = parseTrace(readFileSync(traceFile));
    const exit = trace.events.find((e) => e.kind === 'process_exit');
    assert.equal(exit, { kind: 'process_exit', code: null, signal: 'SIGTERM', forced: 'SIGTERM' });
    assert.is(trace.cleanup['process_exited'], true);
  } finally {
    tap.kill();
  }
});

/** Writes lines to the tap one by one, waiting after each request until the client side has received `answers` lines in all. */
async function converse(tap: ReturnType<typeof startTap>, steps: readonly [string, number][]): Promise<void> {
  for (const [line, answers] of steps) {
    tap.child.stdin!.write(line + '\n');
    const until = Date.now() + 10_000;
    while (Buffer.concat(tap.stdout).toString('utf8').split('\n').length - 1 < answers && Date.now() < until && tap.child.exitCode === null) await new Promise((r) => setTimeout(r, 20));
  }
}

test('stdio: a server that exits with a request unanswered is transport/closed-with-pending-requests; the tap exits with its code', async () => {
  const traceFile = join(tmp.dir, 'crash.json');
  const tap = startTap(['--trace', traceFile, '--', process.execPath, join(PEERS, 'crash-mid-request.mjs')]);
  try {
    await converse(tap, [[INITIALIZE, 1], ['{"jsonrpc":"2.0","method":"notifications/initialized"}', 1], ['{"jsonrpc":"2.0","id":2,"method":"tools/list"}', 1]]);
    assert.equal(await tap.ended, { code: 3, signal: null }, tap.stderr);
    assert.match(tap.stderr, /error: the server ended the connection without answering tools\/list \[transport\/closed-with-pending-requests\]/);
    const trace = parseTrace(readFileSync(traceFile));
    const found = trace.findings.find((f) => f.rule === 'transport/closed-with-pending-requests');
    assert.equal(found === undefined ? undefined : trace.events[found.event as number], { kind: 'process_exit', code: 3, signal: null, forced: 'none' });
  } finally {
    tap.kill();
  }
});

test('stdio: a secret from the environment that reaches a message is passed on, but never printed by the tap or written to its trace', async () => {
  const secret = 'tok-very-secret-4711';
  const traceFile = join(tmp.dir, 'secret.json');
  const tap = startTap(['--trace', traceFile, '--', process.execPath, join(PEERS, 'correct.mjs')], { PATH: process.env['PATH'] ?? '', SERVICE_API_TOKEN: secret });
  try {
    await converse(tap, [[INITIALIZE, 1], [`{"jsonrpc":"2.0","id":2,"method":"${secret}"}`, 2]]);
    tap.child.stdin!.end();
    assert.equal(await tap.ended, { code: 0, signal: null });
    assert.match(tap.stderr, /\[REDACTED\]/, 'the finding on the request names its method, redacted');
    assert.not.ok(tap.stderr.includes(secret), tap.stderr);
    assert.not.ok(readFileSync(traceFile, 'utf8').includes(secret));
  } finally {
    tap.kill();
  }
});

test('stdio: a server that cannot be started is exit 2 with the reason; bad arguments are usage errors', async () => {
  const missing = startTap(['--', 'no-such-mcp-server-executable']);
  missing.child.stdin!.end();
  assert.equal(await missing.ended, { code: 2, signal: null });
  assert.match(missing.stderr, /could not run the tap: the server could not be started: ENOENT \[cli\/server-unavailable\]/);
  const none = startTap([]);
  assert.equal(await none.ended, { code: 2, signal: null });
  assert.match(none.stderr, /say what to tap/);
});

test.run();
