// Why: `check`, `fuzz` and `report` all end the same way: a finished trace is judged against the
// expected failures and written in every format asked for, and the verdict becomes the exit code.
// One function does that for all of them; it reads only the trace, never the live objects.
import type { Trace } from '../trace/trace-schema.ts';
import { fixtureRules } from '../validators/rules/fixture.ts';
import { readExpectedFailures, type ExpectedFailuresFile } from './expected-failures.ts';
import { htmlReport } from './html-report.ts';
import { jsonReportText } from './json-report.ts';
import { oneLine } from './output-text.ts';
import { ReportWriteError, writeOwnerOnly } from './owner-only-file.ts';
import type { ReportOptions, ReportOutcome } from './report-options.ts';
import { buildReportModel, type ReportFinding, type ReportModel } from './report-model.ts';
import { sarifReportText } from './sarif-report.ts';
import { secretValues } from './redact-output.ts';

/**
 * Writes every report `options` asks for (files owner-only), prints the JSON report (`json`), or
 * else each finding and stale entry as a line and the summary line (only the summary: `quiet`), and
 * returns the exit code. Throws an InputError or ReadError for a bad expected-failures file (before
 * anything is written), and a ReportWriteError, after writing what it could, when a file could not be written.
 */
export async function writeReports(trace: Trace, options: ReportOptions, io: { stdout(text: string): void }): Promise<ReportOutcome> {
  const expected: ExpectedFailuresFile | undefined = options.expectedFailures === undefined ? undefined : await readExpectedFailures(options.expectedFailures);
  const model = buildReportModel(trace, expected?.entries ?? [], secretValues());
  const verdict = oneLine(verdictLine(model));
  const sources = {
    ...(options.traceFile === undefined || options.traceFile === '-' ? {} : { trace: { path: options.traceFile, ...(options.traceText === undefined ? {} : { text: options.traceText }) } }),
    ...(options.expectedFailures === undefined || expected === undefined ? {} : { expectedFailures: { path: options.expectedFailures, text: expected.text } }),
  };
  // The XML builder takes a while to load: only a run that writes JUnit pays for it.
  const junitReport = options.junit === undefined ? undefined : (await import('./junit-report.ts')).junitReport;
  const outputs: [option: string, path: string | undefined, render: () => string][] = [
    ['--json-file', options.jsonFile, () => jsonReportText(model)],
    ['--junit', options.junit, () => junitReport!(model)],
    ['--sarif', options.sarif, () => sarifReportText(model, sources)],
    ['--html', options.html, () => htmlReport(model, verdict)],
  ];
  const written: string[] = [];
  const failures: ReportWriteError[] = [];
  for (const [option, path, render] of outputs) {
    if (path === undefined) continue;
    try {
      await writeOwnerOnly(path, render(), option);
      written.push(path);
    } catch (error) {
      if (!(error instanceof ReportWriteError)) throw error;
      failures.push(error);
    }
  }
  const summary = written.length === 0 ? verdict : `${verdict}; wrote ${written.length} file${written.length === 1 ? '' : 's'}: ${written.join(', ')}`;
  if (options.json) io.stdout(jsonReportText(model));
  else io.stdout((options.quiet ? '' : findingLines(model)) + summary + '\n');
  if (failures.length > 0) throw new ReportWriteError(failures[0]!.code, failures.map((f) => f.message).join('; '));
  return { exitCode: model.status === 'error' ? 2 : model.status === 'fail' ? 1 : 0, summary };
}

/** The verdict in one line: status, counts, and the profile and version the run was judged under. */
export function verdictLine(model: ReportModel): string {
  const c = model.counts;
  const why = model.status === 'error' ? ` (the run could not complete: ${model.trace.error ?? 'no reason recorded'})` : '';
  const expected = c.expected > 0 ? `, ${c.expected} expected` : '';
  const stale = model.expected.length > 0 ? `, ${plural(c.stale, 'stale expected failure')}` : '';
  return `${model.status}${why}: ${plural(c.errors, 'error')}, ${plural(c.warnings, 'warning')}${expected}${stale}; `
    + `${plural(c.events, 'event')}, ${plural(c.messages, 'message')} (${model.trace.profile}, MCP ${model.trace.protocol_version ?? 'not negotiated'})`;
}

function findingLines(model: ReportModel): string {
  const lines = model.findings.map((f) => oneLine(findingLine(f)));
  for (const s of model.stale) lines.push(`stale: expected failure ${s.index} (${oneLine(s.rule)}) matched no finding [${fixtureRules['expected-failure-stale'].id}]`);
  return lines.map((l) => l + '\n').join('');
}

/** One finding as a text line: `event N: severity rule pointer message (method)`. */
export function findingLine(f: ReportFinding): string {
  const at = f.event === null ? 'run' : `event ${f.event}`;
  return `${at}: ${f.severity} ${f.rule} ${f.pointer || '/'} ${f.message}${f.method === null ? '' : ` (${f.method})`}${f.expectedBy === null ? '' : ' (expected)'}`;
}

function plural(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}
