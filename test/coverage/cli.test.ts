import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadAllowlist } from '../../coverage/allowlist.ts';
import { measure } from '../../coverage/measure.ts';
import { SESSION_MACHINES } from '../../coverage/diagram/session-machines.ts';
import { buildReport } from '../../coverage/report.ts';
import { bundledFixtures, COURSE, ROOT } from './bundled.ts';
import { envelopeText } from '../../reports/envelope.ts';

const CLI = join(ROOT, 'dist/cli.js');
// The --json report of every bundled case is over a megabyte: room beyond spawnSync's default 1 MiB buffer.
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: ROOT, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 });
const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-coverage-cli-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
const ONE = join(ROOT, 'fixtures/course-profile/lifecycle.json');

test('coverage --json: byte-identical across runs and equal to the in-process report (ids survive bundling)', () => {
  const a = run('coverage', '--json');
  const b = run('coverage', '--json');
  assert.is(a.stdout, b.stdout);
  const expected = buildReport(measure(bundledFixtures()), loadAllowlist());
  assert.is(a.stdout, envelopeText({ ...expected }) + '\n', 'the in-process report in the envelope');
  assert.is(a.status, expected.total.gaps === 0 ? 0 : 1);
});

test('coverage of one file: exit 1 with gaps, totals last; --suggest prints pasteable cases', () => {
  const r = run('coverage', ONE);
  assert.is(r.status, 1);
  const lines = r.stdout.trimEnd().split('\n');
  assert.match(lines[lines.length - 1]!, /^gaps: \d+\/\d+ transitions taken.*; 130 not applicable$/);
  // The course profile runs none of the extensions' machines: they are not applicable, not gaps.
  for (const name of ['progress', 'cancellation', 'task', 'inputRequired', 'listen', 'toolListing', 'promptCatalogue', 'cursors', 'requestIds', 'discovery', 'logLevels']) {
    assert.match(r.stdout, new RegExp(`^${name}: not applicable \\(\\d+ declared\\): no profile judged here runs it \\(course\\)$`, 'm'));
  }
  const s = run('coverage', ONE, '--suggest');
  // One pasteable list per fixture the cases belong in, each after a line naming the file and its profile.
  const groups = [...s.stdout.matchAll(/^for (\S+) \(judged under profile (\S+)\):\n(\[\n[\s\S]*?\n\])$/gm)];
  const homes = groups.map((g) => [g[1], g[2]]);
  // Machines the course profile never runs get no suggestion; a transition of a machine it does run
  // that only the specification profiles take (the pending table's forget-the-oldest) is suggested
  // in its own home, under its own profile, as is a lifecycle transition only a profile with logging
  // takes (a server's log message before notifications/initialized), and so are the tool calls
  // chart's (a catalogue a paging listing leaves incomplete; the course profile's unknown tool).
  // Groups come in the order of their first transition (the lifecycle's new state comes first).
  assert.equal(homes, [
    ['lifecycle.json', 'course'],
    ['spec-2025-11-25/logging.json', '2025-11-25'],
    ['spec-2025-11-25/pending-limit.json', '2025-11-25'],
    ['spec-2025-11-25/tool-calls.json', '2025-11-25'],
    ['course-profile/tools.json', 'course'],
  ]);
  const cases = groups.flatMap((g) => JSON.parse(g[3]!) as { name: string; steps: unknown[] }[]);
  assert.ok(cases.length > 0 && cases.every((c) => c.name.startsWith('takes_') && c.steps.length > 0));
  const json = JSON.parse(run('coverage', ONE, '--json', '--suggest').stdout) as { suggestions: { fixture: string; profile: string; cases: unknown[] }[] };
  assert.equal(json.suggestions.map((g) => [g.fixture, g.profile]), homes);
  assert.is(json.suggestions.reduce((n, g) => n + g.cases.length, 0), cases.length);
});

test('coverage --html: one self-contained page, no network reference', () => {
  const file = join(dir, 'coverage.html');
  run('coverage', '--html', file);
  const html = readFileSync(file, 'utf8');
  assert.is((html.match(/<svg /g) ?? []).length, SESSION_MACHINES.length, 'one diagram per machine');
  assert.not.match(html, /<(script|img|link|iframe)[^>]+(src|href)=/i);
  assert.not.match(html, /url\(\s*['"]?https?:/i);
});

test('diagram: DOT and Mermaid to stdout, SVG files to --out, an unknown machine is a usage error', () => {
  assert.match(run('diagram', 'lifecycle', '--format', 'dot').stdout, /^digraph "lifecycle" \{/);
  assert.match(run('diagram', 'subscription', '--format', 'mermaid').stdout, /^stateDiagram-v2\n/);
  assert.match(run('diagram').stdout, /^digraph "session" \{/);
  const out = join(dir, 'diagrams');
  assert.is(run('diagram', '--format', 'svg', '--out', out).status, 0);
  assert.equal(readdirSync(out).sort(), [
    'authorization.svg', 'cancellation.svg', 'correlation.svg', 'cursors.svg', 'discovery.svg', 'inputRequired.svg', 'lifecycle.svg', 'listen.svg', 'logLevels.svg',
    'progress.svg', 'promptCatalogue.svg', 'requestIds.svg', 'session.svg', 'subscription.svg', 'task.svg', 'toolCalls.svg', 'toolListing.svg',
  ]);
  assert.match(run('diagram', 'task', '--format', 'mermaid').stdout, /state "\(any state\)" as task__any/);
  assert.is(run('diagram', 'nosuch').status, 2);
  assert.is(run('diagram', '--format', 'png').status, 2);
});

test('docs/lifecycle.svg is what the CLI draws today (regenerate: diagram lifecycle --format svg --out docs)', () => {
  assert.is(readFileSync(join(ROOT, 'docs/lifecycle.svg'), 'utf8'), run('diagram', 'lifecycle', '--format', 'svg').stdout);
});

test('inspect: finds a case in the bundled fixtures or a given file; an unknown case is exit 2', () => {
  const out = join(dir, 'bundled.html');
  const r = run('inspect', 'sub_update_reread_unsubscribe', '--out', out);
  assert.is(r.status, 0, r.stderr);
  assert.match(readFileSync(out, 'utf8'), /<script type="application\/json" id="trace">/);
  assert.is(run('inspect', 'no_such_case').status, 2);
  if (existsSync(COURSE)) {
    const course = join(dir, 'course.html');
    assert.is(run('inspect', 'valid_resource_subscription_update_reread_and_unsubscribe', '--fixture', COURSE, '--out', course).status, 0);
    assert.ok(existsSync(course));
  }
});

test.run();
