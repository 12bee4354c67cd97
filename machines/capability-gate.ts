// Why: a request or notification that needs a capability its receiver did not declare is refused
// before any other chart takes it. Where the declarations come from differs by era (the
// handshake's, which the lifecycle chart holds and judges against; a stateless session's, declared
// up front, or learnt from server/discover by the discovery chart); this is that choice, kept out
// of the session's composition.
import { checkCapabilities } from '../validators/capabilities.ts';
import type { Direction, JsonObject, Profile } from '../validators/context.ts';
import type { Finding } from '../validators/finding.ts';
import type { ProfileFacts } from '../validators/profiles.ts';
import type { GateEvent } from './lifecycle.ts';

/** The capabilities each side declared. */
export interface Declared {
  readonly clientCapabilities: JsonObject | undefined;
  readonly serverCapabilities: JsonObject | undefined;
}

/** Methods no capability gates: the handshake's own and ping. */
const UNGATED = new Set(['initialize', 'notifications/initialized', 'ping']);

/** The capability gate of one session. */
export class CapabilityGate {
  /**
   * Whether messages pass the gate: stateless sessions without declared capabilities learn them
   * from server/discover (its extension gates then).
   */
  readonly #gated: boolean;
  /** The capabilities a stateless session declares; stateful ones take them from the handshake. */
  readonly #declared: Declared | undefined;
  readonly #facts: Pick<ProfileFacts, 'gatesBeforeInitializeResult' | 'tightenedReading'>;

  constructor(profile: Profile, capabilities: { readonly client?: JsonObject | undefined; readonly server?: JsonObject | undefined } | undefined,
    facts: Pick<ProfileFacts, 'gatesBeforeInitializeResult' | 'tightenedReading'>) {
    this.#gated = !profile.stateless || capabilities !== undefined;
    this.#declared = profile.stateless ? { clientCapabilities: capabilities?.client, serverCapabilities: capabilities?.server } : undefined;
    this.#facts = facts;
  }

  /** What the client declared: up front (stateless), else in the handshake (`handshake`, the lifecycle chart's context). */
  clientCapabilities(handshake: Declared): JsonObject | undefined {
    return this.#declared?.clientCapabilities ?? handshake.clientCapabilities;
  }

  /**
   * The refusal of a call that needs a capability its receiver did not declare. A stateless
   * session's declarations are given up front, so its gate is a check of the message alone; the
   * handshake's are the lifecycle chart's, which decides the gate (`gateEvent` is the event it is
   * sent). Undefined: no finding here (stateless), or the lifecycle decides.
   */
  checkDeclared(method: string, params: JsonObject | undefined, direction: Direction): Finding | undefined {
    if (!this.#gated || this.#declared === undefined || UNGATED.has(method)) return undefined;
    return checkCapabilities(method, params, direction, this.#declared.clientCapabilities, this.#declared.serverCapabilities, '/message/method', this.#facts.tightenedReading);
  }

  /** The lifecycle chart's gate event for a call of a session whose capabilities the handshake declares (undefined: the call is not gated). */
  gateEvent(kind: 'request' | 'notification', method: string, params: JsonObject | undefined, direction: Direction): GateEvent | undefined {
    if (!this.#gated || this.#declared !== undefined || UNGATED.has(method)) return undefined;
    return { type: 'gate', kind, method, params, direction, early: this.#facts.gatesBeforeInitializeResult, tightened: this.#facts.tightenedReading };
  }
}
