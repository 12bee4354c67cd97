import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { declaredTransitions, stateNodes } from '../../coverage/declared-transitions.ts';
import { edgeElementId, machineDot, sessionDot } from '../../coverage/diagram/dot.ts';
import { machineMermaid, sessionMermaid } from '../../coverage/diagram/mermaid.ts';
import { renderSvg } from '../../coverage/diagram/render-svg.ts';
import { SESSION_MACHINES } from '../../coverage/diagram/session-machines.ts';

const stateCount = (m: (typeof SESSION_MACHINES)[number]) => stateNodes(m).length - 1;
const escapeHtmlLike = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

test('DOT: one node per state and every declared transition, drawn from the definition', () => {
  for (const m of SESSION_MACHINES) {
    const dot = machineDot(m);
    assert.is((dot.match(/class="state"/g) ?? []).length, stateCount(m), m.id);
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
    assert.is((text.match(/\[\*\] -->/g) ?? []).length, 1);
    assert.not.match(text.replace(/^.*? : /gm, ''), /[#;]/, 'labels avoid characters Mermaid reads as syntax');
  }
  const session = sessionMermaid(SESSION_MACHINES);
  for (const m of SESSION_MACHINES) assert.ok(session.includes(`state ${m.id} {`));
});

test('SVG (Graphviz in WebAssembly): the session diagram has one state node per state of every machine', async () => {
  const svg = await renderSvg(sessionDot(SESSION_MACHINES));
  const expected = SESSION_MACHINES.reduce((n, m) => n + stateCount(m), 0);
  assert.is((svg.match(/<g id="state:[^"]+" class="node state">/g) ?? []).length, expected);
  for (const m of SESSION_MACHINES) assert.ok(svg.includes(`id="machine:${m.id}"`), `cluster ${m.id}`);
});

test.run();
