// Why: everything a live run sees must land in one ordered record, and every wire message must be
// judged as it is recorded, by the same judge that re-reads a trace later. The recorder is the one
// place transports and the driver write to; it keeps wall-clock times apart from the events, so
// that two runs of a deterministic server record identical events.
import type { TraceEvent } from '../trace/trace-schema.ts';
import type { Direction } from '../validators/context.ts';
import { idKey, isRequestId, type IdKey, type RequestId } from '../validators/envelope.ts';
import type { RuleSpec } from '../validators/rules/rule.ts';
import { isJsonObject } from '../validators/shape.ts';
import { LiveJudge, type EventFinding, type Negotiation, type ProbeKind } from './live-judge.ts';
import { plainCut, type Cutter } from './bounded-text.ts';
import { isUnkept, placeOf, RecordingBounds, UNKEPT_BASE, type Omitted, type RecordingLimits } from './recording-bounds.ts';
import type { RecordedMessage, Recorder, WirePlace } from './transport.ts';

/** The most characters of a text that was not strict JSON kept in the trace. */
export const MAX_RECORDED_TEXT = 64 * 1024;

export type { Omitted, RecordingLimits } from './recording-bounds.ts';

/** The default bounds: a trace of any run stays well under the trace reader's 64 MiB limit. */
export const RECORDING_LIMITS: RecordingLimits = { maxMessages: 50_000, maxMessageBytes: 16 * 1024 * 1024, maxOtherEvents: 10_000, maxFindingsPerRule: 100 };

/** What the recorder asks of the run's redactor: to learn each message's secrets, and to redact a text before it is cut. */
export interface RecordingRedactor {
  learn(value: unknown): void;
  cut: Cutter;
}

/** A finding of the run; `event` null: the run as a whole. */
export interface RunFinding extends Omit<EventFinding, 'event'> {
  readonly event: number | null;
}

/** What a finished recording holds. */
export interface Recording {
  readonly events: readonly TraceEvent[];
  /** Milliseconds from the start of the run to each event, by index. */
  readonly times: readonly number[];
  /** The session's findings and the transport's, in event order (findings of the whole run last). */
  readonly findings: readonly RunFinding[];
  readonly negotiation: Negotiation;
  /** The method of a message event, or of the request a response answers (null: none). */
  methodOf(event: number): string | null;
}

/** Options of a recorder. */
export interface RecorderOptions {
  /** Milliseconds, monotonic (default `performance.now`). */
  readonly clock?: () => number;
  /** Told about every session id a transport learns, so that it can be replaced by a placeholder. */
  readonly onSessionId?: (value: string) => void;
  /** The run's redactor (learns as messages arrive; texts are redacted before they are cut). */
  readonly redactor?: RecordingRedactor;
  /** How much the trace keeps (default RECORDING_LIMITS). */
  readonly limits?: RecordingLimits;
  /** The client speaks MCP 2026-07-28 alone (a check asked for it): see LiveJudgeOptions.modernOnly. */
  readonly modernOnly?: boolean;
}

/** The recorder of one live run: events in order, each wire message judged as it is recorded. */
export class LiveRecorder implements Recorder {
  readonly #events: TraceEvent[] = [];
  readonly #times: number[] = [];
  readonly #findings: RunFinding[] = [];
  readonly #judge: LiveJudge;
  readonly #probes = new Map<IdKey, ProbeKind>();
  readonly #clock: () => number;
  readonly #start: number;
  readonly #onSessionId: ((value: string) => void) | undefined;
  readonly #redactor: RecordingRedactor | undefined;
  readonly #bounds: RecordingBounds;
  #keptMessages = 0;
  #messages = 0;

  constructor(options: RecorderOptions = {}) {
    this.#judge = new LiveJudge({ methodsBelow: UNKEPT_BASE, ...(options.modernOnly === true ? { modernOnly: true } : {}) });
    this.#clock = options.clock ?? (() => performance.now());
    this.#start = this.#clock();
    this.#onSessionId = options.onSessionId;
    this.#redactor = options.redactor;
    this.#bounds = new RecordingBounds(options.limits ?? RECORDING_LIMITS);
  }

  /** Marks the client request with this id, sent next, as a deliberate probe. */
  expectProbe(id: RequestId, kind: ProbeKind): void {
    this.#probes.set(idKey(id), kind);
  }

  message(direction: Direction, text: string, place?: WirePlace): RecordedMessage {
    this.#messages += 1;
    const probe = direction === 'client_to_server' ? this.#probeOf(text) : undefined;
    const placeChars = place?.event_id?.length ?? 0;
    const bytes = Math.min(text.length, MAX_RECORDED_TEXT + 1) + placeChars;
    if (!this.#bounds.admit(this.#keptMessages, text.length + placeChars)) {
      // Judged as every message is, counted, not kept: the kept messages are the first, so judging the trace again gives the same findings.
      const index = this.#bounds.unkept();
      const message = this.#judge.text(index, direction, text, probe);
      if (message !== undefined) this.#redactor?.learn(message);
      return { index, message, ...(probe === undefined ? {} : { probe }) };
    }
    const index = this.#events.length;
    this.#keptMessages += 1;
    // The event goes in first: findings on it may be placed while it is judged.
    this.#push({ kind: 'message', direction });
    const message = this.#judge.text(index, direction, text, probe);
    if (message !== undefined) this.#redactor?.learn(message);
    this.#bounds.charge(message === undefined ? bytes : text.length + placeChars);
    const event: TraceEvent = message === undefined
      ? { kind: 'message', direction, text: this.cut(text, MAX_RECORDED_TEXT, 'start').text, ...placeOf(place) }
      : { kind: 'message', direction, message, ...placeOf(place), ...(probe === undefined ? {} : { probe }) };
    this.#events[index] = event;
    return { index, message, ...(probe === undefined ? {} : { probe }) };
  }

  event(event: Exclude<TraceEvent, { kind: 'message' }>): number {
    return this.#bounds.admitOther() ? this.#push(event) : -1;
  }

  /** A text redacted by the run's redactor, then bounded to `max` characters: no part of a secret is left at the cut. */
  cut(text: string, max: number, keep: 'start' | 'end'): { text: string; cut: boolean } {
    const redactor = this.#redactor;
    return redactor === undefined ? plainCut(text, max, keep) : redactor.cut(text, max, keep);
  }

  finding(rule: RuleSpec, event: number | null, pointer: string, message: string): void {
    this.#findings.push({ event, rule: rule.id, severity: rule.severity, pointer, message });
  }

  sessionId(value: string): void {
    this.#onSessionId?.(value);
  }

  /** The findings placed on one event so far (the session's and the transport's). */
  findingsAt(event: number): RunFinding[] {
    return [...this.#judge.findingsAt(event), ...this.#findings.filter((f) => f.event === event)];
  }

  /** What the handshake settled so far. */
  negotiation(): Negotiation {
    return this.#judge.negotiation();
  }

  /** Ends the recording: judges what still waits and returns everything. */
  finish(): Recording {
    return this.finishBounded().recording;
  }

  /** Ends the recording: what was kept, and what was counted but not kept (undefined: nothing). */
  finishBounded(): { recording: Recording; omitted: Omitted | undefined } {
    const judged = this.#judge.finish();
    const { negotiation } = judged;
    const all: RunFinding[] = [];
    for (const f of [...judged.findings, ...this.#findings]) {
      if (f.event === null || (f.event >= 0 && !isUnkept(f.event))) {
        all.push(f);
        continue;
      }
      if (f.event < 0) {
        // On an event that was not kept (past the bound of other events): it rests on the run.
        all.push({ ...f, event: null });
        continue;
      }
      // A finding on a message not kept rests on the run as a whole and says which message it was.
      if (!this.#bounds.keepFinding(f.rule)) continue;
      // Once messages are no longer kept, none is: the unkept ones follow the kept ones in order.
      const where = `message ${this.#keptMessages + (f.event - UNKEPT_BASE) + 1} (not kept in the trace)`;
      all.push({ ...f, event: null, message: `${where}: ${f.message}` });
    }
    return { recording: this.#recording(all, negotiation), omitted: this.#bounds.omitted() };
  }

  /** Whether messages are no longer kept (a bound was reached). */
  get bounded(): boolean {
    return !this.#bounds.keeping;
  }

  #recording(all: RunFinding[], negotiation: Negotiation): Recording {
    const order = (f: RunFinding) => f.event ?? Number.MAX_SAFE_INTEGER;
    const sorted = all.map((f, i) => ({ f, i })).sort((a, b) => order(a.f) - order(b.f) || a.i - b.i).map(({ f }) => f);
    const judge = this.#judge;
    return { events: this.#events, times: this.#times, findings: sorted, negotiation, methodOf: (event) => judge.methodOf(event) };
  }

  #push(event: TraceEvent): number {
    this.#events.push(event);
    this.#times.push(Math.round((this.#clock() - this.#start) * 1000) / 1000);
    return this.#events.length - 1;
  }

  /** The probe a client message was marked as, looked up by its id (read only while probes are expected). */
  #probeOf(text: string): ProbeKind | undefined {
    if (this.#probes.size === 0) return undefined;
    let id: unknown;
    try {
      const parsed: unknown = JSON.parse(text);
      id = isJsonObject(parsed) ? parsed['id'] : undefined;
    } catch {
      return undefined;
    }
    if (!isRequestId(id)) return undefined;
    const kind = this.#probes.get(idKey(id));
    this.#probes.delete(idKey(id));
    return kind;
  }
}
