import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { WriteError } from '../../files/io-error.ts';
import { makeOutputFolder, writeOutputFile } from '../../files/output-file.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-output-secret-dir-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return assert.unreachable('expected a failure');
}

test('owner-only: a new file is created 0600, an existing one is narrowed to 0600', async () => {
  const fresh = join(dir, 'trace.json');
  await writeOutputFile(fresh, '{}', { ownerOnly: true });
  assert.is(statSync(fresh).mode & 0o777, 0o600);
  const old = join(dir, 'old-report.json');
  writeFileSync(old, 'old');
  chmodSync(old, 0o644);
  await writeOutputFile(old, 'new', { ownerOnly: true });
  assert.is(statSync(old).mode & 0o777, 0o600);
  assert.is(readFileSync(old, 'utf8'), 'new');
  const plain = join(dir, 'page.html');
  await writeOutputFile(plain, 'x');
  assert.is(statSync(plain).mode & 0o077, 0o666 & ~process.umask() & 0o077, 'without ownerOnly the umask decides');
});

test('makeFolder creates missing folders level by level', async () => {
  const deep = join(dir, 'a', 'b', 'c', 'out.txt');
  await writeOutputFile(deep, 'x', { makeFolder: true });
  assert.is(readFileSync(deep, 'utf8'), 'x');
  await makeOutputFolder(join(dir, 'a', 'b'));
});

test('a failure is a WriteError naming the argument as typed, the reason and the code, never the path', async () => {
  const missing = await failure(writeOutputFile(join(dir, 'no-such-folder', 'x.html'), 'x', { argument: 'out/x.html' }));
  assert.instance(missing, WriteError);
  assert.is((missing as WriteError).message, 'could not write "out/x.html": the folder it goes in does not exist (ENOENT)');
  const folder = await failure(writeOutputFile(dir, 'x', { argument: 'somewhere' }));
  assert.is((folder as WriteError).message, 'could not write "somewhere": it is a folder (EISDIR)');
  writeFileSync(join(dir, 'a-file'), '');
  const through = await failure(makeOutputFolder(join(dir, 'a-file', 'sub'), 'a-file/sub'));
  assert.is((through as WriteError).code, 'ENOTDIR');
  assert.not.match((through as WriteError).message, /secret-dir/);
});

test('a folder that cannot be made (under /proc) fails at once instead of spinning', async () => {
  if (!existsSync('/proc/self')) return;
  const started = performance.now();
  const error = await failure(makeOutputFolder('/proc/nope/deeper'));
  assert.instance(error, WriteError);
  assert.is((error as WriteError).message, 'could not write "/proc/nope/deeper": no folder can be made there (ENOENT)');
  assert.ok(performance.now() - started < 5000);
});

test('read-only folder: permission denied, exit 2 from the CLI, no internal error', () => {
  if (process.getuid?.() === 0) return; // root writes anywhere
  const locked = join(dir, 'locked');
  mkdirSync(locked);
  chmodSync(locked, 0o500);
  try {
    const r = spawnSync(process.execPath, [CLI, 'diagram', 'lifecycle', '--out', join(locked, 'd')], { encoding: 'utf8', cwd: ROOT, timeout: 30_000 });
    assert.is(r.status, 2);
    assert.match(r.stderr, /could not write ".*locked\/d": permission denied \(EACCES\) \[cli\/write-failed\]/);
    assert.not.match(r.stderr, /internal error/);
  } finally {
    chmodSync(locked, 0o700);
  }
});

test('the CLI: inspect --out into a missing folder, coverage --html onto a folder, diagram --out /proc/nope: exit 2, named', () => {
  const cases: [string[], RegExp][] = [
    [['inspect', 'sub_update_reread_unsubscribe', '--out', 'no/such/dir/x.html'], /^mcp-statechart: could not write "no\/such\/dir\/x\.html": the folder it goes in does not exist \(ENOENT\) \[cli\/write-failed\]\n$/],
    [['coverage', '--html', '.'], /^mcp-statechart: could not write "\.": it is a folder \(EISDIR\) \[cli\/write-failed\]\n$/],
  ];
  if (existsSync('/proc/self')) cases.push([['diagram', '--out', '/proc/nope'], /^mcp-statechart: could not write "\/proc\/nope": no folder can be made there \(ENOENT\) \[cli\/write-failed\]\n$/]);
  for (const [args, pattern] of cases) {
    const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: dir, timeout: 60_000 });
    assert.is(r.status, 2, args.join(' '));
    assert.match(r.stderr, pattern);
  }
});

test.run();
