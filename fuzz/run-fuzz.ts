// Why: fuzzing is a search: fast-check draws action sequences from the seed, each is played
// against a fresh target, and the first run with an error finding is shrunk, by fast-check's own
// shrinking, to the smallest sequence that still breaks the same rule. The result is that run's
// trace (its seed and actions inside), which replay plays again. A target that cannot run at all
// stops the search: that is no finding.
import fc from 'fast-check';
import type { JsonObject } from '../validators/context.ts';
import { sequenceArbitrary } from './generator.ts';
import { runSequence, type SequenceOptions, type SequenceRun } from './run-sequence.ts';

/** The most runs spent shrinking one failure (a run is a server process or session each). */
export const SHRINK_BUDGET = 300;

/** What to fuzz, how much, and from which seed. */
export interface FuzzOptions extends Omit<SequenceOptions, 'mode' | 'seed' | 'recorded'> {
  /** Sequences tried before concluding that nothing was found. */
  readonly runs: number;
  readonly seed: number;
  /** The longest sequence drawn. */
  readonly maxSteps: number;
  /** The run's settings as the trace records them. */
  readonly recorded: JsonObject;
}

/** How a fuzz search ended. */
export interface FuzzResult {
  /** `found`: a run broke a rule (the trace is its shrunk run); `clean`: none did (the last run); `error`: the target could not run. */
  readonly outcome: 'found' | 'clean' | 'error';
  readonly run: SequenceRun;
  /** Sequences tried (up to and including the first failure). */
  readonly runs: number;
  /** Shrinking steps that kept the failure. */
  readonly shrinks: number;
}

/** Searches for a sequence that breaks a rule; shrinks the first one found. */
export async function runFuzz(options: FuzzOptions): Promise<FuzzResult> {
  const sequence: Omit<SequenceOptions, 'recorded'> & { recorded: JsonObject } = { ...options, mode: 'fuzz' };
  let rule: string | undefined;
  let failing: SequenceRun | undefined;
  let broken: SequenceRun | undefined;
  let last: SequenceRun | undefined;
  let shrinkRuns = 0;
  const property = fc.asyncProperty(sequenceArbitrary(options.target.transport, options.maxSteps), async (actions) => {
    if (broken !== undefined || (rule !== undefined && shrinkRuns >= SHRINK_BUDGET)) return true;
    const run = await runSequence(actions, sequence);
    if (rule !== undefined) shrinkRuns++;
    else last = run;
    if (run.trace.status === 'error') {
      if (rule === undefined) broken = run;
      return true;
    }
    const errors = run.trace.findings.filter((f) => f.severity === 'error');
    const fails = rule === undefined ? errors.length > 0 : errors.some((f) => f.rule === rule);
    if (!fails) return true;
    rule ??= errors[0]?.rule;
    failing = run;
    return false;
  });
  const details = await fc.check(property, { seed: options.seed, numRuns: options.runs });
  if (broken !== undefined) return { outcome: 'error', run: broken, runs: details.numRuns, shrinks: 0 };
  if (failing !== undefined) return { outcome: 'found', run: failing, runs: details.numRuns, shrinks: details.numShrinks };
  if (last === undefined) throw new Error('runFuzz: no run was made');
  return { outcome: 'clean', run: last, runs: details.numRuns, shrinks: 0 };
}
