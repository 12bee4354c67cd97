// Why: docs/fixtures.md shows a complete minimal fixture; a reader copies it, so it must run as
// shown: the JSON block is extracted and judged by the built CLI under --profile 2025-11-25.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-fixture-doc-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

function docFixture(): string {
  const page = readFileSync(join(ROOT, 'docs/fixtures.md'), 'utf8');
  const block = /```json\n([\s\S]*?)\n```/.exec(page);
  assert.ok(block, 'docs/fixtures.md shows a JSON block');
  return block[1] as string;
}

test('the minimal fixture of docs/fixtures.md: accepted by cases --profile 2025-11-25, one case passed; the course profile asks for its OAuth sections', () => {
  const file = join(dir, 'minimal.json');
  writeFileSync(file, docFixture());
  const fixture = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  assert.not.ok('authorization' in fixture || 'transport_context_defaults' in fixture || 'tool' in fixture);
  const r = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'cases', '--profile', '2025-11-25', file], { encoding: 'utf8', cwd: ROOT });
  assert.is(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /^ok: 1 case, 1 passed, 0 expected failures, 0 unexpected \(2025-11-25, MCP 2025-11-25\)\n$/);
  const course = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'cases', '--profile', 'course', file], { encoding: 'utf8', cwd: ROOT });
  assert.is(course.status, 2);
  assert.match(course.stderr, /\/authorization.*\[fixture\/invalid\]/);
});

test('the minimal fixture of docs/fixtures.md with no option: cases, coverage and inspect judge it under the specification profile of its protocol_version', () => {
  const file = join(dir, 'minimal-default.json');
  writeFileSync(file, docFixture());
  const cli = (...args: string[]) => spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), ...args], { encoding: 'utf8', cwd: ROOT });
  const cases = cli('cases', file);
  assert.is(cases.status, 0, cases.stdout + cases.stderr);
  assert.match(cases.stdout, /^ok: 1 case, 1 passed, 0 expected failures, 0 unexpected \(2025-11-25, MCP 2025-11-25\)\n$/);
  const coverage = cli('coverage', '--json', file);
  assert.is(coverage.stderr, '');
  assert.ok(coverage.status === 0 || coverage.status === 1, `coverage ran: exit ${coverage.status}`);
  const report = JSON.parse(coverage.stdout) as { case_count: number; profiles: unknown };
  assert.is(report.case_count, 1);
  assert.match(JSON.stringify(report.profiles), /2025-11-25/);
  const out = join(dir, 'list_tools.inspector.html');
  const inspect = cli('inspect', 'list_tools', '--fixture', file, '--out', out);
  assert.is(inspect.status, 0, inspect.stdout + inspect.stderr);
  assert.match(inspect.stdout, /^wrote .*: list_tools, \d+ steps, passed\n$/);
  assert.match(readFileSync(out, 'utf8'), /2025-11-25/);
  // --profile is taken by coverage and inspect as by cases: under 2025-06-18 the handshake's version is refused.
  const older = cli('inspect', 'list_tools', '--fixture', file, '--out', out, '--profile', '2025-06-18');
  assert.is(older.status, 0, older.stderr);
  assert.match(older.stdout, /list_tools, \d+ steps?, unexpected_failure\n$/);
  const olderCoverage = cli('coverage', '--quiet', '--profile', '2025-06-18', file);
  assert.is(olderCoverage.stderr, '');
  assert.match(olderCoverage.stdout, /1 case/);
  const bad = cli('coverage', '--profile', 'nope', file);
  assert.is(bad.status, 2);
  assert.match(bad.stderr, /unknown profile "nope"/);
});

test('a declared policy applies over HTTP only outside the course profile: a resources/read over stdio is not held to it', () => {
  const base = JSON.parse(docFixture()) as { server: { capabilities: Record<string, unknown> }; cases: unknown[] };
  base.server.capabilities['resources'] = {};
  const read = (transport: string) => ({
    name: `read_over_${transport}`, description: 'A resources/read with no claims, over the given transport.', expect: 'pass',
    steps: [
      { direction: 'client_to_server', transport_context: { transport }, message: { jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'https://docs.example.test/a' } } },
      { direction: 'server_to_client', transport_context: { transport }, message: { jsonrpc: '2.0', id: 2, result: { contents: [{ uri: 'https://docs.example.test/a', text: 'a' }] } } },
    ],
  });
  const policy = { protected_resource: 'https://mcp.example.test/mcp', initial_revision: 'r1', revisions: { r1: { principals: {}, resources: [], resourceTemplates: [] } } };
  const file = join(dir, 'policy.json');
  writeFileSync(file, JSON.stringify({ ...base, authorization: policy, cases: [read('stdio'), { ...read('streamable_http'), expect: 'fail', expect_rule: 'auth/token-inactive' }] }));
  const r = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'cases', '--profile', '2025-11-25', file], { encoding: 'utf8', cwd: ROOT });
  assert.is(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /^ok: 2 cases, 1 passed, 1 expected failure/);
});

test.run();
