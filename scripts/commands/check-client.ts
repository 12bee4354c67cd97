// Why: `check-client` judges an MCP client by being its server. Over stdio the client is told, in
// MCP_SERVER_COMMAND, how to start its server: a short relay (`serve --relay SOCKET`) that joins
// the client's pipes to this process over a Unix socket in a folder only this user can open, so
// the judging happens here, whatever environment the client gives the processes it starts (the
// SDKs pass a spawned server only HOME, PATH, SHELL and TERM). A client that starts the command
// twice (a probe, then the real connection) opens two sessions, each judged. Over Streamable HTTP
// the judging server listens on 127.0.0.1 and its URL is the client's last argument.
import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { InputError } from '../../files/input-error.ts';
import { JudgingHttpEndpoint, MAX_SESSIONS } from '../../judging-server/http-endpoint.ts';
import type { JudgingSession } from '../../judging-server/judging-session.ts';
import { serveLines } from '../../judging-server/line-channel.ts';
import { killLeftovers, settlesWithin, signalGroup, spawnServer } from '../../live/process-group.ts';
import type { CleanupEvidence } from '../../live/transport.ts';
import { Redactor, secretEnvironmentValues } from '../../trace/redaction.ts';
import { TerminalRelay } from './terminal-relay.ts';
import { ruleById } from '../../validators/rules/index.ts';
import type { CommandArgs, CommandIO, CommandResult } from '../cli/command.ts';
import { whileInterruptible } from '../cli/interrupt.ts';
import { UsageError } from '../cli/usage-error.ts';
import { finishSessions, parseJudgingArgs, sessionOptions, type JudgingArgs } from './judged-sessions.ts';

/** How many times --timeout the whole client run may take before the client is ended. */
export const RUN_LIMIT_TIMEOUTS = 12;

/** How long the sessions may take to end after the client exited (ms). */
const SETTLE_MS = 2000;

/** A parsed `check-client` command line. */
export interface CheckClientCommand extends JudgingArgs {
  readonly transport: 'stdio' | 'http';
  readonly client: readonly string[];
}

/** Parses `check-client`'s arguments; throws a UsageError for bad ones. */
export function parseCheckClientArgs(args: CommandArgs): CheckClientCommand {
  const usage = (message: string): UsageError => new UsageError('check-client', message);
  const client = args.afterDashes;
  if (args.positionals.length > client.length) throw usage(`unexpected argument ${JSON.stringify(args.positionals[0])} (the client's command goes after --stdio -- or --http --)`);
  const stdio = args.flag('stdio');
  const http = args.flag('http');
  if (stdio === http) throw usage('say how the client speaks: --stdio -- CLIENT_CMD [ARGS...] or --http -- CLIENT_CMD [ARGS...]');
  if (client.length === 0) throw usage('give the client\'s command after --, e.g. --stdio -- node client.js');
  return { ...parseJudgingArgs(args), transport: stdio ? 'stdio' : 'http', client: [...client] };
}

/** The argv that starts this program's relay to `socket` (the same executable and entry point as this process). */
export function relayCommand(socket: string): string[] {
  return [process.execPath, ...process.execArgv, process.argv[1] as string, 'serve', '--relay', socket];
}

interface Listener {
  readonly sessions: JudgingSession[];
  readonly ended: Promise<unknown>[];
  connected: boolean;
  stop(): Promise<CleanupEvidence>;
  /** Removes what would outlive an interrupted run (the socket's folder). */
  abort?: () => void;
}

async function stdioListener(parsed: CheckClientCommand, env: NodeJS.ProcessEnv): Promise<Listener & { env: NodeJS.ProcessEnv }> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-client-'));
  const path = join(dir, 'judging-server.sock');
  const listener: Listener = { sessions: [], ended: [], connected: false, stop: async () => ({}) };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    listener.connected = true;
    // Each start of MCP_SERVER_COMMAND is a session; a client that starts it without end is refused past the bound.
    if (listener.sessions.length >= MAX_SESSIONS) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const { session, ended } = serveLines(socket, socket, sessionOptions(parsed));
    listener.sessions.push(session);
    listener.ended.push(ended);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  chmodSync(path, 0o600);
  listener.abort = () => rmSync(dir, { recursive: true, force: true });
  listener.stop = async () => {
    let closed = 0;
    const done = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) {
      closed += 1;
      socket.destroy();
    }
    await done;
    rmSync(dir, { recursive: true, force: true });
    return { listener_closed: true, relay_connections_closed: closed };
  };
  return Object.assign(listener, { env: { ...env, MCP_SERVER_COMMAND: JSON.stringify(relayCommand(path)) } });
}

async function httpListener(parsed: CheckClientCommand, redactor: Redactor): Promise<Listener & { url: string }> {
  const endpoint = new JudgingHttpEndpoint(sessionOptions(parsed), (id) => void redactor.addSessionId(id));
  const url = await endpoint.start();
  const state = { connected: false };
  endpoint.onRequest = () => {
    state.connected = true;
  };
  return {
    get sessions() { return endpoint.started; },
    ended: [],
    get connected() { return state.connected; },
    set connected(value: boolean) { state.connected = value; },
    stop: () => endpoint.stop(),
    url,
  };
}

/** Runs `check-client`: serves the client until it exits, then writes the traces and reports. */
export async function runCheckClient(args: CommandArgs, io: CommandIO, env: NodeJS.ProcessEnv = process.env): Promise<CommandResult> {
  const parsed = parseCheckClientArgs(args);
  const started = performance.now();
  const secrets = secretEnvironmentValues(env);
  const redactor = new Redactor(secrets);
  const base = { ...env, MCP_SCENARIO: parsed.scenarios.join(',') };
  const listener = parsed.transport === 'stdio' ? await stdioListener(parsed, base) : await httpListener(parsed, redactor);
  const clientEnv = 'env' in listener ? listener.env : base;
  const [command, ...rest] = parsed.client;
  const clientArgs = 'url' in listener ? [...rest, listener.url] : rest;
  let child: ChildProcess | undefined;
  let forced: 'none' | 'SIGTERM' | 'SIGKILL' = 'none';
  const end = (): void => {
    listener.abort?.();
    if (child !== undefined && child.exitCode === null && child.signalCode === null) signalGroup(child, 'SIGKILL');
  };
  let exit: { code: number | null; signal: NodeJS.Signals | null; limit: boolean } | undefined;
  let spawnFailure: string | undefined;
  const target = parsed.transport === 'stdio' ? { transport: 'stdio' as const, command: [...parsed.client] } : { transport: 'http' as const, url: (listener as { url?: string }).url ?? '' };
  const say = (text: string): void => io.out(redactor.ownText(text));
  let finished = false;
  /** Ends the sessions and writes their traces and the reports (`error`: why the run did not complete). */
  const finish = async (error?: string): Promise<{ exitCode: 0 | 1 | 2; failure?: unknown } | undefined> => {
    if (finished) return undefined;
    finished = true;
    const sessions = listener.sessions;
    for (const s of sessions) s.close();
    const cleanup = { ...(await listener.stop()), client_exit_code: exit?.code ?? null, client_exit_signal: exit?.signal ?? null, client_forced: forced };
    const judged = sessions.filter((s) => s.messages > 0);
    if (judged.length === 0) return undefined;
    return finishSessions('check-client', judged, parsed, { target, cleanup, redactor, totalMs: performance.now() - started, ...(error === undefined ? {} : { error }) }, io, say, secrets);
  };
  // Interrupted, the run still leaves what was recorded: each session's trace (status error) and the reports.
  const written = async (code: 130 | 143): Promise<void> => {
    await finish(`the client check was interrupted (${code === 130 ? 'SIGINT' : 'SIGTERM'}) before the client exited`);
  };
  await whileInterruptible(end, async () => {
    const spawned = spawnServer(command as string, clientArgs, clientEnv);
    child = spawned.child;
    child.stdin?.end();
    // What the client prints is shown on stderr, a line at a time, redacted whole, controls as text.
    for (const stream of [child.stdout, child.stderr]) {
      const relay = new TerminalRelay(redactor, io.err);
      stream?.on('data', (chunk: Buffer) => relay.write(chunk));
      stream?.once('end', () => relay.end());
    }
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child?.once('close', (code, signal) => resolve({ code, signal })));
    try {
      await spawned.spawned;
    } catch (error) {
      spawnFailure = (error as Error).message.replace('the server could not be started', 'the client could not be started');
      return;
    }
    const limitMs = parsed.timeoutMs * RUN_LIMIT_TIMEOUTS;
    const inTime = await settlesWithin(exited, limitMs);
    if (!inTime) {
      io.err(`mcp-statechart check-client: the client was still running after ${limitMs / 1000} s (${RUN_LIMIT_TIMEOUTS} times --timeout); it was ended\n`);
      forced = 'SIGTERM';
      signalGroup(child, 'SIGTERM');
      if (!(await settlesWithin(exited, 2000))) {
        forced = 'SIGKILL';
        signalGroup(child, 'SIGKILL');
      }
    }
    exit = { ...(await exited), limit: !inTime };
    killLeftovers(child);
    await settlesWithin(Promise.all(listener.ended), SETTLE_MS);
  }, written);
  if (spawnFailure !== undefined || !listener.sessions.some((s) => s.messages > 0)) {
    for (const s of listener.sessions) s.close();
    await listener.stop();
    const why = spawnFailure ?? (listener.connected
      ? 'the client connected to the judging server but sent no message'
      : `the client exited (${exit?.signal === null || exit === undefined ? `code ${exit?.code ?? 'unknown'}` : `signal ${exit.signal}`}) without connecting to the judging server (${parsed.transport === 'stdio' ? 'start the command in MCP_SERVER_COMMAND' : 'reach the URL given as the last argument'})`);
    return { exitCode: 2, failure: new InputError(ruleById('cli/client-unavailable').id, '', redactor.text(`could not run the client check: ${why}`)) };
  }
  const outcome = await finish();
  if (outcome === undefined) return { exitCode: 2 };
  return { exitCode: outcome.exitCode, ...(outcome.failure === undefined ? {} : { failure: outcome.failure }) };
}

/** `check-client [options] --stdio -- CLIENT_CMD [ARGS...]` or `check-client [options] --http -- CLIENT_CMD [ARGS...]`. */
export async function run(args: CommandArgs, io: CommandIO): Promise<CommandResult> {
  return runCheckClient(args, io);
}
