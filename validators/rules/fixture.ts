import { defineRules } from './rule.ts';

const FIXTURE_FORMAT = 'docs/formats.md#the-fixture-format';

/** Rules for the fixture and transcript formats themselves (a bad fixture or header: could not run; a bad transcript line: a finding on it). */
export const fixtureRules = defineRules('fixture', FIXTURE_FORMAT, {
  'invalid': { text: 'The fixture does not follow the fixture format.', keyword: 'tool' },
  'unknown-case': { text: 'No case of that name exists in the fixture.', keyword: 'tool' },
  'transcript-invalid': { text: 'A transcript line does not follow the transcript format.', spec: 'docs/formats.md#transcripts', keyword: 'tool' },
  'wrong-kind': { text: 'A fixture is judged by `cases` and a transcript by `validate`; each is refused by the other, naming the right one.', spec: 'docs/cli.md#the-cli', keyword: 'tool' },
  'empty': { text: 'There must be something to judge: a fixture at least one case, a transcript at least one step.', spec: 'docs/cli.md#the-cli', keyword: 'tool' },
  'trace-invalid': { text: 'A trace must follow the trace format (version 1), with every finding placed on an event it has.', spec: 'docs/live-checks.md#live-checks', keyword: 'tool' },
  'trace-tampered': { text: 'A trace\'s status and signature must match its findings; a mismatch means it was edited or damaged.', spec: 'docs/reports-ci.md#reports', keyword: 'tool' },
  'trace-not-replayable': { text: 'replay plays a trace\'s action sequence against the target named on the command line: a trace without a sequence, or one that names an executable, URL, environment or working directory, is refused.', spec: 'docs/fuzz-replay.md#replay', keyword: 'tool' },
  'expected-failures-invalid': { text: 'An expected-failures file is an array of {rule, reason, method?, pointer?, event?} entries naming known rules, without duplicates.', spec: 'docs/reports-ci.md#reports', keyword: 'tool' },
  'expected-failure-stale': { text: 'Every entry of an expected-failures file must still match a finding of the run; one that matches none is stale and must be removed.', spec: 'docs/reports-ci.md#reports', keyword: 'tool' },
  'step-invalid': { text: 'A case\'s setup, step list and every step follow the fixture format; one that does not fails its case there, and the other cases are judged.', keyword: 'tool' },
  'shards-mismatch': { text: 'report --merge combines the traces of every shard of one fuzz search, each exactly once: written by fuzz --shard I/N with one seed and the same settings.', spec: 'docs/fuzz-ci.md', keyword: 'tool' },
});
