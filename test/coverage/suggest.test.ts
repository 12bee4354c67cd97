import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { machineGraphs } from '../../coverage/measure.ts';
import { basisFromFixture } from '../../coverage/models/basis.ts';
import { TransitionRecorder } from '../../coverage/recorder.ts';
import { suggestCase } from '../../coverage/suggest.ts';
import type { FixtureCase } from '../../runner/fixture-schema.ts';
import { profileForFixture } from '../../runner/profile-for.ts';
import { runCase } from '../../runner/run-case.ts';
import { bundledFixtures } from './bundled.ts';

const fixture = bundledFixtures()[0]!.fixture;
const { graphs, byDefinition } = machineGraphs(basisFromFixture(fixture));

test('each suggested case, played through a session, takes its transition and meets its own expectation', () => {
  const wrong: string[] = [];
  for (const g of graphs) {
    for (const t of g.transitions) {
      const suggestion = suggestCase(g, t);
      if (!suggestion) continue;
      const recorder = new TransitionRecorder(graphs.map((x) => x.model), byDefinition);
      const kase = JSON.parse(JSON.stringify(suggestion)) as FixtureCase;
      const result = runCase(fixture, kase, 0, { profile: profileForFixture(fixture), inspect: recorder.inspect });
      const taken = recorder.runs().some((r) => r.steps.some((s) => s.transition === t.id));
      const ok = result.status === 'passed' || result.status === 'expected_failure';
      if (!taken || !ok) wrong.push(`${t.id}: ${taken ? 'taken' : 'NOT taken'}, ${result.status}${result.reason ? ` (${result.rule}: ${result.reason})` : ''}`);
    }
  }
  assert.equal(wrong, []);
});

test('suggestions are fixture cases: name, description, expect, steps; setup only when not ready', () => {
  const lifecycle = graphs.find((g) => g.model.name === 'lifecycle')!;
  const first = suggestCase(lifecycle, lifecycle.transitions.find((t) => t.id === 'lifecycle:new:request#2')!)!;
  assert.is(first.setup, 'none');
  assert.is(first.expect, 'fail');
  assert.is(first.expect_rule, 'lifecycle/initialize-first');
  const ready = suggestCase(lifecycle, lifecycle.transitions.find((t) => t.id === 'lifecycle:ready:request#0[isInitializeRequest]')!)!;
  assert.is(ready.setup, undefined);
  assert.is(ready.steps.length, 1);
});

test.run();
