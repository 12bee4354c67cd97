// Why: a tap sits in front of a server for as long as a desktop client runs it, so what it keeps
// must not grow with the session. It judges every message as the live recorder does (one judge,
// one Session), reports each finding as it is placed, and keeps a bounded trace: the first
// messages whole (so that judging the trace again gives the same findings), then counts.
import type { InspectionEvent } from 'xstate';
import type { Forgotten, WireStep } from '../machines/session.ts';
import { BOTH_SENDERS, type Judge } from '../judge/judge.ts';
import type { TraceEvent } from '../trace/trace-schema.ts';
import type { Direction } from '../validators/context.ts';
import type { RuleSpec } from '../validators/rules/rule.ts';
import { HttpHeaderJudge, type HeaderFinding } from './http-header-rules.ts';
import { LiveJudge, type EventFinding, type ProbeKind } from './live-judge.ts';
import { shortenKeys } from '../judge/long-keys.ts';
import { ExchangeRequests } from './unjudged-answers.ts';
import { MAX_RECORDED_TEXT, type Recording, type RunFinding } from './recorder.ts';
import { isUnkept, placeOf, RecordingBounds, UNKEPT_BASE, type Omitted, type RecordingLimits, type RunBudget } from './recording-bounds.ts';
import type { RecordedMessage, Recorder, WirePlace } from './transport.ts';

/** How much of a tapped session the trace keeps (the bounds of every recording). */
export type TapLimits = RecordingLimits;

/** The default bounds: a trace of a long session stays well under the trace reader's 64 MiB limit. */
export const TAP_LIMITS: TapLimits = { maxMessages: 10_000, maxMessageBytes: 16 * 1024 * 1024, maxOtherEvents: 10_000, maxFindingsPerRule: 100 };

/** A finding as the tap reports it while it runs. */
export interface TapFinding extends RunFinding {
  /** The message's number in the session (1-based; null: not on a message). */
  readonly message_number: number | null;
  readonly direction: Direction | null;
  /** The message's method, or the method of the request it answers (null: unknown). */
  readonly method: string | null;
}

/** Options of a tap recorder. */
export interface TapRecorderOptions {
  readonly limits?: TapLimits;
  /** The run's budget of kept message text, shared with the run's other recordings (default: none). */
  readonly budget?: RunBudget;
  /** Told every finding as it is placed. */
  readonly onFinding?: (finding: TapFinding) => void;
  /** Receives every actor inspection event (a live inspector). */
  readonly inspect?: (event: InspectionEvent) => void;
  /** Told after each message went through the session (a live inspector). */
  readonly onJudged?: (step: WireStep, findings: readonly TapFinding[], session: Judge, label: string) => void;
  /** Told each parsed message, its direction and its event (null: not kept), before the findings on it are reported (a redactor learns its secrets). */
  readonly onMessage?: (message: unknown, direction: Direction, event: number | null) => void;
  /** Milliseconds, monotonic (default `performance.now`). */
  readonly clock?: () => number;
  /** The senders whose requests still unanswered at the end are reported (default both: the tap judges both peers). */
  readonly unanswered?: readonly Direction[];
  /** The server is the checker's own and every cursor it gave is in view (a judging server). */
  readonly cursorsInView?: boolean;
}

/** The recorder of a tapped session: everything judged, a bounded part kept. */
export class TapRecorder implements Recorder {
  readonly #bounds: RecordingBounds;
  readonly #events: TraceEvent[] = [];
  readonly #times: number[] = [];
  /** Findings on kept events (and on the run), in the order placed. */
  readonly #findings: RunFinding[] = [];
  readonly #judge: LiveJudge;
  readonly #exchangeRequests = new ExchangeRequests();
  /** The HTTP side of each exchange (headers, statuses), judged beside the bodies. */
  readonly #http = new HttpHeaderJudge();
  readonly #options: TapRecorderOptions;
  readonly #clock: () => number;
  readonly #start: number;
  /** Each message's number (1-based) and direction by the judge's index, until the session has judged it. */
  readonly #info = new Map<number, { readonly number: number; readonly direction: Direction }>();
  #messages = 0;
  /** The number (1-based) of the first message that was not kept (0 while every message is kept). */
  #firstUnkept = 0;
  #shortened = 0;
  #counts = { client_to_server: 0, server_to_client: 0, errors: 0, warnings: 0 };
  /** What is reported about a message while it is judged (findings, frames), told once the message has been seen. */
  #deferred: (() => void)[] | undefined;

  constructor(options: TapRecorderOptions = {}) {
    this.#options = options;
    this.#bounds = new RecordingBounds(options.limits ?? TAP_LIMITS, options.budget);
    this.#clock = options.clock ?? (() => performance.now());
    this.#start = this.#clock();
    this.#judge = new LiveJudge({
      methodsBelow: UNKEPT_BASE,
      rewrite: (message) => {
        const short = shortenKeys(message);
        this.#shortened += short.shortened;
        return short.message;
      },
      unanswered: options.unanswered ?? BOTH_SENDERS,
      ...(options.cursorsInView === true ? { cursorsInView: true } : {}),
      // The tap and the judging server see the client's messages where the server does, not where the client sent them.
      awayFromClient: true,
      onFinding: (f) => this.#placed(f),
      ...(options.inspect === undefined ? {} : { inspect: options.inspect }),
      onJudged: (index, step, findings, session) => {
        const at = this.#info.get(index);
        const onJudged = options.onJudged;
        if (onJudged !== undefined) {
          const described = findings.map((f) => this.#described(f));
          this.#tell(() => onJudged(step, described, session, `message ${at?.number ?? '?'}`));
        }
        this.#info.delete(index);
      },
    });
  }

  /** Records and judges one message; `probe` marks a deliberately wrong request of the judging server's. */
  message(direction: Direction, text: string, place?: WirePlace, probe?: ProbeKind): RecordedMessage {
    this.#messages += 1;
    this.#counts[direction] += 1;
    const bytes = text.length;
    const wasKeeping = this.#bounds.keeping;
    const keep = this.#bounds.admit(this.#kept(), bytes);
    if (wasKeeping && !keep) this.#firstUnkept = this.#messages;
    const index = keep ? this.#events.length : this.#bounds.unkept();
    if (keep) {
      this.#bounds.charge(bytes);
      this.#push({ kind: 'message', direction });
    }
    this.#info.set(index, { number: this.#messages, direction });
    this.#deferred = [];
    let message: unknown;
    try {
      message = this.#judge.text(index, direction, text, probe);
    } finally {
      const deferred = this.#deferred;
      this.#deferred = undefined;
      if (message !== undefined) {
        this.#exchangeRequests.message(direction, message, place?.exchange);
        this.#options.onMessage?.(message, direction, this.#bounds.keeping ? index : null);
        if (place?.exchange !== undefined) {
          this.#httpFindings(direction === 'client_to_server' ? this.#http.requestMessage(place.exchange, message) : this.#http.responseMessage(place.exchange, message));
        }
      }
      for (const tell of deferred) tell();
    }
    // Not strict JSON: judged already, never fed to the session.
    if (message === undefined) this.#info.delete(index);
    if (keep) {
      this.#events[index] = message === undefined
        ? { kind: 'message', direction, text: text.length > MAX_RECORDED_TEXT ? text.slice(0, MAX_RECORDED_TEXT) : text, ...placeOf(place) }
        : { kind: 'message', direction, message, ...placeOf(place), ...(probe === undefined ? {} : { probe }) };
    }
    return { index: keep ? index : -1, message };
  }

  event(event: Exclude<TraceEvent, { kind: 'message' }>): number {
    for (const id of this.#exchangeRequests.unjudged(event)) this.#judge.answeredUnjudged('client_to_server', id);
    if (!this.#bounds.admitOther()) return -1;
    const index = this.#push(event);
    if (event.kind === 'http_request') this.#httpFindings(this.#http.request(event.exchange, index, event.method, event.headers));
    else if (event.kind === 'http_response') this.#http.response(event.exchange, index, event.status, event.headers);
    return index;
  }

  #httpFindings(found: readonly HeaderFinding[]): void {
    for (const f of found) this.finding(f.rule, f.event, f.pointer, f.message);
  }

  finding(rule: RuleSpec, event: number | null, pointer: string, message: string): void {
    this.#placed({ event: event === null || event < 0 ? null : event, rule: rule.id, severity: rule.severity, pointer, message });
  }

  /** The methods of the requests one side sent that are still unanswered. */
  unanswered(direction: Direction): string[] {
    return this.#judge.unanswered(direction);
  }

  /** Messages seen in each direction, findings by severity, and long keys judged through a stand-in, so far. */
  counts(): Readonly<{ client_to_server: number; server_to_client: number; errors: number; warnings: number; shortened: number }> {
    return { ...this.#counts, shortened: this.#shortened };
  }

  /** Subscriptions and listed tools the session forgot to stay within its bounds, so far. */
  forgotten(): Forgotten | undefined {
    return this.#judge.forgotten;
  }

  /** Ends the recording: what was kept, and what was counted but not kept. */
  finish(): { recording: Recording; omitted: Omitted | undefined } {
    const { negotiation } = this.#judge.finish();
    const order = (f: RunFinding) => f.event ?? Number.MAX_SAFE_INTEGER;
    const findings = this.#findings.map((f, i) => ({ f, i })).sort((a, b) => order(a.f) - order(b.f) || a.i - b.i).map(({ f }) => f);
    const judge = this.#judge;
    return { recording: { events: this.#events, times: this.#times, findings, negotiation, methodOf: (event) => judge.methodOf(event) }, omitted: this.#bounds.omitted() };
  }

  #kept(): number {
    return this.#events.length - this.#bounds.otherEvents;
  }

  #push(event: TraceEvent): number {
    this.#events.push(event);
    this.#times.push(Math.round((this.#clock() - this.#start) * 1000) / 1000);
    return this.#events.length - 1;
  }

  /** Keeps a finding (bounded when its message was not kept) and reports it. */
  #placed(f: RunFinding): void {
    if (f.severity === 'error') this.#counts.errors += 1;
    else this.#counts.warnings += 1;
    const described = this.#described(f);
    if (f.event === null || !isUnkept(f.event)) {
      this.#findings.push(f);
    } else {
      if (this.#bounds.keepFinding(f.rule)) {
        const direction = described.direction === null ? [] : [described.direction === 'client_to_server' ? 'client to server' : 'server to client'];
        const about = [...direction, ...(described.method === null ? [] : [described.method])].join(', ');
        const where = `message ${described.message_number ?? '?'} (${about === '' ? '' : `${about}; `}not kept in the trace) at ${f.pointer || '/'}`;
        this.#findings.push({ ...f, event: null, message: `${where}: ${f.message}` });
      }
    }
    this.#tell(() => this.#options.onFinding?.(described));
  }

  #tell(report: () => void): void {
    if (this.#deferred !== undefined) this.#deferred.push(report);
    else report();
  }

  #described(f: RunFinding): TapFinding {
    const at = f.event === null ? undefined : this.#info.get(f.event);
    const event = f.event !== null && !isUnkept(f.event) ? f.event : null;
    return {
      ...f,
      event,
      // Every message after the first one not kept is not kept either, so its number follows from its index.
      message_number: at?.number ?? (f.event !== null && isUnkept(f.event) ? this.#firstUnkept + (f.event - UNKEPT_BASE) : null),
      direction: at?.direction ?? null,
      method: f.event === null ? null : this.#judge.methodOf(f.event),
    };
  }
}
