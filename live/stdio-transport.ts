// Why: over stdio the server is a child process and its stdout is the wire: newline-delimited
// JSON-RPC, one message per line, nothing else. This transport records every line as its exact
// text, keeps a bounded excerpt of stderr, and ends the process as the specification's shutdown
// says (close stdin, wait, SIGTERM, wait, SIGKILL), recording how it ended.
import type { ChildProcess } from 'node:child_process';
import { LineSplitter } from '../transcripts/line-splitter.ts';
import type { JsonObject } from '../validators/context.ts';
import { transportRules } from '../validators/rules/transport.ts';
import type { TraceEvent } from '../trace/trace-schema.ts';
import type { Redactor } from '../trace/redaction.ts';
import { BoundedText } from './bounded-text.ts';
import { isResponse } from './http-streams.ts';
import { idKey, isRequestId, type IdKey } from '../validators/envelope.ts';
import type { RuleSpec } from '../validators/rules/rule.ts';
import { killLeftovers, killPipeHolders, stdoutIdentity, settlesWithin, signalGroup, spawnServer } from './process-group.ts';
import type { CleanupEvidence, ClientTransport, Recorder } from './transport.ts';
import { ruleById } from '../validators/rules/index.ts';

/** The longest line read from a server's stdout, in bytes (the strict reader's message limit). */
export const MAX_STDOUT_LINE_BYTES = 2_000_000;

/** The most server messages read in a row without a response to a request of the client's among them (a flood) before reading stops. */
export const MAX_MESSAGES_WITHOUT_RESPONSE = 10_000;

/** The most bytes of such messages read in a row before reading stops (a flood of large messages). */
export const MAX_BYTES_WITHOUT_RESPONSE = 1024 * 1024 * 1024;

/** How long the server may keep running after closing its stdout before the connection counts as ended (ms). */
const STDOUT_CLOSED_GRACE_MS = 250;

/** How to start and stop the server. */
export interface StdioOptions {
  /** The executable; never run through a shell. */
  readonly command: string;
  readonly args: readonly string[];
  /** The child's environment (default: this process's, which the server inherits). */
  readonly env?: NodeJS.ProcessEnv;
  /** How long to wait after closing stdin, and again after SIGTERM, before the next step (ms, default 2000). */
  readonly graceMs?: number;
  /** The most stderr bytes kept (head and tail; default 8192). */
  readonly maxStderrBytes?: number;
  /**
   * The run's redactor: the stderr excerpt is cut from text it has redacted (with every secret of
   * the messages so far), so no part of a secret survives the cut.
   */
  readonly redactor?: Redactor;
  /** The most server messages read in a row without a response (default MAX_MESSAGES_WITHOUT_RESPONSE). */
  readonly maxMessagesWithoutResponse?: number;
  /** The most bytes of them (default MAX_BYTES_WITHOUT_RESPONSE). */
  readonly maxBytesWithoutResponse?: number;
}

export { SpawnError } from './process-group.ts';

type Forced = 'none' | 'SIGTERM' | 'SIGKILL';
type ProcessExit = Extract<TraceEvent, { kind: 'process_exit' }>;

/** Thrown out of the line splitter to stop reading the server's output (a line too long, a flood). */
class StopReading extends Error {}

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lossy = new TextDecoder('utf-8', { ignoreBOM: true });

/** A server spoken to over its stdin and stdout. */
export class StdioTransport implements ClientTransport {
  readonly kind = 'stdio' as const;
  readonly #recorder: Recorder;
  readonly #options: StdioOptions;
  readonly #graceMs: number;
  readonly #stderr: BoundedText;
  #child: ChildProcess | undefined;
  #forced: Forced = 'none';
  #closing = false;
  #exit: ProcessExit | undefined;
  /** Settles when the process has exited (its streams may stay open: a descendant may hold them). */
  #exited: Promise<void> = Promise.resolve();
  /** Settles when the process has exited and its streams have closed (the exit is recorded then). */
  #closed: Promise<void> = Promise.resolve();
  /** How the process ended, as its exit said: the code, the signal, and whether the checker had to signal it first. */
  #exitInfo: { code: number | null; signal: NodeJS.Signals | null; forced: Forced } | undefined;
  /** The server's stdout pipe, to find descendants outside its group that keep it open. */
  #stdoutPipe: string | undefined;
  #onMessage: (message: JsonObject, event: number) => void = () => {};
  #onEnd: ((event: number | null, byClient?: boolean) => void) | undefined;
  #lastByte = -1;
  #writeFailed = false;
  #stopped = false;
  /** Messages and bytes the server sent since it last answered a request of the client's (what the client did not ask for). */
  #sinceResponse = 0;
  #bytesSinceResponse = 0;
  /** Ids of the client's requests not yet answered: only an answer to one of them is progress. */
  readonly #awaited = new Set<IdKey>();

  constructor(recorder: Recorder, options: StdioOptions) {
    this.#recorder = recorder;
    this.#options = options;
    this.#graceMs = options.graceMs ?? 2000;
    this.#stderr = new BoundedText(options.maxStderrBytes ?? 8192);
  }

  /** The child's process id while it runs (for a last-resort kill when the checker itself is interrupted). */
  get pid(): number | undefined {
    return this.#exitInfo === undefined ? this.#child?.pid : undefined;
  }

  async start(onServerMessage: (message: JsonObject, event: number) => void, onEnd?: (event: number | null, byClient?: boolean) => void): Promise<void> {
    this.#onMessage = onServerMessage;
    this.#onEnd = onEnd;
    // Its own process group, so that a wrapper (npx, a shell script) and what it starts end together.
    const { child, spawned } = spawnServer(this.#options.command, this.#options.args, this.#options.env ?? process.env);
    this.#child = child;
    await spawned;
    this.#stdoutPipe = stdoutIdentity(child);
    const splitter = new LineSplitter(MAX_STDOUT_LINE_BYTES, (bytes) => this.#line(bytes), () => {
      this.#stopReading('line-too-long', ruleById('transport/line-over-limit'), `a line of the server's output passed ${MAX_STDOUT_LINE_BYTES} bytes; the checker stopped reading`, `a line of the server's output is longer than the checker's ${MAX_STDOUT_LINE_BYTES}-byte message limit: the checker stopped reading the server's output here, so nothing after it (answers included) was judged`);
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      if (this.#stopped) return;
      if (chunk.length > 0) this.#lastByte = chunk[chunk.length - 1] as number;
      try {
        splitter.push(chunk);
      } catch (error) {
        if (!(error instanceof StopReading)) throw error;
      }
    });
    // What the server wrote is judged to its last byte, whether its output ended or had to be cut
    // off (a process whose descendants keep the pipe open after it exited).
    let outputDone = false;
    const finishOutput = (): void => {
      if (outputDone || this.#stopped) return;
      outputDone = true;
      // A line cut short because the checker ended the process is the checker's doing: neither judged nor blamed.
      if (this.#forced !== 'none') return;
      const unterminated = this.#lastByte !== -1 && this.#lastByte !== 0x0a;
      try {
        splitter.end();
      } catch (error) {
        if (!(error instanceof StopReading)) throw error;
      }
      if (unterminated) {
        const at = this.#recorder.event({ kind: 'transport_error', code: 'stdio-unterminated-message', detail: 'the server\'s output ended without a newline after its last line' });
        this.#recorder.finding(ruleById('transport/stdio-unterminated-message'), at, '', 'the server\'s output ended in the middle of a line; a message must end with a newline');
      }
    };
    child.stdout!.on('end', () => {
      if (this.#stopped) return;
      this.#watchStdoutClosed(child);
      finishOutput();
    });
    child.stderr!.on('data', (chunk: Buffer) => this.#stderr.push(chunk));
    child.stdin!.on('error', () => {
      // Writing to a server that has exited: the exit is recorded; the failed write is noted once.
      if (this.#writeFailed) return;
      this.#writeFailed = true;
      if (!this.#closing) this.#recorder.event({ kind: 'transport_error', code: 'stdin-closed', detail: 'the server\'s standard input was closed while the client was writing' });
    });
    this.#closed = new Promise<void>((resolve) => {
      child.once('close', (code, signal) => {
        this.#ended(code, signal);
        resolve();
      });
    });
    this.#exited = new Promise<void>((resolve) => {
      child.once('exit', (code, signal) => {
        this.#exitInfo = { code, signal, forced: this.#forced };
        resolve();
      });
    });
    // A process whose descendants keep its output open: stop waiting for the streams once it has exited.
    child.once('exit', () => {
      setTimeout(() => {
        finishOutput();
        child.stdout?.destroy();
        child.stderr?.destroy();
      }, this.#graceMs).unref();
    });
  }

  async send(message: JsonObject): Promise<void> {
    const text = JSON.stringify(message);
    this.#options.redactor?.learn(message);
    if (typeof message['method'] === 'string' && isRequestId(message['id'])) this.#awaited.add(idKey(message['id']));
    this.#recorder.message('client_to_server', text);
    const stdin = this.#child?.stdin;
    if (stdin === undefined || stdin === null || stdin.destroyed || stdin.writableEnded) return;
    await new Promise<void>((resolve) => {
      stdin.write(text + '\n', () => resolve());
    });
  }

  async close(): Promise<CleanupEvidence> {
    const child = this.#child;
    if (child === undefined) return { process_started: false };
    this.#closing = true;
    if (this.#exitInfo === undefined) {
      child.stdin?.end();
      if (!(await this.#waitExit(this.#graceMs))) {
        this.#signal('SIGTERM');
        if (!(await this.#waitExit(this.#graceMs))) {
          this.#signal('SIGKILL');
          await this.#waitExit(this.#graceMs);
        }
      }
    }
    // The exit is recorded once the streams have closed (at most a grace after the exit, when a descendant holds them).
    await settlesWithin(this.#closed, this.#graceMs + 1000);
    const strays = this.#killStrays();
    // A descendant that left the group (a detached grandchild) and still holds the server's output: ended and reported.
    const detached = killPipeHolders(this.#stdoutPipe);
    const exit = this.#exit as ProcessExit | undefined;
    return {
      process_exited: exit !== undefined,
      process_exit_code: exit?.code ?? null,
      process_exit_signal: exit?.signal ?? null,
      process_forced: exit?.forced ?? this.#forced,
      stray_processes_killed: strays,
      ...(detached === 0 ? {} : { detached_processes_killed: detached }),
    };
  }

  /** Kills the process group at once (the checker itself is being interrupted). */
  abort(): void {
    if (this.#child?.pid !== undefined && this.#exit === undefined) this.#signal('SIGKILL');
    this.#killStrays();
    killPipeHolders(this.#stdoutPipe);
  }

  #line(bytes: Uint8Array): void {
    if (this.#stopped) throw new StopReading();
    let text: string;
    try {
      text = decoder.decode(bytes);
    } catch {
      const at = this.#recorder.event({ kind: 'transport_error', code: 'not-utf8', detail: 'a line of the server\'s output is not valid UTF-8' });
      this.#recorder.finding(ruleById('transport/not-utf8'), at, '', 'a line of the server\'s output is not valid UTF-8 (shown with replacement characters)');
      text = lossy.decode(bytes);
    }
    const recorded = this.#recorder.message('server_to_client', text);
    const message = recorded.message;
    this.#options.redactor?.learn(message);
    const isObject = message !== null && typeof message === 'object' && !Array.isArray(message);
    // Only the answer to a request the client sent and still awaits is progress; a response to an id never sent (or answered already) is not.
    const id = isObject ? (message as JsonObject)['id'] : undefined;
    if (isObject && isResponse(message as JsonObject) && isRequestId(id) && this.#awaited.delete(idKey(id))) {
      this.#sinceResponse = 0;
      this.#bytesSinceResponse = 0;
    } else {
      this.#sinceResponse += 1;
      this.#bytesSinceResponse += bytes.length;
    }
    if (isObject) this.#onMessage(message as JsonObject, recorded.index);
    const limit = this.#options.maxMessagesWithoutResponse ?? MAX_MESSAGES_WITHOUT_RESPONSE;
    const byteLimit = this.#options.maxBytesWithoutResponse ?? MAX_BYTES_WITHOUT_RESPONSE;
    if (this.#sinceResponse >= limit && !this.#stopped) {
      const count = limit.toLocaleString('en-US');
      this.#stopReading('message-flood', ruleById('transport/message-flood'), `the server sent ${count} messages in a row without a response; the checker stopped reading`, `the server sent ${count} messages in a row without a response among them: the checker stopped reading its output here, so nothing after it (answers included) was judged`);
    }
    if (this.#bytesSinceResponse >= byteLimit && !this.#stopped) {
      const size = byteLimit.toLocaleString('en-US');
      this.#stopReading('message-flood', ruleById('transport/message-flood'), `the server sent ${size} bytes of messages in a row without a response; the checker stopped reading`, `the server sent ${this.#sinceResponse.toLocaleString('en-US')} messages (${size} bytes) in a row without a response among them: the checker stopped reading its output here, so nothing after it (answers included) was judged`);
    }
  }

  /** Stops reading the server's output for good (its pipe is closed), records why, and ends the connection. */
  #stopReading(code: string, rule: RuleSpec, detail: string, message: string): never {
    this.#stopped = true;
    const at = this.#recorder.event({ kind: 'transport_error', code, detail });
    this.#recorder.finding(rule, at, '', message);
    this.#child?.stdout?.removeAllListeners('data');
    this.#child?.stdout?.destroy();
    this.#onEnd?.(at, true);
    throw new StopReading();
  }

  /**
   * A server that closes its stdout but keeps running can never answer: once it has not exited
   * shortly after, the connection counts as ended (a server that is simply exiting is recorded
   * by its exit instead).
   */
  #watchStdoutClosed(child: ChildProcess): void {
    if (this.#closing) return;
    const timer = setTimeout(() => {
      if (this.#exit !== undefined || this.#closing || this.#stopped) return;
      const at = this.#recorder.event({ kind: 'transport_error', code: 'stdout-closed', detail: 'the server closed its standard output but kept running' });
      this.#onEnd?.(at);
    }, Math.min(STDOUT_CLOSED_GRACE_MS, this.#graceMs));
    timer.unref();
    child.once('exit', () => clearTimeout(timer));
  }

  #ended(code: number | null, signal: NodeJS.Signals | null): void {
    const recorder = this.#recorder;
    const excerpt = this.#stderr.text(recorder.cut === undefined ? undefined : (text, max, keep) => recorder.cut!(text, max, keep));
    if (excerpt.text.length > 0) this.#recorder.event({ kind: 'stderr', text: excerpt.text, truncated: excerpt.truncated });
    const info = this.#exitInfo ?? { code, signal, forced: this.#forced };
    this.#exit = { kind: 'process_exit', code: info.code, signal: info.signal, forced: info.forced };
    const at = this.#recorder.event(this.#exit);
    if (!this.#closing) this.#onEnd?.(at);
  }

  #waitExit(ms: number): Promise<boolean> {
    return settlesWithin(this.#exited, ms);
  }

  #signal(signal: 'SIGTERM' | 'SIGKILL'): void {
    // Only a signal to a process still running forces its end; the group may still hold descendants.
    if (this.#exitInfo === undefined) this.#forced = signal;
    signalGroup(this.#child, signal);
  }

  /** Ends whatever the server left running in its process group; returns whether anything was left. */
  #killStrays(): boolean {
    return killLeftovers(this.#child);
  }
}
