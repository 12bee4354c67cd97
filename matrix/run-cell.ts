// Why: one cell is one client against one server at one revision over one transport, with a
// recording relay between them (a relay process in the stdio pipe pair, or a loopback HTTP proxy),
// so that every message of the SDKs' own session is judged by the one Session and kept as a trace
// (mode `matrix`) like any live run's. Whether the client finished its session is part of the verdict.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { LiveRecorder } from '../live/recorder.ts';
import { buildTrace } from '../live/trace-builder.ts';
import { Redactor, secretEnvironmentValues } from '../trace/redaction.ts';
import type { Trace } from '../trace/trace-schema.ts';
import type { TraceTimings } from '../trace/trace-file.ts';
import { eraProbeMarker } from './era-probe-marker.ts';
import { ERA_AUTO, type MatrixClient, type MatrixPeers, type MatrixServer, type MatrixTransport } from './implementations.ts';
import { startPeer, type PeerExit } from './peer-process.ts';
import { startRecordingProxy } from './recording-proxy.ts';
import { ruleById } from '../validators/rules/index.ts';

/** One cell of the matrix. */
export interface Cell {
  readonly transport: MatrixTransport;
  readonly revision: string;
  readonly client: MatrixClient;
  readonly server: MatrixServer;
}

/** A cell's stable id: `stdio 2025-11-25 sdk-1 1.32.2 -> sdk-2 2.4.0`. */
export function cellId(cell: Pick<Cell, 'transport' | 'revision'> & { client: { name: string }; server: { name: string } }): string {
  return `${cell.transport} ${cell.revision} ${cell.client.name} -> ${cell.server.name}`;
}

/** Where and how long a cell runs. */
export interface CellSettings {
  readonly peers: MatrixPeers;
  /** The project root: peers run there, and it is never named in what is recorded. */
  readonly root: string;
  /** The time limit of the client's whole session, in ms. */
  readonly timeoutMs: number;
}

/** A cell that ran: its trace, timings, and how the client ended. */
export interface CellRun {
  readonly cell: Cell;
  readonly trace: Trace;
  readonly timings: TraceTimings;
  readonly client: { readonly code: number | null; readonly signal: string | null; readonly timed_out: boolean };
}

/** The time an HTTP server is given to say where it listens. */
const LISTEN_TIMEOUT_MS = 15_000;

/** An argv as recorded: the project root left out, node named as `node`. */
function shown(argv: readonly string[], root: string): string[] {
  return argv.map((arg) => (arg === process.execPath ? 'node' : arg.startsWith(root + sep) ? relative(root, arg).split(sep).join('/') : arg));
}

/** A peer's stderr as recorded: the project root and temporary folders left out. */
function scrubbed(text: string, root: string, scratch: string | undefined): string {
  let out = text.split(root).join('.');
  if (scratch !== undefined) out = out.split(scratch).join('<scratch>');
  return out;
}

/** Why the client did not finish its session, or undefined when it did. */
function clientFailure(exit: PeerExit, timeoutMs: number): string | undefined {
  if (exit.spawnError !== undefined) return `the client could not be started (${exit.spawnError})`;
  if (exit.timedOut) return `the client did not finish its session within ${timeoutMs} ms`;
  if (exit.code === 0) return undefined;
  const said = exit.stderr.split('\n').map((l) => l.trim()).filter((l) => l.startsWith('matrix client:')).pop();
  return `the client ended with ${exit.code === null ? `signal ${exit.signal}` : `exit code ${exit.code}`}${said === undefined ? '' : `: ${said.slice('matrix client:'.length).trim()}`}`;
}

/** Waits for `listening PORT` on a server's stdout. */
function listeningPort(stdout: NodeJS.ReadableStream | null, exited: Promise<PeerExit>): Promise<number | undefined> {
  return new Promise((resolve) => {
    if (stdout === null) return resolve(undefined);
    let text = '';
    const timer = setTimeout(() => resolve(undefined), LISTEN_TIMEOUT_MS);
    stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const match = /^listening (\d+)$/m.exec(text);
      if (match !== null) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      resolve(undefined);
    });
  });
}

/** Runs one cell and returns its trace; never throws for what the peers do. */
export async function runCell(cell: Cell, settings: CellSettings): Promise<CellRun> {
  const started = performance.now();
  const redactor = new Redactor(secretEnvironmentValues(process.env));
  const recorder = new LiveRecorder({ onSessionId: (id) => void redactor.addSessionId(id) });
  const serverArgv = cell.server.argv(cell.transport);
  // An era-fallback cell's client opens with the era probe; other cells' clients never probe.
  const beforeClientMessage = cell.revision === ERA_AUTO ? eraProbeMarker(recorder) : undefined;
  let exit: PeerExit;
  let error: string | undefined;
  let scratch: string | undefined;
  let url = 'http://127.0.0.1/mcp';
  const cleanup: Record<string, boolean | number | string | null> = {};
  if (cell.transport === 'stdio') {
    scratch = await mkdtemp(join(tmpdir(), 'mcp-statechart-matrix-'));
    try {
      const record = join(scratch, 'wire.jsonl');
      const relayed = [process.execPath, settings.peers.relay, record, '--', ...serverArgv];
      exit = await startPeer(cell.client.argv(cell.revision, 'stdio', relayed), { timeoutMs: settings.timeoutMs, cwd: settings.root }).exited;
      let lines: string[] = [];
      try {
        lines = (await readFile(record, 'utf8')).split('\n').filter((l) => l !== '');
      } catch {
        // the relay never started: nothing was exchanged
      }
      for (const line of lines) {
        const { direction, text } = JSON.parse(line) as { direction: 'client_to_server' | 'server_to_client'; text: string };
        if (direction === 'client_to_server') beforeClientMessage?.(text);
        recorder.message(direction, text);
      }
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  } else {
    const server = startPeer(serverArgv, { timeoutMs: settings.timeoutMs * 2, cwd: settings.root, stdout: true });
    const port = await listeningPort(server.child.stdout, server.exited);
    if (port === undefined) {
      const end = await server.stop();
      error = `the server did not say where it listens (${end.spawnError ?? (end.code === null ? `signal ${end.signal}` : `exit code ${end.code}`)})`;
      exit = { code: null, signal: null, timedOut: false, stderr: end.stderr };
    } else {
      url = `http://127.0.0.1:${port}/mcp`;
      const proxy = await startRecordingProxy(new URL(url), recorder, beforeClientMessage);
      try {
        exit = await startPeer(cell.client.argv(cell.revision, 'http', [proxy.url]), { timeoutMs: settings.timeoutMs, cwd: settings.root }).exited;
      } finally {
        await proxy.close();
        const end = await server.stop();
        cleanup['server_exit_code'] = end.code;
        cleanup['server_exit_signal'] = end.signal;
      }
    }
  }
  const failure = error ?? clientFailure(exit, settings.timeoutMs);
  if (failure !== undefined && error === undefined) recorder.finding(ruleById('matrix/client-failed'), null, '', failure);
  if (exit.stderr.trim() !== '') {
    const text = scrubbed(exit.stderr, settings.root, scratch);
    recorder.event({ kind: 'stderr', text, truncated: text.includes('bytes left out ...]') });
  }
  const { recording, omitted } = recorder.finishBounded();
  const { trace, timings } = buildTrace({
    recording,
    ...(omitted === undefined ? {} : { omitted }),
    mode: 'matrix',
    target: cell.transport === 'stdio' ? { transport: 'stdio', command: shown(serverArgv, settings.root) } : { transport: 'http', url },
    options: { transport: cell.transport, revision: cell.revision, client: cell.client.name, server: cell.server.name },
    cleanup: { client_exit_code: exit.code, client_exit_signal: exit.signal, client_timed_out: exit.timedOut, ...cleanup },
    error,
    redactor,
    totalMs: performance.now() - started,
  });
  return { cell, trace, timings, client: { code: exit.code, signal: exit.signal, timed_out: exit.timedOut } };
}
