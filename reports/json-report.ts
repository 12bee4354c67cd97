// Why: CI and other tools read the verdict as data. The document is in the one envelope (sorted
// keys, no timestamps or durations, findings of one shape), so two reports of the same trace are
// byte-identical and read as every other command's --json.
import { envelopeText } from './envelope.ts';
import { ruleById } from '../validators/rules/index.ts';
import type { ReportModel } from './report-model.ts';

/** The JSON report's format version. */
export const REPORT_VERSION = 1;

/** The JSON report as a value: verdict, run facts, counts, findings and stale expected failures; a run that could not complete says why under `errorRule`. */
export function jsonReport(model: ReportModel, errorRule: string = ruleById('cli/server-unavailable').id): Record<string, unknown> {
  const { trace } = model;
  return {
    mcp_statechart_report: REPORT_VERSION,
    status: model.status,
    error: trace.error === undefined ? undefined : { rule: errorRule, message: withoutRule(trace.error, errorRule) },
    trace_status: trace.status,
    generator: trace.generator,
    mode: trace.mode,
    target: trace.target,
    profile: trace.profile,
    protocol_version: trace.protocol_version,
    signature: trace.signature,
    cleanup: trace.cleanup,
    counts: model.counts,
    findings: model.findings.map((f) => ({
      rule: f.rule,
      severity: f.severity,
      event: f.event,
      pointer: f.pointer,
      message: f.message,
      direction: f.direction,
      method: f.label ?? undefined,
      target: f.target,
      spec: f.spec,
      expected: f.expectedBy !== null,
      expected_reason: f.expectedBy === null ? undefined : model.expected[f.expectedBy]?.reason,
    })),
    stale_expected_failures: model.stale,
    exercise: trace.options['exercise'],
    server_exit: model.serverExit,
  };
}

/** The JSON report as canonical text, two-space indented, ending with a newline. */
export function jsonReportText(model: ReportModel, errorRule?: string): string {
  return envelopeText(jsonReport(model, errorRule)) + '\n';
}

/** The trace's error text without the rule it may end in (`... [cli/call-not-sent]`): the envelope names the rule apart. */
function withoutRule(text: string, rule: string): string {
  return text.endsWith(` [${rule}]`) ? text.slice(0, -(rule.length + 3)) : text;
}
