// Why: over Streamable HTTP a request's answer comes back in the body of the same exchange. When
// the tap cannot judge that body (it decodes past the message limit, does not decode as its
// Content-Encoding says, is not UTF-8, or uses a coding the tap cannot undo), the server did
// answer, only the tap could not read it: reporting the request as never answered would blame the
// server for the tap's own limit. This remembers which client requests each recent exchange
// carried, so that a body not judged excuses them; the tap and a tap trace judged again use it
// alike, event by event, so both reach the same findings.
import { BoundedMap } from '../machines/bounded-map.ts';
import type { TraceEvent } from '../trace/trace-schema.ts';
import type { Direction } from '../validators/context.ts';
import { isRequestId, type RequestId } from '../validators/envelope.ts';
import { isJsonObject } from '../validators/shape.ts';

/** The transport error codes of a body (or the rest of a stream) passed on without being judged. */
export const UNJUDGED_BODY_CODES: ReadonlySet<string> = new Set(['body-too-large', 'content-encoding-invalid', 'content-encoding-unsupported', 'event-too-large', 'not-utf8']);

/** Exchanges whose client requests are remembered (the newest ones). */
const REMEMBERED_EXCHANGES = 1024;

/** Client requests remembered per exchange (a batch may carry several). */
const REQUESTS_PER_EXCHANGE = 64;

/** The client's requests per recent HTTP exchange, to excuse them when the exchange's answer could not be judged. */
export class ExchangeRequests {
  readonly #requests = new BoundedMap<number, RequestId[]>(REMEMBERED_EXCHANGES);

  /** Notes a judged message (ids as judged, stand-ins included) carried by `exchange`. */
  message(direction: Direction, message: unknown, exchange: number | undefined): void {
    if (direction !== 'client_to_server' || exchange === undefined) return;
    for (const m of Array.isArray(message) ? message : [message]) {
      if (!isJsonObject(m) || typeof m['method'] !== 'string' || !isRequestId(m['id'])) continue;
      const ids = this.#requests.get(exchange) ?? [];
      if (ids.length >= REQUESTS_PER_EXCHANGE) return;
      ids.push(m['id']);
      this.#requests.set(exchange, ids);
    }
  }

  /** The client requests an event says were answered by a body not judged (none for any other event); each is returned once. */
  unjudged(event: TraceEvent): readonly RequestId[] {
    if (event.kind !== 'transport_error' || event.exchange === undefined || !UNJUDGED_BODY_CODES.has(event.code)) return [];
    const ids = this.#requests.get(event.exchange) ?? [];
    this.#requests.delete(event.exchange);
    return ids;
  }
}
