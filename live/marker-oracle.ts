// Why: whether a server answered the right request cannot be told from ids alone when the client
// reused an id or cancelled one request while another was in flight. A request can carry a marker
// (an argument of the server's echo tool) that its result echoes: a result that carries another
// request's marker and not its own answers the wrong request. Nothing is assumed about the order
// of answers, and a late answer to a cancelled request is no failure as long as it is its own.
import { idKey, isRequestId, type IdKey } from '../validators/envelope.ts';
import type { Finding } from '../validators/finding.ts';
import { finding } from '../validators/rules/report.ts';
import { isJsonObject } from '../validators/shape.ts';
import { ruleById } from '../validators/rules/index.ts';

/** What every marker starts with: `mcp-statechart-marker-<n>`. */
export const MARKER_PREFIX = 'mcp-statechart-marker-';

const MARKER = /mcp-statechart-marker-\d+/g;

function markersIn(value: unknown): string[] {
  if (value === undefined) return [];
  return JSON.stringify(value).match(MARKER) ?? [];
}

/** Tracks the markers of client requests by id and checks each result against them. */
export class MarkerOracle {
  /** Markers still awaiting their answer, by request id (a reused id may hold several). */
  readonly #awaiting = new Map<IdKey, string[]>();
  /** Every marker a request of this session carried. */
  readonly #known = new Set<string>();

  /** Notes the markers a client request's arguments carry. */
  request(message: Record<string, unknown>): void {
    const params = message['params'];
    if (!isRequestId(message['id']) || !isJsonObject(params)) return;
    const markers = markersIn(params['arguments']);
    if (markers.length === 0) return;
    const key = idKey(message['id']);
    this.#awaiting.set(key, [...(this.#awaiting.get(key) ?? []), ...markers]);
    for (const m of markers) this.#known.add(m);
  }

  /** Checks a server response: a result with another request's marker and none of its own is a finding. */
  response(message: Record<string, unknown>): Finding | undefined {
    if (this.#known.size === 0 || !isRequestId(message['id']) || !('result' in message)) return undefined;
    const found = markersIn(message['result']).filter((m) => this.#known.has(m));
    if (found.length === 0) return undefined;
    const key = idKey(message['id']);
    const awaiting = this.#awaiting.get(key) ?? [];
    const own = found.find((m) => awaiting.includes(m));
    if (own !== undefined) {
      awaiting.splice(awaiting.indexOf(own), 1);
      if (awaiting.length === 0) this.#awaiting.delete(key);
      return undefined;
    }
    const expected = awaiting.length === 0 ? 'no marker' : awaiting.join(' or ');
    return finding(ruleById('probe/answer-of-another-request'), '/message/result',
      `the result for id ${JSON.stringify(message['id'])} carries ${found[0]}, another request's marker, where ${expected} was expected`);
  }
}
