import { defineRules, SPEC } from './rule.ts';

/** Rules of the `toolschema` area. */
export const toolschemaRules = defineRules('toolschema', SPEC.tools, {});
