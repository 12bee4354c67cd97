// Why: a test that starts a server or a child process must stop it, also when it fails; one that
// forgets leaves a process or a listening socket behind that later tests (or the machine) trip
// over. The runner calls this after the last test: it lists, from /proc, the live descendants of
// this process and the TCP sockets that this process tree holds in the LISTEN state.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** Parent pid and state of a process, from /proc/PID/stat (undefined when it is gone). */
interface Stat {
  readonly state: string;
  readonly ppid: number;
  readonly name: string;
}

/** A process still running, by pid and command name. */
export interface Running {
  readonly pid: number;
  readonly name: string;
}

function statOf(pid: number): Stat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: after[0] ?? '', ppid: Number(after[1]), name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) };
  } catch {
    return undefined;
  }
}

function allPids(): number[] {
  try {
    return readdirSync('/proc').filter((p) => /^\d+$/.test(p)).map(Number);
  } catch {
    return [];
  }
}

/** Whether a process is the TypeScript loader's own compiler service (tsx runs esbuild beside the runner for its whole life). */
function isLoaderService(pid: number, name: string): boolean {
  if (name !== 'esbuild') return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').some((arg) => arg.startsWith('--service='));
  } catch {
    return false;
  }
}

/** Live (not zombie) descendants of `root`, each as `pid name` (the loader's compiler service aside). */
export function descendants(root = process.pid): Running[] {
  const stats = new Map<number, Stat>();
  for (const pid of allPids()) {
    const s = statOf(pid);
    if (s !== undefined) stats.set(pid, s);
  }
  const out: Running[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const [pid, s] of stats) {
      if (s.ppid !== parent) continue;
      queue.push(pid);
      if (s.state !== 'Z' && s.state !== 'X' && !isLoaderService(pid, s.name)) out.push({ pid, name: s.name });
    }
  }
  return out;
}

/** Socket inodes in the LISTEN state, from /proc/net/tcp and tcp6. */
function listeningInodes(): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[3] === '0A' && cols[9] !== undefined) inodes.add(cols[9]);
    }
  }
  return inodes;
}

/** Listening TCP sockets held by `root` or its descendants, each as `pid name`. */
export function listeningSockets(root = process.pid): (Running & { readonly fd: number })[] {
  const listening = listeningInodes();
  const out: (Running & { readonly fd: number })[] = [];
  for (const p of [{ pid: root, name: 'test runner' }, ...descendants(root)]) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${p.pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let link: string;
      try {
        link = readlinkSync(`/proc/${p.pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
      if (inode !== undefined && listening.has(inode)) out.push({ pid: p.pid, name: p.name, fd: Number(fd) });
    }
  }
  return out;
}

/**
 * What the tests left behind, waiting up to `graceMs` for processes that are still exiting:
 * a list of lines, empty when nothing was left (also where /proc does not exist).
 */
export async function leftovers(graceMs = 3000): Promise<string[]> {
  const until = Date.now() + graceMs;
  for (;;) {
    const processes = descendants();
    const sockets = listeningSockets();
    if ((processes.length === 0 && sockets.length === 0) || Date.now() >= until) {
      return [
        ...processes.map((p) => `process ${p.pid} (${p.name}) is still running`),
        ...sockets.map((s) => `a listening socket (fd ${s.fd} of ${s.pid}, ${s.name}) is still open`),
      ];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
