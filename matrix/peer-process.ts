// Why: a matrix cell starts SDK peers as child processes and must leave nothing behind, whatever
// they do: each runs in its own process group, its stderr is kept within a bound, and it is waited
// for within a time limit, then its whole group is killed.
import { spawn, type ChildProcess } from 'node:child_process';

/** The most bytes of a peer's stderr kept (the first and the last half). */
export const MAX_STDERR_BYTES = 8 * 1024;

/** How a peer process ended. */
export interface PeerExit {
  readonly code: number | null;
  readonly signal: string | null;
  /** It did not end within the time limit (and was killed). */
  readonly timedOut: boolean;
  /** Its stderr (bounded: the first and last halves when longer). */
  readonly stderr: string;
  /** It could not be started at all (the system error code). */
  readonly spawnError?: string;
}

/** A started peer: the process, and the promise of its end. */
export interface PeerProcess {
  readonly child: ChildProcess;
  /** Resolves when the process has ended (killed at `timeoutMs`). */
  readonly exited: Promise<PeerExit>;
  /** Ends its whole process group: SIGTERM, then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<PeerExit>;
}

/** Peers still running, so that an interrupted matrix can end them all. */
const running = new Set<ChildProcess>();

/** Kills every peer still running, with its process group (synchronous: usable on exit). */
export function killAllPeers(): void {
  for (const child of running) killGroup(child, 'SIGKILL');
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  const pid = child.pid;
  if (pid === undefined) return;
  try {
    if (process.platform === 'win32') child.kill(signal);
    else process.kill(-pid, signal);
  } catch {
    // the group has already ended
  }
}

/** Starts a peer (argv, never through a shell) in its own process group; stdout is piped when `stdout` is true. */
export function startPeer(argv: readonly string[], options: { timeoutMs: number; cwd: string; stdout?: boolean }): PeerProcess {
  const [command, ...args] = argv;
  const child = spawn(command as string, args, {
    cwd: options.cwd,
    stdio: ['ignore', options.stdout ? 'pipe' : 'ignore', 'pipe'],
    detached: process.platform !== 'win32',
    shell: false,
  });
  running.add(child);
  const head: Buffer[] = [];
  let headBytes = 0;
  let tail = Buffer.alloc(0);
  let total = 0;
  const half = MAX_STDERR_BYTES / 2;
  child.stderr?.on('data', (chunk: Buffer) => {
    total += chunk.length;
    if (headBytes < half) {
      const part = chunk.subarray(0, half - headBytes);
      head.push(part);
      headBytes += part.length;
      chunk = chunk.subarray(part.length);
    }
    if (chunk.length > 0) tail = Buffer.concat([tail, chunk]).subarray(-half);
  });
  const stderr = (): string => {
    const first = Buffer.concat(head).toString('utf8');
    if (total <= MAX_STDERR_BYTES) return first + tail.toString('utf8');
    return `${first}\n[... ${total - headBytes - tail.length} bytes left out ...]\n${tail.toString('utf8')}`;
  };
  let timedOut = false;
  let spawnError: string | undefined;
  const exited = new Promise<PeerExit>((resolve) => {
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child, 'SIGKILL');
    }, options.timeoutMs);
    child.once('error', (error: NodeJS.ErrnoException) => {
      spawnError = error.code ?? error.message;
      if (child.pid === undefined) {
        clearTimeout(timer);
        running.delete(child);
        resolve({ code: null, signal: null, timedOut, stderr: stderr(), spawnError });
      }
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      // Whatever it started and left behind (a relay's server, say) ends with it.
      killGroup(child, 'SIGKILL');
      resolve({ code, signal, timedOut, stderr: stderr(), ...(spawnError === undefined ? {} : { spawnError }) });
    });
  });
  const stop = async (graceMs = 2000): Promise<PeerExit> => {
    killGroup(child, 'SIGTERM');
    const forced = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
    const end = await exited;
    clearTimeout(forced);
    return end;
  };
  return { child, exited, stop };
}
