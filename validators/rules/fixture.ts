import { defineRules, SPEC } from './rule.ts';

/** Rules for the fixture and transcript formats themselves (violations mean: could not run). */
export const fixtureRules = defineRules('fixture', SPEC.course, {
  'invalid': 'The fixture does not follow the fixture format.',
  'unknown-case': 'No case of that name exists in the fixture.',
  'transcript-invalid': 'A transcript line does not follow the transcript format.',
  'wrong-kind': 'A fixture is judged by `cases` and a transcript by `validate`; each is refused by the other, naming the right one.',
  'empty': 'There must be something to judge: a fixture at least one case, a transcript at least one step.',
});
