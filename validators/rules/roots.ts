import { defineRules, SPEC } from './rule.ts';

/** Rules of the `roots` area. */
export const rootsRules = defineRules('roots', SPEC.roots, {});
