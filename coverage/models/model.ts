import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type { Step } from '../../machines/session.ts';
import type { ExtensionFactory } from '../../machines/extension.ts';
import type { JsonObject, Profile } from '../../validators/context.ts';
import type { DeclaredTransition } from '../declared-transitions.ts';

/** The start of a fixture case: which handshake its `setup` plays, the capabilities it needs declared, and its own steps. */
export interface CaseSkeleton {
  readonly setup: 'ready' | 'initialize_request_only' | 'none';
  /** Replace the fixture's declared capabilities, so the case runs in any fixture of its profile. */
  readonly clientCapabilities?: JsonObject;
  readonly serverCapabilities?: JsonObject;
  readonly steps: readonly Step[];
}

/** Where a machine's suggested cases belong: the profile whose sessions run it, and the bundled file holding such cases. */
export interface ModelHome {
  readonly profile: string;
  /** A fixture label, relative to `fixtures/` (`spec-2025-11-25/tasks.json`). */
  readonly fixture: string;
}

/**
 * What the graph traversal needs to know about one machine: its input, an event catalogue with
 * real payloads, a compact state serializer (the state value and the few context fields that
 * decide which transition an event takes), and how machine events become wire steps.
 */
export interface MachineModel {
  readonly name: string;
  readonly machine: AnyStateMachine;
  readonly input: unknown;
  /** The events worth trying in a state; each carries the payload a real session would send. */
  readonly events: (snapshot: AnyMachineSnapshot) => readonly AnyEventObject[];
  readonly serialize: (snapshot: AnyMachineSnapshot) => string;
  /** Turns a path's machine events into a fixture case that sends them through a session (undefined: no case of the basis fixture's profile can take that path). */
  readonly toCase: (events: readonly AnyEventObject[]) => CaseSkeleton | undefined;
  /** For a machine only some profiles run (a session extension's): where its cases belong. Absent: any fixture, the basis one. */
  readonly home?: ModelHome;
  /** Where the case of one transition belongs, when only some profiles take that transition (undefined: the model's home). */
  readonly transitionHome?: (transition: DeclaredTransition) => ModelHome | undefined;
  /** Whether a session of `profile` runs the machine at all. Absent: every profile does. */
  readonly runsUnder?: (profile: Profile) => boolean;
}

/** Where the suggested case of `transition` belongs: its own home, else its model's, else `basis`. */
export function homeOf(model: MachineModel, transition: DeclaredTransition, basis: ModelHome): ModelHome {
  return model.transitionHome?.(transition) ?? model.home ?? basis;
}

/** Whether the session extension `factory` builds runs under `profile` (the factory itself decides). */
export function extensionRunsUnder(factory: ExtensionFactory): (profile: Profile) => boolean {
  return (profile) => {
    const extension = factory(profile);
    extension?.stop?.();
    return extension !== undefined;
  };
}

/** `value` as a stable string (`"a"`, or `{"p":"c"}` for compound states). */
export function stateValueKey(snapshot: AnyMachineSnapshot): string {
  return typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
}

/** Hands out request ids in order, so that suggested steps never reuse an outstanding id. */
export class IdCounter {
  #next: number;

  constructor(first: number) {
    this.#next = first;
  }

  /** The next unused id. */
  take(): number {
    return this.#next++;
  }
}
