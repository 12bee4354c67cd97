import type { AnyTransitionDefinition } from 'xstate';
import { profileForFixture } from '../runner/profile-for.ts';
import type { Fixture } from '../runner/fixture-schema.ts';
import { runCase } from '../runner/run-case.ts';
import { declaredTransitions, type DeclaredTransition } from './declared-transitions.ts';
import { basisFromFixture, SAMPLE_BASIS, type ModelBasis } from './models/basis.ts';
import { createModels } from './models/index.ts';
import type { MachineModel, ModelHome } from './models/model.ts';
import { followsPath, TransitionRecorder } from './recorder.ts';
import { transitionPaths, type TransitionPath } from './transition-paths.ts';

/** A parsed fixture file and the label that names it in output. */
export interface LoadedFixture {
  readonly label: string;
  readonly fixture: Fixture;
}

/** One machine's declared transitions and the shortest path to each. */
export interface MachineGraph {
  readonly model: MachineModel;
  readonly transitions: readonly DeclaredTransition[];
  readonly paths: ReadonlyMap<string, TransitionPath>;
}

/** What playing the cases showed: per transition id the cases taking it, and the cases following its path. */
export interface Measurement {
  readonly basis: ModelBasis;
  /** The fixture the basis came from, and its profile: where the core machines' suggested cases belong. */
  readonly home: ModelHome;
  readonly graphs: readonly MachineGraph[];
  readonly caseCount: number;
  readonly takenBy: ReadonlyMap<string, readonly string[]>;
  readonly pathFollowedBy: ReadonlyMap<string, readonly string[]>;
}

/** The machines' transitions and paths, with event payloads taken from `basis`. */
export function machineGraphs(basis: ModelBasis): { graphs: MachineGraph[]; byDefinition: Map<AnyTransitionDefinition, DeclaredTransition> } {
  const byDefinition = new Map<AnyTransitionDefinition, DeclaredTransition>();
  const graphs = createModels(basis).map((model) => {
    const declared = declaredTransitions(model.machine);
    for (const [def, d] of declared.byDefinition) byDefinition.set(def, d);
    return { model, transitions: declared.transitions, paths: transitionPaths(model, declared.byDefinition) };
  });
  return { graphs, byDefinition };
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) {
    if (list[list.length - 1] !== value) list.push(value);
  } else map.set(key, [value]);
}

/**
 * Plays every case of every fixture through a session whose actors report to a recorder, and
 * collects which declared transitions each case took and which shortest paths it followed.
 * Each fixture is judged under its own profile, so the extensions' machines run where the spec
 * profiles have them. The first fixture supplies the core catalogues' payloads (so suggestions fit it).
 */
export function measure(fixtures: readonly LoadedFixture[]): Measurement {
  const first = fixtures[0];
  const basis = first ? basisFromFixture(first.fixture) : SAMPLE_BASIS;
  const home: ModelHome = first ? { profile: profileForFixture(first.fixture).id, fixture: first.label } : { profile: 'course', fixture: '(the built-in sample)' };
  const { graphs, byDefinition } = machineGraphs(basis);
  const recorder = new TransitionRecorder(graphs.map((g) => g.model), byDefinition);
  const takenBy = new Map<string, string[]>();
  const pathFollowedBy = new Map<string, string[]>();
  const prefix = fixtures.length > 1;
  let caseCount = 0;
  for (const { label, fixture } of fixtures) {
    const profile = profileForFixture(fixture);
    fixture.cases.forEach((kase, i) => {
      const name = prefix ? `${label}#${kase.name}` : kase.name;
      recorder.reset();
      runCase(fixture, kase, i, { profile, inspect: recorder.inspect });
      caseCount += 1;
      const runs = recorder.runs();
      for (const run of runs) for (const step of run.steps) push(takenBy, step.transition, name);
      for (const g of graphs) {
        for (const path of g.paths.values()) {
          if (followsPath(runs, g.model.name, path.transitions)) push(pathFollowedBy, path.transition, name);
        }
      }
    });
  }
  return { basis, home, graphs, caseCount, takenBy, pathFollowedBy };
}
