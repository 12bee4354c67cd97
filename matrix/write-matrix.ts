// Why: what a matrix run leaves behind is one folder: each cell's trace (the trace format every
// other command reads) and verdict (with the normalized events its difference points into), and
// the summary as JSON and as a markdown table; every file readable by its owner only, as live
// traces are.
import { join } from 'node:path';
import { makeOutputFolder, writeOutputFile } from '../files/output-file.ts';
import { canonicalJson } from '../trace/canonical-json.ts';
import { traceText } from '../trace/trace-file.ts';
import type { MatrixResult } from './run-matrix.ts';
import { summaryMarkdown, summaryText, type MatrixSummary } from './summary.ts';

/** Makes the output folder and its `cells/` folder (before the run, so a bad folder stops it at once). */
export async function prepareMatrixFolder(output: string): Promise<void> {
  await makeOutputFolder(join(output, 'cells'), output);
}

/** Writes every cell's trace and verdict and the summary (JSON and markdown) into `output`. */
export async function writeMatrix(output: string, result: MatrixResult, summary: MatrixSummary): Promise<void> {
  for (const [i, cell] of result.cells.entries()) {
    const files = summary.cells[i]?.files;
    if (files === undefined) continue;
    await writeOutputFile(join(output, files.trace), traceText(cell.run.trace), { ownerOnly: true });
    await writeOutputFile(join(output, files.verdict), canonicalJson({ verdict: cell.verdict, normalized_events: cell.events }, 2) + '\n', { ownerOnly: true });
  }
  await writeOutputFile(join(output, 'summary.json'), summaryText(summary), { ownerOnly: true });
  await writeOutputFile(join(output, 'summary.md'), summaryMarkdown(summary), { ownerOnly: true });
}
