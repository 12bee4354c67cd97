// Why: a check trace that ran scenarios is as replayable as a fuzz trace: `replay` plays its
// steps again (with the tools it called by name) against targets the user names, never one the
// trace names, and counts the runs that fail with its signature. The steps are read back through
// the scenario reader, so a trace cannot smuggle in a request no scenario file could make.
import { InputError } from '../files/input-error.ts';
import type { ReplayResult } from '../fuzz/run-replay.ts';
import { runCheck, type CheckOptions } from '../live/run-check.ts';
import type { NamedCall } from '../live/driver.ts';
import type { Trace } from '../trace/trace-schema.ts';
import type { JsonObject } from '../validators/context.ts';
import { isJsonObject } from '../validators/shape.ts';
import { ruleById } from '../validators/rules/index.ts';
import { ScenarioPlay } from './play.ts';
import { readScenario, type Scenario } from './scenario-format.ts';

/** The scenarios a check trace records (undefined: it records none). */
export function recordedScenarios(trace: Trace): Scenario[] | undefined {
  const recorded = trace.options['scenarios'];
  if (trace.mode !== 'check' || trace.sequence !== undefined || !Array.isArray(recorded)) return undefined;
  return recorded.map((document, i) => {
    try {
      return readScenario(document);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      throw new InputError(ruleById('fixture/trace-not-replayable').id, `/options/scenarios/${i}${error.pointer}`, `trace: its scenario ${i} is not one a scenario file could hold: ${error.message}`);
    }
  });
}

/** The tools a check trace called by name (`options.calls`). */
function recordedCalls(trace: Trace): NamedCall[] {
  const calls = trace.options['calls'];
  if (!Array.isArray(calls)) return [];
  return calls.flatMap((c) => (isJsonObject(c) && typeof c['name'] === 'string' && isJsonObject(c['args']) ? [{ name: c['name'], args: c['args'] }] : []));
}

/** How a scenario trace is replayed: the check's settings but for its steps and calls, which come from the trace. */
export type ScenarioReplayOptions = Omit<CheckOptions, 'steps' | 'scenarios' | 'calls' | 'scope' | 'era'> & {
  readonly runs: number;
  readonly maxTimeMs?: number;
  readonly onRun?: (reproduced: boolean) => void;
};

/** Plays a check trace's scenarios `runs` times against the target given, counting the runs that fail with `signature`. */
export async function replayScenarios(trace: Trace, scenarios: readonly Scenario[], options: ScenarioReplayOptions): Promise<ReplayResult> {
  const era = isJsonObject(trace.options['era']) && (trace.options['era']['used'] === 'modern' || trace.options['era']['used'] === 'legacy') ? trace.options['era']['used'] : 'auto';
  const scope = trace.options['scope'] === 'full' ? 'full' : 'quick';
  const deadline = options.maxTimeMs === undefined ? Number.POSITIVE_INFINITY : performance.now() + options.maxTimeMs;
  let reproduced = 0;
  let last: ReplayResult['last'] | undefined;
  for (let i = 0; i < options.runs; i++) {
    const play = new ScenarioPlay(scenarios);
    const run = await runCheck({ ...options, scope, era, calls: recordedCalls(trace), steps: play.run, scenarios: trace.options['scenarios'] as JsonObject[] });
    last = { trace: run.trace, timings: run.timings, redactor: run.redactor };
    if (run.trace.status === 'error') return { reproduced, runs: i + 1, last, couldNotRun: true, outOfTime: false };
    const same = run.trace.status === 'fail' && run.trace.signature === trace.signature;
    if (same) reproduced++;
    options.onRun?.(same);
    if (performance.now() > deadline) return { reproduced, runs: i + 1, last, couldNotRun: false, outOfTime: true };
  }
  if (last === undefined) throw new Error('replayScenarios: no run was made');
  return { reproduced, runs: options.runs, last, couldNotRun: false, outOfTime: false };
}
