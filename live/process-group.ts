// Why: a server started over stdio runs in its own process group, so that a wrapper (npx, a shell
// script) and everything it starts end together. Signalling that group, ending what is left of it,
// and waiting for an exit within a bound are the same for every command that starts a server.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readlinkSync } from 'node:fs';

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

/**
 * The identity of the server's end of its stdout (`pipe:[inode]`, or `socket:[inode]` for the
 * socket pair Node uses) as its descendants inherit it, read from /proc; undefined where /proc is
 * absent or the process is gone.
 */
export function stdoutIdentity(child: ChildProcess): string | undefined {
  if (child.pid === undefined) return undefined;
  try {
    const link = readlinkSync(`/proc/${child.pid}/fd/1`);
    return link.startsWith('pipe:') || link.startsWith('socket:') ? link : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The processes (but this one) that hold a pipe open: a server's descendants that left its process
 * group (a detached grandchild) and keep its output open. Read from /proc; none where it is absent.
 */
export function processesHolding(pipe: string | undefined): number[] {
  if (pipe === undefined) return [];
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p) && Number(p) !== process.pid);
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`) === pipe) {
          found.push(Number(pid));
          break;
        }
      } catch {
        // Gone meanwhile.
      }
    }
  }
  return found;
}

/** Kills the processes outside the group that still hold the server's pipe; returns how many there were. */
export function killPipeHolders(pipe: string | undefined): number {
  const holders = processesHolding(pipe);
  for (const pid of holders) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }
  return holders.length;
}
