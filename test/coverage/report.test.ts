import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { measure, type LoadedFixture } from '../../coverage/measure.ts';
import { buildReport, stableJson } from '../../coverage/report.ts';
import { formatCoverageText } from '../../coverage/text.ts';
import { bundledFixtures } from './bundled.ts';

const all = bundledFixtures();
const one: LoadedFixture[] = all.slice(0, 1);

test('figures add up: per machine and in total', () => {
  const r = buildReport(measure(all), []);
  let declared = 0;
  let taken = 0;
  for (const m of Object.values(r.machines)) {
    assert.is(m.declared, m.transitions.length);
    assert.is(m.taken, m.transitions.filter((t) => t.taken_by.length > 0).length);
    assert.is(m.never_taken.length, m.declared - m.taken);
    assert.ok(m.paths.followed <= m.paths.enumerated);
    declared += m.declared;
    taken += m.taken;
  }
  assert.is(r.total.declared, declared);
  assert.is(r.total.taken, taken);
  assert.equal(Object.keys(r.machines), ['lifecycle', 'correlation', 'authorization', 'subscription', 'progress', 'cancellation', 'task', 'inputRequired', 'listen', 'toolListing', 'promptCatalogue', 'cursors', 'requestIds', 'discovery', 'logLevels', 'toolCalls']);
});

test('a smaller fixture set leaves gaps, and an allowlist entry turns a gap into allowlisted', () => {
  const r = buildReport(measure(one), []);
  assert.is(r.status, 'gaps');
  const gap = Object.values(r.machines).flatMap((m) => m.gaps)[0]!;
  const allowed = buildReport(measure(one), [{ transition: gap, reason: 'for this test only' }]);
  assert.is(allowed.total.allowlisted, 1);
  assert.is(allowed.total.gaps, r.total.gaps - 1);
  assert.equal(allowed.stale_allowlist, []);
});

test('an allowlisted transition that a case takes is stale; an unknown id is reported', () => {
  const r = buildReport(measure(all), [
    { transition: 'lifecycle:new:request#2', reason: 'wrongly allowlisted' },
    { transition: 'lifecycle:nowhere:request#9', reason: 'renamed long ago' },
  ]);
  assert.equal(r.stale_allowlist, ['lifecycle:new:request#2']);
  assert.equal(r.unknown_allowlist, ['lifecycle:nowhere:request#9']);
});

test('each fixture runs under its own profile: the extensions\' machines are taken only by spec-profile cases', () => {
  const r = buildReport(measure(all), []);
  for (const name of ['progress', 'cancellation', 'task', 'inputRequired', 'listen', 'toolListing', 'promptCatalogue', 'cursors', 'requestIds', 'discovery', 'logLevels']) {
    const cases = r.machines[name]!.transitions.flatMap((t) => t.taken_by);
    assert.ok(cases.length > 0, `${name} is taken`);
    assert.ok(cases.every((c) => c.startsWith('spec-')), `${name}: only spec-profile fixtures run it`);
  }
  const course = buildReport(measure(all.filter((f) => f.label.startsWith('course-profile/'))), []);
  for (const name of ['progress', 'cancellation', 'task', 'inputRequired', 'listen', 'toolListing', 'promptCatalogue', 'cursors', 'requestIds', 'discovery', 'logLevels']) assert.is(course.machines[name]!.taken, 0, `${name}: not in the course profile`);
});

test('JSON is sorted and timestamp-free: two runs give identical bytes', () => {
  const a = stableJson(buildReport(measure(all), []));
  const b = stableJson(buildReport(measure(all), []));
  assert.is(a, b);
  assert.not.match(a, /\d{4}-\d{2}-\d{2}T\d{2}:/);
  const parsed = JSON.parse(a) as { machines: Record<string, { never_taken: string[] }> };
  for (const m of Object.values(parsed.machines)) assert.equal(m.never_taken, [...m.never_taken].sort());
});

test('text output ends with one line of totals', () => {
  const lines = formatCoverageText(buildReport(measure(one), [])).split('\n');
  assert.match(lines[lines.length - 1]!, /^gaps: \d+\/\d+ transitions taken \(\d+\.\d%\), 0 allowlisted, \d+ gaps; \d+\/\d+ shortest paths followed; \d+ cases(; \d+ not applicable)?$/);
});

test('machines no profile of the cases runs are not applicable: listed, but no gaps and out of the percentage', () => {
  const course = buildReport(measure(all.filter((f) => f.label.startsWith('course-profile/'))), []);
  assert.equal(course.profiles, ['course']);
  const off = Object.entries(course.machines).filter(([, m]) => !m.applicable).map(([name]) => name);
  assert.equal(off, ['progress', 'cancellation', 'task', 'inputRequired', 'listen', 'toolListing', 'promptCatalogue', 'cursors', 'requestIds', 'discovery', 'logLevels']);
  for (const name of off) {
    assert.equal(course.machines[name]!.gaps, []);
    assert.ok(course.machines[name]!.never_taken.length > 0);
  }
  assert.is(course.total.not_applicable, off.reduce((n, name) => n + course.machines[name]!.declared, 0));
  const text = formatCoverageText(course).split('\n');
  assert.ok(text.includes('task: not applicable (38 declared): no profile judged here runs it (course)'));
  assert.not.ok(text.some((l) => l.startsWith('  - task:')), 'its transitions are not listed as gaps');
  // Every profile together runs every machine.
  const everything = buildReport(measure(all), []);
  assert.ok(Object.values(everything.machines).every((m) => m.applicable));
  assert.is(everything.total.not_applicable, 0);
});

test.run();
