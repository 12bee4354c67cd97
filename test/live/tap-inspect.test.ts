// Why: `tap --inspect` promises the statechart of a real session, moving, over stdio and over
// Streamable HTTP. A headless Chromium (test/support/browser.ts, offline; only the tap's loopback
// inspector is let through) opens the page while a session runs through the tap, and must see each
// message arrive, the lifecycle move through its states in the table and the diagram, and a
// finding appear with its rule.
import { resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { McpHttpPeer } from '../peers/http-mcp-peer.ts';
import { chromiumAvailable, withOfflineBrowser } from '../support/browser.ts';
import { startTap, type RunningTap } from './tap-support.ts';

const CORRECT = resolve(import.meta.dirname, '../peers/stdio/correct.mjs');

/** Writes one line to the tap and waits until the client side has received `lines` lines in all. */
async function exchange(tap: RunningTap, line: string, lines: number): Promise<void> {
  tap.child.stdin!.write(line + '\n');
  const until = Date.now() + 10_000;
  while (Buffer.concat(tap.stdout).toString('utf8').split('\n').length - 1 < lines && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
}

/**
 * Opens the tap's inspector page (the one address let through), once its live stream is open: the
 * page, the script errors it raises, the lifecycle actor's state in its table, and a wait until it
 * has taken `n` steps.
 */
async function openLivePage(context: BrowserContext, url: string): Promise<{ page: Page; errors: string[]; lifecycle: () => Promise<string | null>; waitSeq: (n: number) => Promise<unknown> }> {
  await context.route(`${url}**`, (route) => route.continue());
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForSelector('body[data-stream="open"]', { state: 'attached', timeout: 10_000 });
  return {
    page,
    errors,
    lifecycle: () => page.locator('#actors tr[data-machine="lifecycle"]').getAttribute('data-state'),
    waitSeq: (n) => page.waitForFunction(`Number(document.body.getAttribute('data-seq') || 0) >= ${n}`, undefined, { timeout: 10_000 }),
  };
}

if (chromiumAvailable(test, 'the live inspector test')) {
  test('tap --inspect: the page follows the session as it runs: messages arrive, the lifecycle moves, a finding shows', async () => {
    const tap = startTap(['--inspect', '--', process.execPath, CORRECT]);
    try {
      const m = await tap.stderrMatching(/inspector at (http:\/\/127\.0\.0\.1:\d+\/)/);
      const url = m[1] as string;
      await withOfflineBrowser(async ({ context, blocked }) => {
        const { page, errors, lifecycle, waitSeq } = await openLivePage(context, url);
        const seq = async () => Number(await page.locator('body').getAttribute('data-seq') ?? '0');

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
        const rejected = page.locator('#steps li.rejected').first();
        await rejected.waitFor({ timeout: 10_000 });
        await rejected.click();
        const rule = await page.locator('#findings li.finding.error').first().getAttribute('data-rule');
        assert.ok(rule !== null && rule.startsWith('lifecycle/'), String(rule));
        assert.match(await page.locator('#verdict').textContent() ?? '', /live: \d+ messages, [1-9]\d* errors?/);
        assert.ok((await seq()) >= 6);
        assert.is(await page.locator('#steps li').count(), (await seq()) + 1, 'a step per message, after the start');
        // Each step named as the judge names it, with its direction; only the machines the session's profile runs are shown.
        const names = await page.locator('#steps li .name').evaluateAll((ns) => ns.map((n) => n.getAttribute('data-name')));
        assert.equal(names.slice(0, 7), ['', 'initialize', 'initialize result', 'notifications/initialized', 'tools/list', 'tools/list result', 'initialize']);
        assert.match(await page.locator('#steps li').nth(2).textContent() ?? '', /^message 2 server \u2192 client initialize result id 1/);
        const shown = await page.locator('section.machine:not([hidden])').evaluateAll((ss) => ss.map((x) => x.getAttribute('data-machine')));
        assert.equal(shown, ['lifecycle', 'correlation', 'subscription', 'progress', 'cancellation', 'task', 'toolListing', 'promptCatalogue', 'cursors', 'requestIds', 'toolCalls']);
        assert.is(await page.locator('#profile').getAttribute('data-profile'), '2025-11-25');
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

const INITIALIZE = { jsonrpc: '2.0', method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } };

if (chromiumAvailable(test, 'the live inspector test over HTTP')) {
  test('tap --listen --upstream --inspect: the page follows a Streamable HTTP session through the tap (SSE answers), and its finding', async () => {
    const peer = new McpHttpPeer('sse');
    let tap: RunningTap | undefined;
    try {
      const upstream = await peer.start();
      tap = startTap(['--listen', '127.0.0.1:0', '--upstream', upstream.href, '--inspect']);
      const endpoint = (await tap.stderrMatching(/forwarding (http:\/\/127\.0\.0\.1:\d+\/\S*) to /))[1] as string;
      const url = (await tap.stderrMatching(/inspector at (http:\/\/127\.0\.0\.1:\d+\/)/))[1] as string;
      assert.is.not(new URL(url).port, new URL(endpoint).port, 'the inspector has a port of its own');
      let session: string | undefined;
      /** POSTs one message through the tap as a Streamable HTTP client does; returns the HTTP status. */
      const post = async (message: object): Promise<number> => {
        const response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-protocol-version': '2025-11-25',
            ...(session === undefined ? {} : { 'mcp-session-id': session }),
          },
          body: JSON.stringify(message),
        });
        session ??= response.headers.get('mcp-session-id') ?? undefined;
        await response.text();
        return response.status;
      };
      await withOfflineBrowser(async ({ context, blocked }) => {
        const { page, errors, lifecycle, waitSeq } = await openLivePage(context, url);

        assert.is(await post({ ...INITIALIZE, id: 1 }), 200);
        assert.ok(session, 'the server gave a session id');
        await waitSeq(2);
        assert.is(await lifecycle(), 'waiting_for_initialized_notification');
        assert.is(await post({ jsonrpc: '2.0', method: 'notifications/initialized' }), 202);
        await waitSeq(3);
        assert.is(await lifecycle(), 'ready');
        assert.ok((await page.locator('svg .active').count()) > 0, 'the diagram highlights the states the actors are in');
        assert.is(await post({ jsonrpc: '2.0', id: 2, method: 'tools/list' }), 200);
        await waitSeq(5);
        // A second initialize in the same session is a lifecycle error the session reports.
        await post({ ...INITIALIZE, id: 3 });
        await waitSeq(6);
        const rejected = page.locator('#steps li.rejected').first();
        await rejected.waitFor({ timeout: 10_000 });
        await rejected.click();
        const rule = await page.locator('#findings li.finding.error').first().getAttribute('data-rule');
        assert.ok(rule !== null && rule.startsWith('lifecycle/'), String(rule));
        assert.match(await page.locator('#verdict').textContent() ?? '', /live: \d+ messages, [1-9]\d* errors?/);
        assert.not.match(await page.content(), session ?? '', 'the session id never reaches the page');
        assert.equal(errors, []);
        assert.equal(blocked, [], 'the page asked for nothing beyond the tap');
      });
      tap.child.kill('SIGINT');
      const ended = await tap.ended;
      assert.is(ended.signal, null, tap.stderr);
      assert.is(ended.code, 1, 'the session had an error finding');
    } finally {
      tap?.kill();
      await peer.stop();
    }
  });
}

test.run();
