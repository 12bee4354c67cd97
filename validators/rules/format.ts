import { defineRules, SPEC } from './rule.ts';

/** Rules of the `format` area. */
export const formatRules = defineRules('format', SPEC.schema, {});
