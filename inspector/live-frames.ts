// Why: the inspector page steps through frames of a session; a tapped session is a real one that
// goes on while it is watched. This turns each message the tap's session judges into the same
// frame the offline inspector shows (message, findings, the session's view, every actor's state,
// the transitions just taken), redacted, and keeps only the latest ones, bounded in number and in
// bytes (a frame too large to show is shown shortened, and says so), so watching a long session
// of any traffic costs bounded memory.
import type { InspectionEvent } from 'xstate';
import type { SessionView, WireStep } from '../machines/session.ts';
import type { Judge } from '../judge/judge.ts';
import { machineGraphs } from '../coverage/measure.ts';
import { SAMPLE_BASIS } from '../coverage/models/basis.ts';
import { TransitionRecorder } from '../coverage/recorder.ts';
import { pendingIn, StepNamer } from './step-name.ts';
import { actorsOf, profileShown, type Frame, type FrameFinding, type ProfileShown } from './trace.ts';

/** The most frames kept for a page that connects later (the latest ones). */
export const MAX_LIVE_FRAMES = 2_000;
/** The most bytes of frames (as sent, JSON) kept for a page that connects later (the latest ones). */
export const MAX_LIVE_FRAME_BYTES = 16 * 1024 * 1024;
/** A frame larger than this (JSON) is shown shortened: its message replaced by a note, long lists and strings cut. */
export const MAX_FRAME_BYTES = 256 * 1024;

/** Entries of a list, and characters of a string, a shortened frame keeps. */
const SHORT_LIST = 50;
const SHORT_TEXT = 200;

/** A frame as the tap streams it: its number in the session (from 1) and the frame. */
export interface LiveFrame {
  readonly seq: number;
  readonly frame: Frame;
}

/** A frame with the JSON text it is sent as. */
interface SentFrame {
  readonly item: LiveFrame;
  readonly text: string;
}

/** Entries of a list of the session's view a frame shows (the latest frames of a long session stay cheap to make). */
const VIEW_LIST = 200;

/** The session's view with each list cut to VIEW_LIST entries, the count of the rest named (no string is cut, so redaction sees every value whole). */
function listsCut(view: SessionView): SessionView {
  const cut = <T>(list: readonly T[], more: (n: number) => T): T[] => (list.length > VIEW_LIST ? [...list.slice(0, VIEW_LIST), more(list.length - VIEW_LIST)] : [...list]);
  const pending = (n: number) => ({ id: '...', method: `${n} more not shown` });
  return {
    ...view,
    pending: { client_to_server: cut(view.pending.client_to_server, pending), server_to_client: cut(view.pending.server_to_client, pending) },
    subscriptions: cut(view.subscriptions, (n) => ({ uri: `${n} more not shown`, subject: '', tenant: '', state: '' })),
  };
}

/** A value with every string cut to SHORT_TEXT characters and every array to SHORT_LIST entries (the count of the rest named). */
function shortened(value: unknown): unknown {
  if (typeof value === 'string') return value.length > SHORT_TEXT ? `${value.slice(0, SHORT_TEXT)}\u2026 (${value.length} characters)` : value;
  if (Array.isArray(value)) {
    const kept = value.slice(0, SHORT_LIST).map(shortened);
    return value.length > SHORT_LIST ? [...kept, `\u2026 ${value.length - SHORT_LIST} more not shown`] : kept;
  }
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) Object.defineProperty(out, k, { value: shortened(v), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value;
}

/** Makes values fit for the page (redaction). */
export type Redact = <T>(value: T) => T;

/** Frames of a live session, produced as its messages are judged and passed to whoever listens. */
export class LiveFrames {
  readonly #recorder: TransitionRecorder;
  readonly #redact: Redact;
  readonly #kept: SentFrame[] = [];
  #keptBytes = 0;
  readonly #listeners = new Set<(text: string, frame: LiveFrame) => void>();
  #seq = 0;
  #failed = false;
  readonly #namer = new StepNamer();
  #profile: ProfileShown | undefined;

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
    const rejected = findings.some((f) => f.severity === 'error');
    if (this.#profile?.id !== session.profile.id) this.#profile = profileShown(session.profile, false);
    const view = session.view();
    const frame: Frame = {
      label,
      pointer: null,
      step: this.#redact(step),
      ...this.#redact(this.#namer.name(step, this.#seq, rejected, pendingIn(view.pending))),
      findings: findings.map((f) => this.#redact({ rule: f.rule, severity: f.severity, pointer: f.pointer, message: f.message })),
      view: this.#redact(listsCut(view)),
      ...actorsOf(runs),
      taken,
      // On every frame: a page that connects late is sent only the latest ones.
      profile: this.#profile,
    };
    const seq = ++this.#seq;
    let live: LiveFrame = { seq, frame };
    let text = JSON.stringify(live);
    if (text.length > MAX_FRAME_BYTES) {
      // Cut after redaction: what is shown of a value is part of its redacted form.
      const bytes = Buffer.byteLength(text);
      const short = shortened({ ...frame, step: { direction: step.direction, message: `a message too large to show here (its frame is ${bytes} bytes; the trace has it)` } }) as Frame;
      live = { seq, frame: { ...short, label: `${frame.label} (shortened: ${bytes} bytes)` } };
      text = JSON.stringify(live);
    }
    this.#kept.push({ item: live, text });
    this.#keptBytes += text.length;
    while (this.#kept.length > MAX_LIVE_FRAMES || (this.#keptBytes > MAX_LIVE_FRAME_BYTES && this.#kept.length > 1)) this.#keptBytes -= (this.#kept.shift() as SentFrame).text.length;
    for (const listener of this.#listeners) listener(text, live);
  }

  /** The frames kept, oldest first, with the JSON text each is sent as. */
  kept(): readonly { readonly item: LiveFrame; readonly text: string }[] {
    return this.#kept;
  }

  /** The characters of JSON text kept. */
  get keptBytes(): number {
    return this.#keptBytes;
  }

  /** Calls `listener` with every new frame (its JSON text, and the frame) until the returned function is called. */
  listen(listener: (text: string, frame: LiveFrame) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
