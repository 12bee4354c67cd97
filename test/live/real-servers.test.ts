// Why: servers we did not write are the real test of the live check. The official reference
// servers are judged end to end over stdio; every finding they get must be a real violation
// (explained in docs/live-checks.md with its spec line), and a deterministic
// server must give byte-identical traces and the same signature run after run.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CheckOptions, CheckRun } from '../../live/run-check.ts';
import { judgeTrace } from '../../live/trace-judge.ts';
import { traceText } from '../../trace/trace-file.ts';
import { checkNode, clientFindings } from './support.ts';

const resolve = createRequire(import.meta.url).resolve;
const EVERYTHING = resolve('@modelcontextprotocol/server-everything/dist/index.js');
const MEMORY = resolve('@modelcontextprotocol/server-memory/dist/index.js');
const FILESYSTEM = resolve('@modelcontextprotocol/server-filesystem/dist/index.js');
const SEQUENTIAL_THINKING = resolve('@modelcontextprotocol/server-sequential-thinking/dist/index.js');

const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-live-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

/** A check of a reference server: a generous time limit, since they start slowly on a busy machine. */
function check(command: string[], overrides: Partial<CheckOptions> = {}): Promise<CheckRun> {
  return checkNode(command, { timeoutMs: 15_000, ...overrides });
}

function findingsOf(run: CheckRun): string[] {
  return run.trace.findings.map((f) => `${f.rule} ${f.severity} ${f.pointer}`);
}

/** What every clean-enough run shows: the process ended on its own, nothing blamed on the client, the trace re-validates. */
function assertSound(run: CheckRun): void {
  assert.equal(clientFindings(run), []);
  assert.equal(run.trace.events.at(-1), { kind: 'process_exit', code: 0, signal: null, forced: 'none' });
  assert.is(run.trace.cleanup['stray_processes_killed'], false);
  const again = judgeTrace(run.trace);
  assert.equal(again.findings, run.trace.findings);
  assert.is(again.signature, run.trace.signature);
}

const PROBE_WARNING = 'probe/invalid-params-code warning /message/error/code';

test('server-everything, quick, twice: clean, byte-identical traces, one signature', async () => {
  const a = await check([EVERYTHING, 'stdio']);
  const b = await check([EVERYTHING, 'stdio']);
  assert.equal(findingsOf(a), []);
  assert.is(a.trace.status, 'pass');
  assert.is(a.trace.protocol_version, '2025-11-25');
  assertSound(a);
  assert.is(traceText(a.trace), traceText(b.trace));
  assert.is(a.trace.signature, b.trace.signature);
  const methods = a.trace.events.flatMap((e) => (e.kind === 'message' && e.direction === 'client_to_server' ? [(e.message as { method: string }).method] : []));
  assert.equal(methods, ['initialize', 'notifications/initialized', 'ping', 'tools/list', 'resources/list', 'resources/templates/list', 'prompts/list']);
});

test('server-everything, full, offered 2025-06-18: reads, prompts, subscriptions, logging, completion; only the -32602 probe warning', async () => {
  const run = await check([EVERYTHING, 'stdio'], { scope: 'full', protocolVersion: '2025-06-18' });
  assert.is(run.trace.protocol_version, '2025-06-18');
  assert.is(run.trace.profile, '2025-06-18');
  assert.equal(findingsOf(run), [PROBE_WARNING]);
  assert.is(run.trace.status, 'pass');
  assertSound(run);
  const sent = new Set(run.trace.events.flatMap((e) => (e.kind === 'message' && e.direction === 'client_to_server' ? [(e.message as { method: string }).method] : [])));
  for (const m of ['resources/read', 'prompts/get', 'resources/subscribe', 'resources/unsubscribe', 'logging/setLevel', 'completion/complete']) assert.ok(sent.has(m), m);
});

test('server-everything, a named call of a tool that requires a task: sent task-augmented, followed with tasks/get to completion, its result fetched with tasks/result; clean', async () => {
  // Its status notifications come before the CreateTaskResult they follow, which is allowed.
  const run = await check([EVERYTHING, 'stdio'], { timeoutMs: 20_000, calls: [{ name: 'simulate-research-query', args: { topic: 'statecharts' } }] });
  assert.equal(findingsOf(run), []);
  assert.equal(run.skipped, []);
  assert.equal(clientFindings(run), []);
  // It keeps the task's timers running after stdin closes, so the shutdown goes on to SIGTERM, as the stdio transport allows.
  assert.is(judgeTrace(run.trace).signature, run.trace.signature);
  const messages = run.trace.events.flatMap((e) => (e.kind === 'message' ? [e.message as { method?: string; params?: { task?: unknown }; result?: { task?: { taskId: string }; status?: string; content?: unknown } }] : []));
  const call = messages.find((m) => m.method === 'tools/call');
  assert.equal(call?.params?.task, { ttl: 60_000 });
  const created = messages.find((m) => m.result?.task !== undefined)?.result?.task;
  assert.ok(created, 'a CreateTaskResult');
  const sent = messages.filter((m) => m.method !== undefined).map((m) => m.method);
  assert.ok(sent.includes('tasks/get') && sent.at(-1) === 'tasks/result', sent.join(', '));
  assert.ok(messages.some((m) => m.result?.status === 'completed'), 'polled until completed');
  assert.ok(Array.isArray(messages.at(-1)?.result?.content), 'tasks/result returned the CallToolResult');
});

test('server-memory, full, with a named call: only the -32602 probe warning', async () => {
  const run = await check([MEMORY], {
    scope: 'full',
    env: { PATH: process.env['PATH'] ?? '', MEMORY_FILE_PATH: join(dir, 'memory.jsonl') },
    calls: [{ name: 'read_graph', args: {} }],
  });
  assert.equal(findingsOf(run), [PROBE_WARNING]);
  assertSound(run);
  const called = run.trace.events.filter((e) => e.kind === 'message' && (e.message as { method?: string }).method === 'tools/call');
  assert.is(called.length, 1);
});

test('server-sequential-thinking, full, with its one tool called: only the -32602 probe warning', async () => {
  const thought = { thought: 'Judge the traffic.', nextThoughtNeeded: false, thoughtNumber: 1, totalThoughts: 1 };
  const run = await check([SEQUENTIAL_THINKING], { scope: 'full', calls: [{ name: 'sequentialthinking', args: thought }] });
  assert.equal(findingsOf(run), [PROBE_WARNING]);
  assert.equal(run.skipped, []);
  assertSound(run);
  const answer = run.trace.events.findLast((e) => e.kind === 'message' && e.direction === 'server_to_client') as { message: { result?: { content?: unknown[]; isError?: boolean } } } | undefined;
  assert.ok(Array.isArray(answer?.message.result?.content) && answer?.message.result?.isError !== true, 'the call returned its result');
});

test('server-filesystem, full, with --root: roots/list answered from --root, only the -32602 probe warning', async () => {
  const root = join(dir, 'root');
  mkdirSync(root);
  writeFileSync(join(root, 'a.txt'), 'hello\n');
  const uri = pathToFileURL(root).href;
  const run = await check([FILESYSTEM, root], { scope: 'full', answers: { roots: [uri] }, calls: [{ name: 'list_directory', args: { path: root } }] });
  assert.equal(findingsOf(run), [PROBE_WARNING]);
  assertSound(run);
  const rootsAnswer = run.trace.events.find((e) => e.kind === 'message' && e.direction === 'client_to_server' && (e.message as { result?: { roots?: unknown } }).result?.roots !== undefined);
  assert.ok(rootsAnswer, 'the server asked for roots and got them');
  assert.equal((rootsAnswer as { message: { result: unknown } }).message.result, { roots: [{ uri }] });
});

test.run();
