import { createActor, transition, type AnyStateMachine, type ContextFrom, type EmittedFrom, type EventFromLogic, type InspectionEvent } from 'xstate';
import { FlatRunner, isFlat, type RunnerSnapshot } from './flat-machine.ts';

type EmittedOf<M extends AnyStateMachine> = EmittedFrom<M> extends infer E ? (E extends { type: string } ? E : never) : never;

/** What the session needs of a running machine: the same surface whether an actor or a flat runner drives it. */
export interface MachineRunner<M extends AnyStateMachine> {
  getSnapshot(): RunnerSnapshot<ContextFrom<M>>;
  send(event: EventFromLogic<M>): void;
  /**
   * The events `event` would emit, without taking it (the machine's state does not change), and
   * whether taking it would change nothing at all (then sending it may be skipped; actors that
   * are inspected always say false, so every event they are meant to take reaches them).
   */
  judge(event: EventFromLogic<M>): { readonly emitted: readonly EmittedOf<M>[]; readonly unchanged: boolean };
  on<K extends EmittedOf<M>['type']>(type: K, handler: (event: Extract<EmittedOf<M>, { type: K }>) => void): void;
  start(): MachineRunner<M>;
  stop(): void;
}

/**
 * Starts a machine: as an xstate actor when someone inspects it (coverage, inspectors) or when it
 * has nested states or other behaviour the flat compiler does not take, else on its compiled flat
 * transition table, which a property test holds equal to the actor and which skips the actor
 * machinery on the hot path.
 */
export function runMachine<M extends AnyStateMachine>(
  machine: M,
  input: unknown,
  inspect?: (event: InspectionEvent) => void,
): MachineRunner<M> {
  if (inspect || !isFlat(machine)) {
    const actor = createActor(machine, { input, ...(inspect ? { inspect } : {}) } as never);
    const judge = (event: EventFromLogic<M>): { emitted: EmittedOf<M>[]; unchanged: boolean } => {
      const [, actions] = transition(machine, actor.getSnapshot(), event as never);
      const emitted: EmittedOf<M>[] = [];
      for (const a of actions) {
        const e = (a.params as { event?: unknown } | undefined)?.event;
        if ((a.type as string) === 'xstate.emit' && e !== undefined) emitted.push(e as EmittedOf<M>);
      }
      return { emitted, unchanged: false };
    };
    return Object.assign(actor, { judge }) as unknown as MachineRunner<M>;
  }
  return new FlatRunner(machine, input) as unknown as MachineRunner<M>;
}
