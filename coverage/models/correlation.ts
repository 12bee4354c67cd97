import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { CorrelationContext, CorrelationEvent } from '../../machines/correlation.ts';
import { correlationMachine } from '../../machines/correlation.ts';
import type { Step } from '../../machines/session.ts';
import { stateValueKey, type CaseSkeleton, type MachineModel } from './model.ts';
import { hasError } from '../../validators/finding.ts';

const ID = 7;
const KEY = `n:${ID}`;
const UNKNOWN_ID = 99;

/**
 * One ping keeps the catalogue small: every correlation transition depends only on whether its id
 * is pending, except the two at the pending limit, which need 1024 requests in flight (the bundled
 * pending-limit fixtures take them; the flat-runner property drives them with a small limit).
 */
const CATALOGUE: readonly CorrelationEvent[] = [
  { type: 'request', key: KEY, entry: { id: ID, method: 'ping', params: undefined, revision: undefined, subject: undefined, tenant: undefined } },
  { type: 'result', key: KEY, id: ID, findings: [] },
  {
    type: 'result',
    key: KEY,
    id: ID,
    findings: [{ rule: 'envelope/result-type', severity: 'error', pointer: '/message/result', message: 'Invalid ping result' }],
  },
  { type: 'error', key: KEY, id: ID },
  { type: 'result', key: `n:${UNKNOWN_ID}`, id: UNKNOWN_ID, findings: [] },
  { type: 'error', key: `n:${UNKNOWN_ID}`, id: UNKNOWN_ID },
];

function serialize(snapshot: AnyMachineSnapshot): string {
  const pending = [...(snapshot.context as CorrelationContext).pending.keys()].sort();
  return `${stateValueKey(snapshot)}|${pending.join(',')}`;
}

function toCase(events: readonly AnyEventObject[]): CaseSkeleton {
  const steps: Step[] = [];
  for (const e of events as readonly CorrelationEvent[]) {
    if (e.type === 'request') {
      steps.push({ direction: 'client_to_server', message: { jsonrpc: '2.0', id: e.entry.id, method: e.entry.method } });
    } else if (e.type === 'result') {
      const malformed = hasError(e.findings);
      steps.push({ direction: 'server_to_client', message: { jsonrpc: '2.0', id: e.id, result: malformed ? { unexpected: true } : {} } });
    } else {
      steps.push({ direction: 'server_to_client', message: { jsonrpc: '2.0', id: e.id, error: { code: -32603, message: 'Internal error' } } });
    }
  }
  return { setup: 'ready', steps };
}

/** The correlation machine's model (client-to-server requests): state value plus the pending id keys. */
export function correlationModel(): MachineModel {
  return {
    name: 'correlation',
    machine: correlationMachine,
    input: { direction: 'client_to_server' },
    events: () => CATALOGUE,
    serialize,
    toCase,
  };
}
