import { loadAllowlist } from '../../coverage/allowlist.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { machineGraphs } from '../../coverage/measure.ts';
import { basisFromFixture } from '../../coverage/models/basis.ts';
import { homeOf } from '../../coverage/models/model.ts';
import { TransitionRecorder } from '../../coverage/recorder.ts';
import { buildReport } from '../../coverage/report.ts';
import { suggestCase, suggestCases } from '../../coverage/suggest.ts';
import type { FixtureCase } from '../../runner/fixture-schema.ts';
import { profileForFixture } from '../../runner/profile-for.ts';
import { runCase } from '../../runner/run-case.ts';
import { bundledFixtures } from './bundled.ts';

const bundled = bundledFixtures();
const basis = bundled[0]!;
const { graphs, byDefinition } = machineGraphs(basisFromFixture(basis.fixture));

/** The fixture a transition's suggestion belongs in: its own or its model's home, else the basis fixture. */
function homeFixture(graph: (typeof graphs)[number], transition: (typeof graphs)[number]['transitions'][number]) {
  const home = homeOf(graph.model, transition, { profile: 'course', fixture: basis.label });
  const found = bundled.find((f) => f.label === home.fixture);
  if (!found) throw new Error(`${graph.model.name}: no bundled fixture ${home.fixture}`);
  assert.is(profileForFixture(found.fixture).id, home.profile, `${transition.id}: home fixture runs under its profile`);
  return found.fixture;
}

test('each suggested case, played in its home fixture under its profile, takes its transition and meets its own expectation', () => {
  const wrong: string[] = [];
  // An allowlisted transition is one no fixture case can reach; its suggestion cannot take it.
  const allowlisted = new Set(loadAllowlist().map((e) => e.transition));
  for (const g of graphs) {
    for (const t of g.transitions) {
      if (allowlisted.has(t.id)) continue;
      const fixture = homeFixture(g, t);
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

test('suggestions are grouped by the fixture they belong in, which names its profile', () => {
  const report = buildReport({ basis: basisFromFixture(basis.fixture), home: { profile: 'course', fixture: basis.label }, graphs, caseCount: 0, takenBy: new Map(), pathFollowedBy: new Map(), profiles: [] }, []);
  const groups = suggestCases(graphs, report, { profile: 'course', fixture: basis.label });
  assert.equal(groups.map((g) => [g.fixture, g.profile]), [
    [basis.label, 'course'],
    ['spec-2025-11-25/logging.json', '2025-11-25'],
    ['spec-2025-11-25/pending-limit.json', '2025-11-25'],
    ['spec-2025-11-25/utilities.json', '2025-11-25'],
    ['spec-2025-11-25/tasks.json', '2025-11-25'],
    ['spec-2026-07-28/input-required.json', '2026-07-28'],
    ['spec-2026-07-28/listen.json', '2026-07-28'],
    ['spec-2025-11-25/course-contrasts.json', '2025-11-25'],
    ['spec-2025-11-25/prompts.json', '2025-11-25'],
    ['spec-2025-11-25/cursors.json', '2025-11-25'],
    ['spec-2026-07-28/cursors.json', '2026-07-28'],
    ['spec-2026-07-28/discovery.json', '2026-07-28'],
    ['spec-2026-07-28/logging.json', '2026-07-28'],
    ['spec-2025-11-25/tool-calls.json', '2025-11-25'],
    ['course-profile/tools.json', 'course'],
  ]);
  const tasks = groups.find((g) => g.fixture === 'spec-2025-11-25/tasks.json')!;
  assert.ok(tasks.cases.every((c) => c.name.startsWith('takes_task_') && c.server_capabilities !== undefined));
});

test.run();
