// Why: one function runs a whole live check (connect, drive, close, build the trace) so that the
// CLI, the tests and the benchmark run exactly the same thing. What it returns is already
// redacted; the redactor goes with it, for anything else the caller prints.
import type { Redactor } from '../trace/redaction.ts';
import type { Trace } from '../trace/trace-schema.ts';
import type { TraceTimings } from '../trace/trace-file.ts';
import type { JsonObject } from '../validators/context.ts';
import { isJsonObject } from '../validators/shape.ts';
import { drive, type EraChoice, type EraUsed, type NamedCall, type Scope, type SkippedCall } from './driver.ts';
import { MODERN_VERSION } from './modern-requests.ts';
import { openConnection, type HeaderFromEnv, type HttpSetup, type LiveTarget } from './connection.ts';
import type { ClientAnswers } from './server-requests.ts';
import { buildTrace } from './trace-builder.ts';
import type { CleanupEvidence, ClientTransport } from './transport.ts';
import { ruleById } from '../validators/rules/index.ts';
import type { StepRunner } from './step-client.ts';
import type { ExerciseMode, ExerciseReport } from './exercise-plan.ts';
import type { ExerciseProgress } from './exercise.ts';

export type { HeaderFromEnv, HttpSetup } from './connection.ts';

/** What to check and how. */
export interface CheckOptions {
  readonly target: LiveTarget;
  readonly scope: Scope;
  readonly timeoutMs: number;
  readonly protocolVersion: string;
  /** Which era to speak (default legacy: initialize with protocolVersion). */
  readonly era?: EraChoice;
  /** The era probe's own time limit in ms (default ERA_PROBE_MS in live/era-probe.ts, at most timeoutMs). */
  readonly eraProbeMs?: number;
  readonly calls: readonly NamedCall[];
  /** How much of the server's own surface to exercise (default none; the CLI's default is safe). */
  readonly exercise?: ExerciseMode;
  /** The seed of the exercise's generated values. */
  readonly seed?: number;
  /** Told as the exercise goes (a progress line on a terminal). */
  readonly onExerciseProgress?: ((p: ExerciseProgress) => void) | undefined;
  readonly answers: ClientAnswers;
  readonly headerEnv: readonly HeaderFromEnv[];
  /** The environment: what the server inherits, where header values and secrets come from. */
  readonly env: NodeJS.ProcessEnv;
  /** Waits of the stdio shutdown sequence, in ms (default 2000 each). */
  readonly graceMs?: number;
  /** Builds the Streamable HTTP transport for `--url`. */
  readonly httpTransport?: (setup: HttpSetup) => ClientTransport;
  /** Told the transport once it exists (to abort it when the checker is interrupted). */
  readonly onTransport?: (transport: ClientTransport) => void;
  /** Told how to build the trace of what was recorded so far (the checker is interrupted: status `error`, `why`). */
  readonly onSnapshot?: (snapshot: (why: string) => CheckRun) => void;
  /** Requests the user wrote, run last in either era (a scenario's steps). */
  readonly steps?: StepRunner;
  /** The scenarios those steps come from, as the trace's options record them. */
  readonly scenarios?: readonly JsonObject[];
}

/** A finished check. */
export interface CheckRun {
  readonly trace: Trace;
  readonly timings: TraceTimings;
  /** Named calls that were not sent, or sent but not finished, and why (redacted). */
  readonly skipped: readonly SkippedCall[];
  /** What the exercise sent and left out, as the trace records it (redacted); absent under none. */
  readonly exercise?: ExerciseReport;
  /**
   * Why the check could not do what it was asked: named calls that could not be sent (the trace's
   * status is then `error`, its error this message and the rule); redacted.
   */
  readonly notSent?: { readonly rule: string; readonly pointer: string; readonly message: string };
  /** The run's redactor, for anything else printed about it. */
  readonly redactor: Redactor;
}

/** The run's settings as the trace records them: no values of headers or environment variables. */
function recordedOptions(options: CheckOptions, era: EraUsed | undefined, exercise: ExerciseReport | undefined): JsonObject {
  return {
    ...(exercise === undefined ? {} : { exercise: exercise as unknown as JsonObject }),
    scope: options.scope,
    timeout_ms: options.timeoutMs,
    protocol_version: era?.used === 'modern' ? MODERN_VERSION : options.protocolVersion,
    era: { asked: options.era ?? 'legacy', ...(era === undefined ? {} : { used: era.used, why: era.why }) },
    calls: options.calls.map((c) => ({ name: c.name, args: c.args })),
    roots: [...options.answers.roots],
    header_env: options.headerEnv.map((h) => ({ header: h.header, variable: h.variable })),
    canned: { sampling: options.answers.sampling !== undefined, elicitation: options.answers.elicitation !== undefined },
    ...(options.scenarios === undefined ? {} : { scenarios: [...options.scenarios] }),
  };
}

/** Runs one live check end to end and returns its redacted trace. */
export async function runCheck(options: CheckOptions): Promise<CheckRun> {
  const started = performance.now();
  let { redactor, recorder, transport } = openConnection(options);
  const target = options.target;
  options.onTransport?.(transport);
  let era: EraUsed | undefined;
  let exercise: ExerciseReport | undefined;
  const traced = (cleanup: CleanupEvidence, error: string | undefined): Pick<CheckRun, 'trace' | 'timings'> => {
    const { recording, omitted } = recorder.finishBounded();
    return buildTrace({
      recording,
      ...(omitted === undefined ? {} : { omitted }),
      target: target.transport === 'stdio' ? { transport: 'stdio', command: [...target.command] } : { transport: 'http', url: target.url },
      options: recordedOptions(options, era, exercise),
      cleanup,
      error,
      redactor,
      totalMs: performance.now() - started,
    });
  };
  options.onSnapshot?.((why) => ({ ...traced({ interrupted: true }, why), skipped: [], redactor }));
  let outcome = await drive(transport, recorder, options);
  if (outcome.probeEnded === true && target.transport === 'stdio') {
    // A legacy server that ends on any request before initialize (as servers on some SDKs do) is
    // checked again on a fresh process, opened with initialize: the era is a property of the server.
    ({ redactor, recorder, transport } = openConnection(options));
    options.onTransport?.(transport);
    outcome = await drive(transport, recorder, { ...options, era: 'legacy' });
    if (outcome.era !== undefined) {
      outcome = { ...outcome, era: { used: 'legacy', why: `the server ended its connection on server/discover (sent first, as a client of both eras does), as a legacy server that ends on any request before initialize does: checked on a fresh process, opened with initialize ${options.protocolVersion}` } };
    }
  }
  era = outcome.era;
  exercise = outcome.exercise;
  const notSent = outcome.error === undefined ? notSentFailure(outcome.skipped) : undefined;
  const { trace, timings } = traced(outcome.cleanup, outcome.error ?? (notSent === undefined ? undefined : `${notSent.message} [${notSent.rule}]`));
  const skipped = outcome.skipped.map((s) => ({ ...s, name: redactor.text(s.name), reason: redactor.text(s.reason) }));
  const recorded = isJsonObject(trace.options['exercise']) ? { exercise: trace.options['exercise'] as unknown as ExerciseReport } : {};
  if (notSent === undefined) return { trace, timings, skipped, redactor, ...recorded };
  return { trace, timings, skipped, redactor, ...recorded, notSent: { ...notSent, message: redactor.text(notSent.message) } };
}

/**
 * A check asked to call a tool it could not call has not done what it was asked (a misspelt
 * name in CI must not pass): the calls not sent, each with its reason and its place in the options.
 * A call kept back by the server's own finding is that finding's (the session reports it), not this.
 */
function notSentFailure(skipped: readonly SkippedCall[]): { rule: string; pointer: string; message: string } | undefined {
  const unsent = skipped.filter((s) => s.sent !== true && s.blamed === undefined);
  const first = unsent[0];
  if (first === undefined) return undefined;
  const message = unsent.map((s) => `--call ${s.name} was not sent (${s.pointer ?? '/options/calls'}): ${s.reason}`).join('; ');
  return { rule: ruleById('cli/call-not-sent').id, pointer: first.pointer ?? '/options/calls', message };
}
