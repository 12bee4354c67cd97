import { getShortestPaths } from '@xstate/graph';
import type { AnyEventObject, AnyMachineSnapshot, AnyTransitionDefinition } from 'xstate';
import type { DeclaredTransition } from './declared-transitions.ts';
import type { MachineModel } from './models/model.ts';

/** The shortest event sequence from the initial state that ends by taking one transition. */
export interface TransitionPath {
  readonly transition: string;
  readonly events: readonly AnyEventObject[];
  /** The transition ids taken along the path, the target transition last. */
  readonly transitions: readonly string[];
}

const TRAVERSAL_LIMIT = 10_000;

function taken(model: MachineModel, snapshot: AnyMachineSnapshot, event: AnyEventObject,
  byDefinition: ReadonlyMap<AnyTransitionDefinition, DeclaredTransition>): string[] {
  return model.machine.getTransitionData(snapshot, event).flatMap((t) => {
    const d = byDefinition.get(t);
    return d ? [d.id] : [];
  });
}

/**
 * Shortest paths cover states, not transitions, so this extends them by one event: the path to a
 * transition is the shortest path (by @xstate/graph, over the model's compact states) to a state
 * where some catalogue event takes it, plus that event. Ties go to the first state found.
 */
export function transitionPaths(model: MachineModel, byDefinition: ReadonlyMap<AnyTransitionDefinition, DeclaredTransition>): Map<string, TransitionPath> {
  const statePaths = getShortestPaths(model.machine, {
    input: model.input,
    events: (s: AnyMachineSnapshot) => [...model.events(s)],
    serializeState: (s: AnyMachineSnapshot) => model.serialize(s),
    limit: TRAVERSAL_LIMIT,
  } as never);
  const out = new Map<string, TransitionPath>();
  const ordered = [...statePaths].sort((a, b) => a.steps.length - b.steps.length);
  for (const path of ordered) {
    const states = path.steps.map((s) => s.state as AnyMachineSnapshot);
    const events = path.steps.slice(1).map((s) => s.event as AnyEventObject);
    const along: string[] = [];
    for (let i = 0; i < events.length; i++) along.push(...taken(model, states[i]!, events[i]!, byDefinition));
    const end = path.state as AnyMachineSnapshot;
    for (const event of model.events(end)) {
      for (const id of taken(model, end, event, byDefinition)) {
        if (!out.has(id)) out.set(id, { transition: id, events: [...events, event], transitions: [...along, id] });
      }
    }
  }
  return out;
}
