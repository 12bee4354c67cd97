// Why: what a session is given (its profile, policy, declared tools and capabilities, how its steps
// were recorded) and what it shows (its view, what it forgot) are read by every way in (the
// runner, the transcript reader, the live judge, the inspector) without the session's workings;
// they are kept apart from the composition in session.ts, which re-exports them.
import type { InspectionEvent } from 'xstate';
import type { AuthorizationPolicy, TransportContext } from '../validators/authorization.ts';
import type { Direction, JsonObject, Profile } from '../validators/context.ts';
/** How a session is set up. */
export interface SessionConfig {
  readonly profile: Profile;
  /** The authorization policy; without it, authorization-bound checks are skipped. */
  readonly policy?: AuthorizationPolicy | undefined;
  readonly transportDefaults?: TransportContext | undefined;
  /** Tool descriptors known before any tools/list result. */
  readonly tools?: readonly JsonObject[] | undefined;
  /** Capabilities known without a handshake (stateless profiles: declared by the fixture or discovered). */
  readonly capabilities?: { readonly client?: JsonObject | undefined; readonly server?: JsonObject | undefined } | undefined;
  /**
   * The protocolVersion the client's initialize request carries when the server answered with
   * another supported one (the session is then judged under the answer's profile); default: the profile's.
   */
  readonly offeredVersion?: string | undefined;
  /** Receives every actor inspection event (used for transition coverage). */
  readonly inspect?: ((event: InspectionEvent) => void) | undefined;
  /**
   * The steps are an excerpt of a session (a fixture case after a played handshake), not all of
   * it: what only a whole session shows (every cursor its server handed out) is not judged.
   */
  readonly excerpt?: boolean | undefined;
  /**
   * The client speaks the stateless revision alone (a check asked for 2026-07-28). Recorded with the
   * session; it does not make a server/discover answered -32601 a finding by itself, since a legacy
   * server answers so too (stdio page, Backward Compatibility).
   */
  readonly modernOnly?: boolean | undefined;
  /**
   * Every cursor the server gave the client is in view, in either era: the server is the checker's
   * own and issues cursors only on this connection (a judging server), so in the stateless revision
   * too a cursor it never gave is one the client made or changed.
   */
  readonly cursorsInView?: boolean | undefined;
  /**
   * The steps were recorded away from the client (a tap between the peers, a judging server at the
   * server): a client message recorded after a server notification may have been sent before the
   * client read it, so what rests on the client having read it waits for the client to show it did.
   */
  readonly awayFromClient?: boolean | undefined;
}

/** A read-only picture of the session, for inspectors and reports. */
export interface SessionView {
  readonly lifecycle: string;
  readonly revision: string | undefined;
  /** Pending requests by sending direction; an id beyond ±(2^53-1) is shown as the nearest double. */
  readonly pending: Readonly<Record<Direction, readonly { id: string | number; method: string }[]>>;
  readonly subscriptions: readonly { uri: string; subject: string; tenant: string; state: string }[];
  /** What each extension shows of its state, by name. */
  readonly extensions?: Readonly<Record<string, unknown>>;
}

/** Counts of what a session forgot to stay within its bounds (see Session.forgotten). */
export interface Forgotten {
  readonly subscriptions: number;
  readonly tools: number;
}
