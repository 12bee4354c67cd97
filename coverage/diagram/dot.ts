import type { AnyStateMachine } from 'xstate';
import { declaredTransitions, stateNodes, statePath, type DeclaredTransition } from '../declared-transitions.ts';
import { transitionLabelLines } from './label.ts';

/** How to draw one transition's edge (coverage colours it; plain diagrams leave it undefined). */
export interface EdgeStyle {
  readonly color: string;
  readonly style: 'solid' | 'dashed';
  readonly penwidth?: number;
  /** Extra label line, e.g. `3 cases`. */
  readonly note?: string;
  /** CSS class on the SVG edge group. */
  readonly className?: string;
}

/** Options for DOT output. */
export interface DotOptions {
  readonly edgeStyle?: (t: DeclaredTransition) => EdgeStyle | undefined;
}

/** A DOT double-quoted string. */
export function dotString(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

/** The SVG element id of a state's node: `state:<machine>.<path>`. */
export function stateElementId(machine: string, path: string): string {
  return `state:${machine}.${path}`;
}

/** The SVG element id of a transition's edge: `edge:<transition id>` (Graphviz prefixes a state's internal-transition rows with `a_`). */
export function edgeElementId(transitionId: string): string {
  return `edge:${transitionId}`;
}

function attrs(pairs: Record<string, string | number | undefined>): string {
  const parts = Object.entries(pairs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${typeof v === 'number' ? String(v) : dotString(v as string)}`);
  return `[${parts.join(', ')}]`;
}

/** Text safe inside a Graphviz HTML-like label (and its attribute values). */
function htmlLabelText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * A state as a box: its name, then its internal (targetless) transitions as rows, the UML way,
 * so that a state with many guarded self-handling branches stays readable. Each row carries the
 * transition's element id and, when given, its coverage style.
 */
function stateLabel(path: string, internal: readonly DeclaredTransition[], options: DotOptions): string {
  const rows = internal.map((t) => {
    const style = options.edgeStyle?.(t);
    const text = [...transitionLabelLines(t), ...(style?.note ? [`(${style.note})`] : [])].join(' ');
    const border = style ? ` BORDER="1" COLOR="${style.color}"${style.style === 'dashed' ? ' STYLE="dashed"' : ''}` : '';
    const font = style ? ` COLOR="${style.color}"` : '';
    // Graphviz sizes cells with Helvetica's metrics; the slack keeps wider fallback fonts inside the box.
    const slack = '&#160;'.repeat(Math.ceil(text.length * 0.12));
    return `<TR><TD ID="${htmlLabelText(edgeElementId(t.id))}" HREF="#" TOOLTIP="${htmlLabelText(t.id)}" ALIGN="LEFT"${border}><FONT POINT-SIZE="9"${font}>${htmlLabelText(text)}${slack}</FONT></TD></TR>`;
  });
  return `<<TABLE BORDER="1" CELLBORDER="0" CELLSPACING="2" CELLPADDING="3" STYLE="rounded" BGCOLOR="white"><TR><TD><B>${htmlLabelText(path)}</B></TD></TR>${rows.length > 0 ? '<HR/>' : ''}${rows.join('')}</TABLE>>`;
}

/** The nodes and edges of one machine, indented, for a graph or a cluster. */
export function machineStatements(machine: AnyStateMachine, options: DotOptions, indent: string): string[] {
  const name = machine.id;
  const node = (path: string): string => dotString(`${name}.${path}`);
  const transitions = declaredTransitions(machine).transitions;
  const lines: string[] = [];
  lines.push(`${indent}${dotString(`init:${name}`)} ${attrs({ id: `init:${name}`, shape: 'point', width: 0.12, class: 'initial' })};`);
  for (const n of stateNodes(machine).slice(1)) {
    const path = statePath(n);
    const internal = transitions.filter((t) => t.source === path && t.targets.length === 0);
    lines.push(`${indent}${node(path)} [id=${dotString(stateElementId(name, path))}, class="state", shape="plain", label=${stateLabel(path, internal, options)}];`);
  }
  const initial = machine.root.config.initial;
  if (typeof initial === 'string') lines.push(`${indent}${dotString(`init:${name}`)} -> ${node(initial)};`);
  for (const t of transitions) {
    if (t.targets.length === 0) continue;
    const style = options.edgeStyle?.(t);
    const label = [...transitionLabelLines(t), ...(style?.note ? [`(${style.note})`] : [])].join('\n');
    for (const target of t.targets) {
      lines.push(`${indent}${node(t.source)} -> ${node(target)} ${attrs({
        id: edgeElementId(t.id),
        label,
        class: style?.className ?? 'transition',
        color: style?.color,
        fontcolor: style?.color,
        style: style?.style,
        penwidth: style?.penwidth,
      })};`);
    }
  }
  return lines;
}

const HEADER = [
  '  rankdir=LR;',
  '  fontname="Helvetica"; node [fontname="Helvetica", fontsize=11]; edge [fontname="Helvetica", fontsize=9];',
];

/** One machine as a DOT digraph, generated from its definition. */
export function machineDot(machine: AnyStateMachine, options: DotOptions = {}): string {
  return [`digraph ${dotString(machine.id)} {`, ...HEADER, ...machineStatements(machine, options, '  '), '}', ''].join('\n');
}

/** The session: every machine as a cluster of one DOT digraph. */
export function sessionDot(machines: readonly AnyStateMachine[], options: DotOptions = {}): string {
  const lines = ['digraph "session" {', ...HEADER, '  compound=true;'];
  // Left to right, Graphviz stacks unconnected clusters bottom-up: emit them in reverse to read top-down.
  for (const m of [...machines].reverse()) {
    lines.push(`  subgraph ${dotString(`cluster_${m.id}`)} {`);
    lines.push(`    label=${dotString(m.id)}; id=${dotString(`machine:${m.id}`)}; class="machine"; style="rounded"; color="#888888";`);
    lines.push(...machineStatements(m, options, '    '));
    lines.push('  }');
  }
  lines.push('}', '');
  return lines.join('\n');
}
