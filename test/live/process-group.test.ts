// Why: a server started over stdio runs in its own process group on POSIX, so that what it starts
// ends with it; Windows has no process groups, and the same calls must neither throw there nor
// signal a negative pid. These tests run the real calls on this machine, and again with
// process.platform reading win32 (the branch Windows takes, with Node's kill, which works here too).
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { killLeftovers, settlesWithin, signalGroup, SpawnError, spawnServer } from '../../live/process-group.ts';

const POSIX = process.platform !== 'win32';
/** A server that starts a child of its own (in its process group), says so on stdout, and then waits. */
const WITH_CHILD = "require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); process.stdout.write('ready\\n'); setInterval(() => {}, 1000);";

/** Resolves once the server has written `ready` (its child is started), however loaded the machine is. */
function ready(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += String(chunk);
      if (seen.includes('ready\n')) done();
    });
  });
}

/** The process group of `pid`, read from /proc (Linux); undefined elsewhere. */
function groupOf(pid: number): number | undefined {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[2]);
  } catch {
    return undefined;
  }
}

/** Whether the process group led by `pid` is empty within `ms` (a killed process lingers until it is reaped). */
async function groupGone(pid: number, ms = 5000): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((done) => setTimeout(done, 50))) {
    try {
      process.kill(-pid, 0);
    } catch {
      return true;
    }
  }
  return false;
}

/** Runs `body` while process.platform reads `platform`. */
async function asPlatform<T>(platform: NodeJS.Platform, body: () => Promise<T>): Promise<T> {
  const real = Object.getOwnPropertyDescriptor(process, 'platform')!;
  Object.defineProperty(process, 'platform', { ...real, value: platform });
  try {
    return await body();
  } finally {
    Object.defineProperty(process, 'platform', real);
  }
}

test('a command that does not exist: spawned rejects with a SpawnError naming the reason', async () => {
  const { spawned } = spawnServer('/nonexistent/mcp-server', [], process.env);
  try {
    await spawned;
    assert.unreachable('spawned');
  } catch (error) {
    assert.instance(error, SpawnError);
    assert.is((error as Error).message, 'the server could not be started: ENOENT');
  }
});

test('on POSIX the server leads its own group; signalling the group ends what it started too, and nothing is left', async () => {
  if (!POSIX) return;
  const { child, spawned } = spawnServer(process.execPath, ['-e', WITH_CHILD], process.env);
  await spawned;
  const exited = new Promise((done) => child.once('exit', done));
  if (groupOf(child.pid!) !== undefined) assert.is(groupOf(child.pid!), child.pid);
  await ready(child);
  signalGroup(child, 'SIGKILL');
  assert.ok(await settlesWithin(exited, 5000), 'the server ended');
  assert.ok(await groupGone(child.pid!), 'the group is gone: its child ended with it');
  assert.is(killLeftovers(child), false);
});

test('on POSIX, what a server leaves in its group when it ends alone is found and killed', async () => {
  if (!POSIX) return;
  const { child, spawned } = spawnServer(process.execPath, ['-e', WITH_CHILD], process.env);
  await spawned;
  const exited = new Promise((done) => child.once('exit', done));
  await ready(child);
  child.kill('SIGKILL');
  assert.ok(await settlesWithin(exited, 5000));
  assert.is(killLeftovers(child), true, 'its child was still in the group');
  assert.ok(await groupGone(child.pid!), 'and is gone once killed');
  assert.is(killLeftovers(child), false);
});

test('the Windows branch: no detached group, the server alone is signalled (no negative pid), and no leftovers are searched for', async () => {
  await asPlatform('win32', async () => {
    const { child, spawned } = spawnServer(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], process.env);
    await spawned;
    const exited = new Promise((done) => child.once('exit', done));
    const group = groupOf(child.pid!);
    if (group !== undefined) assert.is.not(group, child.pid, 'not the leader of a group of its own');
    signalGroup(child, 'SIGTERM');
    assert.ok(await settlesWithin(exited, 5000), 'the server ended');
    assert.is(killLeftovers(child), false);
    signalGroup(child, 'SIGKILL');
  });
});

test('signalling a server that is gone, or was never started, is no error', async () => {
  signalGroup(undefined, 'SIGTERM');
  assert.is(killLeftovers(undefined), false);
  const { child, spawned } = spawnServer(process.execPath, ['-e', ''], process.env);
  await spawned;
  await new Promise((done) => child.once('exit', done));
  signalGroup(child, 'SIGTERM');
  await asPlatform('win32', async () => signalGroup(child, 'SIGKILL'));
});

test.run();
