import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const CACHE = join(ROOT, 'node_modules/.cache/mcp-statechart');
const FIXTURE = 'fixtures/course-profile/reference-behaviours.json';

function run(args: readonly string[], env: Record<string, string> = {}, nodeArgs: readonly string[] = []) {
  return spawnSync(process.execPath, [...nodeArgs, CLI, ...args], { encoding: 'utf8', cwd: ROOT, timeout: 60_000, env: { ...process.env, ...env } });
}

/** The cache files of one command. */
function cachesOf(command: string): string[] {
  return existsSync(CACHE) ? readdirSync(CACHE).filter((name) => name.endsWith(`-${command}.v8`)) : [];
}

test('the entry point loads no module of ours but the one bundle (no chunks to resolve and link)', () => {
  const entry = readFileSync(CLI, 'utf8');
  const imports = [...entry.matchAll(/(?:\bfrom|\bimport)\s*"([^"]+)"/g)].map((m) => m[1] as string);
  assert.ok(imports.length > 0);
  for (const specifier of imports) assert.ok(specifier.startsWith('node:'), `dist/cli.js imports ${specifier}`);
  assert.ok(existsSync(join(ROOT, 'dist/cli.cjs')));
});

test('a run writes the code cache of its command, and a run with it prints the same', () => {
  for (const name of cachesOf('cases')) rmSync(join(CACHE, name));
  const first = run(['cases', FIXTURE, '--json']);
  assert.is(first.status, 0, first.stderr);
  assert.is(first.stderr, '');
  const written = cachesOf('cases');
  assert.is(written.length, 1, 'one cache for this bundle, Node and command');
  const second = run(['cases', FIXTURE, '--json']);
  assert.is(second.stdout, first.stdout);
  assert.is(second.stderr, '');
  const without = run(['cases', FIXTURE, '--json'], { MCP_STATECHART_CODE_CACHE: '0' });
  assert.is(without.stdout, first.stdout, 'the same output without the cache');
});

test('a damaged cache is rejected by V8: the run is unchanged and writes a good one', () => {
  run(['rules', '--json']);
  const [name] = cachesOf('rules');
  assert.ok(name !== undefined, 'rules wrote its cache');
  const good = readFileSync(join(CACHE, name));
  writeFileSync(join(CACHE, name), Buffer.alloc(good.length, 7));
  const r = run(['rules', '--json']);
  assert.is(r.status, 0, r.stderr);
  assert.is(r.stderr, '');
  assert.is(JSON.parse(r.stdout).length > 100, true);
  assert.not.equal(readFileSync(join(CACHE, name)), Buffer.alloc(good.length, 7), 'rewritten');
});

test('with the cache opted out, or Node options given, nothing is written', () => {
  for (const name of cachesOf('validate')) rmSync(join(CACHE, name));
  const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-startup-'));
  try {
    const transcript = join(dir, 't.jsonl');
    writeFileSync(transcript, '{"direction":"client_to_server","message":{"jsonrpc":"2.0","id":1,"method":"ping"}}\n');
    run(['validate', transcript], { MCP_STATECHART_CODE_CACHE: '0' });
    run(['validate', transcript], {}, ['--stack-size=2000']);
    assert.equal(cachesOf('validate'), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a run under the CPU profiler uses and writes the cache, so a profile shows the start-up of every other run', () => {
  for (const name of cachesOf('rules')) rmSync(join(CACHE, name));
  const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-startup-'));
  try {
    const r = run(['rules'], {}, ['--cpu-prof', '--cpu-prof-dir', dir, '--cpu-prof-interval', '1000']);
    assert.is(r.status, 0, r.stderr);
    assert.is(cachesOf('rules').length, 1);
    assert.ok(readdirSync(dir).some((name) => name.endsWith('.cpuprofile')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('cases loads none of the packages the other commands use (viz, ws, the SDK, ajv, the Stately inspector)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-startup-'));
  try {
    const hook = join(dir, 'hook.cjs');
    writeFileSync(hook, `const M = require('node:module'); const load = M._load;
M._load = function (request, ...rest) { if (!request.startsWith('node:') && !request.startsWith('.') && !request.startsWith('/')) process.stderr.write('loaded ' + request + '\\n'); return load.call(this, request, ...rest); };\n`);
    const r = run(['cases', FIXTURE], {}, ['--require', hook]);
    assert.is(r.status, 0, r.stderr);
    assert.not.match(r.stderr, /loaded /, r.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
