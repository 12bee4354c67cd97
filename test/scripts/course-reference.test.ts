// Why: some of the course reference's checks are about files and the command line, not about one
// case: a fixture it cannot run, bytes that are not strict JSON, an integer no double holds, a
// message that a later one answers after a rejected one. A fixture case cannot show those, so
// these tests run our CLI on such inputs (docs/course-reference.md lists which reference test each
// covers). Every input is written to a temporary folder whose path must never be echoed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const REFERENCE = join(ROOT, 'fixtures/course-profile/reference-behaviours.json');
const run = (args: string[], input?: string) =>
  spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: ROOT, timeout: 60_000, maxBuffer: 64 * 1024 * 1024, ...(input === undefined ? {} : { input }) });

const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-course-reference-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

/** Our fixture of the reference's behaviours, with `change` applied, written to the temporary folder. */
function variant(name: string, change: (fixture: Record<string, any>) => void): string {
  const fixture = JSON.parse(readFileSync(REFERENCE, 'utf8')) as Record<string, any>;
  fixture['cases'] = (fixture['cases'] as { name: string }[]).filter((c) => c.name === 'fid_tool_call_full' || c.name === 'fid_env_batch');
  change(fixture);
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(fixture, null, 2));
  return path;
}

function write(name: string, text: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** A run that could not start: exit 2, the rule and pointer named, no stack trace, no local path. */
function refused(path: string, rule: string, pointer?: string): string {
  const r = run(['cases', path]);
  assert.is(r.status, 2, r.stdout + r.stderr);
  assert.ok(r.stderr.includes(`[${rule}]`), r.stderr);
  if (pointer !== undefined) assert.ok(r.stderr.includes(pointer), r.stderr);
  assert.not.ok(r.stderr.includes(dir), 'no local path is echoed');
  assert.not.ok(/\n\s+at /.test(r.stderr), 'no stack trace');
  return r.stderr;
}

test('the whole fixture is judged: our reference-behaviours fixture runs clean', () => {
  const r = run(['cases', REFERENCE, '--json']);
  assert.is(r.status, 0, r.stderr);
  const report = JSON.parse(r.stdout) as { case_count: number; cases: { status: string }[] };
  assert.ok(report.case_count >= 500);
  assert.ok(report.cases.every((c) => c.status === 'passed' || c.status === 'expected_failure'));
});

test('a fixture with an unknown top-level key, another schema_version or a repeated case name cannot run', () => {
  refused(variant('unknown-key.json', (f) => { f['unexpected'] = true; }), 'fixture/invalid', '/unexpected');
  refused(variant('version.json', (f) => { f['schema_version'] = 4; }), 'fixture/invalid', '/schema_version');
  refused(variant('twice.json', (f) => { f['cases'] = [f['cases'][0], f['cases'][0]]; }), 'fixture/invalid', '/cases/1/name');
});

test('a course fixture for another MCP revision cannot run under the course profile', () => {
  refused(variant('old-revision.json', (f) => { f['protocol_version'] = '2024-11-05'; }), 'fixture/invalid', '/protocol_version');
  // A fixture written for another profile keeps its header under --profile course: its cases are judged, the course's way.
  const other = variant('other-profile.json', (f) => { f['protocol_version'] = '2025-06-18'; f['profile'] = '2025-06-18'; });
  const r = run(['cases', other, '--profile', 'course', '--json']);
  assert.is(r.stderr, '');
  const report = JSON.parse(r.stdout) as { case_count: number };
  assert.is(report.case_count, 2);
});

test('a policy with a URI outside RFC 3986 or a malformed RFC 6570 variable cannot run', () => {
  refused(variant('bad-uri.json', (f) => {
    f['authorization']['revisions']['policy-1']['resources'][3]['uri'] = 'crate://grove-east\\\\ledgerette';
  }), 'fixture/invalid', '/authorization/revisions/policy-1/resources/3/uri');
  refused(variant('bad-template.json', (f) => {
    f['authorization']['revisions']['policy-1']['resourceTemplates'][0]['uriTemplate'] = 'crate://grove-east/bins/{bad%}';
  }), 'fixture/invalid', '/authorization/revisions/policy-1/resourceTemplates/0/uriTemplate');
  refused(variant('lost-child.json', (f) => {
    f['authorization']['revisions']['policy-1']['resources'][0]['children'] = ['crate://grove-east/nowhere'];
  }), 'fixture/invalid', '/authorization/revisions/policy-1/resources/0/children/0');
  refused(variant('cross-tenant-child.json', (f) => {
    f['authorization']['revisions']['policy-1']['resources'][0]['children'] = ['crate://grove-west/vault'];
  }), 'fixture/invalid', '/authorization/revisions/policy-1/resources/0/children/0');
  refused(variant('defaults.json', (f) => {
    f['transport_context_defaults']['token_audience'] = 'https://cellar.example.test/mcp';
  }), 'fixture/invalid', '/transport_context_defaults');
});

test('strict JSON: duplicate keys, NaN and Infinity, a syntax error with its line, nesting beyond 64, input beyond 2,000,000 bytes', () => {
  refused(write('dup.json', '{"schema_version": 3, "schema_version": 3}'), 'json/duplicate-key', '/schema_version');
  refused(write('nan.json', '{"value": NaN}'), 'json/non-finite-number');
  refused(write('inf.json', '{"value": Infinity}'), 'json/non-finite-number');
  const syntax = refused(write('syntax.json', '{\n  "id":\n}'), 'json/syntax');
  assert.ok(syntax.includes('line 3'), syntax);
  refused(write('deep.json', '['.repeat(65) + '0' + ']'.repeat(65)), 'json/depth-limit');
  refused(write('big.json', ' '.repeat(2_000_001)), 'json/size-limit');
});

test('a missing fixture exits 2, naming the path only as typed, never the folder it resolves to', () => {
  const r = spawnSync(process.execPath, [CLI, 'cases', join('missing-folder', 'fixture.json')], { encoding: 'utf8', cwd: dir, timeout: 60_000 });
  assert.is(r.status, 2);
  assert.ok(r.stderr.includes(join('missing-folder', 'fixture.json')), r.stderr);
  assert.not.ok(r.stderr.includes(dir), r.stderr);
  assert.not.ok(/\n\s+at /.test(r.stderr), 'no stack trace');
});

test('text beyond ASCII loads: a fixture in other scripts is judged like any other', () => {
  const path = variant('unicode.json', (f) => {
    const call = (f['cases'] as Record<string, any>[]).find((c) => c['name'] === 'fid_tool_call_full')!;
    call['description'] = '城市: 上海';
    call['steps'][0]['message']['params']['arguments']['orchard'] = '上海';
  });
  const r = run(['cases', path]);
  assert.is(r.status, 0, r.stdout + r.stderr);
});

test('one integer no double holds sinks only its case: the file runs, that case fails on its own rule, the others are judged', () => {
  const path = variant('huge-ttl.json', (f) => {
    f['cases'].push({
      name: 'huge_ttl',
      description: 'A ttl of 400 digits is no finite positive number.',
      expect: 'fail',
      expect_rule: 'tasks/metadata',
      steps: [{ direction: 'client_to_server', message: { jsonrpc: '2.0', id: 30, method: 'tools/call', params: { name: 'harvest_report', arguments: { orchard: 'east' }, task: { ttl: 7 } } } }],
    });
  });
  // JSON.stringify cannot write the digits themselves: put them in the text.
  writeFileSync(path, readFileSync(path, 'utf8').replace('"ttl": 7', `"ttl": 1${'0'.repeat(400)}`));
  const r = run(['cases', path, '--json']);
  assert.is(r.status, 0, r.stderr);
  const report = JSON.parse(r.stdout) as { cases: { name: string; status: string; finding?: { rule: string } }[] };
  assert.is(report.cases.length, 3);
  const huge = report.cases.find((c) => c.name === 'huge_ttl');
  assert.is(huge?.status, 'expected_failure');
  assert.is(huge?.finding?.rule, 'tasks/metadata');
  assert.not.ok(/\n\s+at /.test(r.stderr), 'no stack trace');
});

/** Transcript lines of a handshake: the initialize request, a result, the initialized notification. */
const INIT = '{"direction":"client_to_server","message":{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}}';
const READY = '{"direction":"server_to_client","message":{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}}';
const INITIALIZED = '{"direction":"client_to_server","message":{"jsonrpc":"2.0","method":"notifications/initialized"}}';

test('a transcript line with an id no double holds is judged on its line: a warning under the specification, nothing under the course', () => {
  const ping = '{"direction":"client_to_server","message":{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}}';
  const wrong = '{"direction":"server_to_client","message":{"jsonrpc":"2.0","id":9007199254740992,"result":{}}}';
  const right = '{"direction":"server_to_client","message":{"jsonrpc":"2.0","id":9007199254740993,"result":{}}}';
  const lines = [INIT, READY, INITIALIZED, ping, wrong, right].join('\n') + '\n';
  const spec = run(['validate', '-', '--json'], lines);
  assert.is(spec.status, 1, spec.stderr);
  const findings = (JSON.parse(spec.stdout) as { findings: { line: number; rule: string; severity: string }[] }).findings;
  assert.equal(findings.map((f) => `${f.line} ${f.rule} ${f.severity}`), [
    '4 json/unsafe-integer warning',
    '5 json/unsafe-integer warning',
    '5 correlation/no-matching-request error',
    '6 json/unsafe-integer warning',
  ]);
  const course = run(['validate', '-', '--json'], '{"mcp_statechart_transcript":1,"profile":"course"}\n' + lines);
  const courseFindings = (JSON.parse(course.stdout) as { findings: { line: number; rule: string }[] }).findings;
  assert.equal(courseFindings.map((f) => `${f.line} ${f.rule}`), ['6 correlation/no-matching-request'], 'exact ids, no warning');
});

test('a malformed result leaves its request pending: a later valid result is accepted (initialize and tools/list)', () => {
  const header = '{"mcp_statechart_transcript":1,"profile":"course"}';
  const bad = '{"direction":"server_to_client","message":{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{}}}}';
  const good = '{"direction":"server_to_client","message":{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}}';
  const list = '{"direction":"client_to_server","message":{"jsonrpc":"2.0","id":2,"method":"tools/list"}}';
  const badList = '{"direction":"server_to_client","message":{"jsonrpc":"2.0","id":2,"result":{"tools":[{}]}}}';
  const goodList = '{"direction":"server_to_client","message":{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"t","description":"T.","inputSchema":{"type":"object"}}]}}}';
  const r = run(['validate', '-', '--json'], [header, INIT, bad, good, INITIALIZED, list, badList, goodList].join('\n') + '\n');
  const findings = (JSON.parse(r.stdout) as { findings: { line: number; rule: string }[] }).findings;
  assert.ok(findings.length > 0);
  assert.equal([...new Set(findings.map((f) => f.line))], [3, 7], findings.map((f) => `${f.line} ${f.rule}`).join(', '));
});

test('an escaped unpaired surrogate: a course fixture holding one is judged case by case (Python\'s JSON reader takes it); a specification profile refuses the file whole', () => {
  const file = join(ROOT, 'fixtures/course-profile/reference-lone-surrogate.json');
  const course = run(['cases', file]);
  assert.is(course.status, 0, course.stdout + course.stderr);
  assert.match(course.stdout, /^ok: 3 cases, 2 passed, 1 expected failure, 0 unexpected \(course, MCP 2025-11-25\)\n$/);
  const spec = run(['cases', '--profile', '2025-11-25', file]);
  assert.is(spec.status, 2, spec.stdout + spec.stderr);
  assert.match(spec.stderr, /unpaired surrogate escape \\ud800 .*\(\/cases\/0\/steps\/0\/message\/params\/arguments\/orchard\) \[json\/lone-surrogate\]/);
  const named = write('named-spec.json', readFileSync(file, 'utf8').replace('"schema_version": 3,', '"schema_version": 3, "profile": "2025-11-25",'));
  refused(named, 'json/lone-surrogate', '/cases/0/steps/0/message/params/arguments/orchard');
  // Written raw (the bytes ED A0 80), a surrogate is no UTF-8: refused, as the reference refuses it.
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf('east\\ud800');
  const raw = Buffer.concat([Buffer.from(text.slice(0, at + 4)), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from(text.slice(at + 10))]);
  refused(write('raw-surrogate.json', raw), 'json/invalid-utf8');
});

test.run();
