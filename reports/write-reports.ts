// Why: `check`, `fuzz` and `report` all end the same way: a finished trace is judged against the
// expected failures and written in every format asked for, and the verdict becomes the exit code.
// One function does that for all of them; it reads only the trace, never the live objects.
import { PROFILES, SPEC_2026_07_28 } from '../validators/profiles.ts';
import { writeOutputFile } from '../files/output-file.ts';
import { traceCauses } from '../judge/cascade.ts';
import { countOf, FindingText } from './renderers/finding-text.ts';
import { styleFor } from './renderers/style.ts';
import type { Trace } from '../trace/trace-schema.ts';
import { RULES, ruleById } from '../validators/rules/index.ts';
import { readExpectedFailures, type ExpectedFailuresFile } from './expected-failures.ts';
import { htmlReport } from './html-report.ts';
import { jsonReportText } from './json-report.ts';
import { oneLine } from './output-text.ts';
import { serverExitText } from './server-exit.ts';
import type { ReportOptions, ReportOutcome } from './report-options.ts';
import { buildReportModel, type ReportModel } from './report-model.ts';
import { sarifReportText } from './sarif-report.ts';

/**
 * Writes every report `options` asks for (files owner-only, missing folders made), prints the JSON report (`json`), or
 * else each finding and stale entry and the summary line (only the summary: `quiet`), and returns
 * the exit code. A bad expected-failures file throws (InputError, ReadError) before anything is
 * written; a report file that cannot be written is returned as the outcome's failure (exit 2)
 * after the other files were written. `io.color` colours the text output.
 */
export async function writeReports(trace: Trace, options: ReportOptions, io: { stdout(text: string): void; color?: boolean }): Promise<ReportOutcome> {
  const expected: ExpectedFailuresFile | undefined = options.expectedFailures === undefined ? undefined : await readExpectedFailures(options.expectedFailures);
  const listed = expected?.entries ?? [];
  const ignored = (options.ignoreRules ?? []).map((rule) => ({ rule, reason: 'ignored with --ignore-rule' }));
  const met = new Set([...(options.metEntries ?? []), ...ignored.map((_, i) => listed.length + i)]);
  const model = buildReportModel(trace, [...listed, ...ignored], options.secrets ?? [], met);
  const verdict = oneLine(verdictLine(model));
  const sources = {
    ...(options.traceFile === undefined || options.traceFile === '-' ? {} : { trace: { path: options.traceFile, ...(options.traceText === undefined ? {} : { text: options.traceText }) } }),
    ...(options.expectedFailures === undefined || expected === undefined ? {} : { expectedFailures: { path: options.expectedFailures, text: expected.text } }),
  };
  // The XML builder takes a while to load: only a run that writes JUnit pays for it.
  const junitReport = options.junit === undefined ? undefined : (await import('./junit-report.ts')).junitReport;
  const outputs: [path: string | undefined, render: () => string][] = [
    [options.jsonFile, () => jsonReportText(model, options.errorRule)],
    [options.junit, () => junitReport!(model)],
    [options.sarif, () => sarifReportText(model, sources)],
    [options.html, () => htmlReport(model, verdict)],
  ];
  const written: string[] = [];
  let failure: unknown;
  for (const [path, render] of outputs) {
    if (path === undefined) continue;
    try {
      await writeOutputFile(path, render(), { ownerOnly: true, makeFolder: true });
      written.push(path);
    } catch (error) {
      failure ??= error;
    }
  }
  const summary = written.length === 0 ? verdict : `${verdict}; wrote ${countOf(written.length, 'file')}: ${written.join(', ')}`;
  if (options.json) io.stdout(jsonReportText(model, options.errorRule));
  else io.stdout((options.quiet ? '' : findingLines(model, io.color === true) + (model.serverExit === undefined ? '' : serverExitText(model.serverExit))) + summary + '\n');
  const exitCode = failure !== undefined || model.status === 'error' ? 2 : model.status === 'fail' ? 1 : 0;
  return { exitCode, summary, ...(failure === undefined ? {} : { failure }) };
}

/** The verdict in one line: status, counts, the profile and version the run was judged under, and its signature. */
export function verdictLine(model: ReportModel): string {
  const c = model.counts;
  const why = model.status === 'error' ? ` (the run could not complete: ${model.trace.error ?? 'no reason recorded'})` : '';
  const expected = c.expected > 0 ? `, ${c.expected} expected` : '';
  const stale = model.expected.length > 0 ? `, ${countOf(c.stale, 'stale expected failure')}` : '';
  return `${model.status}${why}: ${countOf(c.errors, 'error')}, ${countOf(c.warnings, 'warning')}${expected}${stale}; `
    + `${countOf(c.events, 'event')}, ${countOf(c.messages, 'message')} (${model.trace.profile}, MCP ${model.trace.protocol_version ?? versionNote(model.trace.profile)}); ${model.trace.signature}`;
}

/** What the summary says of a run without a negotiated version: the stateless revision declares its own on every request. */
function versionNote(profile: string): string {
  return profile === SPEC_2026_07_28.id ? `${SPEC_2026_07_28.protocolVersion} on every request` : 'not negotiated';
}

/**
 * The findings as text, grouped by rule with errors first, repeats counted and cascades folded
 * under their cause (place, severity, method and tool, pointer, message, rule, spec link once),
 * then each stale entry.
 */
function findingLines(model: ReportModel, color: boolean): string {
  // A 2026-07-28 run negotiates no version: its profile names the revision whose pages are cited.
  const text = new FindingText(styleFor(color), RULES, model.trace.protocol_version ?? PROFILES.get(model.trace.profile)?.revision);
  const causes = traceCauses(model.trace);
  const findings = model.findings.map((f, i) => {
    const target = f.target;
    return {
      cause: causes[i],
      at: f.event,
      place: f.event === null ? 'run' : `event ${f.event}`,
      severity: f.severity,
      rule: f.rule,
      pointer: oneLine(f.pointer),
      message: oneLine(f.expectedBy === null ? f.message : `${f.message} (expected: ${model.expected[f.expectedBy]?.reason ?? ''})`),
      method: f.label === null ? undefined : oneLine(f.label),
      target: target === undefined ? undefined : { kind: target.kind, name: oneLine(target.name) },
    };
  });
  const lines = text.grouped(findings, 'event');
  const stale = ruleById('fixture/expected-failure-stale');
  for (const s of model.stale) lines.push(`stale: expected failure ${s.index} (${oneLine(s.rule)}) matched no finding: remove it [${stale.id}]`);
  return lines.map((l) => l + '\n').join('');
}
