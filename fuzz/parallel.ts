// Why: fast-check asks for one run at a time, in the seed's order, and decides from each result
// whether to go on; but which sequence run k plays depends on the seed and k alone, never on the
// results before it. So while the search waits for run k, the runs after it (those of this shard)
// are already played, up to --jobs at once, each against its own server process or session. The
// search reads every result in order as before, so it stops at the same run, shrinks the same
// sequence and writes the same trace whatever the number of jobs; a run played ahead beyond the
// one the search stops at is only waited for and thrown away. Shrinking stays one run at a time:
// each step depends on the one before.
import fc from 'fast-check';
import type { Action } from '../trace/action-schema.ts';
import { ownsRun, WHOLE, type Shard } from './shard.ts';
import type { SequenceRun } from './run-sequence.ts';

/** The most runs played at once. */
export const MAX_JOBS = 64;

/** Sequences drawn ahead per draw from the seed (a window, so 100,000 runs are never all held). */
const DRAW_WINDOW = 256;

/** How the search's runs are spread: jobs at once, and which shard of the seed's runs. */
export interface RunPlan {
  readonly jobs: number;
  readonly shard: Shard;
}

/** One process, one run at a time, every run. */
export const SERIAL: RunPlan = { jobs: 1, shard: WHOLE };

/** Plays the search's runs ahead of the search, up to `jobs` at once, in the seed's order. */
export class RunPool {
  readonly #arbitrary: fc.Arbitrary<Action[]>;
  readonly #seed: number;
  readonly #runs: number;
  readonly #plan: RunPlan;
  readonly #play: (actions: readonly Action[], position: number) => Promise<SequenceRun>;
  readonly #started = new Map<number, { key: string; run: Promise<SequenceRun> }>();
  readonly #all = new Set<Promise<unknown>>();
  #drawn: { from: number; values: Action[][] } = { from: 0, values: [] };
  #next = 0;
  #stopped = false;

  /** `play`: one run of a sequence (a fresh target); `position`: its place (from 0) in the seed's list. */
  constructor(arbitrary: fc.Arbitrary<Action[]>, seed: number, runs: number, plan: RunPlan, play: (actions: readonly Action[], position: number) => Promise<SequenceRun>) {
    this.#arbitrary = arbitrary;
    this.#seed = seed;
    this.#runs = runs;
    this.#plan = plan;
    this.#play = play;
  }

  /** Whether this shard plays the run at `position`. */
  owns(position: number): boolean {
    return ownsRun(this.#plan.shard, position);
  }

  /** The run at `position` of `actions` (what fast-check drew there), played ahead when it could be. */
  async run(position: number, actions: readonly Action[]): Promise<SequenceRun> {
    this.#fill(position);
    const ahead = this.#started.get(position);
    this.#started.delete(position);
    // A sequence played ahead stands for this run only if it is the one fast-check drew here.
    return ahead !== undefined && ahead.key === JSON.stringify(actions) ? ahead.run : this.#track(this.#play(actions, position));
  }

  /** No more runs are started ahead (the search has ended or is shrinking). */
  stop(): void {
    this.#stopped = true;
    this.#started.clear();
  }

  /** Waits for every run started (ahead or not) to end, so that no target is left running. */
  async drain(): Promise<void> {
    this.stop();
    while (this.#all.size > 0) await Promise.allSettled([...this.#all]);
  }

  /** Starts the shard's runs from `position` on until `jobs` are in flight. */
  #fill(position: number): void {
    if (this.#stopped) return;
    this.#next = Math.max(this.#next, position);
    while (this.#all.size < this.#plan.jobs && this.#next < this.#runs) {
      const at = this.#next++;
      if (!this.owns(at) || this.#started.has(at)) continue;
      const actions = this.#draw(at);
      this.#started.set(at, { key: JSON.stringify(actions), run: this.#track(this.#play(actions, at)) });
    }
  }

  #track<T>(promise: Promise<T>): Promise<T> {
    this.#all.add(promise);
    const forget = (): void => {
      this.#all.delete(promise);
    };
    promise.then(forget, forget);
    return promise;
  }

  /** The sequence fast-check draws at `position` for this seed (drawn a window at a time). */
  #draw(position: number): Action[] {
    const { from, values } = this.#drawn;
    if (position < from || position >= from + values.length) {
      const count = Math.min(DRAW_WINDOW, this.#runs - position);
      this.#drawn = { from: position, values: fc.sample(this.#arbitrary, { seed: this.#seed, path: String(position), numRuns: count }) };
    }
    return this.#drawn.values[position - this.#drawn.from] as Action[];
  }
}
