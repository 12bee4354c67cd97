import { defineRules, SPEC } from './rule.ts';

/** JSON-RPC 2.0 envelope rules as MCP restricts them. */
export const envelopeRules = defineRules('envelope', SPEC.basic, {
  'not-an-object': { text: 'A JSON-RPC message must be a JSON object.', spec: SPEC.jsonrpc, keyword: 'JSON-RPC' },
  'batch-not-allowed': { text: 'JSON-RPC batches are not allowed in MCP 2025-06-18 and later.', keyword: 'schema' },
  'jsonrpc-version': { text: 'The jsonrpc member must be exactly "2.0".', spec: SPEC.jsonrpc, keyword: 'JSON-RPC' },
  'id-type': { text: 'A request or response id must be a string or an integer (never a boolean, null or fraction).', keyword: 'JSON-RPC' },
  'method-type': { text: 'method must be a non-empty string.', spec: SPEC.jsonrpc, keyword: 'JSON-RPC' },
  'unknown-member': { text: 'A JSON-RPC message may carry only jsonrpc, id, method, params, result and error.', keyword: 'schema' },
  'params-type': { text: 'params must be a JSON object when present (ping params carry only _meta, and nothing at all in the course profile).', keyword: 'JSON-RPC' },
  'result-type': { text: 'result must be a JSON object (a ping result is empty: only _meta).', keyword: 'JSON-RPC' },
  'result-and-error': { text: 'A response must contain exactly one of result or error.', keyword: 'JSON-RPC' },
  'method-and-response': { text: 'A message cannot carry method together with result or error.', keyword: 'JSON-RPC' },
  'error-object': { text: 'error must be an object with an integer code, a string message (non-empty in the course profile) and optional data.', keyword: 'JSON-RPC' },
  'notification-has-id': { text: 'A notification method must not carry an id.', keyword: 'JSON-RPC' },
  'request-missing-id': { text: 'A request method must carry an id.', keyword: 'JSON-RPC' },
  'response-missing-id': { text: 'A response must carry the id of the request it answers (an error response may omit it in the specification profiles, when the id is unknown; not in the course profile).', keyword: 'JSON-RPC' },
  'unknown-method': { text: 'The method is not part of the protocol revision being validated.', keyword: 'schema' },
});
