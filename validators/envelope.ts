import * as v from 'valibot';
import type { JsonObject } from './context.ts';
import { exactIntegerAt } from './exact-integer.ts';
import { pointerJoin, type Finding } from './finding.ts';
import { finding } from './rules/report.ts';
import { isJsonObject, NO_FINDINGS } from './shape.ts';
import { ruleById } from './rules/index.ts';

/**
 * A JSON-RPC id as MCP allows it: a string or an integer (never boolean, null or fraction). An
 * integer beyond ±(2^53-1) is a bigint once classified (its exact value), a number as parsed.
 */
export function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value)) || typeof value === 'bigint';
}

/** The id as a schema member; one predicate, so no issue is built for an option that does not match. */
export const RequestIdSchema = v.custom<RequestId>(isRequestId, 'Expected a string or an integer');

/** A request or response id; a bigint only for an integer beyond ±(2^53-1), held exactly. */
export type RequestId = string | number | bigint;

/**
 * The id of `message` as it is compared: the string or safe integer itself, or the exact value of
 * a larger integer as a bigint (the reader's record of its digits, else the double's own value);
 * undefined when the id is not a string or an integer.
 */
function exactId(message: JsonObject, id: unknown): RequestId | undefined {
  if (typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id))) return id;
  if (typeof id !== 'number') return undefined;
  const exact = exactIntegerAt(message, 'id');
  if (exact !== undefined) return exact;
  return Number.isInteger(id) ? BigInt(id) : undefined;
}

/** Whether an error code is an integer: a number without a fraction, or an integer the reader held exactly. */
function isErrorCode(error: JsonObject): boolean {
  const code = error['code'];
  return typeof code === 'number' && (Number.isInteger(code) || exactIntegerAt(error, 'code') !== undefined);
}

/** A classified JSON-RPC message. */
export type Envelope =
  | { readonly kind: 'request'; readonly id: RequestId; readonly method: string; readonly params: unknown }
  | { readonly kind: 'notification'; readonly method: string; readonly params: unknown }
  | { readonly kind: 'result'; readonly id: RequestId; readonly result: JsonObject }
  | { readonly kind: 'error'; readonly id: RequestId | undefined; readonly error: JsonObject };

/** What the classifier reports: the envelope when it is well formed, and the findings. */
export interface Classified {
  readonly envelope: Envelope | undefined;
  readonly findings: readonly Finding[];
}


function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && !Number.isInteger(value)) return `fraction ${value}`;
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? value.slice(0, 40) + '...' : value);
  if (typeof value === 'object') return 'object';
  return `${typeof value} ${String(value)}`;
}

/**
 * Classifies one JSON-RPC message as request, notification, result or error response.
 * `isNotificationMethod` tells methods that are notifications in the protocol revision, so that a
 * notification carrying an id is named as such rather than taken for a request. `course` adds the
 * course profile's two rules on error responses: an id is required, and a non-empty message.
 */
export function classifyMessage(
  message: unknown,
  at: string,
  isNotificationMethod: (method: string) => boolean,
  isRequestMethod: (method: string) => boolean,
  course = false,
): Classified {
  if (Array.isArray(message)) {
    return { envelope: undefined, findings: [finding(ruleById('envelope/batch-not-allowed'), at, 'JSON-RPC batch arrays are not allowed: send one message at a time')] };
  }
  if (!isJsonObject(message)) {
    return { envelope: undefined, findings: [finding(ruleById('envelope/not-an-object'), at, `Invalid message: Expected a JSON object but received ${describe(message)}`)] };
  }
  // Most messages are well formed: the findings list is one shared empty list until something is found.
  let out = NO_FINDINGS as Finding[];
  const found = (f: Finding): void => {
    if (out === NO_FINDINGS) out = [];
    out.push(f);
  };
  // One pass over the members notes which of the envelope's are present and reports any other.
  let hasId = false;
  let hasMethod = false;
  let hasParams = false;
  let hasResult = false;
  let hasError = false;
  for (const key in message) {
    switch (key) {
      case 'jsonrpc':
        break;
      case 'id':
        hasId = true;
        break;
      case 'method':
        hasMethod = true;
        break;
      case 'params':
        hasParams = true;
        break;
      case 'result':
        hasResult = true;
        break;
      case 'error':
        hasError = true;
        break;
      default:
        found(finding(ruleById('envelope/unknown-member'), pointerJoin(at, key), `Invalid message: unknown member "${key}"`));
    }
  }
  if (message['jsonrpc'] !== '2.0') {
    found(finding(ruleById('envelope/jsonrpc-version'), pointerJoin(at, 'jsonrpc'), `Invalid jsonrpc: Expected "2.0" but received ${describe(message['jsonrpc'])}`));
  }
  const raw = message['id'];
  const id = hasId ? exactId(message, raw) : undefined;
  const idOk = !hasId || id !== undefined;

  if (hasMethod) {
    const method = message['method'];
    if (typeof method !== 'string' || method.length === 0) {
      found(finding(ruleById('envelope/method-type'), pointerJoin(at, 'method'), `Invalid method: Expected a non-empty string but received ${describe(method)}`));
      return { envelope: undefined, findings: out };
    }
    if (hasResult || hasError) {
      found(finding(ruleById('envelope/method-and-response'), at, `Invalid message: a message with method "${method}" must not carry result or error`));
    }
    if (hasParams && !isJsonObject(message['params'])) {
      found(finding(ruleById('envelope/params-type'), pointerJoin(at, 'params'), `Invalid params: Expected an object but received ${describe(message['params'])}`));
    }
    if (hasId && isNotificationMethod(method)) {
      found(finding(ruleById('envelope/notification-has-id'), pointerJoin(at, 'id'), `Invalid notification: notification method must not contain id (${method})`));
    } else if (hasId && !idOk) {
      found(finding(ruleById('envelope/id-type'), pointerJoin(at, 'id'), `Invalid id: id must be a string or integer but received ${describe(raw)}`));
    } else if (!hasId && isRequestMethod(method)) {
      found(finding(ruleById('envelope/request-missing-id'), at, `Invalid request: request method ${method} must contain an id`));
    }
    if (out.length > 0) return { envelope: undefined, findings: out };
    return {
      envelope: hasId
        ? { kind: 'request', id: id as RequestId, method, params: message['params'] }
        : { kind: 'notification', method, params: message['params'] },
      findings: NO_FINDINGS,
    };
  }

  if (hasResult === hasError) {
    found(finding(ruleById('envelope/result-and-error'), at, hasResult
      ? 'Invalid response: a response must contain exactly one of result or error, not both'
      : 'Invalid message: no method, and a response must contain exactly one of result or error'));
    return { envelope: undefined, findings: out };
  }
  if (hasId && !idOk) {
    found(finding(ruleById('envelope/id-type'), pointerJoin(at, 'id'), `Invalid id: id must be a string or integer but received ${describe(raw)}`));
  }
  if (hasResult) {
    if (!hasId) found(finding(ruleById('envelope/response-missing-id'), at, 'Invalid response: a result must carry the id of the request it answers'));
    const result = message['result'];
    if (!isJsonObject(result)) {
      found(finding(ruleById('envelope/result-type'), pointerJoin(at, 'result'), `Invalid result: Expected an object but received ${describe(result)}`));
    }
    if (out.length > 0) return { envelope: undefined, findings: out };
    return { envelope: { kind: 'result', id: id as RequestId, result: result as JsonObject }, findings: NO_FINDINGS };
  }
  const error = message['error'];
  if (!isJsonObject(error) || !isErrorCode(error) || typeof error['message'] !== 'string') {
    found(finding(ruleById('envelope/error-object'), pointerJoin(at, 'error'), `Invalid error: Expected {code: integer, message: string, data?} but received ${describe(error)}`));
  } else {
    for (const key in error) {
      if (key !== 'code' && key !== 'message' && key !== 'data') {
        found(finding(ruleById('envelope/error-object'), pointerJoin(at, 'error', key), `Invalid error: unknown member "${key}"`));
      }
    }
    if (course && error['message'] === '') {
      found(finding(ruleById('envelope/error-object'), pointerJoin(at, 'error', 'message'), 'Invalid error: error.message must be a non-empty string in the course profile'));
    }
  }
  if (course && !hasId) {
    found(finding(ruleById('envelope/response-missing-id'), at, 'Invalid response: response must contain id (the course profile requires it on an error response too)'));
  }
  if (out.length > 0) return { envelope: undefined, findings: out };
  return { envelope: { kind: 'error', id, error: error as JsonObject }, findings: NO_FINDINGS };
}

/** An id as messages show it, with its type: `5 (integer)`, `"5" (string)`. */
export function describeId(id: RequestId): string {
  return typeof id === 'string' ? `${JSON.stringify(id)} (string)` : `${id} (integer)`;
}

/** The correlation key of an id (see {@link IdKey}): `"5"` and `5` differ. */
export function idKey(id: RequestId): IdKey {
  return id;
}

/**
 * A request id as a map key: the id itself. Maps compare keys by SameValueZero, so the integer 5
 * and the string "5" stay two keys, and no string is built (and hashed) for every lookup; an
 * integer beyond ±(2^53-1) is a bigint, compared by its exact value.
 */
export type IdKey = RequestId;
