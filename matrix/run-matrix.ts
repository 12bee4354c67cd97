// Why: the matrix answers one question for people who ship MCP peers built on the official SDKs:
// does every client work with every server, at every revision both speak, over both transports,
// and do they all say the same thing on the wire? Cells run a few at a time (each is a handful of
// processes), every cell is judged by the session, and then each is compared with the others of
// its revision and transport.
import { availableParallelism } from 'node:os';
import { compareCells, type Difference } from './compare.ts';
import { ERA_AUTO, MATRIX_CELL_REVISIONS, MATRIX_TRANSPORTS, type MatrixPeers, type MatrixTransport } from './implementations.ts';
import { normalizeTrace } from './normalize.ts';
import { cellId, runCell, type Cell, type CellRun } from './run-cell.ts';

/** What to run. */
export interface MatrixOptions {
  readonly peers: MatrixPeers;
  readonly root: string;
  readonly transports?: readonly MatrixTransport[];
  readonly revisions?: readonly string[];
  /** The time limit of each cell's client session, in ms. */
  readonly timeoutMs: number;
  /** Cells run at once (default: 2, or 1 on a single core). */
  readonly concurrency?: number;
  /** Told as each cell ends (its verdict before the comparison: never `differs`), with how many have ended of how many. */
  readonly onCell?: (verdict: CellVerdict, done: number, total: number) => void;
}

/** A cell's verdict: `clean` (no error finding, alike), `findings`, `differs`, or `error` (could not run). */
export type CellStatus = 'clean' | 'findings' | 'differs' | 'error';

/** What the summary says of one cell. */
export interface CellVerdict {
  readonly id: string;
  readonly transport: MatrixTransport;
  readonly revision: string;
  readonly client: string;
  readonly server: string;
  readonly status: CellStatus;
  /** The negotiated revision (null: none). */
  readonly protocol_version: string | null;
  readonly errors: number;
  readonly warnings: number;
  /** The rules its findings cite, sorted, each once. */
  readonly rules: readonly string[];
  readonly signature: string;
  readonly difference?: Difference;
  /** Why it could not run (status error). */
  readonly error?: string;
}

/** A finished matrix: every cell's run and verdict, in plan order. */
export interface MatrixResult {
  readonly cells: readonly { readonly run: CellRun; readonly verdict: CellVerdict; readonly events: readonly unknown[] }[];
}

/** The cells of a matrix: per transport and revision, every client that speaks it against every server that does. */
export function planCells(peers: MatrixPeers, transports: readonly MatrixTransport[] = MATRIX_TRANSPORTS, revisions: readonly string[] = MATRIX_CELL_REVISIONS): Cell[] {
  const cells: Cell[] = [];
  for (const transport of transports) {
    for (const revision of revisions) {
      for (const client of peers.clients.filter((c) => c.revisions.includes(revision))) {
        for (const server of peers.servers.filter((s) => s.revisions.includes(revision))) cells.push({ transport, revision, client, server });
      }
    }
  }
  return cells;
}

/**
 * The cells a cell is compared with: those of its transport and revision; an era-fallback cell
 * with those of its transport that ended in the same revision (a fallback to initialize is not
 * compared with a session that stayed in 2026-07-28, nor one at 2025-06-18 with one at 2025-11-25).
 */
function comparisonGroup(run: CellRun): string {
  const { transport, revision } = run.cell;
  // A stateless session negotiates no version: its profile names the revision it stayed in.
  return revision === ERA_AUTO ? `${transport} ${revision} ${run.trace.protocol_version ?? run.trace.profile}` : `${transport} ${revision}`;
}

function verdictOf(run: CellRun, difference: Difference | undefined): CellVerdict {
  const { cell, trace } = run;
  const errors = trace.findings.filter((f) => f.severity === 'error').length;
  const status: CellStatus = trace.status === 'error' ? 'error' : errors > 0 ? 'findings' : difference !== undefined ? 'differs' : 'clean';
  return {
    id: cellId(cell),
    transport: cell.transport,
    revision: cell.revision,
    client: cell.client.name,
    server: cell.server.name,
    status,
    protocol_version: trace.protocol_version,
    errors,
    warnings: trace.findings.length - errors,
    rules: [...new Set(trace.findings.map((f) => f.rule))].sort(),
    signature: trace.signature,
    ...(difference === undefined ? {} : { difference }),
    ...(trace.error === undefined ? {} : { error: trace.error }),
  };
}

/** Runs every cell (a few at a time), then compares each with the others of its group. */
export async function runMatrix(options: MatrixOptions, cells: readonly Cell[] = planCells(options.peers, options.transports, options.revisions)): Promise<MatrixResult> {
  const runs: CellRun[] = new Array(cells.length);
  let next = 0;
  let done = 0;
  const width = Math.max(1, Math.min(options.concurrency ?? Math.min(2, availableParallelism()), cells.length));
  const worker = async (): Promise<void> => {
    while (next < cells.length) {
      const index = next++;
      const run = await runCell(cells[index] as Cell, { peers: options.peers, root: options.root, timeoutMs: options.timeoutMs });
      runs[index] = run;
      options.onCell?.(verdictOf(run, undefined), ++done, cells.length);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  const events = runs.map((run) => normalizeTrace(run.trace));
  const compared = runs
    .map((run, i) => ({ id: cellId(run.cell), group: comparisonGroup(run), events: events[i] as readonly unknown[], trace: run.trace }))
    .filter((c) => c.trace.status !== 'error');
  const differences = compareCells(compared);
  return {
    cells: runs.map((run, i) => ({ run, verdict: verdictOf(run, differences.get(cellId(run.cell))), events: events[i] as readonly unknown[] })),
  };
}
