// Why: `tap --inspect` promises the statechart of a real session, moving. A headless Chromium
// (test/support/browser.ts, offline; only the tap's loopback inspector is let through) opens the
// page while a session runs through the tap, and must see each message arrive, the lifecycle move
// through its states in the table and the diagram, and a finding appear with its rule.
import { resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chromiumAvailable, withOfflineBrowser } from '../support/browser.ts';
import { startTap, type RunningTap } from './tap-support.ts';

const CORRECT = resolve(import.meta.dirname, '../peers/stdio/correct.mjs');

/** Writes one line to the tap and waits until the client side has received `lines` lines in all. */
async function exchange(tap: RunningTap, line: string, lines: number): Promise<void> {
  tap.child.stdin!.write(line + '\n');
  const until = Date.now() + 10_000;
  while (Buffer.concat(tap.stdout).toString('utf8').split('\n').length - 1 < lines && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
}

if (chromiumAvailable(test, 'the live inspector test')) {
  test('tap --inspect: the page follows the session as it runs: messages arrive, the lifecycle moves, a finding shows', async () => {
    const tap = startTap(['--inspect', '--', process.execPath, CORRECT]);
    try {
      const m = await tap.stderrMatching(/inspector at (http:\/\/127\.0\.0\.1:\d+\/)/);
      const url = m[1] as string;
      await withOfflineBrowser(async ({ context, blocked }) => {
        await context.route(`${url}**`, (route) => route.continue());
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(String(e)));
        await page.goto(url);
        await page.waitForSelector('body[data-stream="open"]', { state: 'attached', timeout: 10_000 });
        const lifecycle = () => page.locator('#actors tr[data-machine="lifecycle"]').getAttribute('data-state');
        const seq = async () => Number(await page.locator('body').getAttribute('data-seq') ?? '0');
        const waitSeq = (n: number) => page.waitForFunction(`Number(document.body.getAttribute('data-seq') || 0) >= ${n}`, undefined, { timeout: 10_000 });

        await exchange(tap, '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}', 1);
        await waitSeq(2);
        assert.is(await lifecycle(), 'waiting_for_initialized_notification');
        const activeBefore = await page.locator('svg .active').evaluateAll((nodes) => nodes.map((n) => n.id).sort());
        assert.ok(activeBefore.length > 0, 'the diagram highlights the states the actors are in');

        await exchange(tap, '{"jsonrpc":"2.0","method":"notifications/initialized"}', 1);
        await waitSeq(3);
        assert.is(await lifecycle(), 'ready');
        const activeAfter = await page.locator('svg .active').evaluateAll((nodes) => nodes.map((n) => n.id).sort());
        assert.not.equal(activeAfter, activeBefore, 'the highlighted states moved');
        assert.ok((await page.locator('svg .taken-now').count()) > 0, 'the transition just taken is highlighted');

        await exchange(tap, '{"jsonrpc":"2.0","id":2,"method":"tools/list"}', 2);
        await waitSeq(5);
        // A second initialize is a lifecycle error the session reports.
        await exchange(tap, '{"jsonrpc":"2.0","id":3,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}', 3);
        await waitSeq(6);
        const rejected = page.locator('#steps li', { hasText: '(rejected)' }).first();
        await rejected.waitFor({ timeout: 10_000 });
        await rejected.click();
        const rule = await page.locator('#findings li.finding.error').first().getAttribute('data-rule');
        assert.ok(rule !== null && rule.startsWith('lifecycle/'), String(rule));
        assert.match(await page.locator('#verdict').textContent() ?? '', /live: \d+ messages, [1-9]\d* errors/);
        assert.ok((await seq()) >= 6);
        assert.is(await page.locator('#steps li').count(), (await seq()) + 1, 'a step per message, after the start');
        assert.equal(errors, []);
        assert.equal(blocked, [], 'the page asked for nothing beyond the tap');
      });
      tap.child.stdin!.end();
      assert.equal(await tap.ended, { code: 0, signal: null }, tap.stderr);
    } finally {
      tap.kill();
    }
  });
}

test.run();
