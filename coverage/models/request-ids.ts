import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { Step } from '../../machines/session.ts';
import { idReuseExtension } from '../../machines/id-reuse-extension.ts';
import { IdSet, requestIdsMachine, type RequestIdsContext, type RequestIdsEvent, type RequestIdsInput } from '../../machines/request-ids.ts';
import { stateValueKey, type CaseSkeleton, extensionRunsUnder, type MachineModel } from './model.ts';
import { failure, request, result } from './spec-wire.ts';

/** A server's request id: the server sends no request before the handshake, so its ids start the session unused. */
const ID = 40;
/** The initialize request's id, which a setup of `initialize_request_only` leaves unanswered. */
const INITIALIZE_ID = 1;

/** The server's ids; the model's ids are a persistent set, so the traversal branches from one state without sharing a ledger. */
const INPUT: RequestIdsInput = { direction: 'server_to_client', used: new IdSet() };

/** One id: a request under it (outstanding or not), the request accepted, and a failed initialize. */
const CATALOGUE: readonly RequestIdsEvent[] = [
  { type: 'request', id: ID, outstanding: false },
  { type: 'request', id: ID, outstanding: true },
  { type: 'recorded', id: ID },
  { type: 'initialize.failed' },
];

/** The state value and how many ids are used (the catalogue has one id, so that decides `isReused`). */
function serialize(snapshot: AnyMachineSnapshot): string {
  return `${stateValueKey(snapshot)}|${(snapshot.context as RequestIdsContext).used.size}`;
}

const initialize = (): Step => request('client_to_server', INITIALIZE_ID, 'initialize', {
  protocolVersion: '2025-11-25',
  capabilities: {},
  clientInfo: { name: 'sample-client', version: '1.0.0' },
});

/**
 * The server's ping under the id is one message judged (`request`) and, once accepted, taken
 * (`recorded`); the client answers it at once, so a later ping under it is reused rather than
 * outstanding. A failed initialize is the answer to the setup's unanswered initialize; the client
 * then tries again under the same id, which is free once more.
 */
function toCase(events: readonly AnyEventObject[]): CaseSkeleton | undefined {
  const path = events as readonly RequestIdsEvent[];
  const restarts = path.some((e) => e.type === 'initialize.failed');
  const steps: Step[] = [];
  let judged = false;
  for (const e of path) {
    switch (e.type) {
      case 'request':
        // An outstanding duplicate is the correlation's finding: its path is a request and another under the same id.
        steps.push(request('server_to_client', ID, 'ping'));
        if (e.outstanding) steps.push(request('server_to_client', ID, 'ping'));
        judged = true;
        break;
      case 'recorded':
        if (!judged) steps.push(request('server_to_client', ID, 'ping'));
        steps.push(result('client_to_server', ID, {}));
        judged = false;
        break;
      case 'initialize.failed':
        if (path.indexOf(e) !== 0) return undefined;
        steps.push(failure('server_to_client', INITIALIZE_ID), initialize());
        break;
    }
  }
  return { setup: restarts ? 'initialize_request_only' : 'ready', steps };
}

/** The request-ids model: the server's ids, one of them used, answered and used again. */
export function requestIdsModel(): MachineModel {
  return {
    name: 'requestIds',
    machine: requestIdsMachine,
    input: INPUT,
    events: () => CATALOGUE,
    serialize,
    toCase,
    home: { profile: '2025-11-25', fixture: 'spec-2025-11-25/utilities.json' },
    runsUnder: extensionRunsUnder(idReuseExtension),
  };
}
