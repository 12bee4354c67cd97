import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { cursorExtension } from '../../machines/cursor-extension.ts';
import { cursorMachine, type CursorContext, type CursorEvent } from '../../machines/cursor.ts';
import { modernExtension } from '../../machines/modern-extension.ts';
import type { Step } from '../../machines/session.ts';
import type { JsonObject } from '../../validators/context.ts';
import { CLIENT_CAPABILITIES_KEY, CLIENT_INFO_KEY, PROTOCOL_VERSION_KEY } from '../../validators/modern-meta.ts';
import { extensionRunsUnder, IdCounter, stateValueKey, type CaseSkeleton, type MachineModel } from './model.ts';
import { notification, request, result } from './spec-wire.ts';

const LIST = 'tools/list';
const ISSUED = 'page-2';
const ALTERED = 'page-2-altered';

/** In every state: the start coming into view, a page handing out a cursor, that cursor and another passed back, and the next page in either scope. */
const EVENTS: readonly CursorEvent[] = [
  { type: 'start' },
  { type: 'issued', method: LIST, cursor: ISSUED, scope: 'public' },
  { type: 'cursor', method: LIST, cursor: ISSUED },
  { type: 'cursor', method: LIST, cursor: ALTERED },
  { type: 'page', method: LIST, cursor: ISSUED, scope: 'public' },
  { type: 'page', method: LIST, cursor: ISSUED, scope: 'private' },
];

/** The state value and the cursors recorded with their pages' cacheScope, which decide both guards. */
function serialize(snapshot: AnyMachineSnapshot): string {
  const { issued } = snapshot.context as CursorContext;
  const cursors = issued.describe().map((k) => {
    const [method = '', cursor = ''] = k.split(' ');
    return `${k}=${issued.scopeOf(method, cursor) ?? '-'}`;
  });
  return `${stateValueKey(snapshot)}|${cursors.join(',')}|${issued.forgotten}`;
}

const INITIALIZE_PARAMS: JsonObject = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'sample-client', version: '1.0.0' } };
const INITIALIZE_RESULT: JsonObject = { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'sample-server', version: '1.0.0' } };

const META: JsonObject = {
  [PROTOCOL_VERSION_KEY]: '2026-07-28',
  [CLIENT_INFO_KEY]: { name: 'sample-client', version: '1.0.0' },
  [CLIENT_CAPABILITIES_KEY]: {},
};

/**
 * An initialize-based session seen from its start (setup none: the handshake is the case's own, so
 * the session is no excerpt): the initialize request brings the start into view, a tools/list
 * result hands out the cursor, a tools/list request passes one back.
 */
function legacyCase(path: readonly CursorEvent[]): CaseSkeleton | undefined {
  // A cursor before the start is in view is judged by nothing, and a played case starts with its handshake.
  const started = path.findIndex((e) => e.type === 'start');
  const passed = path.findIndex((e) => e.type === 'cursor');
  if (passed !== -1 && (started === -1 || passed < started)) return undefined;
  const ids = new IdCounter(2);
  const steps: Step[] = [
    request('client_to_server', 1, 'initialize', INITIALIZE_PARAMS),
    result('server_to_client', 1, INITIALIZE_RESULT),
    notification('client_to_server', 'notifications/initialized', {}),
  ];
  for (const e of path) {
    if (e.type === 'issued') {
      const id = ids.take();
      steps.push(request('client_to_server', id, LIST), result('server_to_client', id, { tools: [], nextCursor: e.cursor }));
    } else if (e.type === 'cursor') {
      steps.push(request('client_to_server', ids.take(), LIST, { cursor: e.cursor }));
    }
  }
  return { setup: 'none', steps };
}

/** A 2026-07-28 session (no handshake, no session a cursor belongs to): tools/list pages with their cacheScope. */
function statelessCase(path: readonly CursorEvent[]): CaseSkeleton | undefined {
  if (path.some((e) => e.type === 'start' || e.type === 'cursor')) return undefined;
  const ids = new IdCounter(1);
  const steps: Step[] = [];
  for (const e of path) {
    if (e.type !== 'issued' && e.type !== 'page') continue;
    const id = ids.take();
    const cacheable = { resultType: 'complete', ttlMs: 60000, cacheScope: e.scope ?? 'public', tools: [] };
    if (e.type === 'issued') {
      steps.push(request('client_to_server', id, LIST, { _meta: META }), result('server_to_client', id, { ...cacheable, nextCursor: e.cursor }));
    } else {
      steps.push(request('client_to_server', id, LIST, { _meta: META, cursor: e.cursor }), result('server_to_client', id, cacheable));
    }
  }
  return { setup: 'ready', serverCapabilities: { tools: {} }, steps };
}

/** A path judging a page is a 2026-07-28 case (pages carry a cacheScope there); any other an initialize-based one. */
function toCase(events: readonly AnyEventObject[]): CaseSkeleton | undefined {
  const path = events as readonly CursorEvent[];
  return path.some((e) => e.type === 'page') ? statelessCase(path) : legacyCase(path);
}

/** The cursor chart's model: one tools/list cursor handed out, passed back as given or altered, and the page it fetches. */
export function cursorModel(): MachineModel {
  const legacy = extensionRunsUnder(cursorExtension);
  const stateless = extensionRunsUnder(modernExtension);
  return {
    name: 'cursors',
    machine: cursorMachine,
    input: undefined,
    events: (snapshot) => (snapshot.status === 'active' ? EVENTS : []),
    serialize,
    toCase,
    home: { profile: '2025-11-25', fixture: 'spec-2025-11-25/cursors.json' },
    transitionHome: (t) => (t.event === 'page' ? { profile: '2026-07-28', fixture: 'spec-2026-07-28/cursors.json' } : undefined),
    runsUnder: (profile) => legacy(profile) || stateless(profile),
  };
}
