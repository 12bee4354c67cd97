import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseExpectedFailures, readExpectedFailures } from '../../reports/expected-failures.ts';
import { writeReports } from '../../reports/write-reports.ts';
import { InputError } from '../../files/input-error.ts';
import { ReadError } from '../../files/read-bounded.ts';
import { parseStrictJson } from '../../validators/strict-json.ts';
import { renderAll, tempDir } from './support.ts';
import { failingTrace } from './traces.ts';

const tmp = tempDir('expected');
test.after(() => tmp.remove());

const duplicate = { rule: 'tools/duplicate-name', reason: 'upstream bug #12: the server lists echo twice' };
const expectedJson = (entries: unknown[]) => JSON.stringify(entries);

test('listed findings do not fail the run; the reports mark them expected', async () => {
  const all = [duplicate, { rule: 'envelope/id-type', event: 10, pointer: '', reason: 'the proxy answers 503 under load' }];
  const r = await renderAll(tmp.dir, failingTrace(), { expected: expectedJson(all) });
  assert.is(r.outcome.exitCode, 0, r.stdout);
  assert.match(r.outcome.summary, /^pass: 2 errors, 1 warning, 2 expected, 0 stale expected failures;/);
  const report = parseStrictJson(r.json) as { status: string; findings: { expected: boolean; expected_reason?: string }[] };
  assert.is(report.status, 'pass');
  assert.equal(report.findings.map((f) => f.expected), [true, false, true]);
  assert.is(report.findings[0]!.expected_reason, duplicate.reason);
  assert.match(r.junit, /<testcase classname="mcp-statechart.tools" name="tools\/duplicate-name">\s*<skipped message="expected failure \(1 finding\): upstream bug #12/);
  assert.match(r.sarif, /"justification": "upstream bug #12: the server lists echo twice"/);
  assert.match(r.html, /class="finding error expected"/);
});

test('an entry matches by rule, and by method, pointer and event when it names them', async () => {
  const narrow = [{ rule: 'tools/duplicate-name', method: 'tools/list', pointer: '/message/result/tools/1/name', event: 7, reason: 'known' }];
  assert.is((await renderAll(tmp.dir, failingTrace(), { expected: expectedJson([...narrow, { rule: 'envelope/id-type', reason: 'known' }]) })).outcome.exitCode, 0);
  for (const wrong of [{ method: 'resources/list' }, { pointer: '/message/result/tools/0/name' }, { event: 6 }]) {
    const r = await renderAll(tmp.dir, failingTrace(), { expected: expectedJson([{ ...narrow[0], ...wrong }, { rule: 'envelope/id-type', reason: 'known' }]) });
    assert.is(r.outcome.exitCode, 1, JSON.stringify(wrong));
    assert.match(r.stdout, /^stale: expected failure 0 \(tools\/duplicate-name\) matched no finding: remove it \[fixture\/expected-failure-stale\]$/m);
  }
});

test('an entry that no longer occurs is stale: it fails the run and is named in every output', async () => {
  const stale = { rule: 'tools/descriptor', method: 'tools/list', reason: 'fixed in 1.2: remove after upgrading' };
  const r = await renderAll(tmp.dir, failingTrace(), { expected: expectedJson([duplicate, { rule: 'envelope/id-type', reason: 'x' }, stale]) });
  assert.is(r.outcome.exitCode, 1);
  assert.match(r.outcome.summary, /^fail: 2 errors, 1 warning, 2 expected, 1 stale expected failure;/);
  assert.match(r.stdout, /^stale: expected failure 2 \(tools\/descriptor\) matched no finding/m);
  const report = parseStrictJson(r.json) as { status: string; stale_expected_failures: unknown[] };
  assert.is(report.status, 'fail');
  assert.equal(report.stale_expected_failures, [{ index: 2, ...stale }]);
  assert.match(r.junit, /<testcase classname="mcp-statechart.expected-failures" name="stale: tools\/descriptor tools\/list">\s*<failure message="entry 2 \(fixed in 1.2: remove after upgrading\) matched no finding: remove it" type="fixture\/expected-failure-stale">/);
  assert.match(r.sarif, /"ruleId": "fixture\/expected-failure-stale"/);
  assert.match(r.html, /<li class="stale" data-entry="2">/);
  const sarif = JSON.parse(r.sarif) as { runs: { results: { ruleId: string; locations: { physicalLocation: { region: { startLine: number } } }[] }[] }[] };
  const result = sarif.runs[0]!.results.find((x) => x.ruleId === 'fixture/expected-failure-stale')!;
  assert.is(result.locations[0]!.physicalLocation.region.startLine, 1, 'the entry in a one-line file');
});

function refused(text: string, rule: string, pointer: string): InputError {
  try {
    parseExpectedFailures(text);
  } catch (error) {
    assert.instance(error, InputError);
    const e = error as InputError;
    assert.is(e.rule, rule, e.message);
    assert.is(e.pointer, pointer, e.message);
    assert.match(e.message, /^--expected-failures: /);
    return e;
  }
  assert.unreachable(`accepted ${text}`);
  throw new Error('unreachable');
}

test('malformed files: exit-2 errors naming the rule and the JSON Pointer', () => {
  refused('{"rule": "x"}', 'fixture/expected-failures-invalid', '');
  refused('[{"reason": "r"}]', 'fixture/expected-failures-invalid', '/0/rule');
  refused('[{"rule": "tools/duplicate-name"}]', 'fixture/expected-failures-invalid', '/0/reason');
  refused('[{"rule": "tools/duplicate-name", "reason": ""}]', 'fixture/expected-failures-invalid', '/0/reason');
  const unknown = refused('[{"rule": "tools/no-such-rule", "reason": "r"}]', 'fixture/expected-failures-invalid', '/0/rule');
  assert.match(unknown.message, /no rule "tools\/no-such-rule" is registered/);
  refused('[{"rule": "tools/duplicate-name", "reason": "r", "severity": "error"}]', 'fixture/expected-failures-invalid', '/0/severity');
  refused('[{"rule": "tools/duplicate-name", "reason": "r", "pointer": "message/id"}]', 'fixture/expected-failures-invalid', '/0/pointer');
  refused('[{"rule": "tools/duplicate-name", "reason": "r", "event": -1}]', 'fixture/expected-failures-invalid', '/0/event');
  refused('[{"rule": "tools/duplicate-name", "reason": "a"}, {"rule": "tools/duplicate-name", "reason": "b"}]', 'fixture/expected-failures-invalid', '/1');
  refused('[{"rule": "tools/duplicate-name", "rule": "tools/descriptor", "reason": "r"}]', 'json/duplicate-key', '/0/rule');
  refused('[1,]', 'json/trailing-comma', '');
  assert.equal(parseExpectedFailures('[]'), []);
});

test('an unreadable file names the option and the reason, never the path; nothing is written', async () => {
  const missing = join(tmp.dir, 'private-folder-name', 'expected.json');
  try {
    await readExpectedFailures(missing);
    assert.unreachable('read');
  } catch (error) {
    assert.instance(error, ReadError);
    assert.is((error as Error).message, `could not read ${JSON.stringify(missing)}: no such file or folder (ENOENT)`);
  }
  const bad = join(tmp.dir, 'bad-expected.json');
  writeFileSync(bad, '[{"rule": 1, "reason": "r"}]');
  const json = join(tmp.dir, 'never.json');
  try {
    await writeReports(failingTrace(), { expectedFailures: bad, jsonFile: json }, { stdout: () => undefined });
    assert.unreachable('accepted');
  } catch (error) {
    assert.instance(error, InputError);
    assert.is((error as InputError).pointer, '/0/rule');
    assert.not.match((error as Error).message, /bad-expected|\/tmp/);
  }
  assert.not.ok(existsSync(json), 'no report is written when the expected-failures file is bad');
});

test.run();
