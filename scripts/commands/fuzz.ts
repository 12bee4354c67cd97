// Why: `fuzz` looks for failures that only a sequence shows (overlapping requests, reused ids,
// cancellation, paging, subscriptions, requests before the handshake ended, reconnects) against a
// server the user names, shrinks the first one to its smallest sequence and saves it as a trace
// that `replay` plays again. Bad arguments and targets that cannot run exit 2.
import { ACTION_KINDS_IN_ORDER, actionKinds, MODERN_ACTION_KINDS, SURFACE_ACTION_KINDS, type FuzzEra } from '../../fuzz/generator.ts';
import { chooseEra } from '../../fuzz/choose-era.ts';
import { MODERN_VERSION } from '../../live/modern-requests.ts';
import { runFuzz, type FuzzResult } from '../../fuzz/run-fuzz.ts';
import { SERIAL } from '../../fuzz/parallel.ts';
import type { SequenceRun } from '../../fuzz/run-sequence.ts';
import { knownFindings, readExpectedFailures } from '../../reports/expected-failures.ts';
import { RULES } from '../../validators/rules/index.ts';
import { writeReports } from '../../reports/write-reports.ts';
import type { ReportOptions } from '../../reports/report-options.ts';
import { couldNotRun } from './could-not-run.ts';
import type { Action } from '../../trace/action-schema.ts';
import type { CommandArgs, CommandIO, CommandResult } from '../cli/command.ts';
import { countOf } from '../../reports/renderers/finding-text.ts';
import { integerOption } from '../cli/parse-args.ts';
import { UsageError } from '../cli/usage-error.ts';
import type { HttpSetup } from '../../live/connection.ts';
import type { ClientTransport } from '../../live/transport.ts';
import { omittedNote, parseCheckEra, parseReportOptions, parseTarget, streamableHttp, withInterrupts, writeTraceFiles } from './live-args.ts';
import { parseRunPlan, shardNote } from './fuzz-plan.ts';
import { secretEnvironmentValues } from '../../trace/redaction.ts';
import { EXERCISE_MODES, type ExerciseMode } from '../../exercise/tool-policy.ts';
import { ProgressLine } from '../cli/progress-line.ts';

/** Sequences tried when --runs is not given. */
export const DEFAULT_RUNS = 50;
/** The longest sequence drawn when --max-steps is not given. */
export const DEFAULT_MAX_STEPS = 20;
/** The largest seed (fast-check takes a 32-bit signed integer; seeds are its non-negative half). */
const MAX_SEED = 2 ** 31 - 1;

/** A parsed `fuzz` command line. */
export interface FuzzCommand {
  readonly fuzz: Omit<Parameters<typeof runFuzz>[0], 'env' | 'httpTransport' | 'onTransport' | 'known' | 'era'>;
  /** The era asked for: one, or (auto) the one the server/discover probe shows, chosen before the search. */
  readonly era: 'auto' | FuzzEra;
  /** Rules whose findings neither end the search nor fail the run (--ignore-rule). */
  readonly ignoreRules: readonly string[];
  readonly output: string | undefined;
  readonly reports: ReportOptions;
}

/** The server's own surface fuzz exercises when --exercise is not given: read-only tools. */
export const DEFAULT_EXERCISE: ExerciseMode = 'safe';

/** Parses --exercise safe|all|none (default safe) for `command`. */
export function parseExercise(args: CommandArgs, command: string): ExerciseMode {
  const text = args.string('exercise');
  if (text === undefined) return DEFAULT_EXERCISE;
  if (!(EXERCISE_MODES as readonly string[]).includes(text)) throw new UsageError(command, `--exercise takes safe, all or none, got ${JSON.stringify(text)}`);
  return text as ExerciseMode;
}

function parseSeed(args: CommandArgs, random: () => number): number {
  const text = args.string('seed');
  if (text === undefined) return Math.floor(random() * MAX_SEED);
  const n = Number(text);
  if (!/^[0-9]+$/.test(text) || !Number.isSafeInteger(n) || n > MAX_SEED) {
    throw new UsageError('fuzz', `--seed takes a whole number from 0 to ${MAX_SEED}, got ${JSON.stringify(text)}`);
  }
  return n;
}

/** Parses `fuzz`'s arguments; throws a UsageError for bad ones. A missing --seed is drawn with `random`. */
export function parseFuzzArgs(args: CommandArgs, env: NodeJS.ProcessEnv, random: () => number = Math.random): FuzzCommand {
  const { target, headerEnv, timeoutMs } = parseTarget(args, env);
  const reuse = args.flag('reuse-server');
  if (target.transport === 'http' && !reuse) {
    throw new UsageError('fuzz', '--url needs --reuse-server: the server at a URL is not started by fuzz, so each run is a fresh session on it');
  }
  const runs = integerOption(args, 'runs', 1, 100_000, DEFAULT_RUNS);
  const maxSteps = integerOption(args, 'max-steps', 1, 1000, DEFAULT_MAX_STEPS);
  const seed = parseSeed(args, random);
  const chosen = parseCheckEra(args);
  if (chosen.era === 'both') throw new UsageError('fuzz', '--era both applies to check only: a fuzz search plays every run in one era (fuzz each era in a run of its own, --era modern and --era legacy)');
  const era = chosen.era;
  const protocolVersion = chosen.protocolVersion;
  if (target.transport === 'stdio' && reuse && era === 'legacy') {
    throw new UsageError('fuzz', '--reuse-server over stdio needs the stateless era (2026-07-28, --era modern or chosen by the server): in the legacy era one process holds one session, so each run starts the server afresh');
  }
  const { plan, recorded } = parseRunPlan(args, runs);
  const without = args.strings('without').flatMap((list) => list.split(',')).map((k) => k.trim()).filter((k) => k !== '');
  const exercise = parseExercise(args, 'fuzz');
  const known = [...new Set<string>([...ACTION_KINDS_IN_ORDER, ...MODERN_ACTION_KINDS, ...SURFACE_ACTION_KINDS])];
  for (const kind of without) {
    if (!known.includes(kind)) throw new UsageError('fuzz', `--without takes action kinds (${known.join(', ')}), got ${JSON.stringify(kind)}`);
  }
  for (const e of era === 'auto' ? (['legacy', 'modern'] as const) : [era]) {
    if (actionKinds(e, target.transport).every((k) => without.includes(k))) throw new UsageError('fuzz', `--without leaves no action kind to draw${era === 'auto' ? ` in the ${e} era` : ''}`);
  }
  const ignoreRules = args.strings('ignore-rule');
  for (const rule of ignoreRules) if (!RULES.has(rule)) throw new UsageError('fuzz', `--ignore-rule takes a rule id (see \`mcp-statechart rules\`), got ${JSON.stringify(rule)}`);
  const maxTime = args.string('max-time');
  if (maxTime !== undefined && (!/^[0-9]+$/.test(maxTime) || Number(maxTime) < 1 || Number(maxTime) > 86_400)) {
    throw new UsageError('fuzz', `--max-time takes a whole number of seconds from 1 to 86400, got ${JSON.stringify(maxTime)}`);
  }
  return {
    ignoreRules,
    era,
    fuzz: {
      ...(without.length === 0 ? {} : { without }),
      ...(maxTime === undefined ? {} : { maxTimeMs: Number(maxTime) * 1000 }),
      target,
      headerEnv,
      timeoutMs,
      protocolVersion,
      runs,
      seed,
      maxSteps,
      exercise,
      ...(target.transport === 'stdio' && reuse ? { reuseProcess: true } : {}),
      recorded: { runs, seed, max_steps: maxSteps, timeout_ms: timeoutMs, protocol_version: era === 'modern' ? MODERN_VERSION : protocolVersion, reuse_server: reuse, exercise, ...recorded },
      plan,
    },
    output: args.string('output'),
    reports: parseReportOptions(args),
  };
}

/** The longest arguments an action's text shows (a long value is cut, the trace keeps it whole). */
const ARGUMENTS_TEXT = 200;

/** An action as people read it: `list tools/list`, `cancel oldest`, `call get_value {"n":4}`. */
export function actionText(action: Action): string {
  if (!('args' in action) || action.args === undefined) return action.kind;
  const args = action.args;
  const cut = (value: unknown): string => {
    const json = JSON.stringify(value);
    return json.length > ARGUMENTS_TEXT ? `${json.slice(0, ARGUMENTS_TEXT)}…` : json;
  };
  if ('tool' in args) return `${action.kind} ${args.tool} ${cut(args.arguments)}${'how' in args ? ` (${args.how})` : ''}`;
  if ('template' in args) return `${action.kind} ${args.template} ${cut(args.values)}`;
  if ('name' in args) return `${action.kind} ${args.name} ${cut(args.arguments)}`;
  return `${action.kind} ${'method' in args ? args.method : 'which' in args ? args.which : args.state}`;
}

/** One line saying what the search did: found (and shrunk to what), or clean; and, when --max-time ended it, what was done. */
export function fuzzLine(result: FuzzResult, runs: number, seed: number): string {
  const line = searchLine(result, runs, seed) + sharedNote(result);
  if (!result.timedOut) return line;
  return result.outcome === 'found'
    ? `${line} (--max-time ran out while shrinking: the sequence may not be the smallest)`
    : `${line}: --max-time ran out after ${countOf(result.runs, 'run')} of ${runs}`;
}

/** What a search on shared server processes says of the failure it found (nothing without one). */
function sharedNote(result: FuzzResult): string {
  const found = result.shared?.found;
  if (found === undefined) return '';
  const process = `a server process that had served ${countOf(found.runs_before, 'run')} before it`;
  return found.fresh_process === 'reproduced'
    ? ` (found on ${process}; a fresh process shows it too, and it was shrunk on fresh processes)`
    : ` (found on ${process}; a fresh process does not show it, so it rests on what earlier runs left in the server, which keeps state across requests: runs on one process are not independent here, fuzz it without --reuse-server)`;
}

function searchLine(result: FuzzResult, runs: number, seed: number): string {
  const actions = result.run.trace.sequence?.actions ?? [];
  const list = actions.length === 0 ? 'no action after the handshake' : actions.map(actionText).join(', ');
  if (result.outcome === 'found' && result.shared?.found?.fresh_process === 'not-reproduced') {
    return `fuzz: found in run ${result.runs} of ${runs} (seed ${seed}); not shrunk, ${countOf(actions.length, 'action')}: ${list}`;
  }
  if (result.outcome === 'found') {
    return `fuzz: found in run ${result.runs} of ${runs} (seed ${seed}); shrunk in ${countOf(result.shrinks, 'step')} to ${countOf(actions.length, 'action')}: ${list}`;
  }
  if (result.outcome === 'clean') return `fuzz: nothing found in ${countOf(result.runs, 'run')} (seed ${seed}); the last run's sequence: ${list}`;
  return `fuzz: the target could not run (seed ${seed})`;
}

/** Where `fuzz` is given its environment and HTTP transport (tests pass their own). */
export interface FuzzExtras {
  readonly env?: NodeJS.ProcessEnv;
  readonly httpTransport?: (setup: HttpSetup) => ClientTransport;
}

/** Runs `fuzz`: the search, the trace (`--output`), the reports of the shrunk (or last) run. */
export async function runFuzzCommand(args: CommandArgs, io: CommandIO, extras: FuzzExtras = {}): Promise<CommandResult> {
  const env = extras.env ?? process.env;
  const parsed = parseFuzzArgs(args, env);
  let snapshot: ((why: string) => SequenceRun) | undefined;
  // Interrupted, fuzz still leaves the run in progress: its trace (status error) and the reports.
  const written = async (code: 130 | 143): Promise<void> => {
    const cut = snapshot?.(`the fuzz was interrupted (${code === 130 ? 'SIGINT' : 'SIGTERM'}) before it completed`);
    if (cut === undefined) return;
    const text = await writeTraceFiles(parsed.output, cut.trace, cut.timings);
    const reports: ReportOptions = parsed.output === undefined ? parsed.reports : { ...parsed.reports, traceFile: parsed.output, traceText: text };
    await writeReports(cut.trace, reports, { stdout: (line) => io.out(cut.redactor.ownText(line)), color: io.color });
  };
  // Known findings (expected failures, ignored rules) do not end the search: it goes on to the next unexpected error.
  const entries = parsed.reports.expectedFailures === undefined ? [] : (await readExpectedFailures(parsed.reports.expectedFailures)).entries;
  const onSnapshot = (s: (why: string) => SequenceRun): void => {
    snapshot = s;
  };
  const httpTransport = extras.httpTransport ?? streamableHttp;
  // One live line on a terminal's standard error; none with --json or --quiet, or off a terminal.
  const line = new ProgressLine(io.progress, 'fuzz', {
    enabled: parsed.reports.json !== true && parsed.reports.quiet !== true,
    ...(parsed.fuzz.maxTimeMs === undefined ? {} : { deadline: performance.now() + parsed.fuzz.maxTimeMs }),
  });
  const result = await withInterrupts(async (onTransport) => {
    // Asked for no era, the search plays in the one server/discover shows (as check chooses).
    const asked = parsed.era;
    const era = asked === 'auto'
      ? await chooseEra({ ...parsed.fuzz, env, httpTransport, onTransport, onSnapshot, recorded: { ...parsed.fuzz.recorded, era: { asked } } })
      : { era: asked, why: `asked for (${asked === 'modern' ? `--protocol-version ${MODERN_VERSION}` : `--protocol-version ${parsed.fuzz.protocolVersion}`})` };
    // Over stdio, runs share a process only where the server is stateless (the era chosen is 2026-07-28).
    const reuseProcess = parsed.fuzz.reuseProcess === true && era.era === 'modern';
    if (parsed.fuzz.reuseProcess === true && !reuseProcess) io.err('mcp-statechart fuzz: --reuse-server: the server speaks the legacy era, where one process holds one session; each run starts the server afresh\n');
    const recorded = {
      ...parsed.fuzz.recorded,
      ...(parsed.fuzz.target.transport === 'stdio' ? { reuse_server: reuseProcess } : {}),
      protocol_version: era.era === 'modern' ? MODERN_VERSION : parsed.fuzz.protocolVersion,
      era: { asked, used: era.era, why: era.why },
    };
    return runFuzz({
      ...parsed.fuzz,
      reuseProcess,
      era: era.era,
      recorded,
      known: (run) => knownFindings(run.trace, entries, parsed.ignoreRules),
      env,
      httpTransport,
      onTransport,
      onSnapshot,
      onProgress: (p) => line.update(p),
    });
  }, written).finally(() => line.clear());
  const { trace, timings, redactor } = result.run;
  const text = await writeTraceFiles(parsed.output, trace, timings);
  const say = (line: string): void => io.out(redactor.ownText(line));
  const note = omittedNote('fuzz', trace);
  if (note !== undefined) io.err(note);
  if (parsed.reports.json !== true && parsed.reports.quiet !== true) say(fuzzLine(result, parsed.fuzz.runs, parsed.fuzz.seed) + shardNote(parsed.fuzz.plan ?? SERIAL, parsed.fuzz.runs) + '\n');
  const searched: ReportOptions = { ...parsed.reports, ignoreRules: parsed.ignoreRules, metEntries: result.met };
  const reports: ReportOptions = parsed.output === undefined ? searched : { ...searched, traceFile: parsed.output, traceText: text };
  const failed = trace.status === 'error' ? couldNotRun('the fuzz', trace) : undefined;
  const outcome = await writeReports(trace, { ...reports, secrets: secretEnvironmentValues(env), ...(failed === undefined ? {} : { errorRule: failed.rule }) }, { stdout: say, color: io.color });
  if (outcome.failure !== undefined) return { exitCode: 2, failure: outcome.failure };
  if (failed === undefined) return { exitCode: outcome.exitCode };
  return { exitCode: 2, failure: failed };
}

/** `fuzz [options] --stdio -- CMD [ARGS...]` or `fuzz [options] --url URL --reuse-server`. */
export async function run(args: CommandArgs, io: CommandIO): Promise<CommandResult> {
  return runFuzzCommand(args, io);
}
