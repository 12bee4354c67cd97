// Why: the end-of-suite check must see what a careless test leaves: a child process still running
// and a listening socket still open, and see them gone once they are stopped.
import { spawn } from 'node:child_process';
import net from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { descendants, leftovers, listeningSockets } from './leftovers.ts';

const hasProc = (() => {
  try {
    return descendants().length >= 0 && process.platform === 'linux';
  } catch {
    return false;
  }
})();

test('a running child and a listening socket are seen, and are gone once stopped', async () => {
  if (!hasProc) return;
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  const spawned = new Promise((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const server = net.createServer();
  try {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    await spawned;
    assert.ok(descendants().some((p: { pid: number }) => p.pid === child.pid), 'the child is listed');
    assert.ok(listeningSockets().some((s: { pid: number }) => s.pid === process.pid), 'the listener is listed');
  } finally {
    child.kill('SIGKILL');
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  await exited;
  assert.equal(await leftovers(2000), []);
});

test.run();
