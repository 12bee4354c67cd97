// Why: a live run (check, fuzz) and a tapped session both judge every message but keep a bounded
// trace, the same way: the first messages whole, within a count and a size (so that judging the
// trace again gives the same findings), then only counts; other events to a bound of their own
// once messages are no longer kept; findings on messages not kept to a bound per rule. That
// keep-then-count rule lives here once; each recorder keeps its events and what it tells.
import type { WirePlace } from './transport.ts';

/** How much of a run the trace keeps: whatever the peers send, the trace and the memory it takes stay bounded. */
export interface RecordingLimits {
  /** Message events kept (the first ones); later messages are judged and counted. */
  readonly maxMessages: number;
  /** Characters of message text kept in all (the first messages); past it, messages are judged and counted. */
  readonly maxMessageBytes: number;
  /** Other events (timeouts, exits, HTTP exchanges, streams) kept once messages are no longer kept. */
  readonly maxOtherEvents: number;
  /** Findings kept per rule on messages that were not kept (they rest on the run as a whole). */
  readonly maxFindingsPerRule: number;
}

/** The judge's event index of the first message that is not kept (far above any kept event's index). */
export const UNKEPT_BASE = 2 ** 40;

/** Whether a judge's event index is that of a message that was not kept. */
export function isUnkept(event: number): boolean {
  return event >= UNKEPT_BASE;
}

/** What a recording counted but did not keep. */
export interface Omitted {
  readonly events: number;
  readonly findings: number;
}

/**
 * Characters of message text kept across every recording of one run (the sessions of a judging
 * server over HTTP): each session keeps within its own limits, and all of them within this one.
 */
export class RunBudget {
  #left: number;

  constructor(chars: number) {
    this.#left = chars;
  }

  /** Whether `chars` more characters still fit. */
  fits(chars: number): boolean {
    return chars <= this.#left;
  }

  /** Counts `chars` of kept message text against the run. */
  spend(chars: number): void {
    this.#left -= chars;
  }
}

/** The keep-then-count state of one recording. */
export class RecordingBounds {
  readonly #limits: RecordingLimits;
  readonly #budget: RunBudget | undefined;
  readonly #perRule = new Map<string, number>();
  #keeping = true;
  #keptBytes = 0;
  #otherEvents = 0;
  #unkept = 0;
  #omittedEvents = 0;
  #omittedFindings = 0;

  /** `budget`: the run's, shared with the other recordings of the run (undefined: this recording's limits alone). */
  constructor(limits: RecordingLimits, budget?: RunBudget) {
    this.#limits = limits;
    this.#budget = budget;
  }

  /** Whether messages are still kept (no bound reached yet). */
  get keeping(): boolean {
    return this.#keeping;
  }

  /** Other events kept past the messages' bound. */
  get otherEvents(): number {
    return this.#otherEvents;
  }

  /**
   * Whether the next message is kept, given the `kept` messages so far and the `chars` it would
   * add (within this recording's limits and the run's budget); once one is not, none is.
   */
  admit(kept: number, chars: number): boolean {
    if (this.#keeping && (kept >= this.#limits.maxMessages || this.#keptBytes + chars > this.#limits.maxMessageBytes || this.#budget?.fits(chars) === false)) this.#keeping = false;
    return this.#keeping;
  }

  /** Counts `chars` of kept message text (against the run's budget too). */
  charge(chars: number): void {
    this.#keptBytes += chars;
    this.#budget?.spend(chars);
  }

  /** The judge's index of the next message not kept, counted as omitted. */
  unkept(): number {
    this.#omittedEvents += 1;
    return UNKEPT_BASE + this.#unkept++;
  }

  /** Whether an event other than a message is kept (it is counted as omitted when not). */
  admitOther(): boolean {
    if (this.#keeping) return true;
    if (this.#otherEvents >= this.#limits.maxOtherEvents) {
      this.#omittedEvents += 1;
      return false;
    }
    this.#otherEvents += 1;
    return true;
  }

  /** Whether a finding of `rule` on a message not kept is kept (it is counted as omitted when not). */
  keepFinding(rule: string): boolean {
    const seen = this.#perRule.get(rule) ?? 0;
    this.#perRule.set(rule, seen + 1);
    if (seen < this.#limits.maxFindingsPerRule) return true;
    this.#omittedFindings += 1;
    return false;
  }

  /** What was counted and not kept (undefined: nothing). */
  omitted(): Omitted | undefined {
    return this.#omittedEvents + this.#omittedFindings === 0 ? undefined : { events: this.#omittedEvents, findings: this.#omittedFindings };
  }
}

/** The parts of a wire place a message event keeps. */
export function placeOf(place: WirePlace | undefined): WirePlace {
  if (place === undefined) return {};
  return {
    ...(place.exchange === undefined ? {} : { exchange: place.exchange }),
    ...(place.event_id === undefined ? {} : { event_id: place.event_id }),
  };
}
