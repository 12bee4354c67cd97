import type { InspectionEvent } from 'xstate';
import type { Direction, JsonObject, Profile, ValidationContext } from '../validators/context.ts';
import type { RequestId } from '../validators/envelope.ts';
import type { Finding } from '../validators/finding.ts';
import type { PendingRequest } from './correlation.ts';

/** A request or notification that passed the envelope, direction, authorization, lifecycle, capability and params checks. */
export interface CallEvent {
  readonly direction: Direction;
  readonly kind: 'request' | 'notification';
  /** The request id (requests only). */
  readonly id: RequestId | undefined;
  readonly method: string;
  readonly params: JsonObject | undefined;
}

/** What an extension may read of the session. */
export interface ExtensionView {
  readonly profile: Profile;
  readonly ctx: ValidationContext;
  /** The pending request `id` sent in `direction`, if it is still unanswered. */
  pending(direction: Direction, id: RequestId): PendingRequest | undefined;
}

/**
 * A stateful concern beyond the four core machines (progress, cancellation, tasks, the
 * stateless revision's retry loop). The session calls each hook at a fixed point; an error
 * finding returned by a hook rejects the message, and a rejected message changes no state.
 */
export interface SessionExtension {
  /** A short name, for reports. */
  readonly name: string;
  /** Before a request is recorded or a notification is accepted. */
  checkCall?(call: CallEvent, view: ExtensionView): readonly Finding[];
  /** After a request was recorded as pending, or a notification was accepted. */
  acceptCall?(call: CallEvent, view: ExtensionView): void;
  /** Before a result consumes its pending request (`direction` is the response's). */
  checkResult?(pending: PendingRequest, result: JsonObject, direction: Direction, view: ExtensionView): readonly Finding[];
  /**
   * Before a result is judged: a finding when the request had to be refused, whatever the result
   * says. That finding is then the result's only one (one defect, one finding): the answer to a
   * request that must not be served is not judged by the shape a served one would have.
   */
  refusedResult?(pending: PendingRequest, result: JsonObject, direction: Direction, view: ExtensionView): Finding | undefined;
  /** Before an error response ends its pending request (`direction` is the response's). */
  checkError?(pending: PendingRequest, error: JsonObject, direction: Direction, view: ExtensionView): readonly Finding[];
  /**
   * After a response (result when `ok`, else error) ended its pending request. What it returns is
   * reported on the response without rejecting it: a fault of an earlier message that this one
   * brought to light.
   */
  acceptResponse?(pending: PendingRequest, ok: boolean, result: JsonObject | undefined, direction: Direction, view: ExtensionView): readonly Finding[] | void;
  /** A picture of the extension's state for inspectors. */
  view?(): unknown;
  stop?(): void;
}

/** Builds the extensions a session of `profile` runs. */
export type ExtensionFactory = (profile: Profile, options?: ExtensionOptions) => SessionExtension | undefined;

/** What a session hands each extension factory. */
export interface ExtensionOptions {
  /** Receives the inspection events of the extension's actors (transition coverage, inspectors). */
  readonly inspect?: (event: InspectionEvent) => void;
  /** The session is judged from an excerpt of its steps (see SessionConfig.excerpt). */
  readonly excerpt?: boolean;
  /** The client speaks the stateless revision alone (see SessionConfig.modernOnly). */
  readonly modernOnly?: boolean;
  /** Every cursor the server gave is in view, in either era (see SessionConfig.cursorsInView). */
  readonly cursorsInView?: boolean;
}
