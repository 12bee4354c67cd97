// Why: with --reuse-server over stdio in 2026-07-28, a search's runs share server processes: one
// per job, each serving one run at a time, so that --jobs 2 keeps two processes busy and no two
// runs ever interleave on one. The processes are ended when the search is done, and killed at
// once if the checker itself exits first (an interrupted search leaves none behind).
import type { LiveTarget } from '../live/connection.ts';
import { SharedStdioServer } from '../live/shared-stdio.ts';

/** The shared server processes of one search over stdio. */
export class SharedProcesses {
  readonly #options: ConstructorParameters<typeof SharedStdioServer>[0];
  readonly #free: SharedStdioServer[] = [];
  readonly #all: SharedStdioServer[] = [];
  readonly #onExit = (): void => this.abort();

  constructor(target: Extract<LiveTarget, { transport: 'stdio' }>, env: NodeJS.ProcessEnv, graceMs?: number) {
    const [command, ...args] = target.command;
    this.#options = { command: command as string, args, env, ...(graceMs === undefined ? {} : { graceMs }) };
    process.once('exit', this.#onExit);
  }

  /** Runs `body` on a process no other run holds (one that served earlier runs when there is one free). */
  async use<T>(body: (server: SharedStdioServer) => Promise<T>): Promise<T> {
    let server = this.#free.pop();
    if (server === undefined) {
      server = new SharedStdioServer(this.#options);
      this.#all.push(server);
    }
    try {
      return await body(server);
    } finally {
      this.#free.push(server);
    }
  }

  /** Processes started over the search (a retired one is replaced by a new one). */
  get processes(): number {
    return this.#all.reduce((n, s) => n + s.processes, 0);
  }

  /** Ends every process (the search is done). */
  async close(): Promise<void> {
    process.removeListener('exit', this.#onExit);
    await Promise.all(this.#all.map((s) => s.close()));
  }

  /** Kills every process at once. */
  abort(): void {
    for (const server of this.#all) server.abort();
  }
}
