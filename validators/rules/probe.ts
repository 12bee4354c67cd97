import { defineRules, SPEC } from './rule.ts';

/**
 * Rules of the `probe` area: how a server answers the deliberately wrong requests of a full live
 * check (a method it cannot know, params that break the method's schema).
 */
export const probeRules = defineRules('probe', SPEC.jsonrpc, {
  'unknown-method-code': {
    text: 'A request for a method the server does not know must be answered with error -32601 (Method not found).',
    spec: `${SPEC.jsonrpc}#error_object:~:text=%2D32601`,
  },
  'invalid-params-code': {
    text: 'A request whose params break the method\'s schema (here an invalid cursor) should be answered with error -32602 (Invalid params).',
    severity: 'warning',
    spec: `${SPEC.pagination}#error-handling:~:text=Invalid%20cursors%20SHOULD%20result%20in%20an%20error%20with%20code%20%2D32602`,
  },
});
