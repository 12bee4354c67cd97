// Why: a desktop client starts an MCP server over stdio and should notice nothing when the tap is
// put in between: every byte goes through unchanged and at once, in both directions (the server's
// stderr too), while a copy of each line is judged by the one Session. The tap ends the server as
// the specification's shutdown says when the client leaves, and reports how the server ended so
// that it can exit the same way.
import type { ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import type { Direction } from '../validators/context.ts';
import { BoundedText } from './bounded-text.ts';
import { killLeftovers, settlesWithin, signalGroup, spawnServer } from './process-group.ts';
import { MAX_STDOUT_LINE_BYTES } from './stdio-transport.ts';
import { TapLineReader } from './tap-lines.ts';
import type { TapRecorder } from './tap-recorder.ts';
import type { CleanupEvidence } from './transport.ts';
import { ruleById } from '../validators/rules/index.ts';

/** Where the tap's client side is: its own stdin, stdout and stderr when a client spawned it. */
export interface ClientSide {
  readonly input: Readable;
  readonly output: Writable;
  /** Where the server's stderr is passed on. */
  readonly errors: Writable;
}

/** How to start the server and how long to wait at each step of its shutdown. */
export interface StdioTapOptions {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  /** Wait after SIGTERM before SIGKILL, and for the server's output once it has exited (ms, default 2000). */
  readonly graceMs?: number;
  /**
   * Wait for the server to exit by itself after the client's end of input closed its stdin (ms,
   * default SERVER_GRACE_MS): a client that closes its side may still read answers that are coming.
   */
  readonly serverGraceMs?: number;
}

/** How long the server may take to exit after the client's end of input, by default (ms). */
export const SERVER_GRACE_MS = 30_000;

/** How a tapped session ended. */
export interface StdioTapEnd {
  /** The server's exit code, or null when a signal ended it. */
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** Why the session ended: the server left, the client closed its side, or the tap was interrupted. */
  readonly reason: 'server-exit' | 'client-closed' | 'interrupted';
  readonly cleanup: CleanupEvidence;
}

type Forced = 'none' | 'SIGTERM' | 'SIGKILL';

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lossy = new TextDecoder('utf-8', { ignoreBOM: true });

const SIDE: Readonly<Record<Direction, string>> = { client_to_server: 'client\'s', server_to_client: 'server\'s' };

/** A stdio proxy between a client and the server it would otherwise have started itself. */
export class StdioTap {
  readonly #recorder: TapRecorder;
  readonly #client: ClientSide;
  readonly #options: StdioTapOptions;
  readonly #graceMs: number;
  readonly #serverGraceMs: number;
  readonly #stderr = new BoundedText(8192);
  #child: ChildProcess | undefined;
  #forced: Forced = 'none';
  #reason: StdioTapEnd['reason'] | undefined;
  #exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | undefined;
  #exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  #stopping: Promise<void> | undefined;

  constructor(recorder: TapRecorder, client: ClientSide, options: StdioTapOptions) {
    this.#recorder = recorder;
    this.#client = client;
    this.#options = options;
    this.#graceMs = options.graceMs ?? 2000;
    this.#serverGraceMs = options.serverGraceMs ?? SERVER_GRACE_MS;
  }

  /** Starts the server and the relay; rejects with a SpawnError when the server cannot be started. */
  async start(): Promise<void> {
    const { child, spawned } = spawnServer(this.#options.command, this.#options.args, this.#options.env);
    this.#child = child;
    await spawned;
    const stdin = child.stdin!;
    const stdout = child.stdout!;
    const stderr = child.stderr!;
    const exitSeen = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    this.#exited = new Promise((resolve) => {
      child.once('close', (code, signal) => {
        this.#exit = { code, signal };
        resolve(this.#exit);
      });
    });
    // A process whose descendants keep its output open: stop waiting for the streams once it has exited.
    void exitSeen.then(() => setTimeout(() => {
      stdout.destroy();
      stderr.destroy();
    }, this.#graceMs).unref());

    this.#relay('client_to_server', this.#client.input, stdin);
    this.#relay('server_to_client', stdout, this.#client.output);
    // Passed on with back-pressure: a host that does not read the tap's stderr holds the server's
    // stderr in the server's own pipe, never in the tap.
    const errors = this.#client.errors;
    stderr.on('data', (chunk: Buffer) => {
      this.#stderr.push(chunk);
      if (!errors.destroyed && !errors.writableEnded && !errors.write(chunk)) {
        stderr.pause();
        errors.once('drain', () => stderr.resume());
      }
    });
    stdin.on('error', () => {
      // The server closed its input or exited: what it did is recorded by its exit.
    });
    this.#client.output.on('error', () => {
      // The client stopped reading (it closed the pipe): it is gone, so the server is ended (nothing it says can arrive).
      void this.stop('client-closed', undefined, this.#graceMs);
    });
    this.#client.input.on('end', () => {
      void this.stop('client-closed', undefined, this.#serverGraceMs);
    });
  }

  /**
   * Ends the session: passes on a signal, or closes the server's stdin and waits `waitMs` for it to
   * exit; then SIGTERM, and SIGKILL after the grace time.
   */
  stop(reason: StdioTapEnd['reason'], signal?: NodeJS.Signals, waitMs = this.#graceMs): Promise<void> {
    if (this.#stopping !== undefined) return this.#stopping;
    this.#reason ??= reason;
    this.#stopping = (async () => {
      if (this.#exit !== undefined) return;
      const child = this.#child;
      if (signal !== undefined) this.#signal(signal === 'SIGKILL' ? 'SIGKILL' : 'SIGTERM', signal);
      else child?.stdin?.end();
      if (await this.#waitExit(signal === undefined ? waitMs : this.#graceMs)) return;
      if (this.#forced === 'none') {
        this.#signal('SIGTERM');
        if (await this.#waitExit(this.#graceMs)) return;
      }
      this.#signal('SIGKILL');
      await this.#waitExit(this.#graceMs);
    })();
    return this.#stopping;
  }

  /** Kills the server's process group at once (the tap itself is going away). */
  abort(): void {
    if (this.#exit === undefined) this.#signal('SIGKILL');
  }

  /** Waits until the server has ended (by itself or stopped) and its output was passed on, then records how. */
  async done(): Promise<StdioTapEnd> {
    const exit = await (this.#exited as Promise<{ code: number | null; signal: NodeJS.Signals | null }>);
    await this.#stopping;
    this.#reason ??= 'server-exit';
    const excerpt = this.#stderr.text();
    if (excerpt.text.length > 0) this.#recorder.event({ kind: 'stderr', text: excerpt.text, truncated: excerpt.truncated });
    const at = this.#recorder.event({ kind: 'process_exit', code: exit.code, signal: exit.signal, forced: this.#forced });
    const unanswered = this.#reason === 'server-exit' ? this.#recorder.unanswered('client_to_server') : [];
    if (unanswered.length > 0) {
      this.#recorder.finding(ruleById('transport/closed-with-pending-requests'), at, '', `the server ended the connection without answering ${unanswered.join(', ')}`);
    }
    const strays = killLeftovers(this.#child);
    // Whatever the client still sends has nowhere to go.
    this.#client.input.pause();
    return {
      code: exit.code,
      signal: exit.signal,
      reason: this.#reason,
      cleanup: { process_exited: true, process_exit_code: exit.code, process_exit_signal: exit.signal, process_forced: this.#forced, stray_processes_killed: strays, server_grace_ms: this.#serverGraceMs },
    };
  }

  /** Passes every chunk from one side to the other as it arrives (with backpressure) and judges a copy line by line. */
  #relay(direction: Direction, from: Readable, to: Writable): void {
    const lines = new TapLineReader(MAX_STDOUT_LINE_BYTES, {
      onLine: (bytes) => this.#line(direction, bytes),
      onOversize: () => {
        const at = this.#recorder.event({ kind: 'transport_error', code: 'line-too-long', detail: `a line of the ${SIDE[direction]} output passed ${MAX_STDOUT_LINE_BYTES} bytes; it was passed on unchanged, not judged` });
        this.#recorder.finding(ruleById('transport/line-over-limit'), at, '', `a line of the ${SIDE[direction]} output is longer than the checker's ${MAX_STDOUT_LINE_BYTES}-byte message limit (passed on unchanged, not judged)`);
      },
    });
    from.on('data', (chunk: Buffer) => {
      if (!to.destroyed && !to.writableEnded && !to.write(chunk)) {
        from.pause();
        to.once('drain', () => from.resume());
      }
      lines.push(chunk);
    });
    from.on('end', () => {
      if (lines.end()) {
        const at = this.#recorder.event({ kind: 'transport_error', code: 'stdio-unterminated-message', detail: `the ${SIDE[direction]} output ended without a newline after its last line` });
        this.#recorder.finding(ruleById('transport/stdio-unterminated-message'), at, '', `the ${SIDE[direction]} output ended in the middle of a line; a message must end with a newline`);
      }
    });
    from.on('error', () => {
      // A side that fails to read has ended; its end is handled by 'end', 'exit' or 'close'.
    });
  }

  #line(direction: Direction, bytes: Uint8Array): void {
    let text: string;
    try {
      text = strict.decode(bytes);
    } catch {
      const at = this.#recorder.event({ kind: 'transport_error', code: 'not-utf8', detail: `a line of the ${SIDE[direction]} output is not valid UTF-8` });
      this.#recorder.finding(ruleById('transport/not-utf8'), at, '', `a line of the ${SIDE[direction]} output is not valid UTF-8 (judged with replacement characters)`);
      text = lossy.decode(bytes);
    }
    this.#recorder.message(direction, text);
  }

  #waitExit(ms: number): Promise<boolean> {
    if (this.#exit !== undefined) return Promise.resolve(true);
    return settlesWithin(this.#exited as Promise<unknown>, ms);
  }

  /** Signals the server's process group; `as` is the signal actually sent (an interrupt is passed on as it came). */
  #signal(forced: 'SIGTERM' | 'SIGKILL', as: NodeJS.Signals = forced): void {
    this.#forced = forced;
    signalGroup(this.#child, as);
  }
}
