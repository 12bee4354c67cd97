// Why: `check --scenario` is the check as always plus the user's steps; this is everything it adds
// around the run, so the command keeps one small hook: the files read before the run, the steps
// recorded in the trace's options, and after the run the snapshots written (--update-snapshots)
// or the step the client would not send reported (the check could not run, exit 2).
import { InputError } from '../files/input-error.ts';
import type { JsonObject } from '../validators/context.ts';
import { ruleById } from '../validators/rules/index.ts';
import { ScenarioPlay, stepName } from './play.ts';
import type { Expectation } from './scenario-format.ts';
import { readScenarioFile, writeSnapshots, type ScenarioFile } from './scenario-file.ts';

/** The scenarios of one check, read and ready to play. */
export interface CheckScenarios {
  readonly files: readonly ScenarioFile[];
  readonly play: ScenarioPlay;
  readonly update: boolean;
}

/** Reads the files --scenario names (none: undefined); a bad file throws an InputError with its pointer. */
export async function loadScenarios(paths: readonly string[], update: boolean): Promise<CheckScenarios | undefined> {
  if (paths.length === 0) return undefined;
  const files: ScenarioFile[] = [];
  for (const path of paths) files.push(await readScenarioFile(path));
  return { files, play: new ScenarioPlay(files.map((f) => f.scenario), { update }), update };
}

/** The scenarios as the trace's options record them: each name and its steps as written. */
export function recordedScenarios(scenarios: CheckScenarios): JsonObject[] {
  return scenarios.files.map((f) => ({ name: f.scenario.name, steps: f.scenario.steps.map((s) => s.source) }));
}

/**
 * After a run: the step the client would not send (an InputError naming its file and pointer), else
 * with --update-snapshots each file rewritten with its answers; `say` is told what was written.
 */
export async function finishScenarios(scenarios: CheckScenarios, say: (line: string) => void): Promise<InputError | undefined> {
  const { files, play } = scenarios;
  const refused = play.outcomes.find((o) => o.refused !== undefined);
  if (refused?.refused !== undefined) {
    const file = files[refused.scenario] as ScenarioFile;
    const r = refused.refused;
    return new InputError(ruleById('cli/scenario-invalid').id, r.filePointer, `scenario ${file.label}: ${stepName(file.scenario, refused.step)} was not sent, as the client would reject it: ${r.message} [${r.rule}] (at ${r.filePointer})`);
  }
  if (!scenarios.update) return undefined;
  for (const [index, file] of files.entries()) {
    const snapshots = new Map<number, Expectation>();
    for (const o of play.outcomes) if (o.scenario === index && o.observed !== undefined) snapshots.set(o.step, o.observed);
    await writeSnapshots(file, snapshots);
    const missing = file.scenario.steps.length - snapshots.size;
    say(`mcp-statechart: --update-snapshots wrote ${snapshots.size} of ${file.scenario.steps.length} steps into ${file.label}${missing > 0 ? ` (${missing} had no answer and kept their expect)` : ''}\n`);
  }
  return undefined;
}
