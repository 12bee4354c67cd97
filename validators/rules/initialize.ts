import { defineRules, SPEC } from './rule.ts';

/** Rules of the `initialize` area. */
export const initializeRules = defineRules('initialize', SPEC.lifecycle, {});
