// Why: check-client and serve judge clients through the judging server and end the same way as a
// live check: each session's trace (owner-only, timings beside it) and the reports of check, from
// the trace alone. Their arguments (scenarios, the version answered, the time limit) are parsed
// here once, and so is the ending: one run may hold several sessions (a client that probes
// first, then connects), each traced; the reports describe the longest, the others are summed up.
import { writeReports } from '../../reports/write-reports.ts';
import type { ReportOptions } from '../../reports/report-options.ts';
import { verdictLine } from '../../reports/write-reports.ts';
import { buildReportModel } from '../../reports/report-model.ts';
import { oneLine } from '../../reports/output-text.ts';
import type { JudgingSession } from '../../judging-server/judging-session.ts';
import { PINNABLE_VERSIONS, type SessionOptions } from '../../judging-server/judging-session.ts';
import { isScenarioName, SCENARIO_NAMES, type ScenarioName } from '../../judging-server/scenarios/index.ts';
import { sessionTrace, type SessionTraceParts } from '../../judging-server/session-trace.ts';
import type { Trace } from '../../trace/trace-schema.ts';
import type { CommandArgs, CommandIO } from '../cli/command.ts';
import { UsageError } from '../cli/usage-error.ts';
import { DEFAULT_TIMEOUT_SECONDS, parseReportOptions, writeTraceFiles } from './live-args.ts';

/** How a judging server run is set up, as parsed. */
export interface JudgingArgs {
  readonly scenarios: readonly ScenarioName[];
  readonly protocolVersion: string | undefined;
  readonly timeoutMs: number;
  readonly output: string | undefined;
  readonly reports: ReportOptions;
}

/** Parses --scenario, --protocol-version, --timeout, --output and the report options. */
export function parseJudgingArgs(args: CommandArgs): JudgingArgs {
  const usage = (message: string): UsageError => new UsageError(args.command, message);
  const named = args.strings('scenario').flatMap((s) => s.split(',')).map((s) => s.trim()).filter((s) => s !== '');
  for (const name of named) if (!isScenarioName(name)) throw usage(`--scenario is one of ${SCENARIO_NAMES.join(', ')}, got ${JSON.stringify(name)}`);
  const version = args.string('protocol-version');
  if (version !== undefined && !(PINNABLE_VERSIONS as readonly string[]).includes(version)) {
    throw usage(`--protocol-version is one of ${PINNABLE_VERSIONS.join(', ')} (the version the judging server serves; without it, both eras), got ${JSON.stringify(version)}`);
  }
  const timeout = args.string('timeout');
  const seconds = timeout === undefined ? DEFAULT_TIMEOUT_SECONDS : Number(timeout);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) throw usage(`--timeout takes a number of seconds between 0 and 3600, got ${JSON.stringify(timeout)}`);
  return {
    scenarios: named.length === 0 ? SCENARIO_NAMES : [...new Set(named as ScenarioName[])],
    protocolVersion: version,
    timeoutMs: Math.round(seconds * 1000),
    output: args.string('output'),
    reports: parseReportOptions(args),
  };
}

/** The session options a parsed run gives every session it serves. */
export function sessionOptions(parsed: JudgingArgs): SessionOptions {
  return { scenarios: new Set(parsed.scenarios), protocolVersion: parsed.protocolVersion, timeoutMs: parsed.timeoutMs };
}

/** `FILE` for the first of several, `FILE` with `.N` before its extension for the N-th. */
export function nthPath(path: string | undefined, n: number): string | undefined {
  if (path === undefined || n === 1) return path;
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  return dot > slash + 1 ? `${path.slice(0, dot)}.${n}${path.slice(dot)}` : `${path}.${n}`;
}

/** What a session's trace counted and did not keep (its own limits or the run's budget), as the end of its line; '' when it kept everything. */
function keptNote(trace: Trace): string {
  if (trace.omitted === undefined) return '';
  const messages = trace.events.filter((e) => e.kind === 'message').length;
  return `; the trace keeps the first ${messages.toLocaleString('en-US')} messages; ${trace.omitted.events.toLocaleString('en-US')} later events and ${trace.omitted.findings.toLocaleString('en-US')} findings on them were judged and counted, not kept`;
}

/** Writes each session's trace and the reports; returns the exit code (0, 1, or 2 when a report could not be written). */
export async function finishSessions(
  command: string,
  sessions: readonly JudgingSession[],
  parsed: JudgingArgs,
  parts: Omit<SessionTraceParts, 'options'>,
  io: CommandIO,
  say: (text: string) => void,
  secrets: readonly string[],
): Promise<{ exitCode: 0 | 1 | 2; failure?: unknown; traces: Trace[] }> {
  const options = { scenarios_chosen: [...parsed.scenarios], protocol_version: parsed.protocolVersion ?? null, timeout_ms: parsed.timeoutMs };
  const traces = sessions.map((s) => sessionTrace(s, { ...parts, options }));
  // The reports describe the session with the most messages (the real connection after a probe).
  const main = traces.reduce((best, t, i) => (t.trace.events.length > (traces[best]?.trace.events.length ?? -1) ? i : best), 0);
  let worst: 0 | 1 | 2 = 0;
  for (const [i, { trace, timings }] of traces.entries()) {
    if (i === main) continue;
    await writeTraceFiles(nthPath(parsed.output, i + 1), trace, timings);
    const line = verdictLine(buildReportModel(trace, [], secrets, new Set()));
    io.err(`${oneLine(`mcp-statechart ${command}: session ${i + 1} of ${traces.length}: ${line}`)}${parsed.output === undefined ? '' : `; trace written to ${nthPath(parsed.output, i + 1)}`}${keptNote(trace)}\n`);
    if (trace.status === 'fail') worst = 1;
  }
  const chosen = traces[main];
  if (chosen === undefined) return { exitCode: 2, traces: [] };
  const note = keptNote(chosen.trace);
  if (note !== '') io.err(`mcp-statechart ${command}: session ${main + 1} of ${traces.length}${note}\n`);
  const scenarios = (chosen.trace.options['scenarios'] ?? {}) as Record<string, string>;
  for (const [name, outcome] of Object.entries(scenarios)) io.err(`${oneLine(`mcp-statechart ${command}: scenario ${name}: ${outcome}`)}\n`);
  const text = await writeTraceFiles(nthPath(parsed.output, main + 1), chosen.trace, chosen.timings);
  const output = nthPath(parsed.output, main + 1);
  const reports: ReportOptions = output === undefined ? parsed.reports : { ...parsed.reports, traceFile: output, traceText: text };
  const outcome = await writeReports(chosen.trace, { ...reports, secrets }, { stdout: say, color: io.color });
  if (outcome.failure !== undefined) return { exitCode: 2, failure: outcome.failure, traces: traces.map((t) => t.trace) };
  return { exitCode: Math.max(outcome.exitCode, worst) as 0 | 1 | 2, traces: traces.map((t) => t.trace) };
}
