// Why: one picture of all eight machines, shrunk to a panel's width, is unreadable; each machine
// drawn on its own, at Graphviz's own size (text at 9 to 11 points, 12 to 15 CSS pixels), can be
// read at a laptop's width. Top to bottom, since a page scrolls down more readily than across.
import type { AnyStateMachine } from 'xstate';
import { dotString, machineStatements } from '../coverage/diagram/dot.ts';
import { inlineSvg, renderSvg } from '../coverage/diagram/render-svg.ts';
import { SESSION_MACHINES } from '../coverage/diagram/session-machines.ts';

const HEADER = [
  '  rankdir=TB; compound=true;',
  '  fontname="Helvetica"; node [fontname="Helvetica", fontsize=11]; edge [fontname="Helvetica", fontsize=9];',
];

/** One machine as a DOT digraph laid out top to bottom, generated from its definition (the states and edges carry the ids `diagram` gives them). */
export function inspectorDot(machine: AnyStateMachine): string {
  return [`digraph ${dotString(machine.id)} {`, ...HEADER, ...machineStatements(machine, {}, '  '), '}', ''].join('\n');
}

/**
 * The `<svg>` of one machine for inlining beside others: Graphviz's own numbered ids (`graph0`,
 * `edge3`) get the machine's name in front, so that no two drawings on a page share an id.
 */
export async function machineSvg(machine: AnyStateMachine): Promise<string> {
  const svg = inlineSvg(await renderSvg(inspectorDot(machine)));
  return svg
    .replace(/ id="((?:graph|node|edge|clust)\d+)"/g, (_, own: string) => ` id="${machine.id}:${own}"`)
    .replace(/^<svg /, `<svg class="machine-drawing" data-machine="${machine.id}" `);
}

/** The drawings of the machines named, in diagram order. */
export async function machineSvgs(names: readonly string[]): Promise<{ machine: string; svg: string }[]> {
  const out: { machine: string; svg: string }[] = [];
  for (const m of SESSION_MACHINES) if (names.includes(m.id)) out.push({ machine: m.id, svg: await machineSvg(m) });
  return out;
}
