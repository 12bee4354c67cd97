import { defineRules, SPEC } from './rule.ts';

/**
 * Rules for the input formats themselves: fixtures, transcripts, traces and expected-failures
 * files (violations mean: could not run), and an expected failure that no longer occurs.
 */
export const fixtureRules = defineRules('fixture', SPEC.course, {
  'invalid': 'The fixture does not follow the fixture format.',
  'unknown-case': 'No case of that name exists in the fixture.',
  'transcript-invalid': 'A transcript line does not follow the transcript format.',
  'trace-invalid': 'A trace must follow the trace format (version 1), with every finding placed on an event it has.',
  'trace-tampered': 'A trace\'s status and signature must match its findings; a mismatch means it was edited or damaged.',
  'expected-failures-invalid': 'An expected-failures file is an array of {rule, reason, method?, pointer?, event?} entries naming known rules, without duplicates.',
  'expected-failure-stale': 'Every entry of an expected-failures file must still match a finding of the run; one that matches none is stale and must be removed.',
});
