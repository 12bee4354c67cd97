import { defineRules, SPEC } from './rule.ts';

/** Which side may send which method. */
export const directionRules = defineRules('direction', SPEC.schema, {
  'wrong-direction': { text: 'The method was sent by the wrong side (wrong direction).', keyword: 'MUST' },
  'server-request-stateless': {
    text: 'A 2026-07-28 server sends no requests (roots, sampling and elicitation go through input_required results instead).',
    keyword: 'MUST NOT',
    spec: 'https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns#:~:text=Servers%20MUST%20NOT%20initiate%20JSON%2DRPC%20requests',
  },
});
