// Why: every command that ends in a trace (check, and later report) prints and writes its reports
// the same way and derives its exit code from them.
//
// MINIMAL VERSION: prints the JSON report (`--json`) or the findings as text, and the summary
// line; the JUnit, SARIF, HTML and expected-failures writers replace this file when they land.
import { canonicalJson } from '../trace/canonical-json.ts';
import type { Trace } from '../trace/trace-schema.ts';
import { InputError } from '../runner/errors.ts';
import { cliRules } from '../validators/rules/cli.ts';
import type { ReportOptions, ReportOutcome } from './report-options.ts';

/** Where report text for people goes. */
export interface ReportIo {
  stdout(text: string): void;
}

/** The JSON report: the run's status, its findings and its signature. */
export function jsonReport(trace: Trace): { status: Trace['status']; findings: Trace['findings']; signature: string } {
  return {
    status: trace.status,
    findings: trace.findings.map((f) => ({ rule: f.rule, severity: f.severity, event: f.event, pointer: f.pointer, message: f.message })),
    signature: trace.signature,
  };
}

/** The closing line for people. */
export function summaryLine(trace: Trace): string {
  const errors = trace.findings.filter((f) => f.severity === 'error').length;
  const messages = trace.events.filter((e) => e.kind === 'message').length;
  const version = trace.protocol_version === null ? 'no version negotiated' : `MCP ${trace.protocol_version}`;
  return `${trace.status}: ${trace.events.length} events, ${messages} messages, ${errors} errors, ${trace.findings.length - errors} warnings (${trace.profile}, ${version}); ${trace.signature}`;
}

/** Prints the reports a trace asks for and returns the exit code and summary. */
export async function writeReports(trace: Trace, options: ReportOptions, io: ReportIo): Promise<ReportOutcome> {
  for (const [flag, value] of [['--junit', options.junit], ['--sarif', options.sarif], ['--html', options.html], ['--expected-failures', options.expectedFailures], ['--json FILE', options.jsonFile]] as const) {
    if (value !== undefined) throw new InputError(cliRules['usage'].id, '', `${flag} is not available in this build`);
  }
  const summary = summaryLine(trace);
  if (options.json) {
    io.stdout(canonicalJson(jsonReport(trace), 2) + '\n');
  } else {
    if (!options.quiet) for (const f of trace.findings) io.stdout(`event ${f.event ?? '-'}: ${[f.severity, f.rule, f.pointer].filter((s) => s !== '').join(' ')}: ${f.message}\n`);
    io.stdout(summary + '\n');
  }
  return { exitCode: trace.status === 'error' ? 2 : trace.status === 'fail' ? 1 : 0, summary };
}
