// Why: fuzzing is a search: fast-check draws action sequences from the seed, each is played
// against a fresh target, and the first run with an error finding is shrunk, by fast-check's own
// shrinking, to the smallest sequence that still breaks the same rule. The result is that run's
// trace (its seed and actions inside), which replay plays again. A target that cannot run at all
// stops the search: that is no finding. In 2026-07-28 over stdio with `reuseProcess`, the runs
// share server processes (one per job): a failure found so is played again on a fresh process
// before it is shrunk, and shrunk there (one process per step, as without reuse, so shrinking does
// not hang on the runs before it); when it does not come back there, it rests on what earlier runs
// left in the process (a server that keeps state across requests), and the search says so and
// keeps the run as found, unshrunk.
import fc from 'fast-check';
import type { Action } from '../trace/action-schema.ts';
import type { JsonObject } from '../validators/context.ts';
import { sequenceArbitrary } from './generator.ts';
import type { Surface } from './surface.ts';
import { RunPool, SERIAL, type RunPlan } from './parallel.ts';
import { runSequence, type SequenceOptions, type SequenceRun } from './run-sequence.ts';
import { SharedProcesses } from './shared-processes.ts';

/** The most runs spent shrinking one failure (a run is a server process or session each). */
export const SHRINK_BUDGET = 300;

/**
 * Which of a run's findings are already known (listed as expected failures, or of an ignored
 * rule): those do not end the search, which goes on to the next unexpected error. Returns the
 * unexpected error findings' rules and the indexes of the expected entries the run met.
 */
export type KnownFilter = (run: SequenceRun) => { readonly unexpected: readonly string[]; readonly met: readonly number[] };

/** What to fuzz, how much, and from which seed. */
export interface FuzzOptions extends Omit<SequenceOptions, 'mode' | 'seed' | 'recorded'> {
  /** What the search already knows (default: every error finding is unexpected). */
  readonly known?: KnownFilter;
  /** Action kinds left out of the drawn sequences. */
  readonly without?: readonly string[];
  /** The whole search's time bound, in ms (none: unbounded); runs not started by then are not made. */
  readonly maxTimeMs?: number;
  /** Sequences tried before concluding that nothing was found. */
  readonly runs: number;
  readonly seed: number;
  /** The longest sequence drawn. */
  readonly maxSteps: number;
  /** The run's settings as the trace records them. */
  readonly recorded: JsonObject;
  /** Runs at once and the shard of the seed's runs (default: one at a time, all of them). */
  readonly plan?: RunPlan;
  /**
   * Over stdio in 2026-07-28 (era modern), the runs share server processes, one per job, instead of
   * each starting its own (--reuse-server); ignored in the legacy era, where a process holds one session.
   */
  readonly reuseProcess?: boolean;
  /** Told after each run: the search's runs made of the total, the shrinking runs, and the error findings of the failure found (0 before one). */
  readonly onProgress?: (progress: { readonly done: number; readonly total: number; readonly shrinks: number; readonly findings: number }) => void;
}

/** How a fuzz search ended. */
export interface FuzzResult {
  /** `found`: a run broke a rule (the trace is its shrunk run); `clean`: none did (the last run); `error`: the target could not run. */
  readonly outcome: 'found' | 'clean' | 'error';
  readonly run: SequenceRun;
  /** The number of the run the search ended at (the first failure, numbered in the seed's runs), or the runs made (clean: a shard's own, fewer when --max-time ran out). */
  readonly runs: number;
  /** Shrinking steps that kept the failure. */
  readonly shrinks: number;
  /** The indexes of expected-failures entries some run met (staleness is judged on them). */
  readonly met: readonly number[];
  /** Whether --max-time ended the search (or its shrinking) before it was done. */
  readonly timedOut: boolean;
  /**
   * The runs shared server processes: the failure found, if any, played again on a fresh one
   * (`reproduced`: shrunk on fresh processes; `not-reproduced`: it rests on earlier runs, unshrunk).
   */
  readonly shared?: SharedOutcome;
}

/** How a search on shared processes ended, as its trace's options record it (`shared_process`). */
export interface SharedOutcome {
  /** Server processes the search started for its runs. */
  readonly processes: number;
  /** The failure found: the runs the process had served before it, and whether a fresh process showed it too. */
  readonly found?: { readonly runs_before: number; readonly fresh_process: 'reproduced' | 'not-reproduced' };
}

/** The shared-process record of a search, in its trace's options. */
function withShared(run: SequenceRun, shared: SharedOutcome): SequenceRun {
  return { ...run, trace: { ...run.trace, options: { ...run.trace.options, shared_process: { ...shared } } } };
}

/** Searches for a sequence that breaks a rule; shrinks the first one found. */
export async function runFuzz(options: FuzzOptions): Promise<FuzzResult> {
  const sequence: Omit<SequenceOptions, 'recorded'> & { recorded: JsonObject } = { ...options, mode: 'fuzz' };
  const mode = options.exercise ?? 'none';
  const target = options.target;
  const processes = options.reuseProcess === true && options.era === 'modern' && target.transport === 'stdio' ? new SharedProcesses(target, options.env, options.graceMs) : undefined;
  try {
    return await search(options, sequence, processes);
  } finally {
    await processes?.close();
  }
}

/** The search proper (runs on `processes` when given, else each on a fresh target). */
async function search(options: FuzzOptions, sequence: Omit<SequenceOptions, 'recorded'> & { recorded: JsonObject }, processes: SharedProcesses | undefined): Promise<FuzzResult> {
  let rule: string | undefined;
  let failing: SequenceRun | undefined;
  let broken: SequenceRun | undefined;
  let last: SequenceRun | undefined;
  let shrinkRuns = 0;
  let position = 0;
  let found = 0;
  let made = 0;
  let timedOut = false;
  let unshrinkable: SharedOutcome['found'] | undefined;
  let reproduced: SharedOutcome['found'] | undefined;
  const met = new Set<number>();
  const known: KnownFilter = options.known ?? ((run) => ({ unexpected: run.trace.findings.filter((f) => f.severity === 'error').map((f) => f.rule), met: [] }));
  const deadline = options.maxTimeMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + options.maxTimeMs;
  const mode = options.exercise ?? 'none';
  const play = (actions: readonly Action[], run: number, share: boolean): Promise<SequenceRun> =>
    processes !== undefined && share ? processes.use((shared) => runSequence(actions, { ...sequence, run, shared })) : runSequence(actions, { ...sequence, run });
  let surface: Surface = { tools: [] };
  if (mode !== 'none') {
    // The tools are learnt once, before the search, from a run of no action: the draws need them.
    const learnt = await learnSurface(sequence, processes);
    if ('broken' in learnt) return { outcome: 'error', run: learnt.broken, runs: 0, shrinks: 0, met: [], timedOut: false };
    surface = learnt.surface;
  }
  const arbitrary = sequenceArbitrary(options.target.transport, options.maxSteps, options.without ?? [], options.era ?? 'legacy', { surface, mode });
  const pool = new RunPool(arbitrary, options.seed, options.runs, options.plan ?? SERIAL, (actions, at) => play(actions, at + 1, true));
  const property = fc.asyncProperty(arbitrary, async (actions) => {
    if (broken !== undefined || unshrinkable !== undefined || (rule !== undefined && shrinkRuns >= SHRINK_BUDGET)) return true;
    // Past the time bound nothing more is run (a drawn sequence not run counts as passing).
    if (Date.now() >= deadline && last !== undefined) {
      timedOut = true;
      pool.stop();
      return true;
    }
    const at = rule === undefined ? position++ : found;
    if (rule === undefined && !pool.owns(at)) return true;
    // Shrinking plays each step on a fresh process: a step must not hang on the steps before it.
    const run = rule === undefined ? await pool.run(at, actions) : await play(actions, found + 1, false);
    if (rule !== undefined) shrinkRuns++;
    else {
      last = run;
      made++;
    }
    const errors = run.trace.findings.filter((f) => f.severity === 'error').length;
    options.onProgress?.({ done: rule === undefined ? made : found + 1, total: options.runs, shrinks: shrinkRuns, findings: rule === undefined ? (known(run).unexpected.length > 0 ? errors : 0) : (failing?.trace.findings.filter((f) => f.severity === 'error').length ?? 0) });
    if (run.trace.status === 'error') {
      if (rule === undefined) {
        broken = run;
        pool.stop();
      }
      return true;
    }
    const judged = known(run);
    for (const index of judged.met) met.add(index);
    const fails = rule === undefined ? judged.unexpected.length > 0 : judged.unexpected.includes(rule);
    if (!fails) return true;
    if (rule === undefined) {
      found = at;
      pool.stop();
    }
    const first = rule ?? (judged.unexpected[0] as string);
    if (rule === undefined && run.trace.cleanup['process_shared'] === true) {
      // Found on a shared process: it is shrunk only if a fresh process shows it too.
      const runsBefore = typeof run.trace.cleanup['process_runs_before'] === 'number' ? run.trace.cleanup['process_runs_before'] : 0;
      const fresh = await play(actions, at + 1, false);
      shrinkRuns++;
      if (fresh.trace.status === 'error' || !known(fresh).unexpected.includes(first)) {
        unshrinkable = { runs_before: runsBefore, fresh_process: 'not-reproduced' };
        failing = run;
        rule = first;
        return true;
      }
      reproduced = { runs_before: runsBefore, fresh_process: 'reproduced' };
      rule = first;
      failing = fresh;
      return false;
    }
    rule = first;
    failing = run;
    return false;
  });
  const details = await fc.check(property, { seed: options.seed, numRuns: options.runs }).finally(() => pool.drain());
  const ended = { met: [...met].sort((a, b) => a - b), timedOut };
  const shared = (found: SharedOutcome['found'] | undefined): { shared?: SharedOutcome } => (processes === undefined ? {} : { shared: { processes: processes.processes, ...(found === undefined ? {} : { found }) } });
  const recorded = (run: SequenceRun, found?: SharedOutcome['found']): SequenceRun => (processes === undefined ? run : withShared(run, shared(found).shared as SharedOutcome));
  if (broken !== undefined) return { outcome: 'error', run: recorded(broken), runs: details.numRuns, shrinks: 0, ...ended, ...shared(undefined) };
  // Found on a shared process and not on a fresh one: kept as found, unshrunk (a shrinking step on a fresh process would not show it).
  if (unshrinkable !== undefined && failing !== undefined) return { outcome: 'found', run: recorded(failing, unshrinkable), runs: found + 1, shrinks: 0, ...ended, ...shared(unshrinkable) };
  // The failure's own number in the seed's runs (a shard made fewer; --max-time can only have cut its shrinking short).
  if (failing !== undefined) return { outcome: 'found', run: recorded(failing, reproduced), runs: found + 1, shrinks: details.numShrinks, ...ended, ...shared(reproduced) };
  if (last === undefined) throw new Error('runFuzz: no run was made');
  return { outcome: 'clean', run: recorded(last), runs: made, shrinks: 0, ...ended, ...shared(undefined) };
}

/** The server's listed tools, prompts and resource templates, from a run that plays no action; the run itself when the target could not run. */
async function learnSurface(sequence: Omit<SequenceOptions, 'recorded'> & { recorded: JsonObject }, processes: SharedProcesses | undefined): Promise<{ surface: Surface } | { broken: SequenceRun }> {
  let surface: Surface = { tools: [] };
  const options = { ...sequence, onSurface: (learnt: Surface) => { surface = learnt; } };
  const run = processes === undefined ? await runSequence([], options) : await processes.use((shared) => runSequence([], { ...options, shared }));
  if (run.trace.status === 'error') return { broken: run };
  return { surface };
}
