import type { InspectionEvent } from 'xstate';
import { profileFacts } from '../validators/profiles.ts';
import type { Direction, JsonObject, Profile } from '../validators/context.ts';
import type { Finding } from '../validators/finding.ts';
import type { PendingRequest } from './correlation.ts';
import type { CallEvent, ExtensionOptions, ExtensionView, SessionExtension } from './extension.ts';
import { GatedActor } from './gated-actor.ts';
import { requestIdsMachine } from './request-ids.ts';
import { NO_FINDINGS } from '../validators/shape.ts';

type Sender = GatedActor<typeof requestIdsMachine>;

/**
 * Request id reuse in the specification profiles, decided by the request-ids chart
 * (`machines/request-ids.ts`): one actor per sender, each holding that sender's bounded id ledger.
 * A request is judged before the session accepts it and its id recorded once it does; an
 * initialize answered with an error starts both ledgers over.
 */
export class IdReuseExtension implements SessionExtension {
  readonly name = 'request-ids';
  readonly #senders: Record<Direction, Sender>;

  constructor(inspect?: (event: InspectionEvent) => void) {
    this.#senders = {
      client_to_server: new GatedActor(requestIdsMachine, { direction: 'client_to_server' }, inspect),
      server_to_client: new GatedActor(requestIdsMachine, { direction: 'server_to_client' }, inspect),
    };
  }

  checkCall(call: CallEvent, view: ExtensionView): readonly Finding[] {
    if (call.kind !== 'request' || call.id === undefined) return NO_FINDINGS;
    return this.#senders[call.direction].check({ type: 'request', id: call.id, outstanding: view.pending(call.direction, call.id) !== undefined });
  }

  acceptCall(call: CallEvent): void {
    if (call.kind === 'request' && call.id !== undefined) this.#senders[call.direction].send({ type: 'recorded', id: call.id });
  }

  acceptResponse(pending: PendingRequest, ok: boolean, _result: JsonObject | undefined): void {
    if (pending.method === 'initialize' && !ok) {
      this.#senders.client_to_server.send({ type: 'initialize.failed' });
      this.#senders.server_to_client.send({ type: 'initialize.failed' });
    }
  }

  view(): unknown {
    return { client_to_server: this.#senders.client_to_server.snapshot.context.used.size, server_to_client: this.#senders.server_to_client.snapshot.context.used.size };
  }

  stop(): void {
    this.#senders.client_to_server.stop();
    this.#senders.server_to_client.stop();
  }
}

/** Id reuse is checked in the stateful specification profiles; the course profile forbids only outstanding duplicates, and the stateless revision has no session. */
export function idReuseExtension(profile: Profile, options?: ExtensionOptions): SessionExtension | undefined {
  return profileFacts(profile).coreMachinesOnly || profile.stateless ? undefined : new IdReuseExtension(options?.inspect);
}
