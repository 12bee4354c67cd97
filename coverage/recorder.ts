import type { ActorRefLike, AnyMachineSnapshot, AnyStateMachine, AnyTransitionDefinition, InspectionEvent } from 'xstate';
import type { DeclaredTransition } from './declared-transitions.ts';
import type { MachineModel } from './models/model.ts';

/** One transition an actor took, with the (compact) state it was in before. */
export interface TakenStep {
  readonly before: string;
  readonly transition: string;
}

/** Everything one actor did: its machine, its initial state and the transitions it took in order. */
export interface ActorRun {
  readonly machine: string;
  readonly initial: string;
  /** The initial state value as a dot path. */
  readonly start: string;
  readonly steps: TakenStep[];
  /** The actor's latest state value, as a dot path (`ready`, `a.b`). */
  current: string;
  /** The actor's latest context (read-only; for labels in inspectors). */
  context: unknown;
}

/** A state value as a dot path of its deepest active state (or paths, comma-separated, for parallel states). */
export function statePathsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => {
    const inner = statePathsOf(v);
    return inner.length === 0 ? [k] : inner.map((p) => `${k}.${p}`);
  });
}

/**
 * Records, from the actors' own inspection events, which declared transitions each actor takes:
 * `@xstate.microstep` carries the transition definitions xstate selected, which map back to ids
 * by identity, so nothing is re-derived from the messages.
 */
export class TransitionRecorder {
  readonly #byDefinition: ReadonlyMap<AnyTransitionDefinition, DeclaredTransition>;
  readonly #models: ReadonlyMap<AnyStateMachine, MachineModel>;
  readonly #runs = new Map<ActorRefLike, ActorRun>();
  readonly #last = new Map<ActorRefLike, AnyMachineSnapshot>();

  constructor(models: readonly MachineModel[], byDefinition: ReadonlyMap<AnyTransitionDefinition, DeclaredTransition>) {
    this.#models = new Map(models.map((m) => [m.machine, m]));
    this.#byDefinition = byDefinition;
  }

  /** Pass as the `inspect` option of every actor to record. */
  readonly inspect = (event: InspectionEvent): void => {
    if (event.type !== '@xstate.snapshot' && event.type !== '@xstate.microstep') return;
    const snapshot = event.snapshot as AnyMachineSnapshot;
    const model = this.#models.get(snapshot.machine);
    if (!model) return;
    const actor = event.actorRef;
    let run = this.#runs.get(actor);
    if (!run) {
      const start = statePathsOf(snapshot.value).join(',');
      run = { machine: model.name, initial: model.serialize(snapshot), start, steps: [], current: start, context: snapshot.context };
      this.#runs.set(actor, run);
    }
    if (event.type === '@xstate.microstep' && event.event.type !== 'xstate.init' && event.event.type !== 'xstate.stop') {
      const previous = this.#last.get(actor) ?? snapshot;
      const before = model.serialize(previous);
      for (const t of event._transitions) {
        const declared = this.#byDefinition.get(t);
        if (!declared) throw new Error(`an inspected ${model.name} transition is not among the declared ones`);
        run.steps.push({ before, transition: declared.id });
      }
    }
    this.#last.set(actor, snapshot);
    run.current = statePathsOf(snapshot.value).join(',');
    run.context = snapshot.context;
  };

  /** The runs recorded so far, in the order the actors started. */
  runs(): ActorRun[] {
    return [...this.#runs.values()];
  }

  /** Forgets every run (between cases). */
  reset(): void {
    this.#runs.clear();
    this.#last.clear();
  }
}

/** True when some run of the path's machine takes exactly `transitions`, in a row, starting from its initial state. */
export function followsPath(runs: readonly ActorRun[], machine: string, transitions: readonly string[]): boolean {
  if (transitions.length === 0) return false;
  for (const run of runs) {
    if (run.machine !== machine) continue;
    const steps = run.steps;
    for (let i = 0; i + transitions.length <= steps.length; i++) {
      if (steps[i]!.before !== run.initial) continue;
      let ok = true;
      for (let j = 0; j < transitions.length && ok; j++) ok = steps[i + j]!.transition === transitions[j];
      if (ok) return true;
    }
  }
  return false;
}
