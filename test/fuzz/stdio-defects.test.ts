// Why: fuzz earns trust only if it finds sequence-only defects it was not told about, shrinks each
// to the sequence docs/fuzz-replay.md states, and the saved trace comes back 10 times out of 10 with the
// same signature; and only if correct servers, fuzzed from the same seeds, come out clean. Each
// peer is correct but for one defect, over stdio; the default number of runs is used.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Action } from '../../trace/action-schema.ts';
import { actionsOf, errorRules, fuzz, replaySaved, stdioPeer } from './support.ts';

const SEED = 7;

const DEFECTS: { peer: string; rule: string; minimal: Action[] }[] = [
  { peer: 'swap-after-cancel', rule: 'probe/answer-of-another-request', minimal: [{ kind: 'echo' }, { kind: 'echo' }, { kind: 'cancel', args: { which: 'oldest' } }] },
];

for (const defect of DEFECTS) {
  test(`${defect.peer}: found within the default runs, shrunk to the stated sequence, replayed 10/10`, async () => {
    const target = stdioPeer(defect.peer);
    const found = await fuzz(target, SEED);
    assert.is(found.outcome, 'found');
    assert.equal(errorRules(found), [defect.rule]);
    assert.equal(actionsOf(found), defect.minimal);
    assert.equal(found.run.trace.sequence?.seed, SEED);
    assert.equal(found.run.trace.target, { transport: 'stdio' }, 'the trace names no command');
    const replayed = await replaySaved(found, target);
    assert.is(replayed.couldNotRun, false);
    assert.is(replayed.reproduced, 10);
    assert.is(replayed.last.trace.signature, found.run.trace.signature);
  });
}

test('correct peers fuzzed with the same seed: clean (a late answer to a cancelled call, a request served before initialized: no failure)', async () => {
  for (const peer of ['correct', 'slow-echo', 'serves-before-initialized']) {
    const result = await fuzz(stdioPeer(peer), SEED);
    assert.is(result.outcome, 'clean', `${peer}: ${JSON.stringify(result.run.trace.findings)}`);
    assert.equal(result.run.trace.findings.filter((f) => f.severity === 'error'), []);
  }
});

test('a server that mixes up two requests sharing one id: the checker sent them (a client MUST NOT), so a robustness warning, not a failure', async () => {
  const result = await fuzz(stdioPeer('duplicate-id-mixup'), SEED);
  assert.is(result.outcome, 'clean', JSON.stringify(result.run.trace.findings));
  const rules = new Set(result.run.trace.findings.map((f) => `${f.rule} ${f.severity}`));
  assert.not.ok([...rules].some((r) => r.endsWith(' error')), [...rules].join(', '));
});

test.run();
