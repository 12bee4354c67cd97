// Why: the driver reasons in requests and answers, but the wire is asynchronous: answers come in
// any order, a server may ask the client something in between, never answer, or go away. This
// correlates answers with requests by id, gives every request its own time limit (a timeout is
// recorded as what it is, never as an error of the server's), and answers server requests.
import type { JsonObject } from '../validators/context.ts';
import { idKey, isRequestId, type IdKey, type RequestId } from '../validators/envelope.ts';
import { isJsonObject } from '../validators/shape.ts';
import type { ProbeKind } from './live-judge.ts';
import type { LiveRecorder } from './recorder.ts';
import type { ClientTransport, SendOptions } from './transport.ts';
import { ruleById } from '../validators/rules/index.ts';

/** How a request ended. */
export type Answer =
  | { readonly kind: 'result'; readonly result: JsonObject; readonly event: number }
  | { readonly kind: 'error'; readonly error: JsonObject; readonly event: number }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'ended' }
  /** The client cancelled the request and stopped waiting (a deep run's cancellation). */
  | { readonly kind: 'cancelled' }
  /** The transport could not deliver the request or its answer; what happened is in the trace already. */
  | { readonly kind: 'failed'; readonly reason: string; readonly couldNotRun: boolean };

/** What the client answers a server request with: a result or a JSON-RPC error. */
export type Reply = { readonly result: JsonObject } | { readonly error: { readonly code: number; readonly message: string } };

interface Waiter {
  readonly method: string;
  /** The probe the request is (undefined: an ordinary request). */
  readonly probe: ProbeKind | undefined;
  readonly resolve: (answer: Answer) => void;
  /** Undefined for a long-lived request (a listen), which owes no answer in any time. */
  timer: NodeJS.Timeout | undefined;
  /** The time limit it was given (ms). */
  readonly limitMs: number;
  /** An exercised call: past its time limit it is the checker's own stop (a warning), not a missing answer. */
  readonly ownStop?: boolean;
  /** When a request that asked for progress must be answered by, progress or not (ms since the epoch). */
  readonly deadline?: number;
  /** The request's id. */
  readonly id: number;
  /** The progress token its progress notifications carry, when it asked for progress. */
  readonly progressToken?: RequestId;
}

/**
 * How many of its time limits a request that asked for progress may take in all. Each progress
 * notification for it restarts its limit (lifecycle, Timeouts: a sender "MAY choose to reset the
 * timeout clock when receiving a progress notification ... However, implementations SHOULD always
 * enforce a maximum timeout, regardless of progress notifications").
 */
export const PROGRESS_MAX_LIMITS = 6;

/** How much longer than the HTTP transport's own limit the exchange waits for an answer over Streamable HTTP (ms). */
const HTTP_TIMEOUT_GRACE_MS = 250;

/** What `Exchange.send` is told besides the message. */
export interface ExchangeSendOptions {
  /** Reuse this id on purpose (a robustness probe); otherwise the next one. */
  readonly id?: number;
  readonly probe?: ProbeKind;
  readonly headers?: SendOptions['headers'];
  readonly longLived?: boolean;
  readonly timeoutMs?: number;
  readonly ownStop?: boolean;
  /**
   * Ask for progress: the request carries `_meta.progressToken` (its own id), and each progress
   * notification for it restarts its time limit, up to PROGRESS_MAX_LIMITS limits in all.
   */
  readonly progress?: boolean;
}

/** The progress token a request's params carry in `_meta`, if any. */
function progressTokenOf(params: JsonObject | undefined): RequestId | undefined {
  const meta = params?.['_meta'];
  return isJsonObject(meta) && isRequestId(meta['progressToken']) ? meta['progressToken'] : undefined;
}

/** The params with `_meta.progressToken` set to `token` (other `_meta` members kept). */
function withProgressToken(params: JsonObject, token: number): JsonObject {
  const meta = params['_meta'];
  return { ...params, _meta: { ...(isJsonObject(meta) ? meta : {}), progressToken: token } };
}

/** One client's side of a connection: numbered requests, their answers, and replies to the server. */
export class Exchange {
  readonly #transport: ClientTransport;
  readonly #recorder: LiveRecorder;
  readonly #timeoutMs: number;
  readonly #reply: (method: string, params: unknown) => Reply;
  /** The requests awaiting their answer, by id (a deep run may send two with one id: oldest first). */
  readonly #waiting = new Map<IdKey, Waiter[]>();
  readonly #replies = new Set<Promise<void>>();
  /** Requests in flight that asked for progress, by their progress token (their id). */
  readonly #progressing = new Map<IdKey, Waiter>();
  /** Ids the client sent twice at once on purpose (a robustness probe): the server owes them no second answer. */
  readonly #shared = new Set<IdKey>();
  /** Shared ids that have had an answer. */
  readonly #sharedAnswered = new Set<IdKey>();
  /** Over Streamable HTTP, the requests whose response stream the client closed before their answer (each a cancellation), by id. */
  readonly #cancelledByClose = new Set<IdKey>();
  /**
   * Whether closing a request's stream cancels it: over Streamable HTTP in 2026-07-28 only (its
   * Cancellation section). In the earlier revisions a disconnect is not a cancellation, and a
   * server may still deliver the answer (on a resumed stream, the GET stream).
   */
  #closingCancels = false;
  #nextId = 1;
  #ended = false;
  /** Whether the server has answered any request yet. */
  #answered = false;
  #onNotification: ((message: JsonObject) => void) | undefined;

  /** `firstId`: the first request's id (default 1; a run on a shared process starts past the ids sent on it before). */
  constructor(transport: ClientTransport, recorder: LiveRecorder, timeoutMs: number, reply: (method: string, params: unknown) => Reply, firstId = 1) {
    this.#nextId = firstId;
    this.#transport = transport;
    this.#recorder = recorder;
    this.#timeoutMs = timeoutMs;
    this.#reply = reply;
  }

  /** From now on, closing a request's Streamable HTTP stream cancels it (a 2026-07-28 run). */
  closingCancels(): void {
    this.#closingCancels = this.#transport.kind === 'http';
  }

  /** Whether the server has ended the connection. */
  get ended(): boolean {
    return this.#ended;
  }

  /** Starts the transport with this exchange listening. */
  start(): Promise<void> {
    return this.#transport.start((message, event) => this.#receive(message, event), (event, byClient) => this.#end(event, byClient === true));
  }

  /**
   * Takes the next request id for a message sent outside this exchange (an HTTP probe): no later
   * request reuses it, so a probe the server refused at the HTTP level leaves no id twice in flight.
   */
  takeId(): number {
    return this.#nextId++;
  }

  /** Sends a request and waits for its answer, the time limit, or the end of the connection. */
  async request(method: string, params?: JsonObject, probe?: ProbeKind): Promise<Answer> {
    return this.send(method, params, probe === undefined ? {} : { probe }).answer;
  }

  /**
   * Sends a request without waiting: its id (the next one, or `options.id` to reuse one on purpose)
   * and the promise of its answer. A probe is marked for the recorder before the message is sent.
   */
  send(method: string, params?: JsonObject, options: ExchangeSendOptions = {}): { readonly id: number; readonly answer: Promise<Answer> } {
    if (this.#ended) return { id: options.id ?? this.#nextId, answer: Promise.resolve({ kind: 'ended' }) };
    const id = options.id ?? this.#nextId++;
    // The request's own progress token when it carries one, else its id (unique among requests in flight).
    const given = progressTokenOf(params);
    const token = given ?? id;
    const progress = options.progress === true && options.longLived !== true && !this.#waiting.has(idKey(id)) && !this.#progressing.has(idKey(token));
    let waiter: Waiter | undefined;
    const answer = new Promise<Answer>((resolve) => {
      const limitMs = options.timeoutMs ?? this.#timeoutMs;
      const timer = options.longLived === true ? undefined : setTimeout(() => this.#timeout(id, waiter as Waiter), this.#armedMs(limitMs));
      waiter = {
        method, probe: options.probe, resolve, timer, limitMs, id,
        ...(options.ownStop === true ? { ownStop: true } : {}),
        ...(progress ? { deadline: Date.now() + limitMs * PROGRESS_MAX_LIMITS, progressToken: token } : {}),
      };
      const earlier = this.#waiting.get(idKey(id)) ?? [];
      if (earlier.length > 0) this.#shared.add(idKey(id));
      this.#waiting.set(idKey(id), [...earlier, waiter]);
      if (progress) this.#progressing.set(idKey(token as RequestId), waiter);
    });
    if (progress && token === id) params = withProgressToken(params ?? {}, id);
    if (options.probe !== undefined) this.#recorder.expectProbe(id, options.probe);
    const sendOptions: SendOptions = {
      ...(options.probe === undefined ? {} : { probe: options.probe }),
      ...(options.headers === undefined ? {} : { headers: options.headers }),
      ...(options.longLived === true ? { longLived: true } : {}),
      ...(options.ownStop === true ? { ownStop: true } : {}),
    };
    const sent = this.#transport.send({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }, sendOptions);
    const delivered = sent.then(() => answer, (error: unknown) => {
      if (!(error instanceof Error)) throw error;
      // Over Streamable HTTP a request given up on in time had its connection closed: that cancelled it.
      if (this.#closingCancels && (error as { code?: unknown }).code === 'timeout' && this.#waiting.has(idKey(id))) this.#cancelledByClose.add(idKey(id));
      // The transport recorded what went wrong (and a finding when the server is at fault): no timeout of ours on top,
      // but for an exercised call whose answer did not come in time: the checker's own stop, recorded once, here.
      if ((waiter as Waiter).ownStop === true && (error as { code?: unknown }).code === 'timeout' && this.#waiting.has(idKey(id))) {
        this.#timeout(id, waiter as Waiter);
        return answer;
      }
      if (this.#drop(id, waiter as Waiter)) {
        (waiter as Waiter).resolve({ kind: 'failed', reason: error.message, couldNotRun: (error as { couldNotRun?: unknown }).couldNotRun === true });
      }
      return answer;
    });
    return { id, answer: delivered };
  }

  /** Whether a request with this id still awaits its answer. */
  inFlight(id: number): boolean {
    return this.#waiting.has(idKey(id));
  }

  /** Cancels a request in flight (never initialize): notifications/cancelled, and its answer is no longer awaited. */
  async cancel(id: number, reason: string): Promise<void> {
    const waiter = this.#waiting.get(idKey(id))?.[0];
    if (waiter === undefined || waiter.method === 'initialize') return;
    this.#drop(id, waiter);
    waiter.resolve({ kind: 'cancelled' });
    await this.notify('notifications/cancelled', { requestId: id, reason });
  }

  /**
   * Closes the stream of a long-lived request in flight (HTTP: its SSE response stream, which the
   * server must take as its cancellation); its answer is no longer awaited.
   */
  async closeStream(id: number): Promise<void> {
    const waiter = this.#waiting.get(idKey(id))?.[0];
    if (waiter !== undefined) {
      this.#drop(id, waiter);
      waiter.resolve({ kind: 'cancelled' });
      if (this.#closingCancels) this.#cancelledByClose.add(idKey(id));
    }
    await this.#transport.closeStream?.(id);
  }

  /** Sends a notification; a failure to deliver it is in the trace already (the transport recorded it). */
  async notify(method: string, params?: JsonObject): Promise<void> {
    if (this.#ended) return;
    try {
      await this.#transport.send({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) });
    } catch (error) {
      if (!(error instanceof Error)) throw error;
    }
  }

  /** Waits until every reply to a server request has been sent. */
  async settle(): Promise<void> {
    while (this.#replies.size > 0) await Promise.all([...this.#replies]);
  }

  /** Tells `listener` every notification the server sends from now on (undefined: stop). */
  onNotification(listener: ((message: JsonObject) => void) | undefined): void {
    this.#onNotification = listener;
  }

  #receive(message: JsonObject, event: number): void {
    const id = message['id'];
    const method = message['method'];
    if (typeof method === 'string' && !('id' in message)) {
      if (method === 'notifications/progress') this.#progressed(message['params']);
      this.#onNotification?.(message);
    }
    if (typeof method === 'string') {
      if (isRequestId(id) && !method.startsWith('notifications/')) this.#answer(id, method, message['params']);
      return;
    }
    if (!isRequestId(id)) return;
    if (this.#cancelledByClose.delete(idKey(id)) && !this.#waiting.has(idKey(id))) {
      // Streamable HTTP, Cancellation: the server "MUST NOT send any further messages for it".
      this.#recorder.finding(ruleById('http/message-after-cancel'), event, '/message/id',
        `the response to request ${String(id)} came on another stream after the client closed that request's own stream, which cancelled it`);
      return;
    }
    const waiter = this.#waiting.get(idKey(id))?.[0];
    if (waiter === undefined) return; // a second answer, or one after the time limit: the session judges it
    this.#drop(id, waiter);
    this.#answered = true;
    if (this.#shared.has(idKey(id))) this.#sharedAnswered.add(idKey(id));
    const result = message['result'];
    const error = message['error'];
    if (isJsonObject(error)) waiter.resolve({ kind: 'error', error, event });
    else waiter.resolve({ kind: 'result', result: isJsonObject(result) ? result : {}, event });
  }

  #answer(id: RequestId, method: string, params: unknown): void {
    const reply = this.#reply(method, params);
    const sent = this.#transport.send({ jsonrpc: '2.0', id, ...reply }).catch(() => undefined);
    this.#replies.add(sent);
    void sent.then(() => this.#replies.delete(sent));
  }

  /**
   * When to stop waiting for a request given `limitMs`. Over Streamable HTTP the transport keeps the
   * same limit on each step of the exchange (the response head, a JSON body, the next event) and
   * records a missed one as http/timeout: this waits a moment longer, so that one missed step is one
   * finding (the transport's), and transport/timeout is left for an answer that never comes on a
   * stream that stays alive.
   */
  #armedMs(limitMs: number): number {
    return this.#transport.kind === 'http' ? limitMs + HTTP_TIMEOUT_GRACE_MS : limitMs;
  }

  /** A progress notification for a request that asked for it restarts its time limit, within its deadline. */
  #progressed(params: unknown): void {
    if (!isJsonObject(params) || !isRequestId(params['progressToken'])) return;
    const key = idKey(params['progressToken']);
    const waiter = this.#progressing.get(key);
    if (waiter === undefined || waiter.timer === undefined || waiter.deadline === undefined) return;
    const left = waiter.deadline - Date.now();
    if (left <= 0) return;
    clearTimeout(waiter.timer);
    waiter.timer = setTimeout(() => this.#timeout(waiter.id, waiter), this.#armedMs(Math.min(waiter.limitMs, left)));
  }

  /** Stops waiting for one request; false when it was no longer awaited. */
  #drop(id: RequestId, waiter: Waiter): boolean {
    const key = idKey(id);
    const list = this.#waiting.get(key);
    const at = list?.indexOf(waiter) ?? -1;
    if (list === undefined || at === -1) return false;
    clearTimeout(waiter.timer);
    if (waiter.progressToken !== undefined) this.#progressing.delete(idKey(waiter.progressToken));
    list.splice(at, 1);
    if (list.length === 0) this.#waiting.delete(key);
    return true;
  }

  #timeout(id: number, waiter: Waiter): void {
    if (!this.#drop(id, waiter)) return;
    const at = this.#recorder.event({ kind: 'timeout', operation: waiter.method, limit_ms: waiter.limitMs });
    // No answer to the era probe within the time limit is how a legacy server may answer it (stdio,
    // "Backward Compatibility"): the client falls back to initialize, nothing is cancelled before it.
    if (waiter.probe === 'era-probe') {
      waiter.resolve({ kind: 'timeout' });
      return;
    }
    const key = idKey(id);
    // Over Streamable HTTP the transport closes the connection of a request past the same limit: that cancels it.
    if (this.#closingCancels) this.#cancelledByClose.add(key);
    if (this.#shared.has(key) && (this.#sharedAnswered.has(key) || this.#waiting.has(key))) {
      this.#recorder.finding(ruleById('probe/duplicate-id-unanswered'), at, '', `robustness probe: the checker sent two requests with id ${id} at once (a client MUST NOT); the server answered one of them, not both, within ${this.#timeoutMs} ms`);
    } else if (waiter.ownStop === true) {
      const why = waiter.deadline === undefined ? `after ${waiter.limitMs} ms (--timeout)`
        : Date.now() >= waiter.deadline ? `after ${waiter.limitMs * PROGRESS_MAX_LIMITS} ms (${PROGRESS_MAX_LIMITS} times --timeout, the most progress notifications extend it to)`
        : `after ${waiter.limitMs} ms without an answer or progress (--timeout)`;
      this.#recorder.finding(ruleById('lifecycle/exercise-timeout'), at, '', `the exercise stopped waiting for ${waiter.method} (id ${id}) ${why} and cancelled it`);
    } else {
      this.#recorder.finding(ruleById('transport/timeout'), at, '', `no answer to ${waiter.method} (id ${id}) within ${this.#timeoutMs} ms`);
    }
    // The specification asks the sender to cancel a request it stops waiting for (never initialize).
    if (waiter.method !== 'initialize' && !this.#ended) {
      const cancel = this.notify('notifications/cancelled', { requestId: id, reason: 'timeout' }).catch(() => undefined);
      this.#replies.add(cancel);
      void cancel.then(() => this.#replies.delete(cancel));
    }
    waiter.resolve({ kind: 'timeout' });
  }

  /** The connection ended: by the server (its pending requests are findings), or by the checker that stopped reading (`byClient`: they are not). */
  #end(event: number | null, byClient: boolean): void {
    if (this.#ended) return;
    this.#ended = true;
    const waiters = [...this.#waiting.values()].flat();
    // One answer owed for an id sent twice at once: the other waiter of a shared id is not the server's debt.
    // A request the checker sent before notifications/initialized is its own probe: a server that gives up on it is not blamed for it.
    // A server/discover before any answer asks the server's era: a legacy server may answer it "not
    // at all" (stdio page, Backward Compatibility), and one that ends on it is not blamed for that.
    const owed = [...this.#waiting].flatMap(([key, list]) => (this.#shared.has(key) ? list.slice(1) : list))
      .filter((w) => w.probe !== 'before-initialized' && !(w.method === 'server/discover' && !this.#answered));
    if (!byClient && owed.length > 0) {
      const methods = owed.map((w) => w.method).join(', ');
      this.#recorder.finding(ruleById('transport/closed-with-pending-requests'), event, '', `the server ended the connection without answering ${methods}`);
    }
    for (const waiter of waiters) {
      clearTimeout(waiter.timer);
      waiter.resolve({ kind: 'ended' });
    }
    this.#waiting.clear();
  }
}
