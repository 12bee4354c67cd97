// Why: most people who would work on the project are not on Linux x64. A package published for
// one platform that the project needs (not optionally) makes `npm install` stop there with
// EBADPLATFORM. These tests read the lock file for such packages, and run npm's own resolver as
// if the machine were macOS, Windows or Linux arm64: the install must resolve everywhere, skipping
// only optional packages.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lockPackages, platformBoundRequired, skippedBecause, type LockEntry, type LockPackages } from '../support/platform-packages.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const IDEAL_TREE = join(ROOT, 'test/support/npm-ideal-tree.cjs');
const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-install-platforms-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

/** The package that stood in the way before: a Linux x64 binary of a real server. */
const BOUND = 'mcp-cron-linux-amd64';
/** Every Linux x64 binary of a real server the published-servers test runs: skipped elsewhere, installed on Linux x64. */
const LINUX_X64_SERVERS = [BOUND, '@temporal-cortex/cortex-mcp-linux-x64', 'kubernetes-mcp-server-linux-amd64'];

type Lock = { packages: Record<string, LockEntry & Record<string, unknown>> } & Record<string, unknown>;
type Manifest = { devDependencies: Record<string, string>; optionalDependencies: Record<string, string> } & Record<string, unknown>;

/** The project's package.json and lock file as they would be with BOUND a plain dev dependency. */
function withBoundAsDevDependency(): { manifest: Manifest; lock: Lock } {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as Lock;
  const version = manifest.optionalDependencies[BOUND]!;
  for (const m of [manifest, lock.packages[''] as unknown as Manifest]) {
    delete m.optionalDependencies[BOUND];
    m.devDependencies[BOUND] = version;
  }
  const { optional: _optional, ...entry } = lock.packages[`node_modules/${BOUND}`]!;
  lock.packages[`node_modules/${BOUND}`] = { ...entry, dev: true };
  return { manifest, lock };
}

test('the lock file holds no platform-restricted package outside optional dependencies', () => {
  assert.equal(platformBoundRequired(lockPackages()), []);
});

test('a platform-restricted package reached as a plain dev dependency is named', () => {
  const { lock } = withBoundAsDevDependency();
  assert.equal(platformBoundRequired(lock.packages as LockPackages), [BOUND]);
  assert.equal(platformBoundRequired({ '': {}, 'node_modules/a/node_modules/b': { os: ['darwin'], devOptional: true } }), ['b']);
  assert.equal(platformBoundRequired({ 'node_modules/c': { cpu: ['x64'], optional: true }, 'node_modules/d': { engines: { node: '>=22' } } }), []);
});

test('why npm skips an optional package: its os, cpu and Node range against the machine', () => {
  const binary: LockEntry = { os: ['linux'], cpu: ['x64'], engines: { node: '>=22.0.0' } };
  assert.is(skippedBecause(binary, { os: 'linux', cpu: 'x64', node: '22.1.0' }), undefined);
  assert.is(skippedBecause(binary, { os: 'darwin', cpu: 'arm64', node: '22.1.0' }), 'it is published for os linux and cpu x64; this is darwin arm64, Node 22.1.0');
  assert.is(skippedBecause(binary, { os: 'linux', cpu: 'x64', node: '20.20.2' }), 'it is published for Node >=22.0.0; this is linux x64, Node 20.20.2');
  assert.is(skippedBecause({ os: ['!win32'] }, { os: 'win32', cpu: 'x64', node: '20.0.0' }), 'it is published for os !win32; this is win32 x64, Node 20.0.0');
  assert.is(skippedBecause({ os: ['!win32'] }, { os: 'linux', cpu: 'x64', node: '20.0.0' }), undefined);
});

/** npm's own @npmcli/arborist (the one `npm install` runs), found beside the npm that runs the tests or beside node. */
function npmArborist(): string | undefined {
  const from = [
    process.env['npm_execpath'],
    join(dirname(dirname(process.execPath)), 'lib', 'node_modules', 'npm', 'package.json'),
    join(dirname(process.execPath), 'node_modules', 'npm', 'package.json'),
  ];
  for (const start of from) {
    if (start === undefined || start === '') continue;
    try {
      return createRequire(start).resolve('@npmcli/arborist');
    } catch {
      // Not this one.
    }
  }
  return undefined;
}

let projects = 0;
/** npm's resolution of a project (a package.json and its lock file) as if on `os`-`cpu`. */
function resolveAs(manifest: string, lock: string, os: string, cpu: string, arborist: string): { ok: boolean; code?: string; package?: string; skipped?: string[] } {
  const project = join(dir, `project-${++projects}`);
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), manifest);
  writeFileSync(join(project, 'package-lock.json'), lock);
  const run = spawnSync(process.execPath, [IDEAL_TREE, arborist, project, os, cpu], { encoding: 'utf8', timeout: 60_000 });
  assert.is(run.status, 0, run.stderr);
  return JSON.parse(run.stdout) as { ok: boolean };
}

const PLATFORMS = [['darwin', 'arm64'], ['darwin', 'x64'], ['win32', 'x64'], ['linux', 'arm64'], ['linux', 'x64']] as const;
const arborist = npmArborist();
if (arborist === undefined) {
  test('npm\'s resolver for other platforms', () => {
    console.warn('skipping the install resolution on other platforms: npm\'s own @npmcli/arborist was not found beside node or npm_execpath');
  });
} else {
  test(`npm install resolves on ${PLATFORMS.map((p) => p.join('-')).join(', ')}: the platform-bound packages are skipped, not refused`, () => {
    const manifest = readFileSync(join(ROOT, 'package.json'), 'utf8');
    const lock = readFileSync(join(ROOT, 'package-lock.json'), 'utf8');
    for (const [os, cpu] of PLATFORMS) {
      const result = resolveAs(manifest, lock, os, cpu, arborist);
      assert.ok(result.ok, `${os}-${cpu}: npm refuses ${result.package} (${result.code})`);
      for (const name of LINUX_X64_SERVERS) assert.is(result.skipped!.includes(name), !(os === 'linux' && cpu === 'x64'), `${os}-${cpu}: ${name} skipped`);
    }
  });

  test('the same resolution refuses a platform-bound plain dev dependency off its platform (EBADPLATFORM), as npm install would', () => {
    const { manifest, lock } = withBoundAsDevDependency();
    const text = [JSON.stringify(manifest, null, 2), JSON.stringify(lock, null, 2)] as const;
    assert.equal(resolveAs(...text, 'darwin', 'arm64', arborist), { ok: false, code: 'EBADPLATFORM', package: `${BOUND}@${manifest.devDependencies[BOUND]}` });
    assert.is(resolveAs(...text, 'linux', 'x64', arborist).ok, true);
  });
}

test.run();
