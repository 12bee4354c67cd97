// Why: every client of the stateless revision (2026-07-28) the checker plays (check's driver, the
// fuzz executor) builds its requests the same way: the `_meta` each request carries (protocol
// version, the capabilities the checker can answer for, its identity), the retry of an
// input_required result (the input answered from the canned answers, or declined; a new id, the same
// params, the requestState echoed), and a listen filter of what the server declared it may notify.
// Written once here, the two cannot drift apart.
import type { JsonObject } from '../validators/context.ts';
import { hasError } from '../validators/finding.ts';
import { methodTable } from '../validators/methods.ts';
import { SPEC_2026_07_28 } from '../validators/profiles.ts';
import { isJsonObject } from '../validators/shape.ts';
import { CLIENT_CAPABILITIES_KEY, CLIENT_INFO_KEY, LOG_LEVEL_KEY, PROTOCOL_VERSION_KEY } from '../validators/modern-meta.ts';
import { inputRequestsOf, requestStateOf } from '../validators/modern-input.ts';
import { CLIENT_INFO } from './client-info.ts';
import { clientCapabilities, replyTo, type ClientAnswers } from './server-requests.ts';

/** The modern revision the checker speaks. */
import { MODERN_VERSION } from '../validators/era.ts';

export { MODERN_VERSION };

/** The `_meta` every request of the checker carries (a log level and a progress token only when asked for). */
export function requestMeta(answers: ClientAnswers, version = MODERN_VERSION, logLevel?: string, progressToken?: string): JsonObject {
  return {
    [PROTOCOL_VERSION_KEY]: version,
    [CLIENT_CAPABILITIES_KEY]: clientCapabilities(answers, MODERN_VERSION),
    [CLIENT_INFO_KEY]: { ...CLIENT_INFO },
    ...(logLevel === undefined ? {} : { [LOG_LEVEL_KEY]: logLevel }),
    ...(progressToken === undefined ? {} : { progressToken }),
  };
}

/** The checker's answer to one input request, as a correct client gives it; undefined when it has none. */
export function inputResponse(method: string, params: unknown, answers: ClientAnswers): JsonObject | undefined {
  const accepts = (m: string, p: unknown, result: JsonObject): boolean => {
    const validate = methodTable(SPEC_2026_07_28).get(m)?.validators.result;
    return validate === undefined || !hasError(validate(result, '/result', p, { profile: SPEC_2026_07_28, tools: new Map() }));
  };
  if (method === 'elicitation/create' && answers.elicitation === undefined) return { action: 'decline' };
  if (method === 'roots/list') return { roots: answers.roots.map((uri) => ({ uri })) };
  const reply = replyTo(method, params, answers, accepts);
  return 'result' in reply ? reply.result : undefined;
}

/**
 * The params of the retry that answers an input_required `result` of a request sent with `params`:
 * every input request answered, the requestState echoed (none when none was given). Undefined when
 * a request cannot be answered (sampling without a canned result).
 */
export function retryParams(params: JsonObject, result: JsonObject, answers: ClientAnswers): JsonObject | undefined {
  const responses: Record<string, unknown> = {};
  for (const [key, request] of Object.entries(inputRequestsOf(result))) {
    const response = inputResponse(request.method, request.params, answers);
    if (response === undefined) return undefined;
    responses[key] = response;
  }
  const state = requestStateOf(result);
  return { ...params, inputResponses: responses, ...(state === undefined ? {} : { requestState: state }) };
}

/**
 * The subscriptions/listen filter for what the server declared it may notify: list changes, and
 * updates of `resource` (the first listed) when it offers subscriptions. Empty: nothing to listen to.
 */
export function listenFilter(server: JsonObject, resource: string | undefined): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  const flag = (capability: string, member: string, name: string): void => {
    const declared = server[capability];
    if (isJsonObject(declared) && declared[member] === true) filter[name] = true;
  };
  flag('tools', 'listChanged', 'toolsListChanged');
  flag('prompts', 'listChanged', 'promptsListChanged');
  flag('resources', 'listChanged', 'resourcesListChanged');
  const resources = server['resources'];
  if (isJsonObject(resources) && resources['subscribe'] === true && resource !== undefined) filter['resourceSubscriptions'] = [resource];
  return filter;
}
