import { defineRules, SPEC } from './rule.ts';

/** Rules of the `tools` area. */
export const toolsRules = defineRules('tools', SPEC.tools, {});
