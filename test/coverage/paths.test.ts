import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createActor } from 'xstate';
import { machineGraphs } from '../../coverage/measure.ts';
import { SAMPLE_BASIS } from '../../coverage/models/basis.ts';
import { followsPath, TransitionRecorder } from '../../coverage/recorder.ts';

const { graphs, byDefinition } = machineGraphs(SAMPLE_BASIS);

test('the model reaches every declared transition of every machine', () => {
  for (const g of graphs) {
    const missing = g.transitions.filter((t) => !g.paths.has(t.id)).map((t) => t.id);
    assert.equal(missing, [], `${g.model.name}: no shortest path`);
  }
});

test('replaying a path through a real actor takes exactly its transitions, the target last', () => {
  for (const g of graphs) {
    for (const path of g.paths.values()) {
      const recorder = new TransitionRecorder([g.model], byDefinition);
      const actor = createActor(g.model.machine, { input: g.model.input, inspect: recorder.inspect });
      actor.start();
      for (const e of path.events) actor.send(e);
      actor.stop();
      const runs = recorder.runs();
      assert.equal(runs[0]?.steps.map((s) => s.transition), [...path.transitions], path.transition);
      assert.ok(followsPath(runs, g.model.name, path.transitions));
    }
  }
});

test('paths are shortest: no path is longer than the one to its source state plus one event', () => {
  const lifecycle = graphs.find((g) => g.model.name === 'lifecycle')!;
  const lengths = Object.fromEntries([...lifecycle.paths.values()].map((p) => [p.transition, p.events.length]));
  assert.is(lengths['lifecycle:new:request#2'], 1);
  assert.is(lengths['lifecycle:ready:request#0[isInitializeRequest]'], 4);
});

test('a path counts as followed only from the initial state and only in one piece', () => {
  const run = { machine: 'm', initial: 'a', start: 'a', current: 'a', context: undefined, steps: [
    { before: 'a', transition: 't1' }, { before: 'b', transition: 'x' }, { before: 'b', transition: 't2' },
    { before: 'a', transition: 't1' }, { before: 'b', transition: 't2' },
  ] };
  assert.ok(followsPath([run], 'm', ['t1', 't2']));
  assert.not.ok(followsPath([{ ...run, steps: run.steps.slice(0, 3) }], 'm', ['t1', 't2']));
  assert.not.ok(followsPath([run], 'other', ['t1']));
  assert.not.ok(followsPath([run], 'm', ['x']), 'x is taken, but not from the initial state');
});

test.run();
