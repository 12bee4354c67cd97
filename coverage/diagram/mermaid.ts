import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { declaredTransitions, statePath } from '../declared-transitions.ts';
import { transitionLabelLines } from './label.ts';

function mermaidId(machine: string, path: string): string {
  return `${machine}_${path === '' ? '_any' : path}`.replace(/[^A-Za-z0-9_]/g, '_');
}

/** Mermaid reads `:` as the label separator, `;` as a line end and `#` as an entity start. */
function mermaidLabel(text: string): string {
  return text.replace(/[:;#]/g, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * States nest as composite states, each with its own initial arrow; a final state has an arrow to
 * `[*]`; transitions declared on the root (they apply in every state) leave an "(any state)" box.
 * Transitions are listed after the states, at the machine's level, since they may cross composites.
 */
function statements(machine: AnyStateMachine, indent: string): string[] {
  const name = machine.id;
  const lines: string[] = [];
  const transitions = declaredTransitions(machine).transitions;
  const initialOf = (owner: AnyStateNode, pad: string): void => {
    const initial = owner.config.initial;
    if (typeof initial === 'string' && owner.states[initial]) lines.push(`${pad}[*] --> ${mermaidId(name, statePath(owner.states[initial]!))}`);
  };
  const emit = (n: AnyStateNode, pad: string): void => {
    const path = statePath(n);
    const children = Object.values(n.states);
    if (children.length === 0) {
      lines.push(`${pad}state "${n.parent === machine.root ? path : n.key}" as ${mermaidId(name, path)}`);
      if (n.type === 'final') lines.push(`${pad}${mermaidId(name, path)} --> [*]`);
      return;
    }
    lines.push(`${pad}state "${path}" as ${mermaidId(name, path)} {`);
    initialOf(n, `${pad}  `);
    for (const child of children) emit(child, `${pad}  `);
    lines.push(`${pad}}`);
  };
  if (transitions.some((t) => t.source === '')) lines.push(`${indent}state "(any state)" as ${mermaidId(name, '')}`);
  for (const child of Object.values(machine.root.states)) emit(child, indent);
  initialOf(machine.root, indent);
  for (const t of transitions) {
    const label = mermaidLabel(transitionLabelLines(t).join(' ').replace(/#(\d+)/, ' $1'));
    for (const target of t.targets.length > 0 ? t.targets : [t.source]) {
      lines.push(`${indent}${mermaidId(name, t.source)} --> ${mermaidId(name, target)} : ${label}`);
    }
  }
  return lines;
}

/** One machine as a Mermaid state diagram, generated from its definition. */
export function machineMermaid(machine: AnyStateMachine): string {
  return ['stateDiagram-v2', ...statements(machine, '  '), ''].join('\n');
}

/** The session: every machine as a composite state of one Mermaid state diagram. */
export function sessionMermaid(machines: readonly AnyStateMachine[]): string {
  const lines = ['stateDiagram-v2'];
  for (const m of machines) {
    lines.push(`  state ${m.id} {`, ...statements(m, '    '), '  }');
  }
  lines.push('');
  return lines.join('\n');
}
