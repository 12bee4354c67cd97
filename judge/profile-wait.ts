// Why: a session cannot start before its profile is known, and the traffic settles it only later:
// the server's answer to initialize (a server may answer another version it supports), or, when
// the first request names no revision, the first message that tells one. What comes meanwhile
// waits, in order, and is judged once the profile is chosen. Live runs, traces and transcripts
// wait alike, so the wait and the choice are kept here once; each reader keeps what it waits with
// (an event index and probe, a line) and what it does with a profile no profile judges.
import type { Step } from '../machines/session.ts';
import type { Profile } from '../validators/context.ts';
import { isJsonObject } from '../validators/shape.ts';
import { leavesRevisionOpen, opensNegotiation, revisionEvidence, settleProfile, type Settlement } from './profile-choice.ts';

/** Why a first step makes the session wait: it opens a negotiation (initialize), or it leaves the revision open. */
export type WaitReason = 'negotiation' | 'revision';

/** Why `step`, the first of a session whose traffic picks the profile, makes it wait; undefined: the session can start at once. */
export function waitReason(step: Step): WaitReason | undefined {
  if (opensNegotiation(step)) return 'negotiation';
  if (leavesRevisionOpen(step)) return 'revision';
  return undefined;
}

/** One thing that waits: a step (with whatever its reader keeps beside it), or a problem found where a step was expected. */
export type Waiting = { readonly step: Step } | { readonly problem: unknown };

function stepOf(item: Waiting | undefined): Step | undefined {
  return item !== undefined && 'step' in item ? item.step : undefined;
}

/** What waits for the profile to settle: the items in arrival order. */
export class ProfileWait<T extends Waiting> {
  #items: T[] | undefined;
  #revisionOpen = false;

  /** `open`: the wait has begun before anything arrived (a live run waits from its first message). */
  constructor(open = false) {
    this.#items = open ? [] : undefined;
  }

  /** Whether anything waits (or the wait has begun). */
  get waiting(): boolean {
    return this.#items !== undefined;
  }

  /** What waits, in arrival order (none once the wait has ended). */
  get items(): readonly T[] {
    return this.#items ?? [];
  }

  /** The step the wait opened with. */
  get opening(): Step | undefined {
    return stepOf(this.#items?.[0]);
  }

  /** True while the first step, a request naming no revision, waits for what follows to tell the revision. */
  get revisionOpen(): boolean {
    return this.#revisionOpen;
  }

  /** Begins the wait with its first item, for `reason`. */
  begin(item: T, reason: WaitReason): void {
    this.#items = [item];
    this.#revisionOpen = reason === 'revision';
  }

  /** Adds an item to a wait that has begun. */
  add(item: T): void {
    this.#items?.push(item);
  }

  /** Leaves the revision open: the first step named none (see leavesRevisionOpen). */
  leaveRevisionOpen(): void {
    this.#revisionOpen = true;
  }

  /** While the revision is open, the profile `step` (just added) tells, if it tells one. */
  evidence(step: Step): Profile | undefined {
    const opening = this.opening;
    return this.#revisionOpen && opening !== undefined ? revisionEvidence(step, opening) : undefined;
  }

  /** Whether `step` is the server's response to the request the wait opened with (its answer to initialize). */
  answersOpening(step: Step): boolean {
    const opening = this.opening;
    if (opening === undefined || !('message' in opening) || !('message' in step) || step.direction !== 'server_to_client') return false;
    const request = opening.message as Record<string, unknown>;
    return isJsonObject(step.message) && !('method' in step.message) && step.message['id'] === request['id'];
  }

  /**
   * The profile the wait settles on: the one `evidence` told, else the one the answer to the
   * opening request settles (`answer` undefined: none came), `fallback` when neither says.
   */
  choose(answer: unknown, fallback: Profile, evidence?: Profile): Settlement {
    if (evidence !== undefined) return { kind: 'judged', profile: evidence, offeredVersion: undefined };
    const first = this.opening;
    const request = first !== undefined && 'message' in first && first.direction === 'client_to_server' ? first.message : undefined;
    return settleProfile(request, answer, fallback);
  }

  /** Ends the wait and returns what waited, in order. */
  end(): T[] {
    const items = this.#items ?? [];
    this.#items = undefined;
    this.#revisionOpen = false;
    return items;
  }
}
