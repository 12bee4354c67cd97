import { defineRules, SPEC } from './rule.ts';

/** JSON-RPC 2.0 envelope rules as MCP restricts them. */
export const envelopeRules = defineRules('envelope', SPEC.basic, {
  'not-an-object': { text: 'A JSON-RPC message must be a JSON object.', spec: SPEC.jsonrpc },
  'batch-not-allowed': 'JSON-RPC batches are not allowed in MCP 2025-06-18 and later.',
  'jsonrpc-version': { text: 'The jsonrpc member must be exactly "2.0".', spec: SPEC.jsonrpc },
  'id-type': 'A request or response id must be a string or an integer (never a boolean, null or fraction).',
  'method-type': { text: 'method must be a non-empty string.', spec: SPEC.jsonrpc },
  'unknown-member': 'A JSON-RPC message may carry only jsonrpc, id, method, params, result and error.',
  'params-type': 'params must be a JSON object when present (ping params carry only _meta, and nothing at all in the course profile).',
  'result-type': 'result must be a JSON object (a ping result is empty: only _meta).',
  'result-and-error': 'A response must contain exactly one of result or error.',
  'method-and-response': 'A message cannot carry method together with result or error.',
  'error-object': 'error must be an object with an integer code, a string message (non-empty in the course profile) and optional data.',
  'notification-has-id': 'A notification method must not carry an id.',
  'request-missing-id': 'A request method must carry an id.',
  'response-missing-id': 'A response must carry the id of the request it answers (an error response may omit it in the specification profiles, when the id is unknown; not in the course profile).',
  'unknown-method': 'The method is not part of the protocol revision being validated.',
});
