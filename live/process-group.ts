// Why: a server started over stdio runs in its own process group, so that a wrapper (npx, a shell
// script) and everything it starts end together. Signalling that group, ending what is left of it,
// and waiting for an exit within a bound are the same for every command that starts a server.
import { spawn, type ChildProcess } from 'node:child_process';

/** The server could not be started at all (could not run: exit 2). */
export class SpawnError extends Error {
  override readonly name = 'SpawnError';
}

/**
 * Starts a server with piped stdio, never through a shell, in its own process group. `spawned`
 * resolves once it runs and rejects with a SpawnError naming the reason when it cannot be started.
 */
export function spawnServer(command: string, args: readonly string[], env: NodeJS.ProcessEnv): { child: ChildProcess; spawned: Promise<void> } {
  const child = spawn(command, [...args], {
    shell: false,
    stdio: ['pipe', 'pipe', 'pipe'],
    env,
    detached: process.platform !== 'win32',
    windowsHide: true,
  });
  const spawned = new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (error: NodeJS.ErrnoException) => reject(new SpawnError(`the server could not be started: ${error.code ?? error.message}`)));
  });
  return { child, spawned };
}

/** Sends a signal to the child's process group (to the child alone on Windows); a group already gone is no error. */
export function signalGroup(child: ChildProcess | undefined, signal: NodeJS.Signals): void {
  const pid = child?.pid;
  if (pid === undefined) return;
  try {
    if (process.platform === 'win32') child?.kill(signal);
    else process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/** Kills whatever is left in the child's process group; returns whether anything was left. */
export function killLeftovers(child: ChildProcess | undefined): boolean {
  const pid = child?.pid;
  if (pid === undefined || process.platform === 'win32') return false;
  try {
    process.kill(-pid, 0);
  } catch {
    return false;
  }
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Gone meanwhile.
  }
  return true;
}

/** Whether `ended` settles within `ms` milliseconds. */
export async function settlesWithin(ended: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const done = await Promise.race([ended.then(() => true as const), timeout]);
  clearTimeout(timer);
  return done;
}
