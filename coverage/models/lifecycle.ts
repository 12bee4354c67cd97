import type { AnyEventObject } from 'xstate';
import type { LifecycleEvent } from '../../machines/lifecycle.ts';
import { lifecycleMachine } from '../../machines/lifecycle.ts';
import type { Step } from '../../machines/session.ts';
import { checkCapabilities } from '../../validators/capabilities.ts';
import type { Direction, Profile } from '../../validators/context.ts';
import { methodTable } from '../../validators/methods.ts';
import { basisFirst, playableIn, revisionNames, type ModelBasis } from './basis.ts';
import { IdCounter, stateValueKey, type CaseSkeleton, type MachineModel } from './model.ts';

const WRONG_VERSION = '1999-01-01';
/** The subject a misplaced transport_context names. */
const CONTEXT_SUBJECT = 'rowan';
/** The server's log message, which may come between the initialize result and notifications/initialized. */
const LOG = 'notifications/message';

function catalogue(basis: ModelBasis): LifecycleEvent[] {
  const initialize = (protocolVersion: string): LifecycleEvent => ({
    type: 'request',
    direction: 'client_to_server',
    method: 'initialize',
    params: { protocolVersion, capabilities: basis.client.capabilities, clientInfo: basis.client.info },
  });
  const result = (protocolVersion: string): LifecycleEvent => ({
    type: 'initialize.result',
    result: { protocolVersion, capabilities: basis.server.capabilities, serverInfo: basis.server.info },
  });
  // Pings, other requests and notifications during the handshake, and initialize errors come in
  // both readings of the handshake (`strict`: the course profile's, which refuses what the
  // specification profiles only warn of or let pass), the basis fixture's first.
  const both = (event: LifecycleEvent): LifecycleEvent[] => basisFirst(basis, [{ ...event, strict: false }, { ...event, strict: true }] as LifecycleEvent[]);
  return [
    initialize(basis.protocolVersion),
    initialize(WRONG_VERSION),
    ...both({ type: 'request', direction: 'client_to_server', method: 'ping', params: undefined }),
    ...both({ type: 'request', direction: 'client_to_server', method: 'tools/list', params: {} }),
    ...both({ type: 'request', direction: 'server_to_client', method: 'ping', params: undefined }),
    ...both({ type: 'request', direction: 'server_to_client', method: 'roots/list', params: undefined }),
    result(basis.protocolVersion),
    result(WRONG_VERSION),
    ...both({ type: 'initialize.error' }),
    { type: 'notification', direction: 'client_to_server', method: 'notifications/initialized' },
    ...both({ type: 'notification', direction: 'client_to_server', method: 'notifications/roots/list_changed' }),
    { type: 'notification', direction: 'server_to_client', method: LOG },
    // An authorization revision switch (a control step): only the course profile's reading refuses one before the handshake completes.
    { type: 'revision.activate', strict: true },
    // A transport_context on a client notification: only the course profile's reading refuses one before the handshake completes.
    { type: 'context.placed', strict: true },
    ...gates(basis),
  ];
}

/** Requests a server sends and a client sends, each gated by a capability its receiver declares. */
const SERVER_REQUESTS = ['roots/list', 'sampling/createMessage', 'elicitation/create'];
const CLIENT_REQUESTS = ['completion/complete', 'logging/setLevel', 'prompts/list', 'resources/list', 'tools/list'];

/**
 * The capability gate's events: the first server request and the first client request the basis's
 * declarations do not cover, read as the basis's profile reads them (the course profile gates from
 * the handshake's start).
 */
function gates(basis: ModelBasis): LifecycleEvent[] {
  const course = basis.course === true;
  const table = methodTable({ revision: basis.protocolVersion as Profile['revision'] });
  // The course profile refuses a method it does not teach before any gate.
  const undeclared = (method: string, direction: Direction) => (!course || table.get(method)?.course === true) &&
    checkCapabilities(method, undefined, direction, basis.client.capabilities, basis.server.capabilities, '', course) !== undefined;
  const out: LifecycleEvent[] = [];
  const server = SERVER_REQUESTS.find((m) => undeclared(m, 'server_to_client'));
  if (server !== undefined) out.push({ type: 'gate', kind: 'request', method: server, params: undefined, direction: 'server_to_client', early: course, tightened: course });
  const client = CLIENT_REQUESTS.find((m) => undeclared(m, 'client_to_server'));
  if (client !== undefined) out.push({ type: 'gate', kind: 'request', method: client, params: undefined, direction: 'client_to_server', early: course, tightened: course });
  return out;
}

function isHandshake(events: readonly AnyEventObject[], basis: ModelBasis): 'ready' | 'initialize_request_only' | 'none' {
  const [a, b, c] = events as readonly LifecycleEvent[];
  const goodInit = a?.type === 'request' && a.method === 'initialize' && a.params?.['protocolVersion'] === basis.protocolVersion;
  if (!goodInit) return 'none';
  const goodResult = b?.type === 'initialize.result' && b.result['protocolVersion'] === basis.protocolVersion;
  const initialized = c?.type === 'notification' && c.method === 'notifications/initialized';
  return goodResult && initialized ? 'ready' : 'initialize_request_only';
}

function toCase(basis: ModelBasis, events: readonly AnyEventObject[]): CaseSkeleton | undefined {
  if (!playableIn(basis, events)) return undefined;
  const setup = isHandshake(events, basis);
  const skip = setup === 'ready' ? 3 : setup === 'initialize_request_only' ? 1 : 0;
  const ids = new IdCounter(skip > 0 ? 2 : 1);
  let initializeId = skip > 0 ? 1 : undefined;
  const steps: Step[] = [];
  for (const e of events.slice(skip) as readonly LifecycleEvent[]) {
    switch (e.type) {
      case 'request': {
        const id = ids.take();
        if (e.method === 'initialize') initializeId = id;
        steps.push({ direction: e.direction, message: { jsonrpc: '2.0', id, method: e.method, ...(e.params === undefined ? {} : { params: e.params }) } });
        break;
      }
      case 'notification':
        steps.push({ direction: e.direction, message: { jsonrpc: '2.0', method: e.method, ...(e.method === LOG ? { params: { level: 'info', data: 'starting' } } : {}) } });
        break;
      case 'initialize.result':
        steps.push({ direction: 'server_to_client', message: { jsonrpc: '2.0', id: initializeId ?? 1, result: e.result } });
        break;
      case 'revision.activate':
        steps.push({ control_event: { type: 'activate_authorization_revision', revision: revisionNames(basis).at(-1) ?? 'default' } });
        break;
      case 'gate':
        steps.push({ direction: e.direction, message: { jsonrpc: '2.0', id: ids.take(), method: e.method } });
        break;
      case 'context.placed':
        steps.push({ direction: 'client_to_server', message: { jsonrpc: '2.0', method: 'notifications/roots/list_changed' }, transport_context: { subject: CONTEXT_SUBJECT } });
        break;
      case 'initialize.error':
        steps.push({
          direction: 'server_to_client',
          message: { jsonrpc: '2.0', id: initializeId ?? 1, error: { code: -32602, message: 'Unsupported protocol version' } },
        });
        break;
    }
  }
  return { setup, steps };
}

/** The lifecycle machine's model: its state value is all that decides a transition. */
export function lifecycleModel(basis: ModelBasis): MachineModel {
  const events = catalogue(basis);
  return {
    name: 'lifecycle',
    machine: lifecycleMachine,
    input: { protocolVersion: basis.protocolVersion },
    events: () => events,
    serialize: stateValueKey,
    toCase: (path) => toCase(basis, path),
    // The course profile has no logging: a log message before notifications/initialized is suggested under the specification.
    transitionHome: (t) => (t.guard?.includes('isServerLog') ? { profile: '2025-11-25', fixture: 'spec-2025-11-25/logging.json' } : undefined),
    // Stateless sessions have no handshake: their lifecycle machine never moves.
    runsUnder: (profile) => !profile.stateless,
  };
}
