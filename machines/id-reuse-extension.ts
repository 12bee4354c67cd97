import { type Direction, type JsonObject, type Profile, SENDER } from '../validators/context.ts';
import { describeId, type RequestId } from '../validators/envelope.ts';
import type { Finding } from '../validators/finding.ts';
import { finding } from '../validators/rules/report.ts';
import type { PendingRequest } from './correlation.ts';
import type { CallEvent, ExtensionView, SessionExtension } from './extension.ts';
import { IdLedger } from './id-ledger.ts';
import { NO_FINDINGS } from '../validators/shape.ts';
import { ruleById } from '../validators/rules/index.ts';

/**
 * Request id reuse in the specification profiles: "The request ID MUST NOT have been previously
 * used by the requestor within the same session." Each sender's ids go into a bounded
 * {@link IdLedger}. An id still outstanding is left to the correlation machine
 * (`correlation/duplicate-outstanding-id`); an initialize answered with an error starts the
 * session over, so the ledgers are cleared.
 */
export class IdReuseExtension implements SessionExtension {
  readonly name = 'request-ids';
  readonly #used: Record<Direction, IdLedger> = { client_to_server: new IdLedger(), server_to_client: new IdLedger() };

  checkCall(call: CallEvent, view: ExtensionView): readonly Finding[] {
    if (call.kind !== 'request' || call.id === undefined) return NO_FINDINGS;
    if (view.pending(call.direction, call.id) !== undefined || !this.#used[call.direction].has(call.id)) return NO_FINDINGS;
    return [finding(ruleById('correlation/id-reused'), '/message/id',
      `request id ${describeId(call.id)} was already used by ${SENDER[call.direction]} in this session; ids must not be reused, even after the response`)];
  }

  acceptCall(call: CallEvent): void {
    if (call.kind === 'request' && call.id !== undefined) this.#used[call.direction].add(call.id);
  }

  acceptResponse(pending: PendingRequest, ok: boolean, _result: JsonObject | undefined): void {
    if (pending.method === 'initialize' && !ok) {
      this.#used.client_to_server.clear();
      this.#used.server_to_client.clear();
    }
  }

  view(): unknown {
    return { client_to_server: this.#used.client_to_server.size, server_to_client: this.#used.server_to_client.size };
  }
}

/** Id reuse is checked in the stateful specification profiles; the course profile forbids only outstanding duplicates, and the stateless revision has no session. */
export function idReuseExtension(profile: Profile): SessionExtension | undefined {
  return profile.id === 'course' || profile.stateless ? undefined : new IdReuseExtension();
}
