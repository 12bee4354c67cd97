// Why: one missing message can make every later message break the same rule (a capture without
// its handshake, an initialize never answered, a client that never sends notifications/initialized).
// Each such finding names that one cause, so output can show the cause once and count the rest
// instead of repeating it. Transcripts name places by line, traces and live runs by event: the
// causes are the same, in each one's words.
import { isRequestId } from '../validators/envelope.ts';
import type { Direction } from '../validators/context.ts';

/** Where the handshake stands, by place (a transcript's line, a trace's event). */
export interface HandshakePlaces {
  /** The place of the last accepted initialize request. */
  readonly initialize: number | undefined;
  /** The place of the result that answered it. */
  readonly answered: number | undefined;
  /** The place of the error response that failed it. */
  readonly failed: number | undefined;
  /** The capture says it starts mid-session (a transcript header's `setup: ready`). */
  readonly setup: boolean;
}

/** How causes name places and ends. */
export interface CascadeWords {
  /** What a place is called: `line`, `event`. */
  readonly word: string;
  /** The cause of requests still pending where the traffic ends. */
  readonly ended: string;
  /** The cause of messages refused for want of any handshake. */
  readonly noHandshake: string;
}

/** A transcript's words. */
export const TRANSCRIPT_WORDS: CascadeWords = {
  word: 'line',
  ended: 'the transcript ended (a capture may have been cut short)',
  noHandshake: 'the transcript has no initialize handshake; if the capture starts mid-session, a header with "setup": "ready" says so',
};

/** A trace's and a live run's words. */
export const TRACE_WORDS: CascadeWords = {
  word: 'event',
  ended: 'the session ended with the request unanswered',
  noHandshake: 'the traffic has no initialize handshake',
};

const BEFORE_INITIALIZED = new Set([
  'lifecycle/request-before-initialized',
  'lifecycle/server-request-before-initialized',
  'lifecycle/notification-before-initialized',
  'lifecycle/initialized-out-of-order',
  'lifecycle/request-before-initialize-result',
  'lifecycle/server-request-early',
]);

/**
 * The earlier cause of a finding of `rule` raised while the lifecycle is in `lifecycle`, if the
 * finding is one a single missing message repeats on every later place; otherwise undefined.
 */
export function cascadeCauseIn(words: CascadeWords, rule: string, lifecycle: string, handshake: HandshakePlaces): string | undefined {
  const at = (n: number | undefined) => `${words.word} ${n ?? '?'}`;
  if (rule === 'correlation/unanswered-request') return words.ended;
  if (lifecycle === 'new' && (rule === 'lifecycle/initialize-first' || rule === 'correlation/no-matching-request')) {
    if (handshake.failed !== undefined) {
      return `the initialize request on ${at(handshake.initialize)} failed (error response on ${at(handshake.failed)}); nothing else is accepted before a new one succeeds`;
    }
    if (handshake.initialize === undefined && !handshake.setup) return words.noHandshake;
    return undefined;
  }
  if (!BEFORE_INITIALIZED.has(rule)) return undefined;
  if (lifecycle === 'waiting_for_initialize_response') return `the initialize request on ${at(handshake.initialize)} has not been answered`;
  if (lifecycle === 'waiting_for_initialized_notification') {
    return `the client has not sent notifications/initialized since the initialize result on ${at(handshake.answered)}`;
  }
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Follows the handshake from the messages alone, for traffic judged elsewhere (a trace, a tap's
 * stream): the lifecycle's state after each message and the places of the initialize, its answer
 * and its failure. A message the session rejected (an error finding on it) moves nothing; a
 * rejection told after the message (`rejected`) takes back what that message moved.
 */
export class HandshakeTracker {
  #state = 'new';
  #places: HandshakePlaces = { initialize: undefined, answered: undefined, failed: undefined, setup: false };
  #initializeId: unknown;
  #before: { at: number; state: string; places: HandshakePlaces; initializeId: unknown } | undefined;

  /** The lifecycle's state after the last message. */
  get lifecycle(): string {
    return this.#state;
  }

  get places(): HandshakePlaces {
    return this.#places;
  }

  /** One message, at place `at`; `rejected`: an error finding rests on it. */
  message(at: number, direction: Direction, message: unknown, rejected = false): void {
    if (rejected || !isObject(message)) return;
    const before = { at, state: this.#state, places: this.#places, initializeId: this.#initializeId };
    const id = message['id'];
    if (direction === 'client_to_server' && message['method'] === 'initialize' && isRequestId(id)) {
      this.#state = 'waiting_for_initialize_response';
      this.#places = { ...this.#places, initialize: at, answered: undefined, failed: undefined };
      this.#initializeId = id;
    } else if (direction === 'server_to_client' && this.#state === 'waiting_for_initialize_response' && !('method' in message) && isRequestId(id) && id === this.#initializeId) {
      const failed = 'error' in message;
      this.#state = failed ? 'new' : 'waiting_for_initialized_notification';
      this.#places = failed ? { ...this.#places, failed: at } : { ...this.#places, answered: at };
    } else if (direction === 'client_to_server' && this.#state === 'waiting_for_initialized_notification' && message['method'] === 'notifications/initialized' && !('id' in message)) {
      this.#state = 'ready';
    } else {
      return;
    }
    this.#before = before;
  }

  /** An error finding on the message at `at`, told after it: if that message moved the handshake, it did not. */
  rejected(at: number): void {
    if (this.#before?.at !== at) return;
    this.#state = this.#before.state;
    this.#places = this.#before.places;
    this.#initializeId = this.#before.initializeId;
    this.#before = undefined;
  }
}

/** The cause of each finding of a trace (undefined: none), following the handshake through its message events. */
export function traceCauses(trace: {
  readonly events: readonly ({ readonly kind: string; readonly direction?: Direction; readonly message?: unknown })[];
  readonly findings: readonly { readonly rule: string; readonly severity: string; readonly event: number | null }[];
}): (string | undefined)[] {
  const rejected = new Set<number>();
  for (const f of trace.findings) if (f.severity === 'error' && f.event !== null) rejected.add(f.event);
  const tracker = new HandshakeTracker();
  const after: { lifecycle: string; places: HandshakePlaces }[] = [];
  trace.events.forEach((event, i) => {
    if (event.kind === 'message' && event.direction !== undefined) tracker.message(i, event.direction, event.message, rejected.has(i));
    after.push({ lifecycle: tracker.lifecycle, places: tracker.places });
  });
  const end = { lifecycle: tracker.lifecycle, places: tracker.places };
  return trace.findings.map((f) => {
    const at = f.event === null ? end : after[f.event] ?? end;
    return cascadeCauseIn(TRACE_WORDS, f.rule, at.lifecycle, at.places);
  });
}
