// Why: the signature, the reports and expected-failures files all name a finding by the message it
// rests on (its direction and method, or for a response the method of the request it answers).
// Deriving that from the trace document alone, in one place, lets anyone who holds a trace (the
// writer that signs it, the reader that checks the signature, a report) agree on it.
import { OPPOSITE } from '../validators/context.ts';
import { isRequestId, type RequestId } from '../validators/envelope.ts';
import type { FindingEvidence } from './signature.ts';
import type { Trace, TraceEvent } from './trace-schema.ts';

/** What a trace event is as a message: its direction and method (both null when not a message). */
export interface EventPlace {
  readonly direction: 'client_to_server' | 'server_to_client' | null;
  /**
   * The message's method, or the method of the request a response answers; for a timeout, the
   * operation that timed out; null when none is known.
   */
  readonly method: string | null;
  /** What the message is: a request, notification, result or error response, or text that is none. */
  readonly role: 'request' | 'notification' | 'result' | 'error' | 'other' | null;
  /** The JSON-RPC id a request or response carries (null: none). */
  readonly id: RequestId | null;
}

/** The place of an event that is not a message, or of a finding on the run as a whole. */
export const NOT_A_MESSAGE: EventPlace = { direction: null, method: null, role: null, id: null };

/**
 * Places every event of a trace: a request's and a notification's own method; for a response, the
 * method of the latest earlier request with the same id (type and value) sent the other way; for
 * a timeout, its operation.
 */
export function eventPlaces(events: readonly TraceEvent[]): EventPlace[] {
  const requests = { client_to_server: new Map<string, string>(), server_to_client: new Map<string, string>() };
  return events.map((event) => {
    if (event.kind === 'timeout') return { ...NOT_A_MESSAGE, method: event.operation };
    if (event.kind !== 'message') return NOT_A_MESSAGE;
    const direction = event.direction;
    const m = event.message;
    if (typeof m !== 'object' || m === null || Array.isArray(m)) return { direction, method: null, role: 'other', id: null };
    const message = m as Record<string, unknown>;
    const id = isRequestId(message['id']) ? message['id'] : null;
    if (typeof message['method'] === 'string') {
      if (id !== null) requests[direction].set(idKey(id), message['method']);
      return { direction, method: message['method'], role: id === null ? 'notification' : 'request', id };
    }
    const role = 'error' in message ? 'error' : 'result' in message ? 'result' : 'other';
    const answered = id === null ? undefined : requests[OPPOSITE[direction]].get(idKey(id));
    return { direction, method: answered ?? null, role, id };
  });
}

/** The evidence of each finding of a trace, in the trace's order, as the signature hashes it. */
export function findingEvidence(trace: Pick<Trace, 'events' | 'findings'>, places = eventPlaces(trace.events)): FindingEvidence[] {
  return trace.findings.map((f) => {
    const place = f.event === null ? NOT_A_MESSAGE : places[f.event] ?? NOT_A_MESSAGE;
    return { rule: f.rule, severity: f.severity, direction: place.direction, method: place.method, pointer: f.pointer };
  });
}

function idKey(id: RequestId): string {
  return typeof id === 'string' ? `s:${id}` : `n:${id}`;
}
