// Why: a matrix run ends in files people and programs read: per cell its trace and verdict, and a
// summary as JSON (sorted keys, no timestamps or ports, so unchanged runs give identical files) and
// as a markdown table. Text output lists the cells that are not clean and ends with one line.
import { canonicalJson } from '../trace/canonical-json.ts';
import type { Difference } from './compare.ts';
import type { CellStatus, CellVerdict, MatrixResult } from './run-matrix.ts';

/** The summary document (`summary.json`). */
export interface MatrixSummary {
  readonly mcp_statechart_matrix: 1;
  readonly status: 'ok' | 'failed' | 'error';
  readonly transports: readonly string[];
  readonly revisions: readonly string[];
  readonly counts: Readonly<Record<CellStatus | 'cells', number>>;
  readonly cells: readonly (CellVerdict & { readonly files: { readonly trace: string; readonly verdict: string } })[];
}

/** The file name stem of a cell: `stdio_2025-11-25_sdk-1-1.32.2__sdk-2-2.4.0`. */
export function cellFileStem(verdict: Pick<CellVerdict, 'transport' | 'revision' | 'client' | 'server'>): string {
  const part = (text: string) => text.replace(/[^A-Za-z0-9.-]+/g, '-');
  return `${verdict.transport}_${verdict.revision}_${part(verdict.client)}__${part(verdict.server)}`;
}

/** The summary of a run; `status` is `error` when a cell could not run, `failed` when one is not clean. */
export function summarize(result: MatrixResult): MatrixSummary {
  const verdicts = result.cells.map((c) => c.verdict);
  const count = (s: CellStatus) => verdicts.filter((v) => v.status === s).length;
  const counts = { cells: verdicts.length, clean: count('clean'), differs: count('differs'), findings: count('findings'), error: count('error') };
  return {
    mcp_statechart_matrix: 1,
    status: counts.error > 0 ? 'error' : counts.clean === counts.cells ? 'ok' : 'failed',
    transports: [...new Set(verdicts.map((v) => v.transport))],
    revisions: [...new Set(verdicts.map((v) => v.revision))],
    counts,
    cells: verdicts.map((v) => {
      const stem = cellFileStem(v);
      return { ...v, files: { trace: `cells/${stem}.trace.json`, verdict: `cells/${stem}.verdict.json` } };
    }),
  };
}

/** The summary as its file holds it. */
export function summaryText(summary: MatrixSummary): string {
  return canonicalJson(summary, 2) + '\n';
}

/** A JSON value shortened for one table cell or line. */
function short(value: unknown, max = 60): string {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}

/** A difference in one line: where, and both values. */
export function differenceText(d: Difference): string {
  return `${d.pointer}: ${short(d.found)}, where ${d.reference} has ${short(d.expected)} [${d.rule}]`;
}

/** What a verdict says beyond its status: the rules, the difference, the reason it could not run. */
function detail(v: CellVerdict): string {
  const parts: string[] = [];
  if (v.error !== undefined) parts.push(v.error);
  if (v.rules.length > 0) parts.push(`${v.errors} error${v.errors === 1 ? '' : 's'}, ${v.warnings} warning${v.warnings === 1 ? '' : 's'}: ${v.rules.join(', ')}`);
  if (v.difference !== undefined) parts.push(`differs at ${differenceText(v.difference)}`);
  return parts.join('; ');
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** The summary as a markdown table, one row per cell. */
export function summaryMarkdown(summary: MatrixSummary): string {
  const rows = summary.cells.map((v) => `| ${v.transport} | ${v.revision} | ${v.client} | ${v.server} | ${v.status} | ${escapeCell(detail(v)) || ' '} |`);
  return [
    '| transport | revision | client | server | verdict | findings and differences |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    summaryLine(summary),
    '',
  ].join('\n');
}

/** The closing summary line. */
export function summaryLine(summary: MatrixSummary): string {
  const { counts } = summary;
  const scope = `${summary.transports.join(', ')}; ${summary.revisions.join(', ')}`;
  const cells = `${counts.cells} cell${counts.cells === 1 ? '' : 's'}`;
  if (summary.status === 'ok') return `ok: ${cells}, all clean and alike (${scope})`;
  return `${summary.status}: ${cells}, ${counts.clean} clean and alike, ${counts.differs} differ, ${counts.findings} with findings, ${counts.error} could not run (${scope})`;
}

/** Text output: one line per cell that is not clean. */
export function cellLines(summary: MatrixSummary): string[] {
  return summary.cells.filter((v) => v.status !== 'clean').map((v) => `${v.status}: ${v.id}: ${detail(v)}`);
}
