import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type { Step } from '../../machines/session.ts';

/** The start of a fixture case: which handshake its `setup` plays, and its own steps. */
export interface CaseSkeleton {
  readonly setup: 'ready' | 'initialize_request_only' | 'none';
  readonly steps: readonly Step[];
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
  /** Turns a path's machine events into a fixture case that sends them through a session. */
  readonly toCase: (events: readonly AnyEventObject[]) => CaseSkeleton;
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
