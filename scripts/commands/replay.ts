// Why: `replay` tells whether a saved failure still happens: it plays a trace's action sequence
// against fresh targets that the user names on the command line (a trace never chooses what runs:
// one that names an executable, URL, environment or working directory is refused) and counts the
// runs that fail with the trace's signature, in the era the trace was played in (2026-07-28 or
// initialize). Interrupted, it writes what it recorded before it exits 130 or 143, as fuzz does.
import { runReplay, type ReplayResult } from '../../fuzz/run-replay.ts';
import type { SequenceRun } from '../../fuzz/run-sequence.ts';
import { MODERN_VERSION } from '../../live/modern-requests.ts';
import { envelopeText } from '../../reports/envelope.ts';
import { jsonReport } from '../../reports/json-report.ts';
import { buildReportModel } from '../../reports/report-model.ts';
import { secretEnvironmentValues } from '../../trace/redaction.ts';
import type { HttpSetup } from '../../live/connection.ts';
import type { ClientTransport } from '../../live/transport.ts';
import { couldNotRun } from './could-not-run.ts';
import { replayableSequence } from '../../trace/parse-trace.ts';
import type { CommandArgs, CommandIO, CommandResult } from '../cli/command.ts';
import { integerOption } from '../cli/parse-args.ts';
import { parseExercise } from './fuzz.ts';
import { ProgressLine } from '../cli/progress-line.ts';
import { UsageError } from '../cli/usage-error.ts';
import { OFFERABLE_VERSIONS, parseTarget, streamableHttp, withInterrupts, writeTraceFiles } from './live-args.ts';
import { readTrace } from './report.ts';
import { recordedScenarios, replayScenarios } from '../../scenario/replay-scenarios.ts';

/** Replays when --runs is not given. */
export const DEFAULT_REPLAY_RUNS = 10;

/** The longest all replays may take when --max-time is not given, in seconds. */
export const DEFAULT_REPLAY_MAX_SECONDS = 600;

/** Where `replay` is given its environment and HTTP transport (tests pass their own). */
export interface ReplayExtras {
  readonly env?: NodeJS.ProcessEnv;
  readonly httpTransport?: (setup: HttpSetup) => ClientTransport;
}

/** The version the trace's run offered, when it is one this client can offer. */
function offeredVersion(options: Record<string, unknown>): string {
  const version = options['protocol_version'];
  return typeof version === 'string' && (OFFERABLE_VERSIONS as readonly string[]).includes(version) ? version : OFFERABLE_VERSIONS[0];
}

/** Runs `replay TRACE [--runs N] --stdio -- CMD | --url URL`. */
export async function runReplayCommand(args: CommandArgs, io: CommandIO, extras: ReplayExtras = {}): Promise<CommandResult> {
  const env = extras.env ?? process.env;
  const path = args.positionals[0] as string;
  if (args.afterDashes.length > 0 && args.positionals.length === args.afterDashes.length) throw new UsageError('replay', 'name the trace before --stdio -- CMD');
  const { target, headerEnv, timeoutMs } = parseTarget(args, env, 1);
  const runs = integerOption(args, 'runs', 1, 10_000, DEFAULT_REPLAY_RUNS);
  const maxTime = args.string('max-time');
  const maxSeconds = maxTime === undefined ? DEFAULT_REPLAY_MAX_SECONDS : Number(maxTime);
  if (!Number.isFinite(maxSeconds) || maxSeconds <= 0 || maxSeconds > 86_400) throw new UsageError('replay', `--max-time takes a number of seconds between 0 and 86400, got ${JSON.stringify(maxTime)}`);
  // The replay's own policy decides which of the trace's calls are played, never the trace.
  const exercise = parseExercise(args, 'replay');
  const { trace } = await readTrace(path, false);
  // A check trace that ran scenarios replays its steps; any other trace its action sequence.
  const scenarios = recordedScenarios(trace);
  const sequence = scenarios === undefined ? replayableSequence(trace) : { seed: 0, actions: [], ...(trace.options['protocol_version'] === MODERN_VERSION ? { era: 'modern' as const } : {}) };
  const recordedTimeout = trace.options['timeout_ms'];
  const timeout = args.string('timeout') === undefined && typeof recordedTimeout === 'number' && recordedTimeout > 0 && recordedTimeout <= 3_600_000 ? recordedTimeout : timeoutMs;
  const protocolVersion = offeredVersion(trace.options);
  const modern = sequence.era === 'modern';
  let snapshot: ((why: string) => SequenceRun) | undefined;
  let made = 0;
  let reproducedSoFar = 0;
  // Interrupted, replay still leaves what it recorded: the run in progress (status error) with
  // --output, and with --json the runs made so far and that run's report.
  const written = async (code: 130 | 143): Promise<void> => {
    const cut = snapshot?.(`the replay was interrupted (${code === 130 ? 'SIGINT' : 'SIGTERM'}) before it completed`);
    if (cut === undefined) return;
    await writeTraceFiles(args.string('output'), cut.trace, cut.timings);
    const sofar: ReplayResult = { reproduced: reproducedSoFar, runs: made, last: cut, couldNotRun: false, outOfTime: false };
    if (args.flag('json')) io.out(cut.redactor.ownText(replayDocument(sofar, runs, trace.signature, secretEnvironmentValues(env), undefined)));
  };
  // One live line on a terminal's standard error; none with --json, or off a terminal.
  const line = new ProgressLine(io.progress, 'replay', { enabled: !args.flag('json'), counted: (n) => `${n} reproduced`, deadline: performance.now() + maxSeconds * 1000 });
  const result = await withInterrupts((onTransport) => scenarios !== undefined ? replayScenarios(trace, scenarios, {
    target, headerEnv, timeoutMs: timeout, protocolVersion, runs, maxTimeMs: maxSeconds * 1000, env, httpTransport: extras.httpTransport ?? streamableHttp, onTransport,
    answers: { roots: [] },
    onRun: (same) => {
      made++;
      if (same) reproducedSoFar++;
      line.update({ done: made, total: runs, findings: reproducedSoFar });
    },
  }) : runReplay(sequence, trace.signature, {
    target,
    headerEnv,
    timeoutMs: timeout,
    protocolVersion,
    runs,
    exercise,
    maxTimeMs: maxSeconds * 1000,
    env,
    httpTransport: extras.httpTransport ?? streamableHttp,
    onTransport,
    onSnapshot: (s) => {
      snapshot = s;
    },
    onRun: (same) => {
      made++;
      if (same) reproducedSoFar++;
      line.update({ done: made, total: runs, findings: reproducedSoFar });
    },
    recorded: { runs, timeout_ms: timeout, protocol_version: modern ? MODERN_VERSION : protocolVersion, era: modern ? 'modern' : 'legacy', exercise },
  }), written).finally(() => line.clear());
  await writeTraceFiles(args.string('output'), result.last.trace, result.last.timings);
  const failed = result.couldNotRun ? couldNotRun('the replay', result.last.trace) : undefined;
  if (args.flag('json')) io.out(replayDocument(result, runs, trace.signature, secretEnvironmentValues(env), failed?.rule));
  if (failed !== undefined) return { exitCode: 2, failure: failed };
  const verb = result.reproduced > 0 ? 'reproduced' : 'did not reproduce';
  if (result.outOfTime) io.err(`mcp-statechart replay: --max-time (${maxSeconds} s) ended the replays after ${result.runs} of ${runs} runs\n`);
  if (!args.flag('json')) io.out(`${verb} ${trace.signature} in ${result.reproduced}/${result.runs} runs\n`);
  return { exitCode: result.reproduced > 0 ? 1 : 0 };
}

/**
 * `replay --json`: the JSON report of the last replay (its findings, counts and run facts), its
 * status the replay's own (fail: reproduced in a run, pass: not, error: the target could not run),
 * and `replay`: the runs asked for and made, how many failed with `signature`.
 */
export function replayDocument(result: ReplayResult, requested: number, signature: string, secrets: readonly string[], errorRule: string | undefined): string {
  const report = jsonReport(buildReportModel(result.last.trace, [], secrets), errorRule);
  const status = errorRule !== undefined ? 'error' : result.reproduced > 0 ? 'fail' : 'pass';
  const replay = { reproduced: result.reproduced, runs: result.runs, requested, signature, out_of_time: result.outOfTime };
  return envelopeText({ ...report, status, replay }) + '\n';
}

/** `replay TRACE [--runs N] --stdio -- CMD [ARGS...]` or `replay TRACE [--runs N] --url URL`. */
export async function run(args: CommandArgs, io: CommandIO): Promise<CommandResult> {
  return runReplayCommand(args, io);
}
