// Why: the library is what a user installs, not what the checkout holds: the tarball `npm pack`
// makes is installed into an empty folder outside the checkout (its dependencies, and the MCP SDK
// the user's suite brings, from the registry), and the library page's examples typecheck there
// against the shipped declarations and run: an in-memory SDK client judged against a server that
// answers a broken result gets an error finding, a correct one none. Slow (a pack and an install).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkExamples } from './library-examples.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'mcp-statechart-packed-library-'));
const SDK_VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies['@modelcontextprotocol/sdk'];

function restoreManifest(): void {
  if (existsSync(join(ROOT, 'package.json.packing'))) spawnSync(process.execPath, [join(ROOT, 'scripts/pack-manifest.mjs'), 'restore']);
}
test.after(() => {
  restoreManifest();
  rmSync(work, { recursive: true, force: true });
});

/** A user's shell: no npm_* settings of an enclosing npm, no NODE_PATH, not the checkout's node_modules/.bin. */
function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^npm_/i.test(key) && key !== 'NODE_PATH') env[key] = value;
  env['PATH'] = (process.env['PATH'] ?? '').split(delimiter).filter((p) => !p.startsWith(join(ROOT, 'node_modules'))).join(delimiter);
  return env;
}

function run(command: string, args: readonly string[], cwd: string): Promise<{ status: number | null; output: string }> {
  return new Promise((done, fail) => {
    const child = spawn(command, [...args], { cwd, env: userEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += String(d)));
    child.stderr.on('data', (d: Buffer) => (output += String(d)));
    const timer = setTimeout(() => child.kill(), 300_000);
    child.on('error', fail);
    child.on('close', (status) => {
      clearTimeout(timer);
      done({ status, output });
    });
  });
}

test('from the packed tarball installed in an empty folder, the library examples typecheck against the shipped types and judge an in-memory SDK pair', async () => {
  let packed;
  try {
    packed = await run('npm', ['pack', '--json', '--pack-destination', work], ROOT);
  } finally {
    restoreManifest();
  }
  assert.is(packed.status, 0, packed.output);
  const info = JSON.parse(packed.output.slice(packed.output.indexOf('['))) as { filename: string; files: { path: string }[] }[];
  const files = info[0]!.files.map((f) => f.path);
  assert.ok(files.includes('dist/index.js') && files.includes('dist/index.d.ts'), 'the library and its types are shipped');
  const app = join(work, 'app');
  mkdirSync(app);
  for (let dir = work; dir !== dirname(dir); dir = dirname(dir)) assert.not.ok(existsSync(join(dir, 'node_modules')), `${dir}/node_modules would be visible`);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'a-users-suite', private: true, type: 'module' }));
  const installed = await run('npm', ['install', join(work, info[0]!.filename), `@modelcontextprotocol/sdk@${SDK_VERSION}`, '--no-audit', '--no-fund', '--prefer-offline'], app);
  assert.is(installed.status, 0, installed.output);
  const manifest = JSON.parse(readFileSync(join(app, 'node_modules/mcp-statechart/package.json'), 'utf8')) as { exports: Record<string, unknown> };
  assert.equal(manifest.exports['.'], { types: './dist/index.d.ts', import: './dist/index.js' });
  const r = checkExamples(join(app, 'test'));
  assert.is(r.typecheck.status, 0, r.typecheck.output);
  assert.is(r.run.status, 0, r.run.output);
  assert.match(r.run.output, /✔ a well-formed answer: no finding/);
  assert.match(r.run.output, /✔ a text block without its text: an error finding, with its rule and place/);
  assert.match(r.run.output, /pass 2\n/);
});

test.run();
