import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const COURSE = resolve(ROOT, '../shared/course/mcp-cases.json');
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: ROOT, timeout: 60_000 });

const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-cli-secret-dir-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

function minimalFixture(cases: unknown[]): Record<string, unknown> {
  return {
    schema_version: 3,
    protocol_version: '2025-11-25',
    transport_context_defaults: { transport: 'streamable_http', token_active: true, token_audience: 'https://mcp.example.test/mcp', resource: 'https://mcp.example.test/mcp' },
    authorization: { protected_resource: 'https://mcp.example.test/mcp', initial_revision: 'r1', revisions: { r1: { principals: {}, resources: [], resourceTemplates: [] } } },
    client: { info: { name: 'c', version: '1.0.0' }, capabilities: {} },
    server: { info: { name: 's', version: '1.0.0' }, capabilities: { tools: {} } },
    tool: { name: 'echo', inputSchema: { type: 'object' } },
    cases,
  };
}
const listCase = (expect: 'pass' | 'fail') => ({
  name: `tools_list_${expect}`,
  expect,
  steps: [
    { direction: 'client_to_server', message: { jsonrpc: '2.0', id: 2, method: 'tools/list' } },
    { direction: 'server_to_client', message: { jsonrpc: '2.0', id: 2, result: { tools: [] } } },
  ],
});

/** Runs the CLI, reads its first output chunk, then closes the pipe as `| head` does. */
function readFirstChunkThenClose(args: string[]): Promise<{ code: number | null; stderr: string; first: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let first = '';
    child.stderr.on('data', (d: Buffer) => (stderr += String(d)));
    child.stdout.once('data', (d: Buffer) => {
      first = String(d);
      child.stdout.destroy();
    });
    const timer = setTimeout(() => {
      child.kill();
      fail(new Error('the CLI did not end after its reader went away'));
    }, 30_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stderr, first });
    });
  });
}

test('a reader that stops early (| head) gets no stack trace, and the exit code stays the run\'s own', async () => {
  const ok = await readFirstChunkThenClose(['cases', '--json']);
  assert.ok(ok.first.startsWith('{'));
  assert.is(ok.stderr, '');
  assert.is(ok.code, 0);
  // The spec fixtures judged under the course profile: unexpected cases, and a report far larger than a pipe holds.
  const unexpected = await readFirstChunkThenClose(['cases', join(ROOT, 'fixtures'), '--profile', 'course', '--json']);
  assert.is(unexpected.stderr, '');
  assert.is(unexpected.code, 1);
});

/** Cases only ajv judges as JSON Schema: where code generation is refused the executed subset judges them instead. */
const JSON_SCHEMA_CASES = new Set([
  'spec-2025-11-25/course-contrasts.json#ext_listed_integer_bounds_enforced',
  'spec-2025-11-25/course-contrasts.json#ext_listed_integer_bounds_inverted',
  'spec-2025-11-25/course-contrasts.json#spec_tools_call_argument_breaks_const',
  'spec-2025-11-25/course-contrasts.json#ext_listed_integer_bound_not_a_number',
  'spec-2026-07-28/results.json#s26_array_structured_content_checked',
  'spec-2025-11-25/tool-calls.json#tool_calls_paging_arguments_break_input_schema',
  'spec-2025-11-25/tool-calls.json#tool_calls_paging_result_breaks_output_schema',
]);

test('where code generation is refused, schema predicates fall back to loops and judge the same (tool schemas: the executed subset instead of ajv)', () => {
  const normal = JSON.parse(run('cases', '--json').stdout) as { cases: { name: string }[] };
  const refused = spawnSync(process.execPath, ['--disallow-code-generation-from-strings', CLI, 'cases', '--json'], { encoding: 'utf8', cwd: ROOT, timeout: 60_000 });
  assert.is(refused.stderr, '');
  const other = JSON.parse(refused.stdout) as { cases: { name: string }[] };
  const before = new Map(normal.cases.map((c) => [c.name, JSON.stringify(c)]));
  const differ = other.cases.filter((c) => before.get(c.name) !== JSON.stringify(c)).map((c) => c.name);
  assert.is(other.cases.length, normal.cases.length);
  assert.equal(differ.filter((name) => !JSON_SCHEMA_CASES.has(name)), []);
});

test('cases --json on the course fixture: ok, 54 / 16 / 38, keys in order, exit 0', () => {
  if (!existsSync(COURSE)) {
    if (process.env['CI']) assert.unreachable('course fixture missing on CI');
    return;
  }
  const r = run('cases', COURSE, '--json');
  assert.is(r.status, 0, r.stderr);
  const report = JSON.parse(r.stdout);
  assert.equal(Object.keys(report), ['case_count', 'cases', 'expected_failures', 'passed', 'profile', 'protocol_version', 'status']);
  assert.equal([report.status, report.profile, report.protocol_version, report.case_count, report.passed, report.expected_failures],
    ['pass', 'course', '2025-11-25', 54, 16, 38]);
});

test('one flipped expectation: that case is unexpected, all others judged, exit 1', () => {
  if (!existsSync(COURSE)) return;
  const data = JSON.parse(readFileSync(COURSE, 'utf8'));
  data.cases[0].expect = 'fail';
  const file = join(dir, 'flipped.json');
  writeFileSync(file, JSON.stringify(data));
  const r = run('cases', file, '--json');
  assert.is(r.status, 1);
  const report = JSON.parse(r.stdout);
  assert.is(report.status, 'fail');
  assert.is(report.case_count, 54);
  assert.is(report.cases[0].status, 'unexpected_pass');
  assert.is(report.cases.filter((c: { status: string }) => c.status === 'passed' || c.status === 'expected_failure').length, 53);
  const text = run('cases', file);
  assert.is(text.status, 1);
  assert.match(text.stdout, /^unexpected_pass: valid_tool_call_and_structured_result/m);
  assert.match(text.stdout.trim().split('\n').at(-1)!, /^failed: 54 cases, 15 passed, 38 expected failures, 1 unexpected/);
});

test('a passing minimal fixture exits 0; text output ends in a summary line', () => {
  const file = join(dir, 'ok.json');
  writeFileSync(file, JSON.stringify(minimalFixture([listCase('pass')])));
  const r = run('cases', file);
  assert.is(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout.trim(), /^ok: 1 case, 1 passed, 0 expected failures, 0 unexpected \(course, MCP 2025-11-25\)$/);
});

const bad: Record<string, [string | Uint8Array, RegExp]> = {
  duplicate: ['{"schema_version": 3, "schema_version": 3}', /json\/duplicate-key/],
  nan: ['{"schema_version": NaN}', /json\//],
  deep: ['['.repeat(65) + ']'.repeat(65), /json\/.*depth|depth/i],
  big: [' '.repeat(2_000_001), /json\/size-limit/],
  utf8: [new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]), /json\/.*utf-?8|utf-?8/i],
  format: [JSON.stringify({ schema_version: 3 }), /fixture\/invalid/],
};

for (const [name, [content, pattern]] of Object.entries(bad)) {
  test(`unreadable fixture (${name}): exit 2, names the problem, no local path`, () => {
    const file = join(dir, `${name}.json`);
    writeFileSync(file, content);
    const r = run('cases', file);
    assert.is(r.status, 2, r.stdout + r.stderr);
    assert.match(r.stderr, pattern);
    assert.not.match(r.stderr, dir);
    assert.not.match(r.stderr, /secret-dir/);
    assert.not.match(r.stderr, /\n\s+at /, 'no stack trace');
  });
}

test('a missing file among several: exit 2, names that argument as typed and the reason, no other path', () => {
  writeFileSync(join(dir, 'present.json'), JSON.stringify(minimalFixture([listCase('pass')])));
  const r = spawnSync(process.execPath, [CLI, 'cases', 'present.json', 'nope.json'], { encoding: 'utf8', cwd: dir, timeout: 60_000 });
  assert.is(r.status, 2);
  assert.is(r.stderr, 'mcp-statechart: could not read "nope.json": no such file or folder (ENOENT) [cli/read-failed]\n');
  const inFolder = join(dir, 'folder-with-bad-json');
  mkdirSync(inFolder);
  writeFileSync(join(inFolder, 'broken.json'), '{"schema_version": 3,');
  const folder = spawnSync(process.execPath, [CLI, 'cases', 'folder-with-bad-json'], { encoding: 'utf8', cwd: dir, timeout: 60_000 });
  assert.is(folder.status, 2);
  // The file inside the folder is named (JSON errors too, not only fixture-format errors), never the local path.
  assert.match(folder.stderr, /^mcp-statechart: broken\.json: Invalid JSON: .* \[json\/\S+\]\n$/);
  assert.not.match(folder.stderr, /secret-dir/);
});

test('unknown command and unknown option exit 2', () => {
  assert.is(run('frobnicate').status, 2);
  assert.is(run('cases', '--bogus').status, 2);
});

test('rules lists the registry', () => {
  const r = run('rules', '--json');
  assert.is(r.status, 0);
  const rules = JSON.parse(r.stdout) as { id: string }[];
  assert.ok(rules.some((x) => x.id === 'correlation/duplicate-outstanding-id'));
});

test.run();
