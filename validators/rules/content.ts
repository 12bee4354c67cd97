import { defineRules, SPEC } from './rule.ts';

/** Rules of the `content` area. */
export const contentRules = defineRules('content', SPEC.schema, {});
