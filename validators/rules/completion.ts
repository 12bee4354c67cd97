import { defineRules, SPEC } from './rule.ts';

/** Rules of the `completion` area: completion/complete requests and results. */
export const completionRules = defineRules('completion', SPEC.completion, {
  'params': {
    text: 'completion/complete params must be {ref, argument: {name, value}, context?: {arguments?}, _meta?} with string names, values and context arguments.',
    keyword: 'schema',
  },
  'ref': { text: 'A completion ref must be {type: "ref/prompt", name, title?} or {type: "ref/resource", uri}.', keyword: 'schema' },
  'result': {
    text: 'A completion/complete result must be {completion: {values, total?, hasMore?}, _meta?}: an array of strings, an integer total and a boolean hasMore.',
    keyword: 'schema',
  },
  'too-many-values': { text: 'A completion result must not carry more than 100 values.', keyword: 'MUST NOT' },
});
