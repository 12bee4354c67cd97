// Why: a server may ask the client things while it is being checked (ping, roots, sampling,
// elicitation). The checker answers as a correct client would, from what the user configured, and
// declares exactly the capabilities it can answer for, so that its own messages stay clean.
import type { JsonObject } from '../validators/context.ts';
import { isJsonObject } from '../validators/shape.ts';
import type { Reply } from './exchange.ts';

/** What the client can answer with: roots from `--root`, canned sampling and elicitation results. */
export interface ClientAnswers {
  /** `file://` URIs, answered to roots/list. */
  readonly roots: readonly string[];
  /** The result returned to sampling/createMessage; without it, sampling is not offered. */
  readonly sampling?: JsonObject | undefined;
  /** The result returned to elicitation/create; without it, elicitation is not offered. */
  readonly elicitation?: JsonObject | undefined;
}

/** JSON-RPC's code for a method the receiver does not offer. */
const METHOD_NOT_FOUND = -32601;
/** JSON-RPC's code for params the receiver cannot accept. */
const INVALID_PARAMS = -32602;
/** The sampling page's code for a request the user rejected. */
const USER_REJECTED = -1;

/** Whether the client would accept its own result to a server request (the session's result check). */
export type ResultCheck = (method: string, params: unknown, result: JsonObject) => boolean;

/** The capabilities a client with these answers declares in initialize, for a protocol version. */
export function clientCapabilities(answers: ClientAnswers, protocolVersion: string): JsonObject {
  return {
    ...(answers.roots.length > 0 ? { roots: {} } : {}),
    ...(answers.sampling !== undefined ? { sampling: {} } : {}),
    // From 2025-11-25 on, form mode is named; an empty object means the same to older servers.
    ...(answers.elicitation !== undefined ? { elicitation: protocolVersion === '2025-06-18' ? {} : { form: {} } } : {}),
  };
}

/**
 * The reply to a server request: ping is answered; roots, sampling and elicitation when offered;
 * anything else is not found. A canned result that does not fit this request (`accepts` says no) is
 * replaced by the specification's refusal: sampling rejected (-1), elicitation declined.
 */
export function replyTo(method: string, params: unknown, answers: ClientAnswers, accepts: ResultCheck = () => true): Reply {
  switch (method) {
    case 'ping':
      return { result: {} };
    case 'roots/list':
      if (answers.roots.length > 0) return { result: { roots: answers.roots.map((uri) => ({ uri })) } };
      break;
    case 'sampling/createMessage':
      if (answers.sampling === undefined) break;
      if (!accepts(method, params, answers.sampling)) return { error: { code: USER_REJECTED, message: 'User rejected sampling request: the configured answer does not fit this request' } };
      return { result: answers.sampling };
    case 'elicitation/create':
      if (answers.elicitation === undefined) break;
      // Only form mode is declared; the specification asks for -32602 for a mode the client did not declare.
      if (isJsonObject(params) && params['mode'] !== undefined && params['mode'] !== 'form') {
        return { error: { code: INVALID_PARAMS, message: `Invalid params: this client does not offer elicitation mode ${JSON.stringify(params['mode'])}` } };
      }
      return { result: accepts(method, params, answers.elicitation) ? answers.elicitation : { action: 'decline' } };
    default:
  }
  return { error: { code: METHOD_NOT_FOUND, message: `Method not found: this client does not offer ${method}` } };
}
