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
import type { RecordedMessage, Recorder, WirePlace } from './transport.ts';

/** The most characters of a text that was not strict JSON kept in the trace. */
export const MAX_RECORDED_TEXT = 64 * 1024;

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
}

/** The recorder of one live run: events in order, each wire message judged as it is recorded. */
export class LiveRecorder implements Recorder {
  readonly #events: TraceEvent[] = [];
  readonly #times: number[] = [];
  readonly #findings: RunFinding[] = [];
  readonly #judge = new LiveJudge();
  readonly #probes = new Map<IdKey, ProbeKind>();
  readonly #clock: () => number;
  readonly #start: number;
  readonly #onSessionId: ((value: string) => void) | undefined;

  constructor(options: RecorderOptions = {}) {
    this.#clock = options.clock ?? (() => performance.now());
    this.#start = this.#clock();
    this.#onSessionId = options.onSessionId;
  }

  /** Marks the client request with this id, sent next, as a deliberate probe. */
  expectProbe(id: RequestId, kind: ProbeKind): void {
    this.#probes.set(idKey(id), kind);
  }

  message(direction: Direction, text: string, place?: WirePlace): RecordedMessage {
    const index = this.#events.length;
    const probe = direction === 'client_to_server' ? this.#probeOf(text) : undefined;
    // The event goes in first: findings on it may be placed while it is judged.
    this.#push({ kind: 'message', direction });
    const message = this.#judge.text(index, direction, text, probe);
    const event: TraceEvent = message === undefined
      ? { kind: 'message', direction, text: text.length > MAX_RECORDED_TEXT ? text.slice(0, MAX_RECORDED_TEXT) : text, ...placeOf(place) }
      : { kind: 'message', direction, message, ...placeOf(place), ...(probe === undefined ? {} : { probe }) };
    this.#events[index] = event;
    return { index, message };
  }

  event(event: Exclude<TraceEvent, { kind: 'message' }>): number {
    return this.#push(event);
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
    const { findings, negotiation } = this.#judge.finish();
    const all: RunFinding[] = [...findings, ...this.#findings];
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

function placeOf(place: WirePlace | undefined): WirePlace {
  if (place === undefined) return {};
  return {
    ...(place.exchange === undefined ? {} : { exchange: place.exchange }),
    ...(place.event_id === undefined ? {} : { event_id: place.event_id }),
  };
}
