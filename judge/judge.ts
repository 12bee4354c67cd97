// Why: fixtures, transcripts, traces, live runs, the tap, fuzz and the inspector all judge the same
// protocol, so they must agree on every finding the same bytes draw. This is the one layer around
// the Session that each of them feeds: it owns the session, remembers which request each response
// answers (within REMEMBERED_REQUESTS per sender), names each message the same way whatever
// carried it (`tools/call`, `tools/call result`, `ping error`), says what a finding is about (the
// tool, prompt, resource or task) and, at the end, which requests were never answered. Future ways
// in (a judging server for clients, a live stateless client) use it the same way:
//
//   const judge = new Judge(config, { unanswered: BOTH_SENDERS });
//   for (const [at, step] of steps.entries()) report(judge.feed(step, at).findings);
//   report(judge.end(lastAt));
import { Session, type Forgotten, type SessionConfig, type SessionView, type Step } from '../machines/session.ts';
import { cancelledRequestDirection } from '../machines/cancellation-extension.ts';
import { OPPOSITE, type Direction } from '../validators/context.ts';
import { idKey, isRequestId, type IdKey, type RequestId } from '../validators/envelope.ts';
import { findingTarget, namingParams, type FindingTarget } from '../validators/finding-target.ts';
import type { Finding, Severity } from '../validators/finding.ts';
import type { PendingRequest } from '../machines/correlation.ts';
import { isJsonObject } from '../validators/shape.ts';
import { BoundedMap } from '../machines/bounded-map.ts';
import { keyChars } from '../machines/byte-budget.ts';
import { ruleById } from '../validators/rules/index.ts';
import { keyStandIn, MAX_KEY_CHARS, shortenKeys } from './long-keys.ts';

/** Requests remembered per sender, to name their answers and place them if never answered. */
export const REMEMBERED_REQUESTS = 65_536;

/** Characters the requests remembered per sender may take (their ids and the names their params give). */
export const REMEMBERED_BYTES = 8 * 1024 * 1024;

/** The id the session judges a request by: a long string id's stand-in (see long-keys.ts), else the id. */
function judgedId(id: RequestId): RequestId {
  return typeof id === 'string' && id.length > MAX_KEY_CHARS ? keyStandIn(id) : id;
}

/** Messages that wait for the server's answer to initialize (which settles the profile); past this, the offer settles it. */
export const MAX_WAITING = 1024;

/** Both senders: whose unanswered requests are reported when both peers are under judgement (transcripts, the tap). */
export const BOTH_SENDERS: readonly Direction[] = ['client_to_server', 'server_to_client'];

/**
 * A finding placed on the step it rests on: `at` is the caller's place for that step (an event
 * index, a line, a step of a case), `pointer` is relative to the step (`/message/result/content`).
 */
export interface JudgedFinding {
  readonly at: number;
  readonly rule: string;
  readonly severity: Severity;
  readonly pointer: string;
  readonly message: string;
  /** The message's label: its method, or for a response the request's method and `result` or `error`. */
  readonly method?: string;
  /** The tool, prompt, resource or task the finding's pointer is inside of. */
  readonly target?: FindingTarget;
}

/** What one step drew. */
export interface Judged {
  readonly findings: readonly JudgedFinding[];
  /** The step's label (see JudgedFinding.method); undefined for a control event or a message that names nothing. */
  readonly label: string | undefined;
  /** True when an error finding rejected the message. */
  readonly rejected: boolean;
}

/** Options of a judge beside the session's own configuration. */
export interface JudgeOptions {
  /** The senders whose requests still unanswered at `end` are reported (default: none). */
  readonly unanswered?: readonly Direction[];
  /** Requests remembered per sender (default REMEMBERED_REQUESTS). */
  readonly remembered?: number;
}

/** A request as remembered: its method and params (for the answer's label and target) and its place. */
export interface Remembered {
  readonly method: string;
  /** Of the params, only the member that names what the request is about (see namingParams). */
  readonly params: unknown;
  readonly at: number;
  /** What the entry weighs in its table. */
  readonly bytes: number;
  /** True once it was answered by a response that was refused, or that the caller could not judge (it stays pending, but was answered), or its sender cancelled it. */
  answered: boolean;
}

/**
 * The requests each sender made, by id, within a bound (the newest `limit` per sender, within
 * REMEMBERED_BYTES): what names a response (`tools/list result`) and places a request never
 * answered. A request is kept after its answer, so a second answer is still named; a new request
 * with its id takes its place. Long string ids are kept as their stand-ins, and of the params only
 * what names the request's subject, so an entry weighs little whatever the peer sent.
 */
export class RequestMemory {
  readonly #requests: Record<Direction, BoundedMap<IdKey, Remembered>>;

  constructor(limit = REMEMBERED_REQUESTS, maxBytes = REMEMBERED_BYTES) {
    const bound = { maxBytes, sizeOf: (key: IdKey, value: Remembered) => keyChars(key) + value.bytes };
    this.#requests = { client_to_server: new BoundedMap(limit, undefined, bound), server_to_client: new BoundedMap(limit, undefined, bound) };
  }

  /** Remembers the request `id` that `direction`'s sender made at `at`. */
  request(direction: Direction, id: RequestId, method: string, params: unknown, at: number): void {
    const named = namingParams(method, params);
    let bytes = 48 + method.length;
    if (named !== undefined) for (const member in named) bytes += member.length + (named[member] as string).length;
    this.#requests[direction].set(idKey(judgedId(id)), { method, params: named, at, bytes, answered: false });
  }

  /** The request `id` that `direction`'s sender made, as far as remembered. */
  get(direction: Direction, id: RequestId): Remembered | undefined {
    return this.#requests[direction].get(idKey(judgedId(id)));
  }

  /** Remembers a message's request (if it is one) without judging it and returns its label (a session not judged is still described). */
  describe(direction: Direction, message: unknown, at: number): string | undefined {
    if (!isJsonObject(message)) return undefined;
    const method = message['method'];
    const id = message['id'];
    if (typeof method === 'string') {
      if (isRequestId(id)) this.request(direction, id, method, message['params'], at);
      return method;
    }
    const answered = isRequestId(id) ? this.get(OPPOSITE[direction], id) : undefined;
    return answered === undefined ? undefined : responseLabel(answered.method, message);
  }
}

const NO_FINDINGS: readonly JudgedFinding[] = Object.freeze([]);

/** The label of a response to a `method` request: `ping result`, `tools/call error`. */
export function responseLabel(method: string, message: unknown): string {
  return `${method} ${isJsonObject(message) && 'error' in message ? 'error' : 'result'}`;
}

/** Judges steps through one Session and places what they draw; the only place a Session is made for judging. */
export class Judge {
  readonly #session: Session;
  readonly #requests: RequestMemory;
  readonly #unanswered: readonly Direction[];
  #lastAt = 0;
  /** The place of the last message each side sent (-1: none yet). */
  readonly #lastSent: Record<Direction, number> = { client_to_server: -1, server_to_client: -1 };
  #shortened = 0;

  constructor(config: SessionConfig, options: JudgeOptions = {}) {
    this.#session = new Session(config);
    this.#requests = new RequestMemory(options.remembered);
    this.#unanswered = options.unanswered ?? [];
  }

  /** The profile the session is judged under. */
  get profile(): SessionConfig['profile'] {
    return this.#session.validationContext.profile;
  }

  /** Ids and tokens longer than MAX_KEY_CHARS judged through their stand-ins so far. */
  get shortened(): number {
    return this.#shortened;
  }

  /** What the session forgot so far to stay within its bounds (subscriptions, listed tools). */
  get forgotten(): Forgotten {
    return this.#session.forgotten();
  }

  /** Feeds one step, placed at `at` by the caller, and returns what it drew. */
  feed(given: Step, at: number): Judged {
    this.#lastAt = Math.max(this.#lastAt, at);
    if ('control_event' in given) {
      const found = this.#session.feed(given);
      return { findings: this.#place(found, at, undefined, undefined, undefined), label: undefined, rejected: found.some(isError) };
    }
    // Keys a peer made long are judged through stand-ins, so that no table holds them (see long-keys.ts).
    const short = shortenKeys(given.message);
    this.#shortened += short.shortened;
    const step = short.shortened === 0 ? given : { ...given, message: short.message };
    this.#lastSent[step.direction] = Math.max(this.#lastSent[step.direction], at);
    const message = isJsonObject(step.message) ? step.message : undefined;
    const method = typeof message?.['method'] === 'string' ? message['method'] : undefined;
    const id = message?.['id'];
    const requestId = isRequestId(id) ? id : undefined;
    const answered = method === undefined && requestId !== undefined ? this.#requests.get(OPPOSITE[step.direction], requestId) : undefined;
    const found = this.#session.feed(step);
    const rejected = found.some(isError);
    if (method !== undefined && requestId !== undefined) this.#rememberRequest(step.direction, requestId, method, message?.['params'], at, rejected);
    // A refused response leaves its request pending; the refusal is its finding, not a missing answer.
    else if (answered !== undefined && requestId !== undefined && this.#session.pendingRequest(OPPOSITE[step.direction], requestId) !== undefined) answered.answered = true;
    else if (method === 'notifications/cancelled' && !rejected) this.#settleCancelled(step.direction, message?.['params']);
    const label = method ?? (answered === undefined ? undefined : responseLabel(answered.method, message));
    return { findings: this.#place(found, at, label, step.message, answered), label, rejected };
  }

  /**
   * A request its sender cancelled needs no answer (the receiver "SHOULD NOT send a response" for
   * it): it is not reported as never answered at the end. A server's cancellation in the stateless
   * revision ends the client's listen request.
   */
  #settleCancelled(direction: Direction, params: unknown): void {
    const id = isJsonObject(params) ? params['requestId'] : undefined;
    if (!isRequestId(id)) return;
    const remembered = this.#requests.get(cancelledRequestDirection(this.profile, direction), id);
    if (remembered !== undefined) remembered.answered = true;
  }

  #rememberRequest(direction: Direction, id: RequestId, method: string, params: unknown, at: number, rejected: boolean): void {
    // A rejected request (a duplicate id, say) may still be answered: remember it for its answer's
    // label, but never in place of the pending request that holds the id.
    if (rejected && this.#session.pendingRequest(direction, id) !== undefined) return;
    this.#requests.request(direction, id, method, params, at);
  }

  #place(found: readonly Finding[], at: number, label: string | undefined, message: unknown, request: Remembered | undefined): readonly JudgedFinding[] {
    if (found.length === 0) return NO_FINDINGS;
    return found.map((f) => {
      const target = message === undefined ? undefined : findingTarget(message, f.pointer, request);
      return {
        at, rule: f.rule, severity: f.severity, pointer: f.pointer, message: f.message,
        ...(label === undefined ? {} : { method: label }),
        ...(target === undefined ? {} : { target }),
      };
    });
  }

  /**
   * Ends the judgement: the requests still unanswered of the senders this judge reports (a warning
   * each, at the request's place, or at the last place when it is no longer remembered), in order
   * of place; not those whose response was refused, which their refusal reported already, nor those
   * answered by something the caller could not judge (see `answeredUnjudged`).
   */
  end(): readonly JudgedFinding[] {
    const rule = ruleById('correlation/unanswered-request');
    const open: JudgedFinding[] = [];
    const pending = this.#unanswered.length === 0 ? undefined : this.#session.view().pending;
    for (const direction of this.#unanswered) {
      for (const { id, method } of pending?.[direction] ?? []) {
        const remembered = this.#requests.get(direction, id);
        if (remembered?.answered === true) continue;
        // A listen's answer is an open stream (basic, Statelessness: "Long-lived requests like
        // subscriptions/listen remain request/response; the response is just an open stream of
        // notifications"): one still open at the end is not unanswered.
        if (method === 'subscriptions/listen') continue;
        const sender = direction === 'client_to_server' ? 'client' : 'server';
        const receiver = direction === 'client_to_server' ? 'server' : 'client';
        // ping: "The receiver MUST respond promptly": a receiver that went on sending other messages
        // after the ping and never answered it broke that line (an error); one silent since may have
        // been cut off with the capture (the warning).
        if (method === 'ping' && remembered !== undefined && this.#lastSent[OPPOSITE[direction]] > remembered.at) {
          const ping = ruleById('correlation/ping-unanswered');
          open.push({ at: remembered.at, rule: ping.id, severity: ping.severity, pointer: '/message/id',
            message: `the ${sender}'s ping (id ${JSON.stringify(id)}) was never answered, though the ${receiver} sent other messages after it`, method });
          continue;
        }
        open.push({
          at: remembered?.at ?? this.#lastAt, rule: rule.id, severity: rule.severity, pointer: '/message/id',
          message: `the ${sender}'s ${method} request (id ${JSON.stringify(id)}) was never answered`, method,
        });
      }
    }
    return open.sort((a, b) => a.at - b.at);
  }

  /**
   * Notes that the request `id` sent in `direction` was answered by something the caller passed on
   * without judging it (a body past its own limit, say): it is not reported as never answered.
   */
  answeredUnjudged(direction: Direction, id: RequestId): void {
    const remembered = this.#requests.get(direction, id);
    if (remembered !== undefined && this.#session.pendingRequest(direction, judgedId(id)) !== undefined) remembered.answered = true;
  }

  /** The request `id` sent in `direction` that is still unanswered, if any (a long id: under its stand-in). */
  pendingRequest(direction: Direction, id: RequestId): PendingRequest | undefined {
    return this.#session.pendingRequest(direction, judgedId(id));
  }

  /** The lifecycle machine's state (`new`, ..., `ready`). */
  get lifecycleState(): string {
    return this.#session.lifecycleState;
  }

  /** A read-only picture of every machine's state. */
  view(): SessionView {
    return this.#session.view();
  }

  /** Stops the session's actors. */
  stop(): void {
    this.#session.stop();
  }
}

function isError(f: Finding): boolean {
  return f.severity === 'error';
}
