// Writes every report of a trace into a temporary folder and returns what was written and printed.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { secretEnvironmentValues } from '../../trace/redaction.ts';
import type { ReportOptions, ReportOutcome } from '../../reports/report-options.ts';
import { writeReports } from '../../reports/write-reports.ts';
import type { Trace } from '../../trace/trace-schema.ts';

/** A temporary folder for one test file, removed after the run. */
export function tempDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), `mcp-statechart-${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** What one writeReports call produced. */
export interface Rendered {
  readonly outcome: ReportOutcome;
  readonly stdout: string;
  readonly json: string;
  readonly junit: string;
  readonly sarif: string;
  readonly html: string;
  readonly paths: { readonly json: string; readonly junit: string; readonly sarif: string; readonly html: string };
}

let counter = 0;

/** Writes all four reports of `trace` into `dir` (with `expected`, an expected-failures file's text). */
export async function renderAll(dir: string, trace: Trace, options: Partial<ReportOptions> & { expected?: string } = {}): Promise<Rendered> {
  const n = counter++;
  const { expected, ...rest } = options;
  const paths = {
    json: rest.jsonFile ?? join(dir, `r${n}.json`),
    junit: rest.junit ?? join(dir, `r${n}.xml`),
    sarif: rest.sarif ?? join(dir, `r${n}.sarif`),
    html: rest.html ?? join(dir, `r${n}.html`),
  };
  let expectedFailures: string | undefined;
  if (expected !== undefined) {
    expectedFailures = join(dir, `expected${n}.json`);
    writeFileSync(expectedFailures, expected);
  }
  let stdout = '';
  const outcome = await writeReports(trace, {
    jsonFile: paths.json, junit: paths.junit, sarif: paths.sarif, html: paths.html,
    ...(expectedFailures === undefined ? {} : { expectedFailures }),
    secrets: secretEnvironmentValues(process.env),
    ...rest,
  }, { stdout: (text) => (stdout += text) });
  const read = (p: string) => readFileSync(p, 'utf8');
  return { outcome, stdout, json: read(paths.json), junit: read(paths.junit), sarif: read(paths.sarif), html: read(paths.html), paths };
}
