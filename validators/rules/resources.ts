import { defineRules, SPEC } from './rule.ts';

/** Rules of the `resources` area. */
export const resourcesRules = defineRules('resources', SPEC.resources, {});
