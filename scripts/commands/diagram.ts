// Why: diagrams drawn by hand drift from the machines; these are generated from the machine
// definitions every time (DOT and Mermaid as text, SVG rendered offline by Graphviz in WebAssembly).
import { join } from 'node:path';
import { machineDot, sessionDot } from '../../coverage/diagram/dot.ts';
import { machineMermaid, sessionMermaid } from '../../coverage/diagram/mermaid.ts';
import { SESSION_MACHINES } from '../../coverage/diagram/session-machines.ts';
import type { CommandArgs, CommandResult } from '../cli/command.ts';
import { makeOutputFolder, writeOutputFile } from '../../files/output-file.ts';
import { UsageError } from '../cli/usage-error.ts';
import { renderSvg } from '../../coverage/diagram/render-svg.ts';

/** Diagram names: each machine, and `session` for all of them as clusters. */
export const DIAGRAM_NAMES = [...SESSION_MACHINES.map((m) => m.id), 'session'] as const;

const FORMATS = ['dot', 'mermaid', 'svg'] as const;
type Format = (typeof FORMATS)[number];
const EXTENSION: Readonly<Record<Format, string>> = { dot: 'dot', mermaid: 'mmd', svg: 'svg' };

/** One diagram in one format. */
export async function diagramText(name: string, format: Format): Promise<string> {
  const machine = SESSION_MACHINES.find((m) => m.id === name);
  if (format === 'mermaid') return machine ? machineMermaid(machine) : sessionMermaid(SESSION_MACHINES);
  const dot = machine ? machineDot(machine) : sessionDot(SESSION_MACHINES);
  if (format === 'dot') return dot;
  return renderSvg(dot);
}

/**
 * Runs `diagram [MACHINE] --format dot|mermaid|svg [--out DIR]`: without `--out` prints one
 * diagram (default: the session); with it writes `DIR/<name>.<ext>` for the named diagram or all.
 */
export async function runDiagram(positionals: readonly string[], format: string | undefined, out: string | undefined): Promise<CommandResult> {
  const fmt = (format ?? 'dot') as Format;
  if (!FORMATS.includes(fmt)) throw new UsageError('diagram', `unknown diagram format ${JSON.stringify(format)}; use dot, mermaid or svg`);
  const name = positionals[0];
  if (name !== undefined && !(DIAGRAM_NAMES as readonly string[]).includes(name)) {
    throw new UsageError('diagram', `unknown machine ${JSON.stringify(name)}; use one of ${DIAGRAM_NAMES.join(', ')}`);
  }
  if (out === undefined) return { output: (await diagramText(name ?? 'session', fmt)).replace(/\n$/, ''), exitCode: 0 };
  await makeOutputFolder(out);
  const names = name === undefined ? [...DIAGRAM_NAMES] : [name];
  for (const n of names) await writeOutputFile(join(out, `${n}.${EXTENSION[fmt]}`), await diagramText(n, fmt));
  return { output: `wrote ${names.length} ${fmt} diagram${names.length === 1 ? '' : 's'} (${names.join(', ')})`, exitCode: 0 };
}

/** `diagram [MACHINE] [--format dot|mermaid|svg] [--out DIR]`. */
export async function run(args: CommandArgs): Promise<CommandResult> {
  return runDiagram(args.positionals, args.string('format'), args.string('out'));
}
