import { defineRules, SPEC } from './rule.ts';

/** Capability gates, in both directions, with sub-capabilities. */
export const capabilityRules = defineRules('capability', SPEC.lifecycle, {
  'server-not-declared': { text: 'The client used a feature the server did not declare in its capabilities.', keyword: 'MUST' },
  'client-not-declared': { text: 'The server used a feature the client did not declare in its capabilities.', keyword: 'MUST' },
});
