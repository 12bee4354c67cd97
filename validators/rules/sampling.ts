import { defineRules, SPEC } from './rule.ts';

/** Rules of the `sampling` area. */
export const samplingRules = defineRules('sampling', SPEC.sampling, {});
