// Why: a scenario is one thing the judging server plays or watches for; it reaches the session
// only through this context (ask the client, send, answer, wait, note an outcome), so each
// scenario is one file and the session keeps the transport-neutral core: eras, routing, retries
// of its own requests, timers.
import type { JsonObject } from '../../validators/context.ts';
import type { RequestId } from '../../validators/envelope.ts';
import type { ProbeKind } from '../../live/live-judge.ts';

/** Which era a session serves: the legacy handshake, the stateless revision, or not settled yet. */
export type Era = 'legacy' | 'modern';

/** What became of a scenario in one session. */
export type Outcome = string;

/** What a scenario may do with the session it runs in. */
export interface ScenarioContext {
  /** The scenarios the run chose. */
  readonly chosen: ReadonlySet<string>;
  /** The negotiated version (legacy) or the stateless one. */
  readonly version: string;
  readonly era: Era | undefined;
  /** The client's capabilities (initialize's, or the last request's `_meta`). */
  readonly client: JsonObject | null;
  readonly closed: boolean;
  /** The id the session's next own request will have. */
  readonly nextId: number;
  /** Sets the outcome of `name` when it was chosen. */
  note(name: string, outcome: Outcome): void;
  /** Sets the outcome of `name` (an unchosen one is dropped at the end). */
  outcome(name: string, outcome: Outcome): void;
  /** Sends a server request and waits for its answer within the time limit (undefined: none came). */
  ask(method: string, params: JsonObject, probe?: ProbeKind): Promise<JsonObject | undefined>;
  /** Sends a message on the route of `related` (or an unrelated one); false: no route was open. */
  send(message: JsonObject, related: RequestId | undefined, probe?: ProbeKind): boolean;
  /** Answers `id` with a result (with its resultType and cache hints in 2026-07-28). */
  result(id: RequestId, result: JsonObject, method?: string, probe?: ProbeKind): void;
  error(id: RequestId, code: number, message: string, data?: unknown): void;
  /** Runs `body` after `ms` unless the session closes first. */
  later(ms: number, body: () => void): void;
  /** Waits `ms` for the client request `id`; false when it was cancelled or the session closed first. */
  pause(id: RequestId, ms: number): Promise<boolean>;
}

/** A scenario's entry in the registry: who starts it and what it exercises. */
export interface ScenarioEntry {
  readonly by: 'server' | 'client';
  readonly text: string;
}

/** Asks the client for scenario `name` and notes how it answered. */
export async function askFor(ctx: ScenarioContext, name: string, method: string, params: JsonObject, probe?: ProbeKind): Promise<JsonObject | undefined> {
  const answer = await ctx.ask(method, params, probe);
  ctx.note(name, answer === undefined ? (ctx.closed ? 'the client left before answering' : 'no answer within the time limit') : 'error' in answer ? 'answered with an error' : 'answered');
  return answer;
}

/** The text of a tool result. */
export function textResult(t: string, isError = false): JsonObject {
  return { content: [{ type: 'text', text: t }], ...(isError ? { isError: true } : {}) };
}
