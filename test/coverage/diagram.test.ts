import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { declaredTransitions, stateNodes } from '../../coverage/declared-transitions.ts';
import { edgeElementId, machineDot, sessionDot } from '../../coverage/diagram/dot.ts';
import { machineMermaid, sessionMermaid } from '../../coverage/diagram/mermaid.ts';
import { renderSvg } from '../../coverage/diagram/render-svg.ts';
import { SESSION_MACHINES } from '../../coverage/diagram/session-machines.ts';

const stateCount = (m: (typeof SESSION_MACHINES)[number]) => stateNodes(m).length - 1;
const compoundCount = (m: (typeof SESSION_MACHINES)[number]) => stateNodes(m).slice(1).filter((n) => Object.keys(n.states).length > 0).length;
const escapeHtmlLike = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

test('the session diagrams draw the core machines and the spec profiles\' extension machines', () => {
  assert.equal(SESSION_MACHINES.map((m) => m.id), ['lifecycle', 'correlation', 'authorization', 'subscription', 'progress', 'cancellation', 'task', 'inputRequired', 'listen', 'toolListing', 'promptCatalogue', 'cursors', 'requestIds', 'discovery', 'logLevels', 'toolCalls']);
});

test('DOT: one node or cluster per state and every declared transition, drawn from the definition', () => {
  for (const m of SESSION_MACHINES) {
    const dot = machineDot(m);
    assert.is((dot.match(/class="state[ "]/g) ?? []).length, stateCount(m), m.id);
    assert.is((dot.match(/class="state compound"/g) ?? []).length, compoundCount(m), `${m.id}: compound states are clusters`);
    for (const t of declaredTransitions(m).transitions) {
      const id = edgeElementId(t.id);
      assert.ok(dot.includes(JSON.stringify(id)) || dot.includes(`ID="${escapeHtmlLike(id)}"`), `${t.id} is drawn`);
    }
  }
});

test('Mermaid: every transition is an arrow, the initial state has [*]', () => {
  for (const m of SESSION_MACHINES) {
    const text = machineMermaid(m);
    const arrows = text.split('\n').filter((l) => l.includes(' --> ') && !l.includes('[*]')).length;
    const expected = declaredTransitions(m).transitions.reduce((n, t) => n + Math.max(1, t.targets.length), 0);
    assert.is(arrows, expected, m.id);
    assert.match(text, /^stateDiagram-v2\n/);
    assert.is((text.match(/\[\*\] -->/g) ?? []).length, 1 + compoundCount(m), `${m.id}: one initial arrow per machine and compound state`);
    const finals = stateNodes(m).filter((n) => n.type === 'final').length;
    assert.is((text.match(/--> \[\*\]/g) ?? []).length, finals, `${m.id}: final states end in [*]`);
    assert.not.match(text.replace(/^.*? : /gm, ''), /[#;]/, 'labels avoid characters Mermaid reads as syntax');
  }
  const session = sessionMermaid(SESSION_MACHINES);
  for (const m of SESSION_MACHINES) assert.ok(session.includes(`state ${m.id} {`));
});

test('SVG (Graphviz in WebAssembly): the session diagram has one state node per state of every machine', async () => {
  const svg = await renderSvg(sessionDot(SESSION_MACHINES));
  const expected = SESSION_MACHINES.reduce((n, m) => n + stateCount(m), 0);
  assert.is((svg.match(/<g id="state:[^"]+" class="(node|cluster) state[^"]*">/g) ?? []).length, expected);
  for (const m of SESSION_MACHINES) assert.ok(svg.includes(`id="machine:${m.id}"`), `cluster ${m.id}`);
});

test('compound states, root transitions and final states: progress nests, task has an (any state) box, the loop ends', async () => {
  const progress = SESSION_MACHINES.find((m) => m.id === 'progress')!;
  const dot = machineDot(progress);
  assert.match(dot, /subgraph "cluster_progress\.open" \{\n\s+id="state:progress\.open"; class="state compound"/);
  assert.match(dot, /"init:progress\.open" -> "progress\.open\.in_flight";/);
  const task = SESSION_MACHINES.find((m) => m.id === 'task')!;
  const svg = await renderSvg(machineDot(task));
  assert.match(svg, /<g id="root:task" class="node root">/);
  assert.ok(svg.includes(`id="a_${edgeElementId('task:(root):created#0')}"`), 'the root transition is a row of the (any state) box');
  const loop = machineMermaid(SESSION_MACHINES.find((m) => m.id === 'inputRequired')!);
  assert.ok(loop.includes('inputRequired_complete --> [*]') && loop.includes('inputRequired_failed --> [*]'));
  assert.match(machineDot(SESSION_MACHINES.find((m) => m.id === 'inputRequired')!), /class="state final"/);
});

test.run();
