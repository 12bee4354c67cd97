import type { InspectionEvent } from 'xstate';
import { profileFacts } from '../validators/profiles.ts';
import { type Direction, type JsonObject, OPPOSITE, type Profile } from '../validators/context.ts';
import { idKey } from '../validators/envelope.ts';
import { hasError, type Finding } from '../validators/finding.ts';
import { isTaskAugmented } from '../validators/tasks.ts';
import { cancellationMachine, type CancelTarget } from './cancellation.ts';
import type { PendingRequest } from './correlation.ts';
import type { CallEvent, ExtensionOptions, ExtensionView, SessionExtension } from './extension.ts';
import { DeferredCommits, GatedActor } from './gated-actor.ts';
import { RecentRequests } from './recent-requests.ts';
import { NO_FINDINGS } from '../validators/shape.ts';

/** Requests remembered per direction (method and task augmentation), to judge cancellations of answered ones. */
const ISSUED_LIMIT = 4096;

/**
 * The direction of the requests a notifications/cancelled sent in `direction` can name: its own
 * sender's, except in the stateless revision, where a server cancellation ends the client's
 * subscriptions/listen stream.
 */
export function cancelledRequestDirection(profile: Pick<Profile, 'stateless'>, direction: Direction): Direction {
  return profile.stateless && direction === 'server_to_client' ? 'client_to_server' : direction;
}

/**
 * Cancellation as a session extension: one cancellation machine per request direction, and a
 * bounded memory of the requests each side issued (the oldest are forgotten beyond
 * {@link ISSUED_LIMIT}; a cancellation naming a forgotten id is then "not in flight", never
 * "unknown").
 */
export class CancellationExtension implements SessionExtension {
  readonly name = 'cancellation';
  readonly #profile: Profile;
  readonly #machines: Record<Direction, GatedActor<typeof cancellationMachine>>;
  readonly #issued: Record<Direction, RecentRequests> = {
    client_to_server: new RecentRequests(ISSUED_LIMIT),
    server_to_client: new RecentRequests(ISSUED_LIMIT),
  };
  readonly #deferred = new DeferredCommits();

  constructor(profile: Profile, inspect?: (event: InspectionEvent) => void) {
    this.#profile = profile;
    const make = (direction: Direction) => new GatedActor(cancellationMachine, { direction, revision: profile.revision }, inspect);
    this.#machines = { client_to_server: make('client_to_server'), server_to_client: make('server_to_client') };
  }

  checkCall(call: CallEvent, view: ExtensionView): readonly Finding[] {
    this.#deferred.hold(call);
    if (call.method !== 'notifications/cancelled') return NO_FINDINGS;
    const id = call.params?.['requestId'];
    if (typeof id !== 'string' && typeof id !== 'number') return NO_FINDINGS; // the params validator reported it
    const direction = cancelledRequestDirection(this.#profile, call.direction);
    const key = idKey(id);
    const pending = view.pending(direction, id);
    const memo = pending === undefined ? this.#issued[direction].find(id) : undefined;
    const target: CancelTarget = {
      pending: pending !== undefined,
      issued: pending !== undefined || memo !== undefined ? 'yes' : this.#issued[direction].forgotten ? 'unsure' : 'no',
      method: pending?.method ?? memo?.method,
      taskAugmented: pending !== undefined ? isTaskAugmented(pending.params) : (memo?.taskAugmented ?? false),
    };
    const event = { type: 'cancel' as const, key, id, by: call.direction, target };
    const machine = this.#machines[direction];
    const found = machine.check(event);
    if (!hasError(found)) this.#deferred.add(() => machine.send(event));
    return found;
  }

  acceptCall(call: CallEvent): void {
    this.#deferred.commit(call);
    if (call.kind === 'request' && call.id !== undefined) {
      this.#issued[call.direction].add(call.id, call.method, isTaskAugmented(call.params));
    }
  }

  acceptResponse(pending: PendingRequest, _ok: boolean, _result: JsonObject | undefined, direction: Direction): void {
    this.#machines[OPPOSITE[direction]].send({ type: 'response', key: idKey(pending.id) });
  }

  view(): unknown {
    const cancelled = (d: Direction) => [...this.#machines[d].snapshot.context.cancelled.values()];
    return { client_to_server: cancelled('client_to_server'), server_to_client: cancelled('server_to_client') };
  }

  stop(): void {
    this.#machines.client_to_server.stop();
    this.#machines.server_to_client.stop();
  }
}

/** Cancellation applies in the specification profiles; the course profile rejects notifications/cancelled outright. */
export function cancellationExtension(profile: Profile, options?: ExtensionOptions): SessionExtension | undefined {
  return profileFacts(profile).coreMachinesOnly ? undefined : new CancellationExtension(profile, options?.inspect);
}
