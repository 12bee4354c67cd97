// Why: an exercise is fair only if the published reference servers come out of it as they did
// without it: every new finding a real violation, checked against the page. Each is exercised with
// the default (the tools it annotates readOnlyHint: true) and, where its tools are harmless offline
// (server-everything's, server-memory's writing to a file of the test's own), with --exercise all.
// Refusals of generated values (an error, or a result with isError: true) are answers the tools page
// allows, never findings. docs/real-servers.md says what each server gets.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ExerciseReport } from '../../live/exercise-plan.ts';
import { runCheck, type CheckOptions, type CheckRun } from '../../live/run-check.ts';
import { checkNode, clientFindings } from './support.ts';

const resolve = createRequire(import.meta.url).resolve;
const EVERYTHING = resolve('@modelcontextprotocol/server-everything/dist/index.js');
const MEMORY = resolve('@modelcontextprotocol/server-memory/dist/index.js');
const FILESYSTEM = resolve('@modelcontextprotocol/server-filesystem/dist/index.js');
const SEQUENTIAL_THINKING = resolve('@modelcontextprotocol/server-sequential-thinking/dist/index.js');

const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-exercise-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

const PROBE_WARNING = 'probe/invalid-params-code warning /message/error/code';

function check(command: string[], overrides: Partial<CheckOptions> = {}): Promise<CheckRun> {
  return checkNode(command, { timeoutMs: 15_000, exercise: 'safe', ...overrides });
}
const findingsOf = (run: CheckRun) => run.trace.findings.map((f) => `${f.rule} ${f.severity} ${f.pointer}`);
const report = (run: CheckRun) => run.trace.options['exercise'] as unknown as ExerciseReport;
const called = (run: CheckRun) => report(run).exercised.filter((e) => e.method === 'tools/call').map((e) => e.target).sort();
const skipped = (run: CheckRun) => report(run).skipped.map((s) => `${s.target}: ${s.reason}`).sort();

test('server-everything, default exercise: its nine read-only tools called, the four others named as skipped; clean', async () => {
  const run = await check([EVERYTHING, 'stdio']);
  assert.equal(findingsOf(run), []);
  assert.equal(clientFindings(run), []);
  assert.equal(called(run), ['echo', 'get-annotated-message', 'get-env', 'get-resource-links', 'get-resource-reference', 'get-structured-content', 'get-sum', 'get-tiny-image', 'trigger-long-running-operation']);
  assert.equal(skipped(run), [
    'gzip-file-as-resource: not annotated readOnlyHint: true',
    'simulate-research-query: not annotated readOnlyHint: true',
    'toggle-simulated-logging: not annotated readOnlyHint: true',
    'toggle-subscriber-updates: not annotated readOnlyHint: true',
  ]);
  // The long-running tool is asked for its own default duration (10 s), not hours.
  const long = report(run).exercised.find((e) => e.target === 'trigger-long-running-operation');
  assert.ok(((long?.args as { duration?: number }).duration ?? 0) <= 10, JSON.stringify(long?.args));
  assert.is(long?.answer, 'result');
  // Its seven documents, both templates and four prompts: an error answer (an id the template does not serve) is allowed.
  assert.is(report(run).exercised.filter((e) => e.method === 'resources/read').length, 9);
  assert.is(report(run).exercised.filter((e) => e.method === 'prompts/get').length, 4);
});

test('server-everything, --exercise all: every tool called (gzip-file-as-resource refuses the generated URL offline), clean', async () => {
  const run = await check([EVERYTHING, 'stdio'], { exercise: 'all' });
  assert.equal(findingsOf(run), []);
  assert.equal(clientFindings(run), []);
  assert.is(called(run).length, 13);
  assert.equal(report(run).skipped, []);
});

test('server-memory, full, --exercise all (its file is the test\'s own): only the -32602 probe warning', async () => {
  const env = { PATH: process.env['PATH'] ?? '', MEMORY_FILE_PATH: join(dir, 'memory.jsonl') };
  const safe = await check([MEMORY], { scope: 'full', env });
  assert.equal(findingsOf(safe), [PROBE_WARNING]);
  assert.equal(called(safe), ['open_nodes', 'read_graph', 'search_nodes']);
  const all = await check([MEMORY], { scope: 'full', exercise: 'all', env });
  assert.equal(findingsOf(all), [PROBE_WARNING]);
  assert.equal(clientFindings(all), []);
  assert.is(called(all).length, 9);
  assert.ok(called(all).length > called(safe).length);
});

test('server-sequential-thinking, full: its read-only tool called (a generated value it refuses with isError is allowed); only the -32602 probe warning', async () => {
  const run = await check([SEQUENTIAL_THINKING], { scope: 'full' });
  assert.equal(findingsOf(run), [PROBE_WARNING]);
  assert.equal(called(run), ['sequentialthinking']);
  assert.equal(clientFindings(run), []);
});

test('server-filesystem, full, with --root: the read-only tools called, its writing tools never; only the -32602 probe warning', async () => {
  const root = join(dir, 'root');
  mkdirSync(root);
  writeFileSync(join(root, 'a.txt'), 'hello\n');
  const run = await check([FILESYSTEM, root], { scope: 'full', answers: { roots: [pathToFileURL(root).href] } });
  assert.equal(findingsOf(run), [PROBE_WARNING]);
  assert.equal(clientFindings(run), []);
  for (const tool of ['write_file', 'edit_file', 'move_file', 'create_directory']) assert.not.ok(called(run).includes(tool), tool);
  assert.ok(called(run).includes('list_allowed_directories'));
  assert.equal(skipped(run), [
    'create_directory: not annotated readOnlyHint: true',
    'edit_file: annotated destructiveHint: true',
    'move_file: annotated destructiveHint: true',
    'write_file: annotated destructiveHint: true',
  ]);
});

/** A native or framework server from published-servers.test.ts, exercised by default in the full scope. */
async function published(command: string[], env: NodeJS.ProcessEnv = {}): Promise<CheckRun> {
  const home = join(dir, 'home');
  mkdirSync(home, { recursive: true });
  return runCheck({
    target: { transport: 'stdio', command }, scope: 'full', timeoutMs: 15_000, protocolVersion: '2025-11-25', exercise: 'safe',
    calls: [], answers: { roots: [] }, headerEnv: [], graceMs: 500, env: { PATH: process.env['PATH'] ?? '', HOME: home, ...env },
  });
}
const ROOT = join(import.meta.dirname, '../..');

test('firecrawl-mcp without an API key: its 18 read-only tools refuse with isError, its 9 others are never called; only the probe warning', async () => {
  const run = await published([process.execPath, join(ROOT, 'node_modules/firecrawl-mcp/dist/index.js')]);
  assert.equal(findingsOf(run), [PROBE_WARNING]);
  assert.is(called(run).length, 18);
  assert.ok(report(run).exercised.every((e) => e.answer === 'result (isError)'));
  assert.is(report(run).skipped.length, 9);
});

test('cortex-mcp (rmcp): its resources, prompts and 16 read-only tools exercised (refusals as errors or isError), book_slot and request_booking never; only the probe warning', async () => {
  const run = await published([join(ROOT, 'node_modules/@temporal-cortex/cortex-mcp-linux-x64/bin/cortex-mcp')]);
  assert.equal(findingsOf(run), ['probe/invalid-params-code warning /message']);
  assert.is(called(run).length, 16);
  assert.equal(skipped(run), ['book_slot: not annotated readOnlyHint: true', 'request_booking: not annotated readOnlyHint: true']);
});

test('mcp-cron (Go SDK): none of its 12 tools is annotated, so none is called; its findings are the ones it had', async () => {
  const run = await published([join(ROOT, 'node_modules/mcp-cron-linux-amd64/bin/mcp-cron'), '--transport', 'stdio', '--db-path', join(dir, 'cron.db')]);
  assert.equal(findingsOf(run).sort(), ['probe/invalid-params-code warning /message/error/code', 'probe/unknown-method-code error /message/error/code']);
  assert.equal(called(run), []);
  assert.is(report(run).skipped.length, 12);
});

test.run();
