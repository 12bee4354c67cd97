import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildReportModel } from '../../reports/report-model.ts';
import { htmlReport } from '../../reports/html-report.ts';
import { verdictLine } from '../../reports/write-reports.ts';
import type { Trace } from '../../trace/trace-schema.ts';
import { chromiumAvailable, withOfflineBrowser } from '../support/browser.ts';
import { tempDir } from './support.ts';
import { errorTrace, failingTrace, HOSTILE, hostileTrace, makeTrace } from './traces.ts';

// The HTML report in a real headless Chromium (test/support/browser.ts), opened from a file:// URL
// with every other request refused: the chart must render, findings must lead to their arrows,
// and hostile content must stay text.
const tmp = tempDir('report-browser');
test.after(() => {
  if (process.env['KEEP_BROWSER_ARTIFACTS']) console.log(`report pages kept in ${tmp.dir}`);
  else tmp.remove();
});

function page(name: string, trace: Trace): string {
  const model = buildReportModel(trace, [], []);
  const file = join(tmp.dir, `${name}.html`);
  writeFileSync(file, htmlReport(model, verdictLine(model)));
  return pathToFileURL(file).href;
}

/** Opens `url` in a new tab, collecting page errors, console messages and dialogs (dismissed). */
async function open(context: BrowserContext, url: string) {
  const tab = await context.newPage();
  const errors: string[] = [];
  const dialogs: string[] = [];
  tab.on('pageerror', (e) => errors.push(String(e)));
  tab.on('console', (m) => errors.push(`console ${m.type()}: ${m.text()}`));
  tab.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await tab.goto(url);
  return { tab, errors, dialogs };
}

if (chromiumAvailable(test, 'the HTML report tests')) {
  test('the sequence chart renders an arrow per message event and a note per other event; a finding link highlights its arrow', async () => {
    const trace = failingTrace();
    const url = page('failing', trace);
    await withOfflineBrowser(async ({ context, blocked }) => {
      const { tab, errors } = await open(context, url);
      assert.is(await tab.locator('body').getAttribute('data-ready'), 'true', 'the page script ran under its Content-Security-Policy');
      const messages = trace.events.filter((e) => e.kind === 'message');
      assert.is(await tab.locator('#sequence g.event.message').count(), messages.length);
      assert.is(await tab.locator('#sequence g.event.message line.arrow').count(), messages.length);
      assert.is(await tab.locator('#sequence g.event.note').count(), trace.events.length - messages.length);
      const arrows = await tab.locator('#sequence g.event.message').evaluateAll((gs) => gs.map((g) => {
        const line = g.querySelector('line.arrow')!;
        return { c2s: g.classList.contains('c2s'), x1: Number(line.getAttribute('x1')), x2: Number(line.getAttribute('x2')), label: g.querySelector('text.label')!.textContent };
      }));
      assert.ok(arrows.every((a) => (a.c2s ? a.x1 < a.x2 : a.x1 > a.x2)), 'client to server arrows point right, server to client left');
      for (const line of await tab.locator('#sequence line.arrow').all()) assert.ok(((await line.boundingBox())?.width ?? 0) > 300, 'each arrow is drawn across the lifelines');
      assert.equal(arrows.map((a) => a.label), ['initialize #0', 'result #0 (initialize)', 'notifications/initialized', 'tools/list #2', 'result #2 (tools/list)', 'ping #3']);
      assert.is(await tab.locator('#event-10 text.label').textContent(), 'HTTP 503 (exchange 4)');
      assert.is(await tab.locator('#event-11 text.label').textContent(), 'timeout: ping after 5000 ms');
      assert.match((await tab.locator('#event-7 text.marks').textContent())!, /tools\/duplicate-name.*tools\/name-format/);
      assert.match((await tab.locator('#event-7 > title').textContent())!, /Tool names must be unique/);
      assert.ok(await tab.locator('#event-7').evaluate((g) => g.classList.contains('has-error')));

      await tab.locator('a.finding-link[data-event="10"]').click();
      assert.equal(await tab.locator('#sequence g.event.highlight').evaluateAll((gs) => gs.map((g) => g.id)), ['event-10']);
      await tab.locator('a.finding-link[data-event="7"]').first().click();
      assert.equal(await tab.locator('#sequence g.event.highlight').evaluateAll((gs) => gs.map((g) => g.id)), ['event-7'], 'one arrow highlighted: the finding\'s');
      const box = (await tab.locator('#event-7 line.arrow').boundingBox())!;
      const viewport = tab.viewportSize()!;
      assert.ok(box.y >= 0 && box.y + box.height <= viewport.height, `the arrow is scrolled into view (y ${box.y})`);
      assert.match((await tab.locator('#detail-title').textContent())!, /^#7 result #2 \(tools\/list\)$/);
      assert.is(await tab.locator('#detail-findings li').count(), 2, 'the arrow\'s findings are listed beside it');
      assert.equal(await tab.locator('#findings li.current').evaluateAll((ls) => ls.map((l) => l.getAttribute('data-finding'))), ['0', '1']);
      assert.match((await tab.locator('#detail-json').textContent())!, /"name": "bad name!"/);
      await tab.locator('#event-3').click();
      assert.match((await tab.locator('#detail-title').textContent())!, /^#3 tools\/list #2$/);
      assert.is(await tab.locator('#detail-findings li').count(), 0);
      await tab.locator('#event-7').scrollIntoViewIfNeeded();
      await tab.screenshot({ path: join(tmp.dir, 'failing.png') });
      assert.equal(errors, []);
      assert.equal(blocked, []);
    });
  });

  test('hostile content shows as text: no script runs, no element is injected, no request is attempted', async () => {
    const trace = hostileTrace();
    const url = page('hostile', trace);
    await withOfflineBrowser(async ({ context, blocked }) => {
      const { tab, errors, dialogs } = await open(context, url);
      assert.is(await tab.locator('body').getAttribute('data-ready'), 'true');
      const count = trace.events.filter((e) => e.kind === 'message').length;
      assert.is(await tab.locator('#sequence g.event.message').count(), count);
      for (let i = 0; i < trace.events.length; i++) await tab.locator(`#event-${i}`).click();
      await tab.locator('#event-4').click();
      const detail = (await tab.locator('#detail-json').textContent())!;
      assert.ok(detail.includes(HOSTILE.script), 'the script tag in a tool description reads as text');
      assert.ok(detail.includes(HOSTILE.closeScript.replace(/"/g, '\\"')), '</script> inside the JSON data block stays data');
      assert.ok(detail.includes('bell\\u0007'), 'control characters are shown');
      assert.is(await tab.locator('#event-5').getAttribute('data-method'), HOSTILE.img, 'the attribute holds the method exactly');
      assert.match((await tab.locator('#event-5 text.label').textContent())!, /^"><img src="http:\/\/198\.51\.100\.7/);
      assert.ok((await tab.locator('#findings').textContent())!.includes(HOSTILE.script));
      const dom = await tab.evaluate(`({
        pwned: window.__pwned,
        scripts: document.scripts.length,
        images: document.images.length,
        handlers: document.querySelectorAll('[onerror], [onload], [onclick]').length,
      })`);
      assert.equal(dom, { pwned: undefined, scripts: 2, images: 0, handlers: 0 });
      assert.equal(dialogs, []);
      assert.equal(errors, []);
      assert.equal(blocked, [], 'no request left the page');
      await tab.screenshot({ path: join(tmp.dir, 'hostile.png') });
    });
  });

  test('a run that could not complete: the status and the reason are shown, the notes drawn', async () => {
    const url = page('error', errorTrace());
    await withOfflineBrowser(async ({ context, blocked }) => {
      const { tab, errors } = await open(context, url);
      assert.is(await tab.locator('#status').textContent(), 'error');
      assert.is(await tab.locator('dd[data-fact="error"]').textContent(), 'the server exited (code 1) before answering initialize');
      assert.is(await tab.locator('#sequence g.event.message').count(), 1);
      assert.equal(await tab.locator('#sequence g.event.note text.label').allTextContents(), ['stderr: Error: cannot find module at load (server.js:1)', 'process exit, code 1']);
      assert.equal(errors, []);
      assert.equal(blocked, []);
    });
  });

  test('findings: grouped by rule with errors first, filtered by severity and rule; the offending member is marked in the event', async () => {
    const base = failingTrace();
    const warnings = [4, 6, 8, 9, 11].map((event) => ({ rule: 'tools/name-format', severity: 'warning' as const, event, pointer: '', message: `warning ${event}` }));
    const trace = makeTrace(base.events, [...warnings, ...base.findings], { target: base.target });
    await withOfflineBrowser(async ({ context }) => {
      const { tab, errors } = await open(context, page('grouped', trace));
      const groups = () => tab.locator('#findings .finding-group:not([hidden])').evaluateAll((gs) => gs.map((g) => `${g.getAttribute('data-severity')} ${g.getAttribute('data-rule')}`));
      assert.equal(await groups(), ['error tools/duplicate-name', 'error envelope/id-type', 'warning tools/name-format']);
      assert.is(await tab.locator('.finding-group[data-rule="tools/name-format"] li.more summary').textContent(), '3 more', 'the first few shown, the rest folded');
      assert.is(await tab.locator('#filter-count').textContent(), '8 of 8 shown');
      await tab.locator('#finding-filter input[value="error"]').uncheck();
      assert.equal(await groups(), ['warning tools/name-format']);
      await tab.locator('#finding-filter input[value="error"]').check();
      await tab.locator('#rule-filter').selectOption('envelope/id-type');
      assert.equal(await groups(), ['error envelope/id-type']);
      assert.is(await tab.locator('#filter-count').textContent(), '1 of 8 shown');
      await tab.locator('#rule-filter').selectOption('');
      await tab.locator('a.finding-link[data-event="7"]').first().click();
      assert.equal(await tab.locator('#detail-json mark.offending').allTextContents(), ['"name": "echo"', '"name": "bad name!"'], 'the members the findings point at');
      assert.equal(await tab.locator('#detail-json mark.offending').evaluateAll((ms) => ms.map((m) => m.className)), ['offending error', 'offending warning']);
      assert.equal(errors, []);
    });
  });
}

test.run();
