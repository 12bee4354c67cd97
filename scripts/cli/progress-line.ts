// Why: a long run (fuzz --runs 500, a replay, an exercise of many tools, matrix) is otherwise
// silent for minutes. On a terminal one line on standard error says how far it is: runs done of
// the total, findings so far, time elapsed and an estimate of the time left; it is redrawn in place
// (at most every PROGRESS_INTERVAL_MS) and cleared at the end. Off a terminal, with --json or
// --quiet, it writes nothing, so files, pipes and machine output never carry it.

/** Where the line is drawn: standard error, or a fake terminal in tests. */
export interface ProgressStream {
  readonly isTTY?: boolean;
  readonly columns?: number;
  write(text: string): unknown;
}

/** The shortest time between two redraws, in ms (the last update is always drawn). */
export const PROGRESS_INTERVAL_MS = 100;

/** Clears the terminal line the cursor is on. */
const CLEAR = '\r\x1b[2K';

/** A duration as m:ss (or h:mm:ss). */
export function clock(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** What a progress line shows. */
export interface Progress {
  readonly done: number;
  readonly total: number;
  readonly findings: number;
}

/** `3 findings`, `1 finding`. */
export function findingsText(n: number): string {
  return `${n} finding${n === 1 ? '' : 's'}`;
}

/** The line's text: `fuzz: 12/500 runs, 0 findings, 0:31 elapsed, ~21:05 left`. */
export function progressText(label: string, unit: string, p: Progress, elapsedMs: number, deadlineLeftMs?: number, counted: (n: number) => string = findingsText): string {
  const estimate = p.done > 0 && p.total > p.done ? (elapsedMs / p.done) * (p.total - p.done) : undefined;
  const left = estimate === undefined ? deadlineLeftMs : deadlineLeftMs === undefined ? estimate : Math.min(estimate, deadlineLeftMs);
  const findings = counted(p.findings);
  return `${label}: ${p.done}/${p.total} ${unit}, ${findings}, ${clock(elapsedMs)} elapsed${left === undefined ? '' : `, ~${clock(left)} left`}`;
}

/** One live progress line on a terminal; does nothing when the stream is not one or `enabled` is false. */
export class ProgressLine {
  readonly #stream: ProgressStream;
  readonly #label: string;
  readonly #unit: string;
  readonly #now: () => number;
  readonly #started: number;
  readonly #deadline: number | undefined;
  readonly #enabled: boolean;
  readonly #counted: (n: number) => string;
  #drawnAt = Number.NEGATIVE_INFINITY;
  #drawn = false;

  /** `deadline`: when the run must end (now()'s clock), if bounded in time; `now`: the clock (tests give their own). */
  constructor(stream: ProgressStream | undefined, label: string, options: { readonly unit?: string; readonly counted?: (n: number) => string; readonly enabled?: boolean; readonly deadline?: number; readonly now?: () => number } = {}) {
    this.#counted = options.counted ?? findingsText;
    this.#stream = stream ?? { write: () => undefined };
    this.#label = label;
    this.#unit = options.unit ?? 'runs';
    this.#now = options.now ?? (() => performance.now());
    this.#started = this.#now();
    this.#deadline = options.deadline;
    this.#enabled = options.enabled !== false && stream?.isTTY === true;
  }

  /** Whether the line is drawn at all (a terminal, and not turned off). */
  get live(): boolean {
    return this.#enabled;
  }

  /** Redraws the line (throttled, except when the run is done). */
  update(p: Progress): void {
    if (!this.#enabled) return;
    const now = this.#now();
    if (now - this.#drawnAt < PROGRESS_INTERVAL_MS && p.done < p.total) return;
    this.#drawnAt = now;
    const text = progressText(this.#label, this.#unit, p, now - this.#started, this.#deadline === undefined ? undefined : this.#deadline - now, this.#counted);
    const width = Math.max(20, (this.#stream.columns ?? 80) - 1);
    this.#stream.write(`${CLEAR}${text.length > width ? `${text.slice(0, width - 1)}…` : text}`);
    this.#drawn = true;
  }

  /** Clears the line, leaving the terminal as it was; call it before anything else is printed. */
  clear(): void {
    if (!this.#drawn) return;
    this.#stream.write(CLEAR);
    this.#drawn = false;
  }
}
