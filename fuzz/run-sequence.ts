// Why: fuzz and replay must play a sequence exactly the same way, against a fresh target each
// time (a new server process over stdio, a new session or connection over Streamable HTTP; in
// 2026-07-28 with --reuse-server, a lease of a stdio process shared with runs before it):
// connect, initialize (in the stateless revision, 2026-07-28: server/discover, each request with
// its own _meta), play every action the state allows, wait for what is in flight, close, and build
// the redacted, signed trace that holds the seed, the era and the sequence. Judging is the
// recorder's session's alone.
import type { Action } from '../trace/action-schema.ts';
import type { Redactor } from '../trace/redaction.ts';
import type { Trace } from '../trace/trace-schema.ts';
import type { TraceTimings } from '../trace/trace-file.ts';
import type { JsonObject } from '../validators/context.ts';
import { openConnection, type ConnectionOptions } from '../live/connection.ts';
import { Exchange } from '../live/exchange.ts';
import type { LiveRecorder } from '../live/recorder.ts';
import { initialize } from '../live/handshake.ts';
import { replyTo, type ClientAnswers } from '../live/server-requests.ts';
import { buildTrace } from '../live/trace-builder.ts';
import type { CleanupEvidence, ClientTransport } from '../live/transport.ts';
import type { SharedStdioServer } from '../live/shared-stdio.ts';
import { discoverFailure } from '../live/modern-driver.ts';
import { requestMeta } from '../live/modern-requests.ts';
import { isJsonObject } from '../validators/shape.ts';
import { isModernError } from '../validators/era.ts';
import { ActionExecutor } from './executor.ts';
import type { FuzzEra } from './generator.ts';
import { ModernExecutor } from './modern-executor.ts';
import type { ExerciseMode } from '../exercise/tool-policy.ts';
import type { Surface as FuzzSurface } from './surface.ts';

/** A deep run answers server requests as a client that offers nothing: ping, and -32601 for the rest. */
const NO_ANSWERS: ClientAnswers = { roots: [] };

/** How to play a sequence. */
export interface SequenceOptions extends ConnectionOptions {
  /** The version offered in initialize (the legacy era). */
  readonly protocolVersion: string;
  /** The era to play in (default legacy): `modern` speaks 2026-07-28, with no handshake. */
  readonly era?: FuzzEra | undefined;
  readonly mode: 'fuzz' | 'replay';
  readonly seed: number;
  /** The run's settings as the trace records them (never a command, URL or environment). */
  readonly recorded: JsonObject;
  /** Told the transport once it exists (to abort it when the program is interrupted); what it returns is called once the transport is closed. */
  readonly onTransport?: ((transport: ClientTransport) => (() => void) | void) | undefined;
  /** fuzz: the number of the search's run the sequence was drawn as (recorded in the trace). */
  readonly run?: number | undefined;
  /** Told, for each run, how to build the trace of what it recorded so far (the checker is interrupted: status `error`, `why`). */
  readonly onSnapshot?: ((snapshot: (why: string) => SequenceRun) => void) | undefined;
  /** When (performance.now(), ms) no further action is played (default: none). */
  readonly deadline?: number | undefined;
  /** Which of the server's tools a `call` may call (default none: calls are not played). */
  readonly exercise?: ExerciseMode | undefined;
  /** Told the server's listed tools, prompts and resource templates, learnt before any action is played (a search learns its surface so). */
  readonly onSurface?: ((surface: FuzzSurface) => void) | undefined;
  /** A stdio server process shared with other runs (2026-07-28 only): the run leases it instead of starting its own. */
  readonly shared?: SharedStdioServer | undefined;
}

/** One played sequence: its trace (redacted, with the seed and the actions) and timings. */
export interface SequenceRun {
  readonly trace: Trace;
  readonly timings: TraceTimings;
  readonly redactor: Redactor;
}

/** Plays `actions` against a fresh connection to the target and returns the run's trace. */
export async function runSequence(actions: readonly Action[], options: SequenceOptions): Promise<SequenceRun> {
  const started = performance.now();
  const { redactor, recorder, transport: own } = openConnection(options);
  const lease = options.shared?.lease(recorder);
  const transport: ClientTransport = lease ?? own;
  const release = options.onTransport?.(transport);
  const traced = (cleanupNow: CleanupEvidence, errorNow: string | undefined): Pick<SequenceRun, 'trace' | 'timings'> => {
    const { recording, omitted } = recorder.finishBounded();
    return buildTrace({
      recording,
      ...(omitted === undefined ? {} : { omitted }),
      target: { transport: options.target.transport },
      options: options.recorded,
      cleanup: cleanupNow,
      error: errorNow,
      redactor,
      totalMs: performance.now() - started,
      mode: options.mode,
      sequence: { seed: options.seed, actions: [...actions], ...(options.run === undefined ? {} : { run: options.run }), ...(options.era === 'modern' ? { era: 'modern' as const } : {}) },
    });
  };
  options.onSnapshot?.((why) => ({ ...traced({ interrupted: true }, why), redactor }));
  const exchange = new Exchange(transport, recorder, options.timeoutMs, (method, params) => replyTo(method, params, NO_ANSWERS), lease?.firstId);
  let error: string | undefined;
  let cleanup: CleanupEvidence;
  try {
    await exchange.start();
    const deadline = options.deadline ?? Number.POSITIVE_INFINITY;
    const surface = { exercise: options.exercise ?? 'none', onSurface: options.onSurface } as const;
    error = options.era === 'modern' ? await playModern(exchange, recorder, transport, actions, options.timeoutMs, deadline, surface) : await play(exchange, recorder, transport, actions, options.protocolVersion, deadline, surface);
  } catch (failure) {
    if (!(failure instanceof Error)) throw failure;
    error = failure.message;
  } finally {
    await exchange.settle();
    cleanup = await transport.close();
    release?.();
  }
  const { trace, timings } = traced(cleanup, error);
  return { trace, timings, redactor };
}

/** Which tools a run may call, and who is told the listed tools before the first action. */
interface Surface {
  readonly exercise: ExerciseMode;
  readonly onSurface: ((surface: FuzzSurface) => void) | undefined;
}

/** The handshake, then every action; returns why the run could not go on, if it could not. */
async function play(exchange: Exchange, recorder: LiveRecorder, transport: ClientTransport, actions: readonly Action[], version: string, deadline: number, surface: Surface): Promise<string | undefined> {
  const handshake = await initialize(exchange, recorder, version, NO_ANSWERS);
  // A handshake that timed out or was rejected is a finding of the run, not a reason it could not run.
  if (!handshake.ok) return handshake.error;
  const executor = new ActionExecutor(exchange, transport, handshake.server, surface.exercise);
  if (surface.onSurface !== undefined) surface.onSurface(await executor.surface());
  for (const action of actions) {
    // Past the run's time limit no further action is played: the run ends as it would after its last.
    if (performance.now() > deadline) break;
    await executor.play(action);
  }
  await executor.settle();
  return undefined;
}

/** JSON-RPC's "Method not found". */
const METHOD_NOT_FOUND = -32601;

/**
 * server/discover was answered -32601: a legacy server's usual answer (stdio page, Backward
 * Compatibility: "any other error ... the server is legacy"), or a 2026-07-28 server without
 * server/discover. One tools/list tells them apart, as check asks it: answered with resultType or a
 * modern error, the server is modern and the session blames the refusal; else it is a legacy
 * server, which a fuzz of 2026-07-28 could not run against (exit 2).
 */
async function legacyAfterNotFound(exchange: Exchange, refusal: JsonObject): Promise<string | undefined> {
  const answer = await exchange.send('tools/list', { _meta: requestMeta(NO_ANSWERS) }, { probe: 'era-confirm' }).answer;
  if (answer.kind === 'result' && typeof answer.result['resultType'] === 'string') return undefined;
  if (answer.kind === 'error' && isModernError(answer.error)) return undefined;
  if (answer.kind === 'failed' && answer.couldNotRun) return answer.reason;
  const shown = answer.kind === 'result' ? 'with a result without resultType'
    : answer.kind === 'error' ? `with error ${String(answer.error['code'])}`
    : answer.kind === 'ended' ? 'by ending the connection' : 'not at all';
  return `the server answered server/discover with error ${String(refusal['code'])} (${String(refusal['message'] ?? '')}) and tools/list ${shown}: it does not speak MCP 2026-07-28 (a legacy server: fuzz it without --protocol-version 2026-07-28)`;
}

/** server/discover (what the server declares), then every action; returns why the run could not go on, if it could not. */
async function playModern(exchange: Exchange, recorder: LiveRecorder, transport: ClientTransport, actions: readonly Action[], timeoutMs: number, deadline: number, surface: Surface): Promise<string | undefined> {
  const discover = await exchange.send('server/discover', { _meta: requestMeta(NO_ANSWERS) }).answer;
  const failure = discoverFailure(discover);
  if (failure !== undefined) return failure;
  if (discover.kind === 'error' && discover.error['code'] === METHOD_NOT_FOUND) return legacyAfterNotFound(exchange, discover.error);
  // A DiscoverResult the session rejected, or none at all, is a finding of the run: nothing follows it.
  if (discover.kind !== 'result' || discover.result['resultType'] !== 'complete') return undefined;
  const server = isJsonObject(discover.result['capabilities']) ? discover.result['capabilities'] : {};
  const executor = new ModernExecutor(exchange, transport, recorder, { server, answers: NO_ANSWERS, timeoutMs, exercise: surface.exercise });
  if (surface.onSurface !== undefined) surface.onSurface(await executor.surface());
  for (const action of actions) {
    if (performance.now() > deadline) break;
    await executor.play(action);
  }
  await executor.finish();
  return undefined;
}
