import { defineRules, SPEC } from './rule.ts';

/** Rules of the `pagination` area. */
export const paginationRules = defineRules('pagination', SPEC.pagination, {});
