import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { CorrelationContext, CorrelationEvent } from '../../machines/correlation.ts';
import { correlationMachine, PENDING_LIMIT } from '../../machines/correlation.ts';
import type { IdKey } from '../../validators/envelope.ts';
import type { Step } from '../../machines/session.ts';
import { stateValueKey, type CaseSkeleton, type MachineModel } from './model.ts';
import { hasError } from '../../validators/finding.ts';

const ID = 7;
const KEY = `n:${ID}`;
const UNKNOWN_ID = 99;
const OTHER_ID = 8;
/** The model runs with a pending limit of one, so that a second request meets it. */
const LIMIT = 1;
const entry = (id: number) => ({ id, method: 'ping', params: undefined, revision: undefined, subject: undefined, tenant: undefined });

/**
 * Two pings keep the catalogue small: every correlation transition depends only on whether its id
 * is pending and, at the pending limit (one here; 1024 in sessions, which the bundled
 * pending-limit fixtures reach), on what the profile makes of a request beyond it.
 */
const CATALOGUE: readonly CorrelationEvent[] = [
  { type: 'request', key: KEY, entry: entry(ID), overflow: 'reject' },
  { type: 'request', key: `n:${OTHER_ID}`, entry: entry(OTHER_ID), overflow: 'reject' },
  { type: 'request', key: `n:${OTHER_ID}`, entry: entry(OTHER_ID), overflow: 'forget' },
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

/** Ids of the unanswered pings a case sends to bring a session from the model's limit to the real one. */
const FILLER_FROM = 100_000;

function toCase(events: readonly AnyEventObject[]): CaseSkeleton {
  const steps: Step[] = [];
  const pending = new Set<IdKey>();
  let filled = false;
  for (const e of events as readonly CorrelationEvent[]) {
    if (e.type === 'request') {
      if (!filled && pending.size >= LIMIT && !pending.has(e.key)) {
        // The model's table is full here: a session's is full only at PENDING_LIMIT.
        for (let i = 0; i < PENDING_LIMIT - LIMIT; i++) steps.push({ direction: 'client_to_server', message: { jsonrpc: '2.0', id: FILLER_FROM + i, method: 'ping' } });
        filled = true;
      }
      pending.add(e.key);
      steps.push({ direction: 'client_to_server', message: { jsonrpc: '2.0', id: e.entry.id, method: e.entry.method } });
    } else if (e.type === 'result') {
      const malformed = hasError(e.findings);
      if (!malformed) pending.delete(e.key);
      steps.push({ direction: 'server_to_client', message: { jsonrpc: '2.0', id: e.id, result: malformed ? { unexpected: true } : {} } });
    } else {
      pending.delete(e.key);
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
    input: { direction: 'client_to_server', limit: LIMIT },
    events: () => CATALOGUE,
    serialize,
    toCase,
    // The course profile rejects a request beyond the limit; only the specification profiles forget the oldest.
    transitionHome: (t) => (t.guard?.includes('overflow=forget') ? { profile: '2025-11-25', fixture: 'spec-2025-11-25/pending-limit.json' } : undefined),
  };
}
