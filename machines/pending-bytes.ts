// Why: a peer chooses how large its requests' params are, and every pending request is remembered
// with its params until answered; past PENDING_BYTES per sender the oldest are let go, so a peer
// that never answers cannot grow the checker's memory. The correlation chart keeps the table; this
// is the bound the session applies to it after each request.
import type { Direction } from '../validators/context.ts';
import { describeId, type IdKey } from '../validators/envelope.ts';
import type { Finding } from '../validators/finding.ts';
import { ruleById } from '../validators/rules/index.ts';
import { finding } from '../validators/rules/report.ts';
import { PENDING_BYTES, type correlationMachine, type PendingRequest } from './correlation.ts';
import type { MachineRunner } from './runner.ts';
import type { UntrackedRequests } from './untracked-requests.ts';

/**
 * Past PENDING_BYTES of params pending from one sender, its oldest requests are no longer
 * tracked (the newest stays): each ends as an error answer would end it, is remembered as
 * untracked (its answer is judged by its result's shape alone, never as answering nothing) and
 * is said with a warning of the checker's own, pushed to `sink`.
 */
export function keepPendingWithinBytes(correlation: MachineRunner<typeof correlationMachine>, untracked: UntrackedRequests, direction: Direction, sink: Finding[]): void {
  for (let table = correlation.getSnapshot().context.pending; table.bytes > PENDING_BYTES && table.size > 1; table = correlation.getSnapshot().context.pending) {
    const [key, entry] = table.oldest() as [IdKey, PendingRequest];
    correlation.send({ type: 'error', key, id: entry.id });
    untracked.add(key, entry);
    sink.push(finding(ruleById('correlation/pending-bytes-limit'), '/message/id',
      `the params of the requests sent by the ${direction === 'client_to_server' ? 'client' : 'server'} that are unanswered weigh more than the checker keeps (${PENDING_BYTES / 1024 / 1024} MiB); `
      + `the oldest (id ${describeId(entry.id)}, ${entry.method}) is no longer tracked, and its answer will be judged by its shape alone`));
  }
}
