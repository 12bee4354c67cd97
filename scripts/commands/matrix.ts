// Why: `matrix` runs the official SDKs' echo clients against their echo servers, every pair at
// every revision both speak, over stdio and Streamable HTTP, judges every cell with the session and
// compares the cells; it writes each cell's trace and verdict and a summary into one folder. The
// SDKs are the checkout's dev dependencies: an installed copy says so and cannot run (exit 2).
import { projectRoot } from '../../bench/paths.ts';
import { installedPeers, MATRIX_CELL_REVISIONS, MATRIX_TRANSPORTS, type MatrixTransport } from '../../matrix/implementations.ts';
import { killAllPeers } from '../../matrix/peer-process.ts';
import { runMatrix } from '../../matrix/run-matrix.ts';
import { cellLines, summarize, summaryLine, summaryText } from '../../matrix/summary.ts';
import { prepareMatrixFolder, writeMatrix } from '../../matrix/write-matrix.ts';
import { InputError } from '../../files/input-error.ts';
import { ruleById } from '../../validators/rules/index.ts';
import type { CommandArgs, CommandIO, CommandResult } from '../cli/command.ts';
import { whileInterruptible } from '../cli/interrupt.ts';
import { UsageError } from '../cli/usage-error.ts';
import { ProgressLine } from '../cli/progress-line.ts';

/** Where the matrix writes when --output is not given. */
export const DEFAULT_MATRIX_OUTPUT = 'matrix-out';
/** Default time limit of each cell's client session, in seconds. */
export const DEFAULT_CELL_TIMEOUT_SECONDS = 60;

function usage(message: string): UsageError {
  return new UsageError('matrix', message);
}

function chosen<T extends string>(flag: string, values: readonly string[], known: readonly T[]): readonly T[] {
  for (const value of values) {
    if (!(known as readonly string[]).includes(value)) throw usage(`--${flag} is one of ${known.join(', ')}, got ${JSON.stringify(value)}`);
  }
  return values.length === 0 ? known : known.filter((k) => values.includes(k));
}

/** `matrix [--output DIR] [--transport T]... [--revision V]... [--timeout SECONDS] [--json] [--quiet]`. */
export async function run(args: CommandArgs, io: CommandIO): Promise<CommandResult> {
  const output = args.string('output') ?? DEFAULT_MATRIX_OUTPUT;
  const transports = chosen<MatrixTransport>('transport', args.strings('transport'), MATRIX_TRANSPORTS);
  const revisions = chosen('revision', args.strings('revision'), MATRIX_CELL_REVISIONS);
  const timeout = args.string('timeout');
  const seconds = timeout === undefined ? DEFAULT_CELL_TIMEOUT_SECONDS : Number(timeout);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) throw usage(`--timeout takes a number of seconds between 0 and 3600, got ${JSON.stringify(timeout)}`);
  const root = projectRoot();
  const peers = installedPeers(root);
  // The folder is made before anything runs: a folder that cannot be made stops the run at once.
  await prepareMatrixFolder(output);
  // Interrupted, the matrix ends every peer it started (each runs in its own process group).
  // On a terminal one live line (cells done of all, cells not clean, time so far and left), cleared
  // at the end; off a terminal a line a cell, as before; neither with --quiet or --json.
  const shown = !args.flag('quiet') && !args.flag('json');
  const line = new ProgressLine(io.progress, 'matrix', { unit: 'cells', counted: (n) => `${n} not clean`, enabled: shown });
  let notClean = 0;
  const result = await whileInterruptible(killAllPeers, () => runMatrix({
    peers,
    root,
    transports,
    revisions,
    timeoutMs: Math.round(seconds * 1000),
    onCell: (v, done, total) => {
      if (v.status !== 'clean') notClean += 1;
      if (line.live) line.update({ done, total, findings: notClean });
      else if (shown) io.err(`matrix: ${done}/${total} ${v.id}\n`);
    },
  })).finally(() => line.clear());
  const summary = summarize(result);
  await writeMatrix(output, result, summary);
  const text = args.flag('json')
    ? summaryText(summary).trimEnd()
    : [...(args.flag('quiet') ? [] : cellLines(summary)), summaryLine(summary)].join('\n');
  if (summary.status === 'error') {
    const ids = summary.cells.filter((c) => c.status === 'error').map((c) => `${c.id} (${c.error ?? 'unknown reason'})`);
    return { exitCode: 2, output: text, failure: new InputError(ruleById('cli/server-unavailable').id, '', `the matrix could not run every cell: ${ids.join('; ')}`) };
  }
  return { exitCode: summary.status === 'ok' ? 0 : 1, output: text };
}
