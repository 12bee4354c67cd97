import { defineRules } from './rule.ts';

const SCENARIOS = 'docs/scenarios.md#scenarios';

/**
 * Rules of the `scenario` area: the user's own expectations of a server, written in a scenario
 * file (`check --scenario`), which rest on no specification line but on what the user expects.
 */
export const scenarioRules = defineRules('scenario', SCENARIOS, {
  'expectation-mismatch': {
    keyword: 'expectation',
    text: 'Every step of a scenario with an `expect` must be answered, and its answer must match the expected result or error: each member given, recursively, arrays element by element and in length (the pointers `ignore` lists left out).',
  },
});
