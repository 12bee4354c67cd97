import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { canonicalJson } from '../../trace/canonical-json.ts';
import { TRACE_MAX_BYTES } from '../../trace/parse-trace.ts';
import { tempDir } from '../reports/support.ts';
import { cleanTrace, errorTrace, failingTrace, traceText } from '../reports/traces.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const tmp = tempDir('report-cli-private-dir');
test.after(() => tmp.remove());
const dir = tmp.dir;

function run(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [CLI, 'report', ...args], { encoding: 'utf8', cwd: dir, timeout: 60_000, ...(input === undefined ? {} : { input }) });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function save(name: string, text: string | Uint8Array): string {
  writeFileSync(join(dir, name), text);
  return name;
}

const failing = save('failing.json', traceText(failingTrace()));

test('report TRACE writes every report asked for (owner-only, folders made) and exits 1 on error findings', () => {
  const ok = run([failing, '--json-file', 'out/r.json', '--junit', 'out/r.xml', '--sarif', 'out/r.sarif', '--html', 'out/r.html']);
  assert.is(ok.code, 1, ok.stderr);
  assert.is(ok.stderr, '');
  assert.match(ok.stdout, /^event 7: error: tools\/list result \(tool "echo"\) \/message\/result\/tools\/1\/name: Tool names must be unique: "echo" is listed twice. \[tools\/duplicate-name\]\n  spec: https:/);
  assert.match(ok.stdout, /\nfail: 2 errors, 1 warning; 12 events, 6 messages \(2025-11-25, MCP 2025-11-25\); mcp-statechart:v1:[0-9a-f]{64}; wrote 4 files: out\/r.json, out\/r.xml, out\/r.sarif, out\/r.html\n$/);
  for (const f of ['r.json', 'r.xml', 'r.sarif', 'r.html']) assert.is(statSync(join(dir, 'out', f)).mode & 0o777, 0o600, f);
  writeFileSync(join(dir, 'a-file'), '');
  const blocked = run([failing, '--junit', 'a-file/r.xml', '--html', 'out/again.html', '--json']);
  assert.is(blocked.code, 2, 'a report that cannot be written');
  assert.is(blocked.stderr, 'mcp-statechart: could not write "a-file/r.xml": a part of the path is not a folder (ENOTDIR) [cli/write-failed]\n');
  assert.is((JSON.parse(blocked.stdout) as { status: string }).status, 'fail', '--json still prints the one report document');
  assert.ok(existsSync(join(dir, 'out/again.html')), 'the other reports are written');
  const sarif = JSON.parse(readFileSync(join(dir, 'out/r.sarif'), 'utf8')) as { runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[] }[] }[] };
  const location = sarif.runs[0]!.results[0]!.locations[0]!.physicalLocation;
  assert.is(location.artifactLocation.uri, 'failing.json');
  assert.is(readFileSync(join(dir, failing), 'utf8').split('\n')[location.region.startLine - 1]!.trim(), '"name": "echo"');
});

test('exit codes 0 and 2 for a clean run and one that could not complete; --json prints the document; --quiet the summary', () => {
  const clean = run([save('clean.json', traceText(cleanTrace())), '--json']);
  assert.is(clean.code, 0);
  assert.is((JSON.parse(clean.stdout) as { status: string }).status, 'pass');
  const error = run([save('error.json', traceText(errorTrace())), '--quiet']);
  assert.is(error.code, 2);
  assert.match(error.stdout, /^error \(the run could not complete: the server exited \(code 1\) before answering initialize\): 0 errors/);
  assert.is(error.stdout.split('\n').length, 2);
  const stdin = run(['-', '--quiet'], traceText(failingTrace()));
  assert.is(stdin.code, 1);
  assert.match(stdin.stdout, /^fail: 2 errors/);
});

test('--expected-failures: listed findings pass, a stale entry fails, a malformed file exits 2 with rule and pointer', () => {
  const listed = save('expected.json', JSON.stringify([{ rule: 'tools/duplicate-name', reason: 'known' }, { rule: 'envelope/id-type', reason: 'proxy' }]));
  assert.is(run([failing, '--expected-failures', listed, '--quiet']).code, 0);
  const stale = save('stale.json', JSON.stringify([{ rule: 'tools/duplicate-name', reason: 'known' }, { rule: 'envelope/id-type', reason: 'proxy' }, { rule: 'tools/descriptor', reason: 'fixed' }]));
  const s = run([failing, '--expected-failures', stale]);
  assert.is(s.code, 1);
  assert.match(s.stdout, /stale: expected failure 2 \(tools\/descriptor\) matched no finding/);
  const bad = run([failing, '--expected-failures', save('bad.json', '[{"rule": "nope/nope", "reason": "r"}]')]);
  assert.is(bad.code, 2);
  assert.is(bad.stderr, 'mcp-statechart: --expected-failures: invalid entry at /0/rule: Invalid rule: no rule "nope/nope" is registered (see `mcp-statechart rules`) [fixture/expected-failures-invalid]\n');
  const json = run([failing, '--expected-failures', 'bad.json', '--json']);
  assert.equal(JSON.parse(json.stdout), { status: 'error', error: { rule: 'fixture/expected-failures-invalid', pointer: '/0/rule', message: '--expected-failures: invalid entry at /0/rule: Invalid rule: no rule "nope/nope" is registered (see `mcp-statechart rules`)' } });
  const missing = run([failing, '--expected-failures', 'nowhere.json']);
  assert.is(missing.code, 2);
  assert.is(missing.stderr, 'mcp-statechart: could not read "nowhere.json": no such file or folder (ENOENT) [cli/read-failed]\n');
});

test('untrusted traces: tampered, truncated, oversized, schema-breaking or missing exit 2 with rule and pointer, no stack, no path', () => {
  const text = traceText(failingTrace());
  const good = failingTrace();
  const cases: [string, string | Uint8Array, RegExp][] = [
    ['tampered', canonicalJson({ ...good, findings: good.findings.slice(1) }), /^mcp-statechart: trace: the signature does not match the findings: it was edited or damaged \(at \/signature\) \[fixture\/trace-tampered\]\n$/],
    ['status', canonicalJson({ ...good, status: 'pass' }), /\(at \/status\) \[fixture\/trace-tampered\]\n$/],
    ['truncated', text.slice(0, 500), /^mcp-statechart: trace: Invalid JSON: .* \[json\/syntax\]\n$/],
    ['oversized', new Uint8Array(TRACE_MAX_BYTES + 10).fill(0x20), /^mcp-statechart: trace: Invalid JSON: the input is larger than the 67108864-byte limit \[json\/size-limit\]\n$/],
    ['schema', canonicalJson({ ...good, mode: 'exec' }), /^mcp-statechart: trace: invalid trace at \/mode: .* \[fixture\/trace-invalid\]\n$/],
    ['transcript', '{"direction": "client_to_server", "message": {}}\n{"direction": "client_to_server", "message": {}}\n', /\[json\/trailing-content\]\n$/],
  ];
  for (const [name, content, expected] of cases) {
    const file = save(`${name}.json`, content);
    const r = run([file, '--html', `${name}.html`]);
    assert.is(r.code, 2, `${name}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, expected, name);
    assert.not.match(r.stderr, /\n\s+at |report-cli-private-dir/, `${name}: no stack trace, no path`);
    assert.is(r.stdout, '');
    assert.not.ok(existsSync(join(dir, `${name}.html`)), `${name}: no report written`);
  }
  const missing = run(['no-such-trace.json']);
  assert.is(missing.code, 2);
  assert.is(missing.stderr, 'mcp-statechart: could not read "no-such-trace.json": no such file or folder (ENOENT) [cli/read-failed]\n');
  const folder = run(['.']);
  assert.is(folder.stderr, 'mcp-statechart: could not read ".": it is a folder (EISDIR) [cli/read-failed]\n');
});

test('usage: one trace, known options only; the command is in the help', () => {
  assert.is(run([]).code, 2);
  const two = run([failing, failing]);
  assert.is(two.code, 2);
  assert.match(two.stderr, /one trace at a time; the traces of a fuzz search's shards are combined with --merge/);
  assert.is(run([failing, '--pdf', 'x']).code, 2);
  const help = spawnSync(process.execPath, [CLI, 'report', '--help'], { encoding: 'utf8' });
  assert.is(help.status, 0);
  for (const option of ['--json', '--json-file FILE', '--junit FILE', '--sarif FILE', '--html FILE', '--expected-failures FILE', '--quiet']) assert.ok(help.stdout.includes(option), option);
  assert.match(spawnSync(process.execPath, [CLI, '--help'], { encoding: 'utf8' }).stdout, /\n {2}report +the reports of a saved live-run trace/);
});

test.run();
