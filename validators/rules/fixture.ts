import { defineRules, SPEC } from './rule.ts';

/** Rules for the fixture and transcript formats themselves (violations mean: could not run). */
export const fixtureRules = defineRules('fixture', SPEC.course, {
  'invalid': 'The fixture does not follow the fixture format.',
  'unknown-case': 'No case of that name exists in the fixture.',
  'transcript-invalid': 'A transcript line does not follow the transcript format.',
  'trace-invalid': 'A trace file does not follow the trace format.',
});
