import { defineRules, SPEC } from './rule.ts';

/** Rules of the `elicitation` area. */
export const elicitationRules = defineRules('elicitation', SPEC.elicitation, {});
