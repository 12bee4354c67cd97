// Why: `check` points the statechart at a real server, over stdio (a command given as argv, never
// a shell string) or Streamable HTTP, and ends in a redacted trace and reports. Bad arguments and
// servers that cannot be started or reached exit 2 with a message that says why.
import { writeReports } from '../../reports/write-reports.ts';
import { oneLine } from '../../reports/output-text.ts';
import type { ReportOptions } from '../../reports/report-options.ts';
import { InputError } from '../../files/input-error.ts';
import { couldNotRun } from './could-not-run.ts';
import type { NamedCall, Scope } from '../../live/driver.ts';
import { runCheck, type CheckOptions, type CheckRun } from '../../live/run-check.ts';
import type { JsonObject } from '../../validators/context.ts';
import type { Profile } from '../../validators/context.ts';
import { methodTable } from '../../validators/methods.ts';
import { profileForVersion } from '../../validators/profiles.ts';
import { isJsonObject } from '../../validators/shape.ts';
import { parseStrictJson, StrictJsonError } from '../../validators/strict-json.ts';
import type { CommandArgs, CommandIO, CommandResult } from '../cli/command.ts';
import { UsageError } from '../cli/usage-error.ts';
import { omittedNote, parseCheckEra, parseReportOptions, parseTarget, streamableHttp, withInterrupts, writeTraceFiles } from './live-args.ts';
import { secretEnvironmentValues } from '../../trace/redaction.ts';
import { ProgressLine } from '../cli/progress-line.ts';
import { finishScenarios, loadScenarios, recordedScenarios, type CheckScenarios } from '../../scenario/scenario-check.ts';
import { DEFAULT_EXERCISE_SEED, EXERCISE_MODES, exerciseSummary, type ExerciseMode } from '../../live/exercise-plan.ts';

export { DEFAULT_TIMEOUT_SECONDS, OFFERABLE_VERSIONS, streamableHttp } from './live-args.ts';

/** A parsed `check` command line. */
export interface CheckCommand {
  /** `--era both`: the modern era, then the legacy one, each its own run, trace and reports. */
  readonly both: boolean;
  readonly check: Omit<CheckOptions, 'env' | 'httpTransport' | 'onTransport'>;
  readonly output: string | undefined;
  readonly reports: ReportOptions;
  /** The scenario files (--scenario), and whether their answers become their expectations (--update-snapshots). */
  readonly scenarios?: { readonly paths: readonly string[]; readonly update: boolean };
}

function usage(message: string): UsageError {
  return new UsageError('check', message);
}

function jsonObjectArgument(flag: string, text: string): JsonObject {
  let value: unknown;
  try {
    value = parseStrictJson(text);
  } catch (error) {
    if (!(error instanceof StrictJsonError)) throw error;
    throw usage(`${flag} is not strict JSON: ${error.message} [${error.rule}]`);
  }
  if (!isJsonObject(value)) throw usage(`${flag} must be a JSON object`);
  return value;
}

/** Pairs each --call with the --args that follows it (none: no arguments), in command-line order. */
function namedCalls(sequence: CommandArgs['sequence']): NamedCall[] {
  const calls: { name: string; args: JsonObject }[] = [];
  let argsGiven = false;
  for (const option of sequence) {
    if (option.name === 'call') {
      calls.push({ name: String(option.value), args: {} });
      argsGiven = false;
    } else if (option.name === 'args') {
      const last = calls[calls.length - 1];
      if (last === undefined) throw usage('--args must follow the --call it belongs to');
      if (argsGiven) throw usage(`--call ${last.name} has more than one --args`);
      last.args = jsonObjectArgument('--args', String(option.value));
      argsGiven = true;
    }
  }
  return calls;
}

/** A canned answer, checked as the result of its method under the offered version (the client never sends what it would reject). */
function cannedResult(flag: string, text: string | undefined, method: string, version: string): JsonObject | undefined {
  if (text === undefined) return undefined;
  const result = jsonObjectArgument(flag, text);
  const profile = profileForVersion(version) as Profile;
  const rejected = (methodTable(profile).get(method)?.validators.result?.(result, '', undefined, { profile, tools: new Map() }) ?? [])
    .find((f) => f.severity === 'error');
  if (rejected !== undefined) throw usage(`${flag} is not a valid ${method} result: ${rejected.message} [${rejected.rule} at ${rejected.pointer || '/'}]`);
  return result;
}

function rootUri(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw usage(`--root must be a file:// URI, got ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'file:') throw usage(`--root must be a file:// URI (roots are file:// URIs in MCP), got ${JSON.stringify(value)}`);
  return value;
}

/** The largest --seed (the generator takes a 32-bit signed integer; seeds are its non-negative half). */
const MAX_SEED = 2 ** 31 - 1;

/** `--exercise` (default safe) and `--seed` (default DEFAULT_EXERCISE_SEED, so runs are reproducible). */
function parseExercise(args: CommandArgs): { exercise: ExerciseMode; seed: number } {
  const exercise = args.string('exercise') ?? 'safe';
  if (!(EXERCISE_MODES as readonly string[]).includes(exercise)) throw usage(`--exercise is safe, all or none, got ${JSON.stringify(exercise)}`);
  const text = args.string('seed');
  const seed = text === undefined ? DEFAULT_EXERCISE_SEED : Number(text);
  if (text !== undefined && (!/^[0-9]+$/.test(text) || !Number.isSafeInteger(seed) || seed > MAX_SEED)) {
    throw usage(`--seed takes a whole number from 0 to ${MAX_SEED}, got ${JSON.stringify(text)}`);
  }
  return { exercise: exercise as ExerciseMode, seed };
}

/** Parses `check`'s arguments; throws a UsageError for bad ones. */
export function parseCheckArgs(args: CommandArgs, env: NodeJS.ProcessEnv): CheckCommand {
  const { target, headerEnv, timeoutMs } = parseTarget(args, env);
  const scope = args.string('scope') ?? 'quick';
  if (scope !== 'quick' && scope !== 'full') throw usage(`--scope is quick or full, got ${JSON.stringify(scope)}`);
  const { era, protocolVersion: version } = parseCheckEra(args);
  const values = {
    'sampling-result': args.string('sampling-result'),
    'elicitation-result': args.string('elicitation-result'),
    root: args.strings('root'),
  };
  const sampling = cannedResult('--sampling-result', values['sampling-result'], 'sampling/createMessage', version);
  const elicitation = cannedResult('--elicitation-result', values['elicitation-result'], 'elicitation/create', version);
  return {
    both: era === 'both',
    check: {
      target,
      scope: scope as Scope,
      timeoutMs,
      protocolVersion: version,
      era: era === 'both' ? 'modern' : era,
      calls: namedCalls(args.sequence),
      ...parseExercise(args),
      answers: { roots: values.root.map(rootUri), sampling, elicitation },
      headerEnv,
    },
    output: args.string('output'),
    reports: parseReportOptions(args),
    ...scenarioArgs(args),
  };
}

function scenarioArgs(args: CommandArgs): Pick<CheckCommand, 'scenarios'> {
  const paths = args.strings('scenario');
  if (args.flag('update-snapshots') && paths.length === 0) throw usage('--update-snapshots needs a --scenario FILE to write into');
  return paths.length === 0 ? {} : { scenarios: { paths, update: args.flag('update-snapshots') } };
}

/** Where `check` writes while it runs, and what it is given beyond its arguments (the HTTP transport). */
export interface CheckExtras {
  readonly env?: NodeJS.ProcessEnv;
  readonly httpTransport?: CheckOptions['httpTransport'];
}

/**
 * Runs `check`: the live run, the trace file (`--output`, with its timings beside it), the
 * reports; everything printed goes through the run's redactor. Interrupting the checker (SIGINT,
 * SIGTERM) ends the server's process group first.
 */
export async function runCheckCommand(args: CommandArgs, io: CommandIO, extras: CheckExtras = {}): Promise<CommandResult> {
  const env = extras.env ?? process.env;
  const parsed = parseCheckArgs(args, env);
  if (parsed.check.target.transport === 'http' && extras.httpTransport === undefined) {
    throw usage('--url needs the Streamable HTTP transport, which this build does not include');
  }
  const scenarios = await loadScenarios(parsed.scenarios?.paths ?? [], parsed.scenarios?.update === true);
  if (!parsed.both) return checkOnce(parsed, io, extras, env, scenarios);
  // Both eras of a dual-era server, each on its own connection (a fresh process over stdio), its own
  // trace and reports (FILE.modern.EXT, FILE.legacy.EXT), each judged under its era's profile.
  let worst: CommandResult | undefined;
  for (const era of ['modern', 'legacy'] as const) {
    io.out(`era ${era} (${era === 'modern' ? 'MCP 2026-07-28' : `initialize ${parsed.check.protocolVersion}`}):\n`);
    const result = await checkOnce(eraCommand(parsed, era), io, extras, env, scenarios);
    if (worst === undefined || result.exitCode > worst.exitCode) worst = result;
  }
  return worst as CommandResult;
}

/** A file named for one era: `trace.json` -> `trace.modern.json`. */
export function eraFile(file: string, era: 'modern' | 'legacy'): string {
  const slash = file.lastIndexOf('/');
  const dot = file.lastIndexOf('.');
  return dot > slash + 1 ? `${file.slice(0, dot)}.${era}${file.slice(dot)}` : `${file}.${era}`;
}

/** The one-era command of `--era both`: the era set, every file it writes named for the era. */
function eraCommand(parsed: CheckCommand, era: 'modern' | 'legacy'): CheckCommand {
  const named = (file: string | undefined) => (file === undefined ? undefined : eraFile(file, era));
  const r = parsed.reports;
  const reports: ReportOptions = {
    ...r,
    ...(r.jsonFile === undefined ? {} : { jsonFile: eraFile(r.jsonFile, era) }),
    ...(r.junit === undefined ? {} : { junit: eraFile(r.junit, era) }),
    ...(r.sarif === undefined ? {} : { sarif: eraFile(r.sarif, era) }),
    ...(r.html === undefined ? {} : { html: eraFile(r.html, era) }),
  };
  return { both: false, check: { ...parsed.check, era }, output: named(parsed.output), reports };
}

async function checkOnce(parsed: CheckCommand, io: CommandIO, extras: CheckExtras, env: NodeJS.ProcessEnv, scenarios?: CheckScenarios): Promise<CommandResult> {
  let snapshot: ((why: string) => CheckRun) | undefined;
  // Interrupted, the check still leaves what it recorded: the trace (status error) and the reports.
  const written = async (code: 130 | 143): Promise<void> => {
    const cut = snapshot?.(`the check was interrupted (${code === 130 ? 'SIGINT' : 'SIGTERM'}) before it completed`);
    if (cut === undefined) return;
    const text = await writeTraceFiles(parsed.output, cut.trace, cut.timings);
    const reports: ReportOptions = parsed.output === undefined ? parsed.reports : { ...parsed.reports, traceFile: parsed.output, traceText: text };
    await writeReports(cut.trace, reports, { stdout: (line) => io.out(cut.redactor.ownText(line)), color: io.color });
  };
  // One live line on a terminal's standard error while the exercise runs; none with --json or --quiet, or off a terminal.
  const line = new ProgressLine(io.progress, 'check', { unit: 'requests', counted: (n) => `${n} not answered with a result`, enabled: parsed.reports.json !== true && parsed.reports.quiet !== true });
  const run: CheckRun = await withInterrupts((onTransport) => runCheck({
    ...parsed.check,
    onExerciseProgress: (p) => line.update({ done: p.done, total: p.total, findings: p.unanswered }),
    env,
    ...(extras.httpTransport === undefined ? {} : { httpTransport: extras.httpTransport }),
    onTransport,
    onSnapshot: (s) => {
      snapshot = s;
    },
    ...(scenarios === undefined ? {} : { steps: scenarios.play.run, scenarios: recordedScenarios(scenarios) }),
  }), written).finally(() => line.clear());
  const say = (text: string): void => io.out(run.redactor.ownText(text));
  const text = await writeTraceFiles(parsed.output, run.trace, run.timings);
  const note = omittedNote('check', run.trace);
  if (note !== undefined) io.err(note);
  for (const s of run.skipped) if (s.sent === true) io.err(`${oneLine(run.redactor.text(`mcp-statechart: --call ${s.name} was sent, but ${s.reason}`))}\n`);
  for (const s of run.skipped) if (s.blamed !== undefined) io.err(`${oneLine(run.redactor.text(`mcp-statechart: --call ${s.name} was not sent (${s.pointer ?? '/options/calls'}): ${s.reason} [${s.blamed}]`))}\n`);
  const reports: ReportOptions = parsed.output === undefined ? parsed.reports : { ...parsed.reports, traceFile: parsed.output, traceText: text };
  if (run.exercise !== undefined && reports.json !== true && reports.quiet !== true) {
    for (const line of exerciseSummary(run.exercise)) say(`${line}\n`);
  }
  const failed = run.trace.status !== 'error' ? undefined
    : run.notSent !== undefined ? new InputError(run.notSent.rule, run.notSent.pointer, `could not run the check: ${run.notSent.message}`) : couldNotRun('the check', run.trace);
  const outcome = await writeReports(run.trace, { ...reports, secrets: secretEnvironmentValues(env), ...(failed === undefined ? {} : { errorRule: failed.rule }) }, { stdout: say, color: io.color });
  if (outcome.failure !== undefined) return { exitCode: 2, failure: outcome.failure };
  if (failed !== undefined) return { exitCode: 2, failure: failed };
  const stepFailed = scenarios === undefined ? undefined : await finishScenarios(scenarios, (line) => io.err(run.redactor.ownText(line)));
  return stepFailed === undefined ? { exitCode: outcome.exitCode } : { exitCode: 2, failure: stepFailed };
}

/** `check [options] --stdio -- CMD [ARGS...]` or `check [options] --url URL`. */
export async function run(args: CommandArgs, io: CommandIO): Promise<CommandResult> {
  return runCheckCommand(args, io, { httpTransport: streamableHttp });
}
