import type { AnyEventObject } from 'xstate';
import type { Step } from '../../machines/session.ts';
import { discoveryMachine, type DiscoveryEvent } from '../../machines/discovery.ts';
import { modernExtension } from '../../machines/modern-extension.ts';
import type { JsonObject } from '../../validators/context.ts';
import type { Discovery } from '../../validators/modern-discover.ts';
import { CLIENT_CAPABILITIES_KEY, CLIENT_INFO_KEY, PROTOCOL_VERSION_KEY } from '../../validators/modern-meta.ts';
import { IdCounter, stateValueKey, type CaseSkeleton, extensionRunsUnder, type MachineModel } from './model.ts';
import { request, result } from './spec-wire.ts';

const CURRENT = '2026-07-28';
/** A version no server supports. */
const UNKNOWN = '1900-01-01';

/** What the server discovers: tools only, so a resources/list the fixture would allow is refused once discovered. */
const DISCOVERY: Discovery = { supportedVersions: [CURRENT], capabilities: { tools: {} } };

/** In every state: a request in an unknown version, an undiscovered method, a result served in that version, discover refused, and the revision's answers. */
const EVENTS: readonly DiscoveryEvent[] = [
  { type: 'request', version: UNKNOWN },
  { type: 'call', direction: 'client_to_server', method: 'resources/list', params: undefined },
  { type: 'served', method: 'tools/list', version: UNKNOWN },
  { type: 'error', id: 0, method: 'server/discover', code: -32601 },
  { type: 'answered', method: 'tools/list', discovery: undefined },
  { type: 'answered', method: 'server/discover', discovery: DISCOVERY },
];

const meta = (version: string): JsonObject => ({
  _meta: {
    [PROTOCOL_VERSION_KEY]: version,
    [CLIENT_INFO_KEY]: { name: 'sample-client', version: '1.0.0' },
    [CLIENT_CAPABILITIES_KEY]: {},
  },
});

const CACHEABLE = { resultType: 'complete', ttlMs: 0, cacheScope: 'public' } as const;

function discoverResult(d: Discovery): JsonObject {
  return { ...CACHEABLE, supportedVersions: [...d.supportedVersions], capabilities: d.capabilities, _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'sample-server', version: '1.0.0' } } };
}

/**
 * Each event is one client request (with its answer for the answer events): the request's own
 * `request` and `call` events change nothing in the state a path takes it in, so each step takes
 * only the transition its event names. Every request has a fresh id.
 */
function toCase(events: readonly AnyEventObject[]): CaseSkeleton {
  const ids = new IdCounter(1);
  const steps: Step[] = [];
  for (const e of events as readonly DiscoveryEvent[]) {
    const id = ids.take();
    switch (e.type) {
      case 'request': steps.push(request('client_to_server', id, 'tools/list', meta(e.version ?? CURRENT))); break;
      case 'call': steps.push(request('client_to_server', id, e.method, meta(CURRENT))); break;
      case 'served':
        steps.push(request('client_to_server', id, e.method, meta(e.version ?? CURRENT)), result('server_to_client', id, { ...CACHEABLE, tools: [] }));
        break;
      case 'error':
        steps.push(request('client_to_server', id, e.method, meta(CURRENT)),
          { direction: 'server_to_client', message: { jsonrpc: '2.0', id, error: { code: e.code as number, message: 'Method not found' } } });
        break;
      case 'answered':
        steps.push(request('client_to_server', id, e.method, meta(CURRENT)),
          result('server_to_client', id, e.discovery ? discoverResult(e.discovery) : { ...CACHEABLE, tools: [] }));
        break;
    }
  }
  // The fixture declares resources as well, so only the discovered capabilities refuse resources/list.
  return { setup: 'ready', serverCapabilities: { tools: {}, resources: {} }, steps };
}

/** The discovery chart's model: a server that discovers tools only, in the current version only. */
export function discoveryModel(): MachineModel {
  return {
    name: 'discovery',
    machine: discoveryMachine,
    input: { defaultVersion: CURRENT },
    events: (snapshot) => (snapshot.status === 'active' ? EVENTS : []),
    // The state value decides every guard: the context holds DISCOVERY exactly when the state is `discovered`.
    serialize: stateValueKey,
    toCase,
    home: { profile: '2026-07-28', fixture: 'spec-2026-07-28/discovery.json' },
    runsUnder: extensionRunsUnder(modernExtension),
  };
}
