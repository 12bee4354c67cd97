import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const COURSE = resolve(ROOT, '../shared/course/mcp-cases.json');
const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-cases-secret-dir-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: dir, timeout: 60_000, env: { ...process.env, NO_COLOR: '1' } });

const FIXTURE = {
  schema_version: 3,
  protocol_version: '2025-11-25',
  transport_context_defaults: { transport: 'streamable_http', token_active: true, token_audience: 'https://mcp.example.test/mcp', resource: 'https://mcp.example.test/mcp' },
  authorization: { protected_resource: 'https://mcp.example.test/mcp', initial_revision: 'r1', revisions: { r1: { principals: {}, resources: [], resourceTemplates: [] } } },
  client: { info: { name: 'c', version: '1.0.0' }, capabilities: {} },
  server: { info: { name: 's', version: '1.0.0' }, capabilities: { tools: {} } },
  tool: { name: 'echo', inputSchema: { type: 'object' } },
  cases: [{
    name: 'duplicate_id',
    description: 'A reused outstanding id.',
    expect: 'fail',
    error_contains: 'something else',
    steps: [
      { direction: 'client_to_server', message: { jsonrpc: '2.0', id: 2, method: 'tools/list' } },
      { direction: 'client_to_server', message: { jsonrpc: '2.0', id: 2, method: 'tools/list' } },
    ],
  }],
};
const write = (name: string, value: unknown) => writeFileSync(join(dir, name), typeof value === 'string' ? value : JSON.stringify(value, null, 2));

test('wrong_reason shows the finding with severity and method, and what the case expected instead', () => {
  write('wrong.json', FIXTURE);
  const r = run('cases', 'wrong.json');
  assert.is(r.status, 1);
  const lines = r.stdout.trim().split('\n');
  assert.match(lines[0]!, /^wrong_reason: duplicate_id: error: tools\/list \/cases\/0\/steps\/1\/message\/id: .* \[correlation\/duplicate-outstanding-id\]$/);
  assert.is(lines[1], '  spec: https://modelcontextprotocol.io/specification/2025-11-25/basic');
  assert.is(lines[2], '  expected a reason containing "something else"');
  assert.is(lines[3], 'failed: 1 case, 0 passed, 0 expected failures, 1 unexpected (course, MCP 2025-11-25)');
  const json = JSON.parse(run('cases', 'wrong.json', '--json').stdout) as { cases: { status: string; finding: { method: string; rule: string; keyword: string }; expected: unknown }[] };
  const c = json.cases[0]!;
  assert.equal([c.status, c.finding.method, c.finding.rule, c.finding.keyword, c.expected], ['wrong_reason', 'tools/list', 'correlation/duplicate-outstanding-id', 'MUST NOT', { error_contains: 'something else' }]);
  assert.is(run('cases', 'wrong.json', '--quiet').stdout, `${lines[3]}\n`);
});

test('fixture errors in our words: which field, what it should be, what was found', () => {
  const cases: [unknown, string][] = [
    [{ ...FIXTURE, profile: '2025-11-25', cases: [{ ...FIXTURE.cases[0], bogus_key: 1 }] }, 'invalid fixture at /cases/0/bogus_key: unknown member "bogus_key"; the members are name, description, expect, error_contains, expect_rule, setup, client_capabilities, server_capabilities, steps'],
    [{ ...FIXTURE, cases: [{ name: 'x', steps: [] }] }, 'invalid fixture at /cases/0/expect: missing member "expect" ("pass" or "fail")'],
    [{ ...FIXTURE, schema_version: 2 }, 'invalid fixture at /schema_version: schema_version must be 3, found 2'],
    [[FIXTURE], 'invalid fixture: a fixture is one JSON object, found an array'],
  ];
  for (const [value, message] of cases) {
    write('bad.json', value);
    const r = run('cases', 'bad.json');
    assert.is(r.status, 2);
    assert.is(r.stderr, `mcp-statechart: bad.json: ${message} [fixture/invalid]\n`);
    assert.not.match(r.stderr, /Expected|received/);
  }
});

test('a malformed step fails its own case there, in our words, and every other case of the file is judged', () => {
  const ping = { direction: 'client_to_server', message: { jsonrpc: '2.0', id: 1, method: 'ping' } };
  const pong = { direction: 'server_to_client', message: { jsonrpc: '2.0', id: 1, result: {} } };
  write('one-bad-step.json', {
    ...FIXTURE,
    cases: [
      { name: 'sideways', description: 'A step in no direction.', expect: 'pass', steps: [ping, pong, { direction: 'sideways', message: {} }] },
      { name: 'fine', description: 'A well-formed neighbour.', expect: 'pass', steps: [ping, pong] },
      { name: 'unknown_setup', description: 'A setup the format does not know.', expect: 'fail', expect_rule: 'fixture/step-invalid', setup: 'later', steps: [] },
    ],
  });
  const r = run('cases', 'one-bad-step.json');
  assert.is(r.status, 1);
  // A case member the format does not know is ignored in a course fixture, as its reference ignores it.
  write('course-extra-member.json', { ...FIXTURE, cases: [{ name: 'noted', description: 'A case with a note.', expect: 'pass', note: 'reviewed', steps: [ping, pong] }] });
  assert.is(run('cases', 'course-extra-member.json').status, 0);
  assert.match(r.stdout, /^unexpected_failure: sideways: error: \/cases\/0\/steps\/2\/direction: Invalid step: direction must be "client_to_server" or "server_to_client", found "sideways" \[fixture\/step-invalid\]$/m);
  assert.match(r.stdout, /failed: 3 cases, 1 passed, 1 expected failure, 1 unexpected/);
});

test('a fixture the course profile refuses before any case is named by its file, with the rule once', () => {
  write('off-course.json', { ...FIXTURE, transport_context_defaults: { transport: 'stdio' } });
  const r = run('cases', 'off-course.json');
  assert.is(r.status, 2);
  assert.match(r.stderr, /^mcp-statechart: off-course\.json: invalid fixture at \/transport_context_defaults: [^[]*\[fixture\/invalid\]\n$/);
});

test('a transcript given to cases is recognised and validate named; a folder names the file for JSON errors too', () => {
  const line = (message: object) => JSON.stringify({ direction: 'client_to_server', message });
  write('capture.jsonl', [line({ jsonrpc: '2.0', id: 1, method: 'ping' }), line({ jsonrpc: '2.0', id: 2, method: 'ping' })].join('\n') + '\n');
  write('one-line.json', line({ jsonrpc: '2.0', id: 1, method: 'ping' }) + '\n');
  for (const name of ['capture.jsonl', 'one-line.json']) {
    const r = run('cases', name);
    assert.is(r.status, 2);
    assert.is(r.stderr, `mcp-statechart: ${name} is a transcript (one JSON step per line), not a fixture: judge it with \`mcp-statechart validate\` [fixture/wrong-kind]\n`);
  }
  mkdirSync(join(dir, 'folder'));
  write('folder/a.json', FIXTURE);
  write('folder/b.json', '{"schema_version": 3, "schema_version": 3}');
  const folder = run('cases', 'folder', '--json');
  assert.is(folder.status, 2);
  assert.match(folder.stderr, /^mcp-statechart: b\.json: Invalid JSON: duplicate key "schema_version" .*\[json\/duplicate-key\]\n$/);
  assert.equal(JSON.parse(folder.stdout).error.rule, 'json/duplicate-key');
});

test('--profile takes the ids the summary prints; an unknown one is a usage error naming them', () => {
  write('ok.json', { ...FIXTURE, cases: [{ ...FIXTURE.cases[0], expect: 'pass', error_contains: undefined, steps: FIXTURE.cases[0]!.steps.slice(0, 1) }] });
  assert.match(run('cases', 'ok.json', '--profile', '2025-06-18').stdout, /\(2025-06-18, MCP 2025-11-25\)\n$/);
  const bad = run('cases', 'ok.json', '--profile', 'offline-mcp-teaching-profile-v2');
  assert.is(bad.status, 2);
  assert.match(bad.stderr, /^mcp-statechart: unknown profile "offline-mcp-teaching-profile-v2"; use course, 2025-11-25, 2025-06-18 or 2026-07-28\n/);
});

test('npm start keeps its summary line; the course fixture stays 54 / 16 / 38', () => {
  const start = spawnSync(process.execPath, [CLI, 'cases'], { encoding: 'utf8', cwd: ROOT, timeout: 60_000 });
  assert.is(start.status, 0, start.stderr);
  assert.match(start.stdout, /^ok: \d+ cases, \d+ passed, \d+ expected failures, 0 unexpected \(\S+, MCP \S+\)\n$/);
  if (!existsSync(COURSE)) return;
  const course = spawnSync(process.execPath, [CLI, 'cases', COURSE], { encoding: 'utf8', cwd: ROOT, timeout: 60_000 });
  assert.is(course.stdout, 'ok: 54 cases, 16 passed, 38 expected failures, 0 unexpected (course, MCP 2025-11-25)\n');
});

test.run();
