// Why: a 2026-07-28 server asks the client for input by answering input_required (mrtr): the first
// call of wait_for_scenarios is answered so, asking for what the client declared (never what it did
// not: mrtr "Servers MUST NOT send an inputRequests that the client has not declared support for"),
// with a request state; the retry must come with a new id, the state echoed and every input
// answered (the session judges that), and is then answered.
import type { JsonObject } from '../../validators/context.ts';
import type { RequestId } from '../../validators/envelope.ts';
import { isJsonObject } from '../../validators/shape.ts';
import { textResult, type Outcome, type ScenarioContext, type ScenarioEntry } from './context.ts';
import { elicitationModes } from './declared.ts';
import { FORM_INPUT_REQUEST } from './elicitation-form.ts';
import { URL_INPUT_REQUEST } from './elicitation-url.ts';
import { ROOTS_REQUEST } from './roots.ts';
import { SAMPLING_PARAMS, SAMPLING_TOOLS_PARAMS } from './sampling.ts';

export const retry: ScenarioEntry = { by: 'server', text: '2026-07-28: wait_for_scenarios is answered input_required first; the client retries with a new id, the requestState echoed and every input answered' };

/** The input requests of the retry round, by key, for what the client declared (and the scenarios chosen). */
export function inputRequestsFor(capabilities: JsonObject | null, chosen: ReadonlySet<string>): Record<string, JsonObject> {
  const out: Record<string, JsonObject> = {};
  const sampling = capabilities?.['sampling'];
  const modes = elicitationModes(capabilities);
  if (chosen.has('roots') && isJsonObject(capabilities?.['roots'])) out['roots'] = ROOTS_REQUEST;
  if (chosen.has('sampling') && isJsonObject(sampling)) {
    out['sampling'] = { method: 'sampling/createMessage', params: SAMPLING_PARAMS };
    if (isJsonObject(sampling['tools'])) out['sampling-tools'] = { method: 'sampling/createMessage', params: SAMPLING_TOOLS_PARAMS };
  }
  if (chosen.has('elicitation-form') && modes.form) out['elicitation-form'] = FORM_INPUT_REQUEST;
  if (chosen.has('elicitation-url') && modes.url) out['elicitation-url'] = URL_INPUT_REQUEST;
  return out;
}

/** The scenario an input request's key stands for. */
export function scenarioOfKey(key: string): string {
  return key === 'sampling-tools' ? 'sampling' : key;
}

/** The opaque request states this server issued and the input keys each asked for (one use each). */
export class RequestStates {
  readonly #issued = new Map<string, readonly string[]>();
  #next = 1;

  /** A new state for a round that asked for `keys`. */
  issue(keys: readonly string[]): string {
    const state = Buffer.from(`judging-server round ${this.#next++}`).toString('base64url');
    if (this.#issued.size < 64) this.#issued.set(state, keys);
    return state;
  }

  /** The keys of the round `state` was issued for (and forgets it), or undefined: not one this server issued. */
  redeem(state: unknown): readonly string[] | undefined {
    if (typeof state !== 'string') return undefined;
    const keys = this.#issued.get(state);
    this.#issued.delete(state);
    return keys;
  }
}

/**
 * wait_for_scenarios in 2026-07-28: the first attempt is answered input_required; a retry with a
 * state this server issued is answered with what was played (`played`), then `answered` runs.
 */
export function retryRound(ctx: ScenarioContext, states: RequestStates, id: RequestId, params: JsonObject, played: () => string, answered: () => void): void {
  const note = (name: string, outcome: Outcome) => ctx.note(name, outcome);
  if (params['requestState'] === undefined && params['inputResponses'] === undefined) {
    const inputRequests = inputRequestsFor(ctx.client, ctx.chosen);
    const keys = Object.keys(inputRequests);
    const requestState = states.issue(keys);
    note('retry', 'answered input_required; the client did not retry');
    for (const key of keys) note(scenarioOfKey(key), 'asked in an input_required result; no retry answered it');
    ctx.result(id, { resultType: 'input_required', ...(keys.length === 0 ? {} : { inputRequests }), requestState });
    return;
  }
  const keys = states.redeem(params['requestState']);
  if (keys === undefined) {
    note('retry', 'retried with a requestState this server did not issue (or one already used): refused');
    ctx.error(id, -32602, 'Invalid params: requestState is not one this server issued for this request');
    return;
  }
  const responses = isJsonObject(params['inputResponses']) ? params['inputResponses'] : {};
  for (const key of keys) {
    const answer = responses[key];
    note(scenarioOfKey(key), answer === undefined ? 'asked in an input_required result; the retry did not answer it' : isJsonObject(answer) && 'action' in answer ? `answered in the retry (${String(answer['action'])})` : 'answered in the retry');
  }
  note('retry', 'retried with the requestState echoed');
  ctx.result(id, textResult(played()));
  answered();
}
