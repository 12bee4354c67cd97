import { defineRules, SPEC } from './rule.ts';

/** Which side may send which method. */
export const directionRules = defineRules('direction', SPEC.schema, {
  'wrong-direction': { text: 'The method was sent by the wrong side (wrong direction).', keyword: 'MUST' },
});
