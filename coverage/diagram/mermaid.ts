import type { AnyStateMachine } from 'xstate';
import { declaredTransitions, stateNodes, statePath } from '../declared-transitions.ts';
import { transitionLabelLines } from './label.ts';

function mermaidId(machine: string, path: string): string {
  return `${machine}_${path}`.replace(/[^A-Za-z0-9_]/g, '_');
}

/** Mermaid reads `:` as the label separator, `;` as a line end and `#` as an entity start. */
function mermaidLabel(text: string): string {
  return text.replace(/[:;#]/g, ' ').replace(/\s+/g, ' ').trim();
}

function statements(machine: AnyStateMachine, indent: string): string[] {
  const name = machine.id;
  const lines: string[] = [];
  for (const n of stateNodes(machine).slice(1)) {
    const path = statePath(n);
    lines.push(`${indent}state "${path}" as ${mermaidId(name, path)}`);
  }
  const initial = machine.root.config.initial;
  if (typeof initial === 'string') lines.push(`${indent}[*] --> ${mermaidId(name, initial)}`);
  for (const t of declaredTransitions(machine).transitions) {
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
