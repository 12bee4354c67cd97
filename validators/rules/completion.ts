import { defineRules, SPEC } from './rule.ts';

/** Rules of the `completion` area: completion/complete requests and results. */
export const completionRules = defineRules('completion', SPEC.completion, {
  'params':
    'completion/complete params must be {ref, argument: {name, value}, context?: {arguments?}, _meta?} with string names, values and context arguments.',
  'ref': 'A completion ref must be {type: "ref/prompt", name, title?} or {type: "ref/resource", uri}.',
  'result':
    'A completion/complete result must be {completion: {values, total?, hasMore?}, _meta?}: an array of strings, an integer total and a boolean hasMore.',
  'too-many-values': 'A completion result must not carry more than 100 values.',
});
