// Why: DNS rebinding is how a web page reaches a server that listens on this machine only: the
// attacker's name first resolves to the attacker's server (which serves the page), then to
// 127.0.0.1, so the page's same-origin requests reach the local port carrying the attacker's
// name in Host. Chromium's host resolver rule maps the foreign name to 127.0.0.1 (no DNS, no
// network), the page itself is served by the test, and its requests through the tap must be
// refused (403) before any byte reaches the server; so must a page on a foreign origin calling
// the tap's loopback address. The same page, addressed to the tap by its loopback name, is served.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { McpHttpPeer } from '../peers/http-mcp-peer.ts';
import { chromiumAvailable, withOfflineBrowser } from '../support/browser.ts';
import { startTap, type RunningTap } from './tap-support.ts';

const REBOUND = 'rebound.example';
const INITIALIZE = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'page', version: '1' } } });

/** The attacker's page: POSTs initialize to `target` and reports the status (or the failure) in the title. */
function attackPage(target: string): string {
  return `<!doctype html><title>waiting</title><script>
fetch(${JSON.stringify(target)}, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: ${JSON.stringify(INITIALIZE)} })
  .then(async (r) => { document.title = 'status ' + r.status + ' ' + (await r.text()).slice(0, 200); })
  .catch((e) => { document.title = 'failed ' + e; });
</script>`;
}

if (chromiumAvailable(test, 'the DNS-rebinding test')) {
  test('browser: a page on a name rebound to 127.0.0.1 gets 403 through the tap and the server sees nothing; a foreign origin calling 127.0.0.1 is refused too; a page on the tap\'s own loopback origin passes', async () => {
    const peer = new McpHttpPeer('json');
    let tap: RunningTap | undefined;
    try {
      await peer.start();
      tap = startTap(['--listen', '127.0.0.1:0', '--upstream', peer.url.href]);
      const m = await tap.stderrMatching(/forwarding (http:\/\/127\.0\.0\.1:(\d+)\/\S*) to /);
      const tapUrl = new URL(m[1] as string);
      const port = m[2] as string;
      await withOfflineBrowser(async ({ context }) => {
        // The attacker's server serves the page; afterwards the name resolves to 127.0.0.1 (the resolver rule).
        const rebound = `http://${REBOUND}:${port}`;
        await context.route(`${rebound}/`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: attackPage(`${rebound}${tapUrl.pathname}`) }));
        await context.route(`${rebound}${tapUrl.pathname}`, (route) => route.continue());
        await context.route('http://attacker.example/', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: attackPage(tapUrl.href) }));
        await context.route(`${tapUrl.origin}/**`, (route) => route.continue());

        const page = await context.newPage();
        await page.goto(`${rebound}/`);
        await page.waitForFunction('document.title !== "waiting"', undefined, { timeout: 10_000 });
        assert.match(await page.title(), /^status 403 the tap answers only requests addressed to it by a loopback name/);

        await page.goto('http://attacker.example/');
        await page.waitForFunction('document.title !== "waiting"', undefined, { timeout: 10_000 });
        // The preflight is refused, so the page never gets to send (or read) the request.
        assert.match(await page.title(), /^failed /);
        assert.is(peer.seen.length, 0, 'the server saw none of the page\'s requests');

        // The control: a page served from the tap's own loopback origin passes the tap.
        await context.route(`${tapUrl.origin}/page`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: attackPage(tapUrl.pathname) }));
        await page.goto(`${tapUrl.origin}/page`);
        await page.waitForFunction('document.title !== "waiting"', undefined, { timeout: 10_000 });
        // The tap passes it on, Origin unchanged, and the server applies its own policy (this one answers only its own origin).
        assert.not.match(await page.title(), /loopback name/);
        assert.is(peer.seen.length, 1);
        assert.is(peer.seen[0]?.headers.origin, tapUrl.origin);
      }, { args: [`--host-resolver-rules=MAP ${REBOUND} 127.0.0.1`] });
      await tap.stderrMatching(new RegExp(`refused a request \\(Host "${REBOUND.replace('.', '\\.')}:${port}"\\)`));
      await tap.stderrMatching(/refused a request \(Origin "http:\/\/attacker\.example"\)/);
    } finally {
      tap?.kill();
      await peer.stop();
    }
  });
}

test.run();
