import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHROMIUM_ENV, chromiumAvailable, findChromium, withOfflineBrowser } from './browser.ts';

const PACKAGE = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { devDependencies: Record<string, string> };
/** @sparticuz/chromium's major version is the Chromium major it ships. */
const NPM_CHROMIUM_MAJOR = PACKAGE.devDependencies['@sparticuz/chromium']!.split('.')[0]!;

const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-browser-support-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `fn` with MCP_STATECHART_CHROMIUM set to `value` (or unset), restoring it afterwards. */
function withChromiumEnv<T>(value: string | undefined, fn: () => T): T {
  const saved = process.env[CHROMIUM_ENV];
  if (value === undefined) delete process.env[CHROMIUM_ENV];
  else process.env[CHROMIUM_ENV] = value;
  try {
    return fn();
  } finally {
    if (saved === undefined) delete process.env[CHROMIUM_ENV];
    else process.env[CHROMIUM_ENV] = saved;
  }
}

test('MCP_STATECHART_CHROMIUM naming an executable is used as it is', () => {
  const source = withChromiumEnv(process.execPath, findChromium);
  assert.ok(source.found);
  if (source.found) {
    assert.is(source.executable(), process.execPath);
    assert.is(source.origin, `${CHROMIUM_ENV}=${process.execPath}`);
  }
});

test('MCP_STATECHART_CHROMIUM naming no executable finds no browser, and says which setting is wrong', () => {
  const missing = join(dir, 'no-such-chromium');
  const source = withChromiumEnv(missing, findChromium);
  assert.not.ok(source.found);
  if (!source.found) assert.is(source.reason, `${CHROMIUM_ENV}=${missing} is not an executable file`);
  const plain = join(dir, 'not-executable');
  writeFileSync(plain, '', { mode: 0o644 });
  assert.not.ok(withChromiumEnv(plain, findChromium).found);
});

test('without MCP_STATECHART_CHROMIUM, Linux x64 uses the Chromium that npm installed, whatever the system has', () => {
  const source = withChromiumEnv(undefined, findChromium);
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    console.warn(`the npm Chromium is Linux x64 only; this is ${process.platform} ${process.arch}`);
    return;
  }
  assert.ok(source.found, 'npm install brings @sparticuz/chromium');
  if (source.found) assert.is(source.origin, '@sparticuz/chromium');
});

if (chromiumAvailable(test, 'the offline browser launcher test')) {
  test('the launched browser loads file: pages and refuses every other request, recording it', async () => {
    const page = join(dir, 'page.html');
    writeFileSync(page, '<!doctype html><title>offline</title><img src="http://127.0.0.1:9/x.png"><p id="ok">loaded</p>'
      + '<script>fetch("https://example.com/").catch(() => { document.body.dataset.refused = "yes"; });</script>');
    await withOfflineBrowser(async ({ context, blocked, origin }) => {
      const tab = await context.newPage();
      await tab.goto(pathToFileURL(page).href);
      assert.is(await tab.locator('#ok').textContent(), 'loaded');
      await tab.locator('body[data-refused="yes"]').waitFor({ state: 'attached' });
      assert.equal([...blocked].sort(), ['http://127.0.0.1:9/x.png', 'https://example.com/']);
      const agent = String(await tab.evaluate('navigator.userAgent'));
      assert.match(agent, /Chrome\/\d+/, `a Chromium (${origin})`);
      if (origin === '@sparticuz/chromium') assert.ok(agent.includes(`Chrome/${NPM_CHROMIUM_MAJOR}.`), `the npm build, not a system one: ${agent}`);
    });
  });
}

test.run();
