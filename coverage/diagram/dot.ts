import type { AnyStateMachine, AnyStateNode } from 'xstate';
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

function rowsOf(internal: readonly DeclaredTransition[], options: DotOptions): string[] {
  return internal.map((t) => {
    const style = options.edgeStyle?.(t);
    const text = [...transitionLabelLines(t), ...(style?.note ? [`(${style.note})`] : [])].join(' ');
    const border = style ? ` BORDER="1" COLOR="${style.color}"${style.style === 'dashed' ? ' STYLE="dashed"' : ''}` : '';
    const font = style ? ` COLOR="${style.color}"` : '';
    // Graphviz sizes cells with Helvetica's metrics; the slack keeps wider fallback fonts inside the box.
    const slack = '&#160;'.repeat(Math.ceil(text.length * 0.12));
    return `<TR><TD ID="${htmlLabelText(edgeElementId(t.id))}" HREF="#" TOOLTIP="${htmlLabelText(t.id)}" ALIGN="LEFT"${border}><FONT POINT-SIZE="9"${font}>${htmlLabelText(text)}${slack}</FONT></TD></TR>`;
  });
}

/**
 * A state as a box: its name, then its internal (targetless) transitions as rows, the UML way,
 * so that a state with many guarded self-handling branches stays readable. Each row carries the
 * transition's element id and, when given, its coverage style. A final state's box has a double
 * border; a compound state's label has none (its cluster is the frame).
 */
function stateLabel(title: string, internal: readonly DeclaredTransition[], options: DotOptions, frame: 'single' | 'double' | 'none'): string {
  const rows = rowsOf(internal, options);
  const border = frame === 'none' ? '0' : '1';
  const table = `<TABLE BORDER="${border}" CELLBORDER="0" CELLSPACING="2" CELLPADDING="3" STYLE="rounded" BGCOLOR="white"><TR><TD>${title}</TD></TR>${rows.length > 0 ? '<HR/>' : ''}${rows.join('')}</TABLE>`;
  return frame === 'double' ? `<<TABLE BORDER="1" CELLBORDER="0" CELLSPACING="0" CELLPADDING="2" STYLE="rounded"><TR><TD>${table}</TD></TR></TABLE>>` : `<${table}>`;
}

/** The leaf a compound state's edges attach to (its initial descendant), so the edge can be clipped at the cluster. */
function anchorOf(node: AnyStateNode): AnyStateNode {
  let n = node;
  while (Object.keys(n.states).length > 0) {
    const initial = n.config.initial;
    n = (typeof initial === 'string' ? n.states[initial] : undefined) ?? Object.values(n.states)[0]!;
  }
  return n;
}

/**
 * The nodes and edges of one machine, indented, for a graph or a cluster. An atomic state is a
 * node; a compound state is a cluster (labelled like a state box, with its own initial arrow);
 * transitions declared on the root, which apply in every state, are rows of an "(any state)" box.
 */
export function machineStatements(machine: AnyStateMachine, options: DotOptions, indent: string): string[] {
  const name = machine.id;
  const node = (path: string): string => dotString(`${name}.${path}`);
  const transitions = declaredTransitions(machine).transitions;
  const internalOf = (path: string) => transitions.filter((t) => t.source === path && t.targets.length === 0);
  const byPath = new Map(stateNodes(machine).map((n) => [statePath(n), n]));
  const clusterOf = (path: string): string | undefined =>
    Object.keys(byPath.get(path)?.states ?? {}).length > 0 ? `cluster_${name}.${path}` : undefined;
  const lines: string[] = [];
  /** The initial pseudo-state of `owner` (the root or a compound state) and its arrow. */
  const initial = (owner: AnyStateNode): [string, string] | undefined => {
    const key = owner.config.initial;
    const child = typeof key === 'string' ? owner.states[key] : undefined;
    if (!child) return undefined;
    const id = owner === machine.root ? `init:${name}` : `init:${name}.${statePath(owner)}`;
    const cluster = clusterOf(statePath(child));
    return [
      `${dotString(id)} ${attrs({ id, shape: 'point', width: 0.12, class: 'initial' })};`,
      `${dotString(id)} -> ${node(statePath(anchorOf(child)))}${cluster ? ` ${attrs({ lhead: cluster })}` : ''};`,
    ];
  };
  const emit = (n: AnyStateNode, pad: string): void => {
    const path = statePath(n);
    const title = `<B>${htmlLabelText(n.parent === machine.root ? path : n.key)}</B>`;
    if (Object.keys(n.states).length === 0) {
      const final = n.type === 'final';
      // The double frame leaves no room for a fallback font wider than Helvetica: give the name the same slack as the rows.
      const framed = final ? `${title}${'&#160;'.repeat(Math.ceil(path.length * 0.12) + 1)}` : title;
      lines.push(`${pad}${node(path)} [id=${dotString(stateElementId(name, path))}, class="state${final ? ' final' : ''}", shape="plain", label=${stateLabel(framed, internalOf(path), options, final ? 'double' : 'single')}];`);
      return;
    }
    const arrow = initial(n);
    lines.push(`${pad}subgraph ${dotString(clusterOf(path)!)} {`);
    lines.push(`${pad}  id=${dotString(stateElementId(name, path))}; class="state compound"; style="rounded"; color="black"; labeljust="l";`);
    lines.push(`${pad}  label=${stateLabel(title, internalOf(path), options, 'none')};`);
    if (arrow) lines.push(`${pad}  ${arrow[0]}`);
    for (const child of Object.values(n.states)) emit(child, `${pad}  `);
    if (arrow) lines.push(`${pad}  ${arrow[1]}`);
    lines.push(`${pad}}`);
  };
  const arrow = initial(machine.root);
  if (arrow) lines.push(`${indent}${arrow[0]}`);
  if (transitions.some((t) => t.source === '')) {
    lines.push(`${indent}${node('')} [id=${dotString(`root:${name}`)}, class="root", shape="plain", label=${stateLabel('<I>(any state)</I>', internalOf(''), options, 'single')}];`);
  }
  for (const child of Object.values(machine.root.states)) emit(child, indent);
  if (arrow) lines.push(`${indent}${arrow[1]}`);
  for (const t of transitions) {
    if (t.targets.length === 0) continue;
    const style = options.edgeStyle?.(t);
    const label = [...transitionLabelLines(t), ...(style?.note ? [`(${style.note})`] : [])].join('\n');
    const from = byPath.get(t.source);
    const tail = t.source === '' || !from ? t.source : statePath(anchorOf(from));
    for (const target of t.targets) {
      const to = byPath.get(target);
      lines.push(`${indent}${node(tail)} -> ${node(to ? statePath(anchorOf(to)) : target)} ${attrs({
        id: edgeElementId(t.id),
        label,
        class: style?.className ?? 'transition',
        color: style?.color,
        fontcolor: style?.color,
        style: style?.style,
        penwidth: style?.penwidth,
        ltail: t.source === '' ? undefined : clusterOf(t.source),
        lhead: clusterOf(target),
      })};`);
    }
  }
  return lines;
}

const HEADER = [
  '  rankdir=LR; compound=true;',
  '  fontname="Helvetica"; node [fontname="Helvetica", fontsize=11]; edge [fontname="Helvetica", fontsize=9];',
];

/** One machine as a DOT digraph, generated from its definition. */
export function machineDot(machine: AnyStateMachine, options: DotOptions = {}): string {
  return [`digraph ${dotString(machine.id)} {`, ...HEADER, ...machineStatements(machine, options, '  '), '}', ''].join('\n');
}

/** The session: every machine as a cluster of one DOT digraph. */
export function sessionDot(machines: readonly AnyStateMachine[], options: DotOptions = {}): string {
  const lines = ['digraph "session" {', ...HEADER];
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
