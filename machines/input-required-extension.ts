import type { InspectionEvent } from 'xstate';
import { runMachine, type MachineRunner } from './runner.ts';
import type { Direction, JsonObject } from '../validators/context.ts';
import { idKey, type IdKey, type RequestId } from '../validators/envelope.ts';
import type { Finding } from '../validators/finding.ts';
import { isJsonObject, NO_FINDINGS } from '../validators/shape.ts';
import { issueFinding } from './gated-actor.ts';
import {
  inputRequestsOf,
  inputResponsesOf,
  isRetry,
  requestStateOf,
  RETRYABLE_METHODS,
  validateInputResponses,
} from '../validators/modern-input.ts';
import { resultTypeOf } from '../validators/modern-result.ts';
import type { PendingRequest } from './correlation.ts';
import type { CallEvent, ExtensionFactory, ExtensionView, SessionExtension } from './extension.ts';
import { inputRequiredMachine, type RetryAttempt } from './input-required.ts';
import type { IssueEvent } from './issue.ts';

type Loop = MachineRunner<typeof inputRequiredMachine>;

/** What a retryable request targets: the tool or prompt name, or the resource URI. */
function targetOf(method: string, params: unknown): string | undefined {
  const key = method === 'resources/read' ? 'uri' : 'name';
  const value = isJsonObject(params) ? params[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

function attemptOf(id: RequestId | undefined, method: string, params: JsonObject | undefined): RetryAttempt {
  return {
    ...(id === undefined ? {} : { id }),
    method,
    target: targetOf(method, params),
    answered: Object.keys(inputResponsesOf(params) ?? {}),
    requestState: requestStateOf(params),
  };
}

/** Loops kept waiting for a retry at most; a client that never retries cannot grow the session without bound. */
const WAITING_LIMIT = 1024;

/**
 * The input_required retry loop wired into a session of the stateless revision: one
 * `inputRequiredMachine` per original request of tools/call, prompts/get or resources/read.
 * A retry (a request carrying inputResponses or requestState) is matched to the loop waiting for
 * it, judged by that loop, and its answers are checked against the input requests they answer.
 */
class InputRequiredExtension implements SessionExtension {
  readonly name = 'input-required';
  readonly #inspect: ((event: InspectionEvent) => void) | undefined;
  /** Loops whose latest request is unanswered, by that request's id key. */
  readonly #inFlight = new Map<IdKey, Loop>();
  /** Loops waiting for a retry, most recent last; beyond WAITING_LIMIT the oldest are forgotten (and stopped). */
  #waiting: Loop[] = [];
  /** The loop the last checked retry matched, so that accepting that retry does not search again. */
  #matched: { readonly call: CallEvent; readonly loop: Loop } | undefined;
  #issues: Finding[] = [];

  constructor(inspect?: (event: InspectionEvent) => void) {
    this.#inspect = inspect;
  }

  #start(id: RequestId, method: string, params: unknown): Loop {
    const loop = runMachine(inputRequiredMachine, { method, target: targetOf(method, params), id }, this.#inspect);
    loop.on('issue', (e: IssueEvent) => {
      this.#issues.push(issueFinding(e));
    });
    loop.start();
    return loop;
  }

  /** The loop a retry belongs to: by echoed requestState, else the latest waiting loop of the same request or method, else one still in flight. */
  #loopFor(attempt: RetryAttempt): Loop | undefined {
    const newest = (loops: readonly Loop[], test: (c: ReturnType<Loop['getSnapshot']>['context']) => boolean): Loop | undefined => {
      for (let i = loops.length - 1; i >= 0; i--) if (test((loops[i] as Loop).getSnapshot().context)) return loops[i];
      return undefined;
    };
    const sameTarget = (c: ReturnType<Loop['getSnapshot']>['context']) => c.method === attempt.method && c.target === attempt.target;
    return (attempt.requestState === undefined ? undefined : newest(this.#waiting, (c) => c.requestState === attempt.requestState))
      ?? newest(this.#waiting, sameTarget)
      ?? newest(this.#waiting, (c) => c.method === attempt.method)
      ?? newest([...this.#inFlight.values()], sameTarget);
  }

  checkCall(call: CallEvent, view: ExtensionView): readonly Finding[] {
    if (call.kind !== 'request' || call.direction !== 'client_to_server' || !RETRYABLE_METHODS.has(call.method) || !isRetry(call.params)) return NO_FINDINGS;
    const attempt = attemptOf(call.id, call.method, call.params);
    const loop = this.#loopFor(attempt);
    this.#matched = loop ? { call, loop } : undefined;
    // A retry that matches no request in view is no finding: requests are independent (mrtr: "as they
    // are independent requests"; basic, Statelessness), so it may answer an input_required result the
    // client got on another connection, or one forgotten past WAITING_LIMIT. A retry of a request
    // still in view but not yet answered input_required is the loop's stateless/retry-without-input-required.
    if (!loop) return NO_FINDINGS;
    this.#issues = [];
    loop.send({ type: 'retry.check', ...attempt });
    if (this.#issues.length > 0) return this.#issues;
    return validateInputResponses(loop.getSnapshot().context.inputRequests, inputResponsesOf(call.params), '/message/params/inputResponses', view.ctx);
  }

  acceptCall(call: CallEvent): void {
    if (call.kind !== 'request' || call.id === undefined || call.direction !== 'client_to_server' || !RETRYABLE_METHODS.has(call.method)) return;
    let loop: Loop | undefined;
    if (isRetry(call.params)) {
      loop = this.#matched?.call === call ? this.#matched.loop : this.#loopFor(attemptOf(call.id, call.method, call.params));
      this.#matched = undefined;
      if (!loop) return;
      this.#waiting = this.#waiting.filter((l) => l !== loop);
      loop.send({ type: 'retry', id: call.id });
    } else {
      loop = this.#start(call.id, call.method, call.params);
    }
    this.#inFlight.set(idKey(call.id), loop);
  }

  acceptResponse(pending: PendingRequest, ok: boolean, result: JsonObject | undefined, direction: Direction): void {
    if (direction !== 'server_to_client') return;
    const key = idKey(pending.id);
    const loop = this.#inFlight.get(key);
    if (!loop) return;
    this.#inFlight.delete(key);
    if (ok && resultTypeOf(result) === 'input_required') {
      loop.send({ type: 'result.input_required', inputRequests: inputRequestsOf(result), requestState: requestStateOf(result) });
      this.#waiting.push(loop);
      if (this.#waiting.length > WAITING_LIMIT) {
        this.#waiting.shift()?.stop();
      }
      return;
    }
    loop.send(ok ? { type: 'result.complete' } : { type: 'error' });
    loop.stop();
  }

  view(): unknown {
    const show = (l: Loop) => {
      const s = l.getSnapshot();
      return { method: s.context.method, target: s.context.target, state: String(s.value), retries: s.context.retries };
    };
    return { inFlight: [...this.#inFlight.values()].map(show), waiting: this.#waiting.map(show) };
  }

  stop(): void {
    for (const l of this.#inFlight.values()) l.stop();
    for (const l of this.#waiting) l.stop();
  }
}

/** The input_required retry loop, for stateless profiles only. */
export const inputRequiredExtension: ExtensionFactory = (profile, options) =>
  (profile.stateless ? new InputRequiredExtension(options?.inspect) : undefined);
