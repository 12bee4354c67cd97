import { defineRules, SPEC } from './rule.ts';

/** Rules of the `json` area. */
export const jsonRules = defineRules('json', SPEC.json, {});
