// Why: two cells of one revision and transport run the same session, so their traffic should be
// equal but for what is each run's own: request ids, session ids, SSE event ids, the peers'
// implementation names and versions (and, never recorded in events, timings). This turns a cell's
// trace into the events that are compared, with those set aside as placeholders. Over HTTP a
// client may open its GET stream while it POSTs its next request, so exchanges are the unit there,
// the POSTs and DELETEs in the order sent and the GETs after them.
import type { Trace, TraceEvent } from '../trace/trace-schema.ts';

/** One compared event of a stdio cell: a message with its direction. */
export interface NormalizedMessage {
  readonly direction: string;
  /** The normalized message, or the text when it was not one strict JSON message. */
  readonly message?: unknown;
  readonly text?: string;
  /** `<event id>` when the message carried an SSE event id. */
  readonly event_id?: string;
}

/** One compared exchange of an HTTP cell. */
export interface NormalizedExchange {
  readonly method: string;
  readonly request: Readonly<Record<string, string>>;
  readonly sent: readonly NormalizedMessage[];
  /** null: no response was recorded. */
  readonly status: number | null;
  readonly response: Readonly<Record<string, string>>;
  readonly received: readonly NormalizedMessage[];
}

/** What stands in for a request id: the sender's nth distinct id. */
export function idPlaceholder(n: number): string {
  return `<id ${n}>`;
}

/** Placeholders of values that are each run's own. */
export const PLACEHOLDER = {
  session: '<session id>',
  event: '<event id>',
  name: '<implementation name>',
  version: '<implementation version>',
} as const;

/** Headers whose values are each run's own. */
const HEADER_PLACEHOLDERS: Readonly<Record<string, string>> = { 'mcp-session-id': PLACEHOLDER.session, 'last-event-id': PLACEHOLDER.event };

/** Members that describe an implementation (initialize's clientInfo and serverInfo, and their `_meta` forms). */
function isImplementationKey(key: string): boolean {
  return key === 'clientInfo' || key === 'serverInfo' || key.endsWith('/clientInfo') || key.endsWith('/serverInfo');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Request ids in order of first use, per sender, so that a response maps through its request's sender. */
class IdMap {
  readonly #ids = { client_to_server: new Map<string, string>(), server_to_client: new Map<string, string>() };

  of(sender: 'client_to_server' | 'server_to_client', id: unknown): unknown {
    if (typeof id !== 'string' && typeof id !== 'number') return id;
    const key = `${typeof id}:${String(id)}`;
    const ids = this.#ids[sender];
    let placeholder = ids.get(key);
    if (placeholder === undefined) {
      placeholder = idPlaceholder(ids.size + 1);
      ids.set(key, placeholder);
    }
    return placeholder;
  }
}

function implementation(value: unknown): unknown {
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = { ...value };
  if ('name' in out) out['name'] = PLACEHOLDER.name;
  if ('version' in out) out['version'] = PLACEHOLDER.version;
  return out;
}

function withoutImplementations(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutImplementations);
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) out[key] = isImplementationKey(key) ? implementation(member) : withoutImplementations(member);
  return out;
}

/** A message with its ids (and the ids it refers to) and implementation names and versions replaced. */
export function normalizeMessage(message: unknown, direction: 'client_to_server' | 'server_to_client', ids: { of: IdMap['of'] }): unknown {
  if (!isObject(message)) return withoutImplementations(message);
  const other = direction === 'client_to_server' ? 'server_to_client' : 'client_to_server';
  const out = withoutImplementations(message) as Record<string, unknown>;
  if ('id' in out) out['id'] = ids.of(typeof out['method'] === 'string' ? direction : other, out['id']);
  const params = out['params'];
  if (out['method'] === 'notifications/cancelled' && isObject(params) && 'requestId' in params) {
    out['params'] = { ...params, requestId: ids.of(direction, params['requestId']) };
  }
  return out;
}

function normalizedMessage(event: Extract<TraceEvent, { kind: 'message' }>, ids: IdMap): NormalizedMessage {
  return {
    direction: event.direction,
    ...(event.message !== undefined ? { message: normalizeMessage(event.message, event.direction, ids) } : { text: event.text ?? '' }),
    ...(event.event_id === undefined ? {} : { event_id: PLACEHOLDER.event }),
  };
}

function headers(recorded: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(recorded)) out[name] = HEADER_PLACEHOLDERS[name] ?? value;
  return out;
}

/**
 * The events of a cell that are compared: over stdio its messages in order; over HTTP its
 * exchanges (request, messages sent, status, response, messages received), GETs last.
 */
export function normalizeTrace(trace: Pick<Trace, 'events' | 'target'>): readonly (NormalizedMessage | NormalizedExchange)[] {
  const ids = new IdMap();
  if (trace.target.transport === 'stdio') {
    return trace.events.filter((e) => e.kind === 'message').map((e) => normalizedMessage(e, ids));
  }
  const exchanges = new Map<number, { method: string; request: Record<string, string>; sent: NormalizedMessage[]; status: number | null; response: Record<string, string>; received: NormalizedMessage[] }>();
  const at = (n: number) => {
    let x = exchanges.get(n);
    if (x === undefined) {
      x = { method: '', request: {}, sent: [], status: null, response: {}, received: [] };
      exchanges.set(n, x);
    }
    return x;
  };
  for (const event of trace.events) {
    if (event.kind === 'http_request') Object.assign(at(event.exchange), { method: event.method, request: headers(event.headers) });
    else if (event.kind === 'http_response') Object.assign(at(event.exchange), { status: event.status, response: headers(event.headers) });
    else if (event.kind === 'message' && event.exchange !== undefined) {
      const x = at(event.exchange);
      (event.direction === 'client_to_server' ? x.sent : x.received).push(normalizedMessage(event, ids));
    }
  }
  const all = [...exchanges.entries()].sort((a, b) => a[0] - b[0]).map(([, x]) => x);
  return [...all.filter((x) => x.method !== 'GET'), ...all.filter((x) => x.method === 'GET')];
}
