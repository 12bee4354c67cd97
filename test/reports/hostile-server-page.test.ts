// Why: the HTML report shows what a server sent, and a server may send markup. Here a server puts
// <script>, <img onerror>, a closing </script> and <svg onload> in every text it controls; `check
// --html` (the CLI, as a user runs it) writes the page, and a real headless Chromium opens it
// offline: nothing may run, no element may be injected, no request may leave, and the markup must
// read as text.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chromiumAvailable, withOfflineBrowser } from '../support/browser.ts';
import { tempDir } from './support.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const PEER = join(ROOT, 'test/peers/stdio/markup-everywhere.mjs');
const tmp = tempDir('hostile-server-page');
test.after(() => tmp.remove());

if (chromiumAvailable(test, 'the hostile server page test')) {
  test('a server that sends markup everywhere: the page check --html writes runs none of it and shows it as text', async () => {
    const html = join(tmp.dir, 'run.html');
    const r = spawnSync(process.execPath, [CLI, 'check', '--quiet', '--scope', 'full', '--html', html, '--stdio', '--', process.execPath, PEER], { encoding: 'utf8', cwd: tmp.dir, timeout: 60_000, env: { PATH: process.env['PATH'] ?? '' } });
    assert.is(r.status, 1, r.stdout + r.stderr);
    await withOfflineBrowser(async ({ context, blocked }) => {
      const tab = await context.newPage();
      const errors: string[] = [];
      const dialogs: string[] = [];
      tab.on('pageerror', (e) => errors.push(String(e)));
      tab.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await tab.goto(pathToFileURL(html).href);
      assert.is(await tab.locator('body').getAttribute('data-ready'), 'true');
      const count = await tab.locator('#sequence g.event').count();
      for (let i = 0; i < count; i++) await tab.locator(`#event-${i}`).click();
      const dom = await tab.evaluate(`({
        pwned: window.__pwned,
        images: document.images.length,
        svgs: document.querySelectorAll('svg[onload]').length,
        handlers: document.querySelectorAll('[onerror], [onload], [onclick], [onmouseover]').length,
      })`);
      assert.equal(dom, { pwned: undefined, images: 0, svgs: 0, handlers: 0 });
      assert.equal(dialogs, []);
      assert.equal(errors, []);
      assert.equal(blocked, [], 'no request left the page');
      const findings = (await tab.locator('#findings').textContent()) ?? '';
      assert.ok(findings.includes('<img src=x onerror='), 'the markup reads as text in the findings');
    });
  });
}

test.run();
