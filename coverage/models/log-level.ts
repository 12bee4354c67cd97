import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { logLevelExtension } from '../../machines/log-level-extension.ts';
import { logLevelMachine, type LogLevelContext, type LogLevelEvent } from '../../machines/log-level.ts';
import type { Step } from '../../machines/session.ts';
import type { JsonObject } from '../../validators/context.ts';
import type { RequestId } from '../../validators/envelope.ts';
import { CLIENT_CAPABILITIES_KEY, CLIENT_INFO_KEY, PROTOCOL_VERSION_KEY } from '../../validators/modern-meta.ts';
import { extensionRunsUnder, IdCounter, stateValueKey, type CaseSkeleton, type MachineModel } from './model.ts';
import { notification, request, result } from './spec-wire.ts';

/** In every state: two requests asking for logs (warning and above, debug and above), the first one answered, and a log message below and above warning. */
const EVENTS: readonly LogLevelEvent[] = [
  { type: 'request', id: 1, level: 'warning' },
  { type: 'request', id: 2, level: 'debug' },
  { type: 'answered', id: 1 },
  { type: 'log', level: 'info' },
  { type: 'log', level: 'error' },
];

/** The state value and the levels the requests in flight asked for, which decide every guard. */
function serialize(snapshot: AnyMachineSnapshot): string {
  const { asked } = snapshot.context as LogLevelContext;
  return `${stateValueKey(snapshot)}|${asked.describe().join(',')}|${asked.forgotten}`;
}

const meta = (level: string | undefined): JsonObject => ({
  _meta: {
    [PROTOCOL_VERSION_KEY]: '2026-07-28',
    [CLIENT_INFO_KEY]: { name: 'sample-client', version: '1.0.0' },
    [CLIENT_CAPABILITIES_KEY]: {},
    ...(level === undefined ? {} : { 'io.modelcontextprotocol/logLevel': level }),
  },
});

const LISTED: JsonObject = { resultType: 'complete', ttlMs: 0, cacheScope: 'public', tools: [] };

/**
 * Each request that asks is a tools/list under the chart's id, left in flight until its answer;
 * an answer to a request that did not ask is a tools/list without a level (a fresh id) and its
 * answer; a log message is the server's notifications/message. A path asking again under an id
 * still in flight has no case: the id would be an outstanding duplicate.
 */
function toCase(events: readonly AnyEventObject[]): CaseSkeleton | undefined {
  const inFlight = new Set<RequestId>();
  const ids = new IdCounter(10);
  const steps: Step[] = [];
  for (const e of events as readonly LogLevelEvent[]) {
    switch (e.type) {
      case 'request':
        if (inFlight.has(e.id)) return undefined;
        inFlight.add(e.id);
        steps.push(request('client_to_server', e.id, 'tools/list', meta(e.level)));
        break;
      case 'answered':
        if (inFlight.delete(e.id)) {
          steps.push(result('server_to_client', e.id, LISTED));
        } else {
          const id = ids.take();
          steps.push(request('client_to_server', id, 'tools/list', meta(undefined)), result('server_to_client', id, LISTED));
        }
        break;
      case 'log':
        steps.push(notification('server_to_client', 'notifications/message', { level: e.level ?? 'info', logger: 'sample', data: 'working' }));
        break;
    }
  }
  return { setup: 'ready', serverCapabilities: { tools: {}, logging: {} }, steps };
}

/** The log-level chart's model: two requests asking for different levels, one answered, and log messages either side of the first level. */
export function logLevelModel(): MachineModel {
  return {
    name: 'logLevels',
    machine: logLevelMachine,
    input: undefined,
    events: (snapshot) => (snapshot.status === 'active' ? EVENTS : []),
    serialize,
    toCase,
    home: { profile: '2026-07-28', fixture: 'spec-2026-07-28/logging.json' },
    runsUnder: extensionRunsUnder(logLevelExtension),
  };
}
