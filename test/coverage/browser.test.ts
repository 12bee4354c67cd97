import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadAllowlist } from '../../coverage/allowlist.ts';
import { stateNodes } from '../../coverage/declared-transitions.ts';
import { SESSION_MACHINES } from '../../coverage/diagram/session-machines.ts';
import { coverageHtml } from '../../coverage/html.ts';
import { measure } from '../../coverage/measure.ts';
import { buildReport } from '../../coverage/report.ts';
import { inspectorHtml } from '../../inspector/page.ts';
import { traceCase } from '../../inspector/trace.ts';
import { parseFixture } from '../../runner/load-fixture.ts';
import { chromiumAvailable, withOfflineBrowser } from '../support/browser.ts';
import { bundledFixtures, COURSE } from './bundled.ts';

// A real headless Chromium (see test/support/browser.ts) opens the generated pages from file://
// URLs with every other request refused, so the pages must work with no network.
const stateCount = (machine: string) => stateNodes(SESSION_MACHINES.find((m) => m.id === machine)!).length - 1;
/** The state nodes (and compound-state clusters) of the machines named. */
const statesOf = (machines: readonly string[]) => machines.reduce((n, m) => n + stateCount(m), 0);

const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-browser-'));
const shots = join(dir, 'screenshots');
mkdirSync(shots);
test.after(() => {
  if (process.env['KEEP_BROWSER_ARTIFACTS']) console.log(`browser test artifacts kept in ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
});

/** The subscription case: the course fixture's when it is there (always on CI), else the bundled twin. */
function subscriptionCase(): { label: string; fixture: ReturnType<typeof parseFixture>; name: string } {
  if (existsSync(COURSE)) {
    return { label: 'mcp-cases.json', fixture: parseFixture(new Uint8Array(readFileSync(COURSE)), 'mcp-cases.json'), name: 'valid_resource_subscription_update_reread_and_unsubscribe' };
  }
  if (process.env['CI']) throw new Error('../shared/course/mcp-cases.json is missing on CI');
  const own = bundledFixtures().find((f) => f.fixture.cases.some((c) => c.name === 'sub_update_reread_unsubscribe'))!;
  return { label: own.label, fixture: own.fixture, name: 'sub_update_reread_unsubscribe' };
}

if (chromiumAvailable(test, 'the coverage and inspector page tests')) {
  test('coverage page: each machine diagram renders with its states; taken and never-taken edges are styled; no network', async () => {
    const m = measure(bundledFixtures());
    const report = buildReport(m, loadAllowlist());
    const file = join(dir, 'coverage.html');
    writeFileSync(file, await coverageHtml(report, m.graphs));
    await withOfflineBrowser(async ({ context, blocked }) => {
      const page = await context.newPage();
      await page.goto(pathToFileURL(file).href);
      for (const machine of SESSION_MACHINES.map((x) => x.id)) {
        const section = page.locator(`section[data-machine="${machine}"]`);
        assert.is(await section.locator('svg g.state').count(), stateCount(machine), `${machine}: state nodes and compound-state clusters`);
        const drawn = await section.locator('svg [id^="edge:"], svg [id^="a_edge:"]').count();
        assert.is(drawn, report.machines[machine]!.declared, `${machine}: every transition drawn`);
      }
      const summary = await page.locator('#summary').getAttribute('data-taken');
      assert.is(Number(summary), report.total.taken);
      const solid = await page.locator('g.edge.taken').count();
      assert.ok(solid > 0, 'taken edges are drawn with the taken style');
      await page.locator('tr[data-edge]').first().click();
      assert.is(await page.locator('tr.focus').count(), 1);
      const shot = join(shots, 'coverage.png');
      await page.screenshot({ path: shot, fullPage: false });
      assert.ok(statSync(shot).size > 10_000, 'screenshot saved');
      assert.equal(blocked, []);
    });
  });

  test('inspector page: the subscription case steps from active to gone (idle), the highlight follows', async () => {
    const { label, fixture, name } = subscriptionCase();
    const index = fixture.cases.findIndex((c) => c.name === name);
    const trace = traceCase(label, fixture, fixture.cases[index]!, index);
    const file = join(dir, 'inspector.html');
    writeFileSync(file, await inspectorHtml(trace));
    await withOfflineBrowser(async ({ context, blocked }) => {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(pathToFileURL(file).href);
      assert.is(await page.locator('#diagram svg g.state').count(), statesOf(trace.profile.machines), 'one node (or cluster) per state of every machine the profile runs');
      assert.equal(await page.locator('#diagram svg').evaluateAll((ss) => ss.map((s) => s.getAttribute('data-machine'))), [...trace.profile.machines], 'one drawing per machine');
      const seen: { frame: number; active: string[]; subscriptions: string[]; lifecycle: string | null }[] = [];
      const capture = async () => {
        seen.push({
          frame: Number(await page.locator('body').getAttribute('data-frame')),
          active: (await page.locator('#diagram svg g.node.active').evaluateAll((ns) => ns.map((n) => n.id))).sort(),
          subscriptions: await page.locator('#subscriptions tr.subscription').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-state') ?? '')),
          lifecycle: await page.locator('#actors tr[data-machine="lifecycle"]').getAttribute('data-state'),
        });
      };
      await capture();
      for (let i = 1; i < trace.frames.length; i++) {
        await page.keyboard.press('ArrowRight');
        await capture();
        if (seen[i]!.subscriptions.includes('active')) await page.screenshot({ path: join(shots, 'inspector-active.png') });
      }
      assert.equal(seen.map((s) => s.frame), trace.frames.map((_, i) => i), 'the arrow key steps through every frame');
      assert.is(seen[0]!.lifecycle, 'new');
      assert.ok(seen[0]!.active.includes('state:lifecycle.new'));
      assert.ok(seen[seen.length - 1]!.active.includes('state:lifecycle.ready'));
      assert.ok(seen.some((s, i) => i > 0 && s.active.join() !== seen[i - 1]!.active.join()), 'stepping changes the highlighted states');
      const states = seen.map((s) => s.subscriptions[0] ?? 'none');
      const active = states.indexOf('active');
      assert.ok(active > 0 && states.lastIndexOf('subscribing', active) >= 0, `subscribing, then active: ${states.join(' ')}`);
      assert.is(states[states.length - 1], 'idle', `gone in the end: ${states.join(' ')}`);
      assert.ok(seen[active]!.active.includes('state:subscription.active'));
      assert.ok(seen[seen.length - 1]!.active.includes('state:subscription.idle'));
      await page.locator('#prev').click();
      assert.is(Number(await page.locator('body').getAttribute('data-frame')), trace.frames.length - 2);
      await page.locator('#steps li').nth(active).click();
      assert.is(await page.locator('#subscriptions tr.subscription').first().getAttribute('data-state'), 'active');
      await page.keyboard.press('Home');
      assert.is(await page.locator('body').getAttribute('data-frame'), '0');
      assert.ok(statSync(join(shots, 'inspector-active.png')).size > 10_000, 'screenshot saved');
      assert.equal(errors, []);
      assert.equal(blocked, []);
    });
  });

  test('inspector page, spec profile: the extension actors are highlighted and the extension state is shown per step', async () => {
    const own = bundledFixtures();
    const pick = (label: string, name: string) => {
      const { fixture } = own.find((f) => f.label === label)!;
      const index = fixture.cases.findIndex((c) => c.name === name);
      return traceCase(label, fixture, fixture.cases[index]!, index);
    };
    const progress = pick('spec-2025-11-25/utilities.json', 'spec_progress_racing_cancellation_tolerated');
    const task = pick('spec-2025-11-25/tasks.json', 'spec_tasks_cancel_working_task');
    for (const [name, trace] of [['progress', progress], ['task', task]] as const) {
      const file = join(dir, `inspector-${name}.html`);
      writeFileSync(file, await inspectorHtml(trace));
      await withOfflineBrowser(async ({ context, blocked }) => {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(String(e)));
        await page.goto(pathToFileURL(file).href);
        assert.equal(trace.profile.machines, ['lifecycle', 'correlation', 'authorization', 'subscription', 'progress', 'cancellation', 'task', 'toolListing', 'promptCatalogue', 'cursors', 'requestIds', 'toolCalls'], '2025-11-25 runs no retry loop; the fixture has a policy');
        assert.is(await page.locator('#diagram svg[data-machine="inputRequired"]').count(), 0);
        assert.is(await page.locator('#diagram svg g.state').count(), statesOf(trace.profile.machines));
        const seen: { active: string[]; extensions: Record<string, string> }[] = [];
        for (let i = 0; i < trace.frames.length; i++) {
          if (i > 0) await page.keyboard.press('ArrowRight');
          seen.push({
            active: await page.locator('#diagram svg g.active').evaluateAll((ns) => ns.map((n) => n.id)),
            extensions: Object.fromEntries(await page.locator('#extensions tr.extension').evaluateAll((rs) =>
              rs.map((r) => [`${r.getAttribute('data-extension')}.${r.getAttribute('data-key')}`, r.lastElementChild?.textContent ?? '']))),
          });
        }
        assert.ok(seen.every((s) => s.active.includes('state:cancellation.tracking')), `${name}: the cancellation actors exist from the start`);
        if (name === 'progress') {
          const cancelled = seen.findIndex((s) => s.active.includes('state:progress.open.cancelled'));
          assert.ok(cancelled > 0 && seen[cancelled]!.active.includes('state:progress.open'), 'a nested state highlights its compound state too');
          assert.match(seen[cancelled]!.extensions['progress.client_to_server']!, /"token":"race"/);
          assert.match(seen[cancelled]!.extensions['cancellation.client_to_server']!, /2/);
          assert.is(seen[seen.length - 1]!.extensions['progress.client_to_server'], 'none', 'the late response ends the token');
        } else {
          assert.ok(seen.some((s) => s.active.includes('state:task.working')));
          const last = seen[seen.length - 1]!;
          assert.ok(last.active.includes('state:task.cancelled'));
          assert.match(last.extensions['tasks.held_by_server']!, /"taskId":"conv-2","state":"cancelled"/);
          await page.screenshot({ path: join(shots, 'inspector-task.png') });
        }
        assert.equal(errors, []);
        assert.equal(blocked, []);
      });
    }
  });
}

test.run();
