import { defineRules } from './rule.ts';

const FIXTURE_FORMAT = 'README.md#the-fixture-format';

/** Rules for the fixture and transcript formats themselves (a bad fixture or header: could not run; a bad transcript line: a finding on it). */
export const fixtureRules = defineRules('fixture', FIXTURE_FORMAT, {
  'invalid': 'The fixture does not follow the fixture format.',
  'unknown-case': 'No case of that name exists in the fixture.',
  'transcript-invalid': { text: 'A transcript line does not follow the transcript format.', spec: 'README.md#transcripts' },
  'wrong-kind': { text: 'A fixture is judged by `cases` and a transcript by `validate`; each is refused by the other, naming the right one.', spec: 'README.md#the-cli' },
  'empty': { text: 'There must be something to judge: a fixture at least one case, a transcript at least one step.', spec: 'README.md#the-cli' },
});
