// Why: the browser tests must run wherever `npm install` ran, with no system browser and no
// network. The headless Chromium comes from the `@sparticuz/chromium` dev dependency (a Linux
// x64 build inside the npm package, unpacked once into node_modules/.cache), so every machine
// tests against the same build; MCP_STATECHART_CHROMIUM names another executable instead. Pages
// are opened from file:// URLs and every other request is refused and recorded.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import type { Test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = resolve(import.meta.dirname, '../..');

/** The environment variable that names a Chromium executable to use instead of the npm one. */
export const CHROMIUM_ENV = 'MCP_STATECHART_CHROMIUM';

/** Chromium flags for a headless run on a machine with no network: nothing phones home. */
export const OFFLINE_ARGS: readonly string[] = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Where the browser comes from: a way to get its executable path, or why there is none. */
export type ChromiumSource =
  | { readonly found: true; readonly origin: string; readonly executable: () => string }
  | { readonly found: false; readonly reason: string };

/** Chromium builds tried, in order, where the npm build cannot run (it is Linux x64 only). */
const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'];

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The installed `@sparticuz/chromium` package folder, or undefined when it is not installed. */
function sparticuzPackage(): string | undefined {
  let entry: string;
  try {
    entry = createRequire(join(ROOT, 'package.json')).resolve('@sparticuz/chromium');
  } catch {
    return undefined;
  }
  for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'bin', 'chromium.br')) && existsSync(join(dir, 'package.json'))) return dir;
  }
  return undefined;
}

/**
 * Unpacks the npm Chromium into node_modules/.cache (once per package version) and returns its
 * path. The package unpacks into `os.tmpdir()`, so a child process does it with TMPDIR pointing
 * at a private staging folder, which is then renamed into place: concurrent runs never see a
 * half-written binary, and a stale /tmp/chromium of another version is never picked up.
 */
function unpackSparticuz(pkg: string): string {
  const { version } = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { version: string };
  const cache = join(ROOT, 'node_modules', '.cache', 'mcp-statechart');
  const target = join(cache, `chromium-${version}`);
  const executable = join(target, 'chromium');
  if (isExecutable(executable)) return executable;
  mkdirSync(cache, { recursive: true });
  const staging = mkdtempSync(join(cache, 'unpacking-'));
  try {
    const unpack = spawnSync(process.execPath, ['--input-type=module', '-e',
      "import c from '@sparticuz/chromium'; process.stdout.write(await c.executablePath());"],
    { cwd: ROOT, env: { ...process.env, TMPDIR: staging }, encoding: 'utf8', timeout: 120_000 });
    if (unpack.status !== 0 || unpack.stdout !== join(staging, 'chromium')) {
      throw new Error(`@sparticuz/chromium ${version} could not be unpacked: ${unpack.stderr || unpack.error?.message || unpack.stdout}`);
    }
    try {
      renameSync(staging, target);
    } catch (error) {
      if (!isExecutable(executable)) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return executable;
}

/**
 * Decides which Chromium the browser tests use: the executable named by MCP_STATECHART_CHROMIUM
 * when it is set, else the npm build on Linux x64, else the first system Chromium found.
 */
export function findChromium(): ChromiumSource {
  const configured = process.env[CHROMIUM_ENV];
  if (configured) {
    return isExecutable(configured)
      ? { found: true, origin: `${CHROMIUM_ENV}=${configured}`, executable: () => configured }
      : { found: false, reason: `${CHROMIUM_ENV}=${configured} is not an executable file` };
  }
  const pkg = sparticuzPackage();
  if (pkg && process.platform === 'linux' && process.arch === 'x64') {
    return { found: true, origin: '@sparticuz/chromium', executable: () => unpackSparticuz(pkg) };
  }
  const system = SYSTEM_CHROMIUMS.find(isExecutable);
  if (system) return { found: true, origin: system, executable: () => system };
  const npm = pkg ? `@sparticuz/chromium runs on Linux x64 only (this is ${process.platform} ${process.arch})` : '@sparticuz/chromium is not installed (npm install)';
  return { found: false, reason: `${npm}, and no system Chromium was found; set ${CHROMIUM_ENV} to a Chromium executable` };
}

/**
 * Registers a test that explains why the browser tests of `what` do not run, and returns false,
 * when no Chromium can be had; under CI that test fails, since CI must run them. Otherwise true.
 */
export function chromiumAvailable(test: Test, what: string): boolean {
  const source = findChromium();
  if (source.found) return true;
  const misconfigured = process.env[CHROMIUM_ENV] !== undefined && process.env[CHROMIUM_ENV] !== '';
  test(`a headless Chromium for ${what}`, () => {
    if (process.env['CI'] || misconfigured) assert.unreachable(`no Chromium for ${what}: ${source.reason}`);
    console.warn(`skipping ${what}: ${source.reason}`);
  });
  return false;
}

/** How a browser is launched: its window size, and Chromium flags beyond the offline ones (a host resolver rule, say). */
export interface BrowserOptions {
  readonly viewport?: { width: number; height: number };
  readonly args?: readonly string[];
}

/** A launched browser: its context, the requests it refused, and close (which also deletes its profile). */
export interface OfflineBrowser {
  readonly context: BrowserContext;
  readonly blocked: string[];
  readonly origin: string;
  close(): Promise<void>;
}

/**
 * Launches the chosen headless Chromium with the offline flags and a fresh profile, in a context
 * that lets file: and data: URLs through and refuses (and records in `blocked`) every other request.
 */
export async function launchOfflineBrowser(options: BrowserOptions = {}): Promise<OfflineBrowser> {
  const source = findChromium();
  if (!source.found) throw new Error(`no Chromium: ${source.reason}`);
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(join(tmpdir(), 'mcp-statechart-chromium-profile-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: source.executable(), headless: true, args: [...OFFLINE_ARGS, ...(options.args ?? [])], viewport: options.viewport ?? { width: 1600, height: 1000 },
    });
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw new Error(`Chromium (${source.origin}) did not start; set ${CHROMIUM_ENV} to another executable: ${String(error)}`);
  }
  const blocked: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith('file://') || url.startsWith('data:')) return route.continue();
    blocked.push(url);
    return route.abort();
  });
  return {
    context,
    blocked,
    origin: source.origin,
    close: async () => {
      try {
        await context.close();
      } finally {
        rmSync(profile, { recursive: true, force: true });
      }
    },
  };
}

/** Runs `fn` with a launched offline browser and closes it afterwards, also when `fn` throws. */
export async function withOfflineBrowser(fn: (browser: OfflineBrowser) => Promise<void>, options: BrowserOptions = {}): Promise<void> {
  const browser = await launchOfflineBrowser(options);
  try {
    await fn(browser);
  } finally {
    await browser.close();
  }
}
