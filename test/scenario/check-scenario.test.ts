// Why: the acceptance of `check --scenario`: a scenario against a correct server passes; one wrong
// expectation fails naming the step and the member; --update-snapshots then makes it pass; the
// same file against a changed server fails naming what changed; ids and what `ignore` lists never
// cause a difference. And what surrounds it: JUnit step cases, the trace's record, YAML kept YAML,
// a bad file and a step the client would not send exit 2 with their pointer.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const PEERS = join(ROOT, 'test/peers/stdio');
const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-scenario-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

function check(args: string[]) {
  return spawnSync(process.execPath, [CLI, 'check', ...args], { encoding: 'utf8', cwd: dir, timeout: 60_000, env: { PATH: process.env['PATH'] ?? '' } });
}
const peer = (name: string) => ['--stdio', '--', process.execPath, join(PEERS, `${name}.mjs`)];

const SCENARIO = {
  name: 'echo desk',
  steps: [
    { call: 'echo', arguments: { text: 'hi' }, expect: { result: { content: [{ type: 'text', text: 'hi' }] } } },
    { list: 'tools', expect: { result: { tools: [{ name: 'echo', description: 'Echoes its text.' }] } } },
    { ping: true },
  ],
};

function write(name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return path;
}

test('a scenario against a correct server passes, in either era, every message judged', () => {
  const file = write('pass.json', SCENARIO);
  const r = check(['--scenario', file, ...peer('correct')]);
  assert.is(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /^pass: 0 errors, 0 warnings/m);
  const modern = { ...SCENARIO, steps: SCENARIO.steps.slice(0, 2) };
  const m = check(['--era', 'modern', '--scenario', write('modern.json', modern), ...peer('modern-correct')]);
  assert.is(m.status, 0, m.stdout + m.stderr);
});

test('a wrong expectation fails naming the step and the member; --update-snapshots makes it pass; a changed server then fails naming what changed', () => {
  const wrong = { ...SCENARIO, steps: [{ ...SCENARIO.steps[0], expect: { result: { content: [{ type: 'text', text: 'bye' }] } } }, ...SCENARIO.steps.slice(1)] };
  const file = write('wrong.json', wrong);
  const trace = join(dir, 'wrong.trace.json');
  const r = check(['--scenario', file, '--output', trace, '--json', ...peer('correct')]);
  assert.is(r.status, 1, r.stderr);
  const report = JSON.parse(r.stdout) as { findings: { rule: string; keyword: string; pointer: string; message: string }[] };
  assert.equal(report.findings.map((f) => [f.rule, f.keyword, f.pointer]), [['scenario/expectation-mismatch', 'expectation', '/message/result/content/0/text']]);
  assert.is(report.findings[0]!.message, 'scenario "echo desk" step 0 (call echo) at /result/content/0/text: expected "bye" but received "hi" (the scenario\'s /steps/0/expect/result/content/0/text)');
  // The trace records the steps as written.
  const recorded = JSON.parse(readFileSync(trace, 'utf8')) as { options: { scenarios: unknown } };
  assert.equal(recorded.options.scenarios, [{ name: 'echo desk', steps: wrong.steps }]);

  const u = check(['--scenario', file, '--update-snapshots', ...peer('correct')]);
  assert.is(u.status, 0, u.stdout + u.stderr);
  assert.is(u.stderr, 'mcp-statechart: --update-snapshots wrote 3 of 3 steps into wrong.json\n');
  const updated = readFileSync(file, 'utf8');
  const again = check(['--scenario', file, ...peer('correct')]);
  assert.is(again.status, 0, again.stdout + again.stderr);
  // Unchanged answers, unchanged file: updating twice gives the same bytes.
  assert.is(check(['--scenario', file, '--update-snapshots', ...peer('correct')]).status, 0);
  assert.is(readFileSync(file, 'utf8'), updated);

  const changed = check(['--scenario', file, '--json', ...peer('echo-changed')]);
  assert.is(changed.status, 1, changed.stderr);
  const findings = (JSON.parse(changed.stdout) as { findings: { rule: string; pointer: string; message: string }[] }).findings;
  assert.equal(findings.map((f) => [f.rule, f.pointer]), [
    ['scenario/expectation-mismatch', '/message/result/content/0/text'],
    ['scenario/expectation-mismatch', '/message/result/tools/0/description'],
  ]);
  assert.match(findings[0]!.message, /step 0 \(call echo\) at \/result\/content\/0\/text: expected "hi" but received "HI"/);
  assert.match(findings[1]!.message, /step 1 \(list tools\) at \/result\/tools\/0\/description: expected "Echoes its text\." but received "Echoes its text, louder\."/);
});

test('ids and ignored members never cause a difference: a snapshot taken in one scope holds in another (other ids), an ignored description may change', () => {
  const file = write('ids.json', { name: 'ids', steps: [{ call: 'echo', arguments: { text: 'a' } }, { list: 'tools', ignore: ['/tools/0/description'] }] });
  assert.is(check(['--scenario', file, '--update-snapshots', '--scope', 'quick', ...peer('correct')]).status, 0);
  const snap = JSON.parse(readFileSync(file, 'utf8')) as typeof SCENARIO;
  assert.not.ok(JSON.stringify(snap).includes('"id"'), 'no id is written into a snapshot');
  assert.not.ok(JSON.stringify((snap.steps[1] as { expect?: unknown }).expect).includes('description'), 'an ignored member is left out of the snapshot');
  // --scope full sends more requests first, so every step's id differs; the tool's description differs too.
  const r = check(['--scenario', file, '--scope', 'full', '--json', ...peer('echo-changed')]);
  const findings = (JSON.parse(r.stdout) as { findings: { pointer: string }[] }).findings;
  assert.equal(findings.map((f) => f.pointer), ['/message/result/content/0/text'], 'only what changed and is not ignored');
});

test('JUnit: every step is a test case, failing with the difference that names it', () => {
  const file = write('junit.json', { name: 'j', steps: [{ ping: true }, { call: 'echo', arguments: { text: 'x' }, expect: { result: { content: [] } } }] });
  const junit = join(dir, 'j.xml');
  const r = check(['--scenario', file, '--junit', junit, ...peer('correct')]);
  assert.is(r.status, 1, r.stderr);
  const xml = readFileSync(junit, 'utf8');
  assert.match(xml, /<testsuite name="mcp-statechart.scenario-0" tests="2" failures="1"/);
  assert.match(xml, /<testcase classname="mcp-statechart.scenario-0" name="scenario &quot;j&quot; step 0 \(ping\)"\/>/);
  assert.match(xml, /name="scenario &quot;j&quot; step 1 \(call echo\)">\s*<failure message="1 difference: scenario &quot;j&quot; step 1 \(call echo\) at \/result\/content: expected 0 items but received 1/);
});

test('YAML scenarios run, and --update-snapshots keeps them YAML with their comments', () => {
  const file = write('desk.yaml', '# my desk\nname: yaml desk\nsteps:\n  - call: echo  # the tool\n    arguments: {text: yo}\n');
  const r = check(['--scenario', file, '--update-snapshots', ...peer('correct')]);
  assert.is(r.status, 0, r.stdout + r.stderr);
  const text = readFileSync(file, 'utf8');
  assert.match(text, /^# my desk\nname: yaml desk\nsteps:\n  - call: echo # the tool\n/);
  assert.match(text, /expect:\n\s+result:\n\s+content:\n\s+- text: yo\n\s+type: text\n/);
});

test('a bad scenario file, and a step the client would not send, exit 2 naming the member', () => {
  const bad = check(['--scenario', write('bad.json', { name: 'b', steps: [{ call: 'echo', argumnets: {} }] }), ...peer('correct')]);
  assert.is(bad.status, 2);
  assert.is(bad.stdout, '');
  assert.is(bad.stderr, 'mcp-statechart: scenario: a call step has call, arguments, expect, ignore, description, not "argumnets" (at /steps/0/argumnets) [cli/scenario-invalid]\n');
  const unsent = check(['--scenario', write('unsent.json', { name: 'u', steps: [{ call: 'echo', arguments: { text: 5 } }] }), ...peer('correct')]);
  assert.is(unsent.status, 2, unsent.stdout);
  assert.match(unsent.stderr, /^mcp-statechart: scenario unsent\.json: scenario "u" step 0 \(call echo\) was not sent, as the client would reject it: .* \(at \/steps\/0\/arguments\/text\) \[cli\/scenario-invalid\]\n$/);
  const missing = check(['--scenario', join(dir, 'nope.json'), ...peer('correct')]);
  assert.is(missing.status, 2);
  assert.not.ok(missing.stderr.includes(dir), 'no local path is echoed');
  const alone = check(['--update-snapshots', ...peer('correct')]);
  assert.is(alone.status, 2);
  assert.match(alone.stderr, /--update-snapshots needs a --scenario FILE/);
});

test('replay of a scenario trace replays its steps: the changed server reproduces the differences, the correct one does not', () => {
  const trace = join(dir, 'replay.trace.json');
  assert.is(check(['--scenario', join(ROOT, 'docs/examples/echo-desk.json'), '--output', trace, ...peer('echo-changed')]).status, 1);
  const replay = (name: string) => spawnSync(process.execPath, [CLI, 'replay', trace, '--runs', '2', ...peer(name)], { encoding: 'utf8', cwd: dir, timeout: 60_000 });
  const again = replay('echo-changed');
  assert.is(again.status, 1, again.stderr);
  assert.match(again.stdout, /^reproduced mcp-statechart:v1:[0-9a-f]{64} in 2\/2 runs\n$/);
  const fixed = replay('correct');
  assert.is(fixed.status, 0, fixed.stderr);
  assert.match(fixed.stdout, /^did not reproduce .* in 0\/2 runs\n$/);
});

test.run();
