// Why: a request or notification that needs a capability its receiver did not declare is refused
// before any chart takes it. Where the declarations come from differs by era (the handshake's, in
// the lifecycle chart's context; a stateless session's, declared up front or learnt from
// server/discover by its extension), and so does when the gate applies; this is that choice,
// kept out of the session's composition.
import { checkCapabilities } from '../validators/capabilities.ts';
import type { Direction, JsonObject, Profile } from '../validators/context.ts';
import type { Finding } from '../validators/finding.ts';
import type { ProfileFacts } from '../validators/profiles.ts';

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
   * The refusal of a call that needs a capability its receiver did not declare. `lifecycle` is the
   * lifecycle chart's state: before the initialize result the server has declared nothing yet, so
   * the specification profiles judge a client request or a server notification then by the
   * lifecycle alone (a client request is its SHOULD NOT; a server's log is allowed). A server
   * request is still held to the client's capabilities, which its initialize request declared.
   */
  check(kind: 'request' | 'notification', method: string, params: JsonObject | undefined, direction: Direction, lifecycle: unknown, handshake: Declared): Finding | undefined {
    if (!this.#gated || UNGATED.has(method)) return undefined;
    const serverRequest = kind === 'request' && direction === 'server_to_client';
    if (!this.#facts.gatesBeforeInitializeResult && !serverRequest && lifecycle === 'waiting_for_initialize_response') return undefined;
    const life = this.#declared ?? handshake;
    return checkCapabilities(method, params, direction, life.clientCapabilities, life.serverCapabilities, '/message/method', this.#facts.tightenedReading);
  }
}
