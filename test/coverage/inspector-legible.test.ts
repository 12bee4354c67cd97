// Why: the inspector is for looking at the machines, so it is checked as a picture at a laptop's
// width (1280 px): a real headless Chromium (test/support/browser.ts, offline) takes a screenshot
// and the test asserts, in the terms that screenshot shows, that the open machine's text is at
// least 11 CSS pixels after the drawing's scale, that its active state is on screen (not under
// another element, not scrolled away), that the folded machines take a line each, that only the
// profile's machines are there, that the steps are named as the judge names them and that every
// finding of a step is listed. Screenshots go to a temporary folder (KEEP_BROWSER_ARTIFACTS keeps it).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Judge } from '../../judge/judge.ts';
import { inspectorHtml } from '../../inspector/page.ts';
import { traceCase, traceTranscript } from '../../inspector/trace.ts';
import { profileMachines } from '../../inspector/profile-machines.ts';
import { caseEntries } from '../../runner/case-steps.ts';
import { profileForFixture } from '../../runner/profile-for.ts';
import { caseSessionConfig, setupSteps } from '../../runner/run-case.ts';
import type { Fixture, FixtureCase } from '../../runner/fixture-schema.ts';
import { judgeTranscriptFile } from '../../scripts/transcript-file.ts';
import { PROFILES, SPEC_2025_11_25 } from '../../validators/profiles.ts';
import type { Step } from '../../validators/step-schema.ts';
import { failingTrace, traceText } from '../reports/traces.ts';
import { chromiumAvailable, withOfflineBrowser } from '../support/browser.ts';
import { bundledFixtures, ROOT } from './bundled.ts';

const VIEWPORT = { width: 1280, height: 800 };
/** The smallest text, in CSS pixels once the drawing is scaled, that counts as legible. */
const LEGIBLE_PX = 11;

const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-inspector-'));
test.after(() => {
  if (process.env['KEEP_BROWSER_ARTIFACTS']) console.log(`inspector screenshots kept in ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
});

const rpc = (rest: Record<string, unknown>) => ({ jsonrpc: '2.0', ...rest });
const c2s = (message: unknown) => ({ direction: 'client_to_server', message });
const s2c = (message: unknown) => ({ direction: 'server_to_client', message });
const tool = (name: string, type = 'object') => ({ name, inputSchema: { type } });

/**
 * A transcript with a line drawing four findings (three warnings, an error), a request rejected
 * for reusing an outstanding id (its answer is the first request's), a line that is no JSON, and a
 * request never answered.
 */
const TRANSCRIPT: (object | string)[] = [
  { mcp_statechart_transcript: 1 },
  c2s(rpc({ id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } })),
  s2c(rpc({ id: 1, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } })),
  c2s(rpc({ method: 'notifications/initialized' })),
  c2s(rpc({ id: 2, method: 'tools/list' })),
  s2c(rpc({ id: 2, result: { tools: [tool('bad name!'), tool('bad name!'), tool('x', 'string')] } })),
  c2s(rpc({ id: 5, method: 'tools/list' })),
  c2s(rpc({ id: 5, method: 'ping' })),
  s2c(rpc({ id: 5, result: { tools: [] } })),
  'not json',
  c2s(rpc({ id: 7, method: 'ping' })),
];

/** The labels a Judge itself gives the transcript's messages, by line (its own oracle, not the page's). */
function judgeLabels(lines: readonly (object | string)[]): Map<number, string> {
  const judge = new Judge({ profile: SPEC_2025_11_25 });
  const out = new Map<number, string>();
  lines.forEach((line, i) => {
    if (typeof line === 'string' || 'mcp_statechart_transcript' in line) return;
    out.set(i + 1, judge.feed(line as Step, i + 1).label ?? '');
  });
  judge.stop();
  return out;
}

/** The labels a Judge itself gives a case's steps, the setup first (as the case is played). */
function caseLabels(fixture: Fixture, kase: FixtureCase, index: number): string[] {
  const profile = profileForFixture(fixture);
  const judge = new Judge(caseSessionConfig(fixture, kase, profile));
  const steps = [...setupSteps(fixture, kase, profile), ...caseEntries(kase, index).flatMap((e) => ('step' in e ? [e.step] : []))];
  const labels = steps.map((step, at) => judge.feed(step, at).label ?? '');
  judge.stop();
  return labels;
}

test('the machines each profile runs: the core ones, authorization only under a policy, the extensions\' by profile', () => {
  const of = (id: string, policy: boolean) => profileMachines(PROFILES.get(id)!, policy);
  assert.equal(of('course', true), ['lifecycle', 'correlation', 'authorization', 'subscription', 'toolCalls']);
  assert.equal(of('course', false), ['lifecycle', 'correlation', 'subscription', 'toolCalls']);
  assert.equal(of('2025-11-25', false), ['lifecycle', 'correlation', 'subscription', 'progress', 'cancellation', 'task', 'toolListing', 'promptCatalogue', 'cursors', 'requestIds', 'toolCalls']);
  assert.equal(of('2025-06-18', false), ['lifecycle', 'correlation', 'subscription', 'progress', 'cancellation', 'toolListing', 'promptCatalogue', 'cursors', 'requestIds', 'toolCalls']);
  // The stateless revision has no handshake (its lifecycle never moves), and a retry loop instead of tasks.
  assert.equal(of('2026-07-28', false), ['correlation', 'subscription', 'progress', 'cancellation', 'inputRequired', 'listen', 'toolListing', 'cursors', 'discovery', 'logLevels', 'toolCalls']);
});

/** What the page shows of its open machine and its steps, measured in the browser. */
interface Measured {
  machine: string;
  sections: { machine: string; open: boolean; hidden: boolean; height: number; lineHeight: number; text: string }[];
  minTextPx: number;
  svgWidth: number;
  viewBoxWidth: number;
  activeOnScreen: boolean;
  takenNow: number;
}

/**
 * Measures the page in the browser (plain script: the test's TypeScript has no DOM types): each
 * text's font size in user units times the drawing's scale on screen; the active state counts as on
 * screen when it lies inside the window and the element at its centre is part of it.
 */
const MEASURE = `(() => {
  const machine = document.body.getAttribute('data-machine') || '';
  const sections = [...document.querySelectorAll('section.machine')].map((s) => {
    const button = s.querySelector('button.fold');
    const cs = getComputedStyle(button);
    return {
      machine: s.getAttribute('data-machine') || '', open: s.classList.contains('open'), hidden: s.hidden,
      height: s.getBoundingClientRect().height,
      lineHeight: parseFloat(cs.lineHeight) + parseFloat(cs.paddingTop) + parseFloat(cs.paddingBottom),
      text: button.textContent || '',
    };
  });
  const svg = document.querySelector('section.machine[data-machine="' + machine + '"] svg');
  const sizes = [...svg.querySelectorAll('text')].map((t) => parseFloat(getComputedStyle(t).fontSize) * (t.getScreenCTM() ? t.getScreenCTM().a : 0));
  const activeOnScreen = [...svg.querySelectorAll('g.node.active')].some((n) => {
    const r = n.getBoundingClientRect();
    if (r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return false;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && n.contains(hit);
  });
  return {
    machine, sections, minTextPx: Math.min(...sizes), svgWidth: svg.getBoundingClientRect().width, viewBoxWidth: svg.viewBox.baseVal.width,
    activeOnScreen, takenNow: svg.querySelectorAll('.taken-now').length,
  };
})()`;

async function measure(page: Page): Promise<Measured> {
  return page.evaluate(MEASURE) as Promise<Measured>;
}

/** The legibility the page must have at every step looked at. */
function assertLegible(m: Measured, profileMachines: readonly string[], where: string): void {
  assert.ok(m.machine !== '', `${where}: a machine is open`);
  assert.ok(m.minTextPx >= LEGIBLE_PX, `${where}: ${m.machine}'s smallest text is ${m.minTextPx.toFixed(1)} px on screen`);
  assert.ok(m.svgWidth >= m.viewBoxWidth * (LEGIBLE_PX / 9), `${where}: ${m.machine} drawn ${m.svgWidth} px wide for ${m.viewBoxWidth} points`);
  assert.ok(m.activeOnScreen, `${where}: ${m.machine}'s active state is on screen`);
  assert.equal(m.sections.map((s) => s.machine), [...profileMachines], `${where}: only the profile's machines`);
  for (const s of m.sections.filter((x) => !x.open)) {
    assert.ok(s.height <= s.lineHeight + 2, `${where}: ${s.machine} folded to one line (${s.height} px for a ${s.lineHeight} px line)`);
    assert.match(s.text, new RegExp(`^.${s.machine}`), `${where}: the fold line names ${s.machine}`);
  }
  assert.ok(m.sections.find((s) => s.machine === m.machine)?.open, `${where}: the current machine is open`);
}

async function open(page: Page, file: string): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(pathToFileURL(file).href);
  return errors;
}

if (chromiumAvailable(test, 'the inspector screenshot tests')) {
  test('inspector at 1280 px, a case: the machine each step moves is legible, its active state on screen, the rest folded, only the profile\'s machines', async () => {
    const own = bundledFixtures().find((f) => f.fixture.cases.some((c) => c.name === 'sub_update_reread_unsubscribe'))!;
    const index = own.fixture.cases.findIndex((c) => c.name === 'sub_update_reread_unsubscribe');
    const trace = traceCase(own.label, own.fixture, own.fixture.cases[index]!, index);
    // The course profile runs the core machines, authorization under the fixture's policy; no extension.
    assert.equal(trace.profile.machines, ['lifecycle', 'correlation', 'authorization', 'subscription', 'toolCalls']);
    const file = join(dir, 'case.html');
    writeFileSync(file, await inspectorHtml(trace));
    await withOfflineBrowser(async ({ context, blocked }) => {
      const page = await context.newPage();
      const errors = await open(page, file);
      assert.is(await page.locator('svg[data-machine="progress"], svg[data-machine="task"], svg[data-machine="inputRequired"], svg[data-machine="cancellation"]').count(), 0);
      const names = await page.locator('#steps li .name').evaluateAll((ns) => ns.map((n) => n.getAttribute('data-name')));
      assert.equal(names, ['', ...caseLabels(own.fixture, own.fixture.cases[index]!, index)], 'each step named as the judge names it');
      const opened = new Set<string>();
      for (let k = 0; k < trace.frames.length; k++) {
        await page.locator('#steps li').nth(k).click();
        const m = await measure(page);
        assertLegible(m, trace.profile.machines, `frame ${k} (${trace.frames[k]!.label})`);
        opened.add(m.machine);
        if (trace.frames[k]!.taken.some((t) => t.startsWith(`${m.machine}:`))) assert.ok(m.takenNow > 0, `frame ${k}: the transition taken is highlighted`);
        if (m.machine === 'subscription' && trace.frames[k]!.view.subscriptions.some((s) => s.state === 'active')) {
          await page.screenshot({ path: join(dir, 'case-subscription-active.png') });
        }
      }
      assert.ok(opened.has('lifecycle') && opened.has('subscription'), `the open machine follows the steps: ${[...opened].join(', ')}`);
      assert.ok(statSync(join(dir, 'case-subscription-active.png')).size > 10_000, 'screenshot taken');
      // A folded machine opens on a click and stays open on the next step; the open one folds.
      await page.locator('section.machine[data-machine="correlation"] button.fold').click();
      assert.ok(await page.locator('section.machine[data-machine="correlation"]').evaluate((s) => s.classList.contains('open')));
      await page.keyboard.press('Home');
      assert.ok(await page.locator('section.machine[data-machine="correlation"]').evaluate((s) => s.classList.contains('open')));
      assert.match(await page.locator('#about').textContent() ?? '', /^case · in course-profile\/\S+ · profile course \(MCP 2025-11-25\) · expect pass · passed$/);
      assert.equal(errors, []);
      assert.equal(blocked, []);
    }, { viewport: VIEWPORT });
  });

  test('inspector at 1280 px, the widest machine (task, wider than the page): legible, scrolled across to its active state at every step', async () => {
    const own = bundledFixtures().find((f) => f.label === 'spec-2025-11-25/tasks.json')!;
    const index = own.fixture.cases.findIndex((c) => c.name === 'spec_tasks_cancel_working_task');
    const trace = traceCase(own.label, own.fixture, own.fixture.cases[index]!, index);
    const file = join(dir, 'task.html');
    writeFileSync(file, await inspectorHtml(trace));
    await withOfflineBrowser(async ({ context, blocked }) => {
      const page = await context.newPage();
      const errors = await open(page, file);
      const opened = new Set<string>();
      for (let k = 0; k < trace.frames.length; k++) {
        await page.locator('#steps li').nth(k).click();
        const m = await measure(page);
        assertLegible(m, trace.profile.machines, `frame ${k} (${trace.frames[k]!.label})`);
        opened.add(m.machine);
        if (m.machine === 'task') {
          assert.ok(m.svgWidth > VIEWPORT.width, `the task machine is wider than the page (${m.svgWidth} px), yet its active state is on screen`);
          if (trace.frames[k]!.actors.some((a) => a.machine === 'task' && a.state === 'cancelled')) await page.screenshot({ path: join(dir, 'task-cancelled.png') });
        }
      }
      assert.ok(opened.has('task'), `the task machine opens when a step moves it: ${[...opened].join(', ')}`);
      assert.ok(statSync(join(dir, 'task-cancelled.png')).size > 10_000, 'screenshot taken');
      assert.equal(errors, []);
      assert.equal(blocked, []);
    }, { viewport: VIEWPORT });
  });

  test('inspector at 1280 px, a transcript: steps named as the judge names them, every finding of a step listed, in the transcript\'s own words', async () => {
    const path = join(dir, 'session.jsonl');
    writeFileSync(path, TRANSCRIPT.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n');
    const expected = await judgeTranscriptFile(path);
    const { trace } = await traceTranscript('session.jsonl', async (judge) => ({ run: await judgeTranscriptFile(path, judge) }));
    assert.equal(trace.profile.machines, ['lifecycle', 'correlation', 'subscription', 'progress', 'cancellation', 'task', 'toolListing', 'promptCatalogue', 'cursors', 'requestIds', 'toolCalls']);
    const file = join(dir, 'transcript.html');
    writeFileSync(file, await inspectorHtml(trace));
    const labels = judgeLabels(TRANSCRIPT);
    await withOfflineBrowser(async ({ context, blocked }) => {
      const page = await context.newPage();
      const errors = await open(page, file);
      const about = await page.locator('#about').textContent() ?? '';
      assert.is(about, 'transcript · profile 2025-11-25 (MCP 2025-11-25) · fail: 9 messages, 3 errors, 4 warnings');
      assert.not.match(about, /expect|unexpected_failure|passed/, 'no fixture words');
      const steps = await page.locator('#steps li').evaluateAll((ls) => ls.map((l) => ({
        place: l.querySelector('.place')?.textContent ?? '', name: l.querySelector('.name')?.getAttribute('data-name') ?? null,
        dir: l.querySelector('.dir')?.textContent ?? '', id: l.querySelector('.id')?.textContent ?? '', text: l.textContent ?? '',
        marks: l.querySelector('.mark') === null ? '' : l.getAttribute('data-findings'), rejected: l.classList.contains('rejected'),
      })));
      assert.equal(steps.map((s) => s.place), ['start', ...[2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((n) => `line ${n}`)]);
      for (const s of steps.slice(1)) {
        const line = Number(s.place.slice(5));
        if (line === 10) {
          assert.is(s.name, '', 'the line that is no JSON names nothing');
          continue;
        }
        assert.is(s.name, labels.get(line), `line ${line}: the judge's label`);
      }
      assert.is(steps[8]!.name, 'tools/list result', 'the answer to id 5 is the pending tools/list\'s, not the rejected ping\'s');
      assert.equal([steps[4]!.dir, steps[4]!.id], ['client \u2192 server', 'id 2']);
      assert.equal([steps[5]!.dir, steps[5]!.id], ['server \u2192 client', 'id 2']);
      assert.equal([steps[7]!.marks, steps[7]!.rejected], ['rejected: 1 error', true]);
      assert.match(steps[7]!.text, /\u2716 1$/);
      assert.equal([steps[5]!.marks, steps[5]!.rejected], ['rejected: 1 error, 3 warnings', true]);
      assert.match(steps[5]!.text, /\u2716 1 \u26A0 3$/);
      assert.equal([steps[10]!.marks, steps[10]!.rejected], ['1 warning', false]);
      assert.equal(steps.filter((x) => x.marks === '').map((x) => x.place), ['start', 'line 2', 'line 3', 'line 4', 'line 5', 'line 7', 'line 9'], 'steps without findings carry no mark');
      // Every finding validate reports is on its line's step, none left out.
      for (let k = 1; k < steps.length; k++) {
        const line = Number(steps[k]!.place.slice(5));
        await page.locator('#steps li').nth(k).click();
        const shown = await page.locator('#findings li.finding').evaluateAll((ls) => ls.map((l) => l.getAttribute('data-rule')));
        assert.equal(shown, expected.report.findings.filter((f) => f.line === line).map((f) => f.rule), `line ${line}: all its findings`);
        if (line !== 10) assertLegible(await measure(page), trace.profile.machines, `line ${line}`);
        if (line === 6) {
          assert.is(shown.length, 4);
          await page.screenshot({ path: join(dir, 'transcript-four-findings.png') });
        }
      }
      assert.match(await page.locator('#findings li.finding').first().textContent() ?? '', /never answered/);
      assert.match(await page.locator('#findings li.finding .note').first().textContent() ?? '', /found at the end/);
      assert.ok(statSync(join(dir, 'transcript-four-findings.png')).size > 10_000, 'screenshot taken');
      assert.equal(errors, []);
      assert.equal(blocked, []);
    }, { viewport: VIEWPORT });
  });

  test('inspector at 1280 px, a trace: its message events numbered as the trace numbers them, in its own words', async () => {
    const tracePath = join(dir, 'run.json');
    const source = failingTrace();
    writeFileSync(tracePath, traceText(source));
    const file = join(dir, 'trace.html');
    const r = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'inspect', '--transcript', tracePath, '--out', file], { encoding: 'utf8', cwd: dir });
    assert.is(r.status, 0, r.stderr);
    const html = readFileSync(file, 'utf8');
    assert.match(html, /data-kind="trace"/);
    const messages = source.events.flatMap((e, i) => (e.kind === 'message' ? [`event ${i}`] : []));
    await withOfflineBrowser(async ({ context, blocked }) => {
      const page = await context.newPage();
      const errors = await open(page, file);
      const about = await page.locator('#about').textContent() ?? '';
      assert.match(about, /^trace · its message events, in order · profile 2025-11-25 \(MCP 2025-11-25\) · fail: 6 messages, 1 error, 2 warnings$/, about);
      // The connection's own events appear where they carry a finding (the HTTP 503 on the ping).
      assert.equal(await page.locator('#steps li .place').allTextContents(), ['start', ...messages, 'event 10']);
      const http = page.locator('#steps li', { hasText: 'event 10' });
      assert.match(await http.textContent() ?? '', /HTTP 503 \(exchange 4\)/);
      assert.equal([await http.getAttribute('data-findings'), await http.evaluate((l) => l.classList.contains('rejected'))], ['1 error', false], 'a transport event is not a rejected message');
      // Every finding `validate` reports on the trace is on its event's step, none left out.
      const validate = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'validate', '--json', tracePath], { encoding: 'utf8', cwd: dir });
      const reported = (JSON.parse(validate.stdout) as { findings: { event: number | null; rule: string }[] }).findings;
      const places = await page.locator('#steps li .place').allTextContents();
      for (const [k, place] of places.entries()) {
        if (k === 0) continue;
        await page.locator('#steps li').nth(k).click();
        const shown = await page.locator('#findings li.finding').evaluateAll((ls) => ls.map((l) => l.getAttribute('data-rule')));
        assert.equal(shown, reported.filter((f) => `event ${f.event}` === place).map((f) => f.rule), `${place}: all its findings`);
      }
      assert.ok(reported.every((f) => places.includes(`event ${f.event}`)), 'no finding without its step');
      await page.locator('#steps li', { hasText: 'event 7' }).click();
      assert.is(await page.locator('#steps li.current .name').getAttribute('data-name'), 'tools/list result');
      assert.ok(await page.locator('#findings li.finding').count() >= 2, 'the duplicate and the bad name');
      assertLegible(await measure(page), ['lifecycle', 'correlation', 'subscription', 'progress', 'cancellation', 'task', 'toolListing', 'promptCatalogue', 'cursors', 'requestIds', 'toolCalls'], 'event 7');
      await page.screenshot({ path: join(dir, 'trace.png') });
      assert.equal(errors, []);
      assert.equal(blocked, []);
    }, { viewport: VIEWPORT });
  });
}

test.run();
