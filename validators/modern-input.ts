/**
 * The input_required loop of the stateless revision: a server that needs more input answers with
 * `inputRequests` (embedded elicitation, sampling and roots requests) and/or an opaque
 * `requestState`; the client retries the same request with `inputResponses` and the state echoed.
 * The embedded requests and responses are checked by their own families' validators.
 */
import * as v from 'valibot';
import { checkCapabilities } from './capabilities.ts';
import type { JsonObject, MethodValidators, ValidationContext } from './context.ts';
import { elicitationMethods } from './elicitation.ts';
import { pointerJoin, type Finding } from './finding.ts';
import { findingsOf, isJsonObject, MetaSchema, NO_FINDINGS, setMember, shown } from './shape.ts';
import { rootsMethods } from './roots.ts';
import { finding } from './rules/report.ts';
import { samplingMethods } from './sampling.ts';
import { checkSchema } from './schema-check.ts';
import { requestClientCapabilities } from './modern-meta.ts';
import { ruleById } from './rules/index.ts';

/** The methods a server may embed as input requests, with the validators of their params and results. */
export const INPUT_REQUEST_METHODS: ReadonlyMap<string, MethodValidators> = new Map([
  ['elicitation/create', elicitationMethods['elicitation/create'] ?? {}],
  ['sampling/createMessage', samplingMethods['sampling/createMessage'] ?? {}],
  ['roots/list', rootsMethods['roots/list'] ?? {}],
]);

/** The methods whose params carry `inputResponses` and `requestState`, so that may answer input_required. */
export const RETRYABLE_METHODS: ReadonlySet<string> = new Set(['tools/call', 'prompts/get', 'resources/read']);

/** One embedded input request: a method and its params. */
export interface InputRequest {
  readonly method: string;
  readonly params: unknown;
}

const InputRequiredSchema = v.looseObject({
  inputRequests: v.optional(v.pipe(MetaSchema, v.record(v.string(), v.looseObject({ method: v.picklist([...INPUT_REQUEST_METHODS.keys()]), params: v.optional(v.unknown()) })))),
  requestState: v.optional(v.string()),
  _meta: v.optional(MetaSchema),
});

const RetryParamsSchema = v.looseObject({
  inputResponses: v.optional(v.pipe(MetaSchema, v.record(v.string(), MetaSchema))),
  requestState: v.optional(v.string()),
});

/** The input requests of an input_required result, by key (only well-formed entries). */
export function inputRequestsOf(result: unknown): Readonly<Record<string, InputRequest>> {
  const requests = isJsonObject(result) ? result['inputRequests'] : undefined;
  const out: Record<string, InputRequest> = {};
  if (!isJsonObject(requests)) return out;
  for (const [key, entry] of Object.entries(requests)) {
    if (isJsonObject(entry) && typeof entry['method'] === 'string') setMember(out, key, { method: entry['method'], params: entry['params'] });
  }
  return out;
}

/** The `requestState` of a result or of retry params, when it is a string. */
export function requestStateOf(value: unknown): string | undefined {
  const state = isJsonObject(value) ? value['requestState'] : undefined;
  return typeof state === 'string' ? state : undefined;
}

/** The `inputResponses` of retry params, when they are an object. */
export function inputResponsesOf(params: unknown): JsonObject | undefined {
  const responses = isJsonObject(params) ? params['inputResponses'] : undefined;
  return isJsonObject(responses) ? responses : undefined;
}

/** True when request params carry `inputResponses` or `requestState`, i.e. the request is a retry. */
export function isRetry(params: unknown): boolean {
  return isJsonObject(params) && (Object.hasOwn(params, 'inputResponses') || Object.hasOwn(params, 'requestState'));
}

/**
 * Validates an input_required result: at least one of inputRequests and requestState, each input
 * request's params by its family, and each one gated on the client capabilities the original
 * request declared in its `_meta` (capabilities are per request; none are inferred).
 */
export function validateInputRequiredResult(result: unknown, at: string, requestParams: unknown, ctx: ValidationContext): readonly Finding[] {
  const out: Finding[] = [...checkSchema(InputRequiredSchema, result, ruleById('stateless/input-required-shape'), at, 'input_required result')];
  if (!isJsonObject(result)) return out;
  if (!Object.hasOwn(result, 'inputRequests') && !Object.hasOwn(result, 'requestState')) {
    out.push(finding(ruleById('stateless/input-required-shape'), at, 'Invalid input_required result: Expected inputRequests, requestState or both but received neither'));
  }
  const clientCaps = requestClientCapabilities(requestParams) ?? {};
  for (const [key, request] of Object.entries(inputRequestsOf(result))) {
    const validators = INPUT_REQUEST_METHODS.get(request.method);
    if (!validators) continue;
    const entryAt = pointerJoin(at, 'inputRequests', key);
    if (validators.params) for (const f of validators.params(request.params, pointerJoin(entryAt, 'params'), ctx)) out.push(f);
    const gate = checkCapabilities(request.method, request.params, 'server_to_client', clientCaps, undefined, pointerJoin(entryAt, 'method'));
    if (gate) out.push({ ...gate, message: `${gate.message}; the request's _meta clientCapabilities do not declare it` });
  }
  return findingsOf(out);
}

/** Validates the shapes of a retry's `inputResponses` and `requestState` (params of a retryable method). */
export function validateRetryParams(params: unknown, at: string): readonly Finding[] {
  if (!isJsonObject(params)) return NO_FINDINGS;
  const out = [...checkSchema(RetryParamsSchema, params, ruleById('stateless/input-responses-shape'), at, 'retry params')];
  if (out.length > 0) return out;
  // Each value is an InputResponse, whatever its key: the schema's anyOf of CreateMessageResult,
  // ListRootsResult and ElicitResult.
  for (const [key, response] of Object.entries(inputResponsesOf(params) ?? {})) {
    if (!fitsInputResponse(response)) {
      out.push(finding(ruleById('stateless/input-responses-shape'), pointerJoin(at, 'inputResponses', key),
        `Invalid retry params: Expected a CreateMessageResult, ListRootsResult or ElicitResult at inputResponses ${shown(key)} but received ${shown(response)}`));
    }
  }
  return findingsOf(out);
}

/**
 * Whether `value` has the members that make it one of the results an input request can have
 * (InputResponse): ElicitResult's `action`, ListRootsResult's `roots`, CreateMessageResult's
 * `role`, `content` and `model`. The member values are judged where the key answers a request.
 */
function fitsInputResponse(value: unknown): boolean {
  if (!isJsonObject(value)) return false;
  return Object.hasOwn(value, 'action') || Object.hasOwn(value, 'roots') || ['role', 'content', 'model'].every((k) => Object.hasOwn(value, k));
}

/**
 * Validates each input response whose key the input_required result named against the result
 * shape of its input request's method (ElicitResult, CreateMessageResult, ListRootsResult), with
 * the input request's params as the request it answers. Unknown and missing keys are the retry
 * machine's concern.
 */
export function validateInputResponses(
  requests: Readonly<Record<string, InputRequest>>,
  responses: JsonObject | undefined,
  at: string,
  ctx: ValidationContext,
): readonly Finding[] {
  if (responses === undefined) return NO_FINDINGS;
  const out: Finding[] = [];
  for (const [key, response] of Object.entries(responses)) {
    const request = Object.hasOwn(requests, key) ? requests[key] : undefined;
    // A key the server did not ask for may be sent (the server ignores it); a value that is no
    // InputResponse at all was reported with the params (validateRetryParams).
    if (!request || !fitsInputResponse(response)) continue;
    const validate = INPUT_REQUEST_METHODS.get(request.method)?.result;
    if (validate) for (const f of validate(response, pointerJoin(at, key), request.params, ctx)) out.push(f);
  }
  return findingsOf(out);
}
