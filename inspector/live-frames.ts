// Why: the inspector page steps through frames of a session; a tapped session is a real one that
// goes on while it is watched. This turns each message the tap's session judges into the same
// frame the offline inspector shows (message, findings, the session's view, every actor's state,
// the transitions just taken), redacted, and keeps only the latest ones, so watching a long
// session costs bounded memory.
import type { InspectionEvent } from 'xstate';
import type { WireStep } from '../machines/session.ts';
import type { Judge } from '../judge/judge.ts';
import { machineGraphs } from '../coverage/measure.ts';
import { SAMPLE_BASIS } from '../coverage/models/basis.ts';
import { TransitionRecorder } from '../coverage/recorder.ts';
import { actorsOf, type Frame, type FrameFinding } from './trace.ts';

/** The most frames kept for a page that connects later (the latest ones). */
export const MAX_LIVE_FRAMES = 2_000;

/** A frame as the tap streams it: its number in the session (from 1) and the frame. */
export interface LiveFrame {
  readonly seq: number;
  readonly frame: Frame;
}

/** Makes values fit for the page (redaction). */
export type Redact = <T>(value: T) => T;

/** Frames of a live session, produced as its messages are judged and passed to whoever listens. */
export class LiveFrames {
  readonly #recorder: TransitionRecorder;
  readonly #redact: Redact;
  readonly #kept: LiveFrame[] = [];
  readonly #listeners = new Set<(frame: LiveFrame) => void>();
  #seq = 0;
  #failed = false;

  constructor(redact: Redact) {
    const { graphs, byDefinition } = machineGraphs(SAMPLE_BASIS);
    this.#recorder = new TransitionRecorder(graphs.map((g) => g.model), byDefinition);
    this.#redact = redact;
  }

  /** Pass as the session's `inspect` option. */
  readonly inspect = (event: InspectionEvent): void => {
    if (this.#failed) return;
    try {
      this.#recorder.inspect(event);
    } catch {
      // A transition the diagram does not know: the page goes on without transition highlights.
      this.#failed = true;
    }
  };

  /** Adds the frame of a message the session has just judged. */
  judged(step: WireStep, findings: readonly FrameFinding[], session: Judge, label: string): void {
    const runs = this.#recorder.runs();
    const taken: string[] = [];
    for (const run of runs) taken.push(...run.steps.splice(0).map((s) => s.transition));
    const frame: Frame = {
      label: `${label}: ${step.direction === 'client_to_server' ? 'client' : 'server'}`,
      pointer: null,
      step: this.#redact(step),
      findings: findings.map((f) => this.#redact({ rule: f.rule, severity: f.severity, pointer: f.pointer, message: f.message })),
      view: this.#redact(session.view()),
      ...actorsOf(runs),
      taken,
    };
    const live: LiveFrame = { seq: ++this.#seq, frame };
    this.#kept.push(live);
    if (this.#kept.length > MAX_LIVE_FRAMES) this.#kept.shift();
    for (const listener of this.#listeners) listener(live);
  }

  /** The frames kept, oldest first. */
  kept(): readonly LiveFrame[] {
    return this.#kept;
  }

  /** Calls `listener` with every new frame until the returned function is called. */
  listen(listener: (frame: LiveFrame) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
