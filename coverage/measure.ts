import type { AnyTransitionDefinition, InspectionEvent } from 'xstate';
import type { Profile } from '../validators/context.ts';
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

/** A transcript to play as one case: `play` feeds it through a session whose actors report to `inspect`, and returns its profile. */
export interface PlayableTranscript {
  readonly label: string;
  readonly play: (inspect: (event: InspectionEvent) => void) => Promise<Profile>;
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
  /** The profiles the cases were judged under (a machine none of them runs is not applicable). */
  readonly profiles: readonly Profile[];
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

/** Collects, case by case, the transitions taken and the shortest paths followed. */
class Measurer {
  readonly #graphs: readonly MachineGraph[];
  readonly #recorder: TransitionRecorder;
  readonly takenBy = new Map<string, string[]>();
  readonly pathFollowedBy = new Map<string, string[]>();
  readonly profiles = new Map<string, Profile>();
  caseCount = 0;

  constructor(graphs: readonly MachineGraph[], byDefinition: Map<AnyTransitionDefinition, DeclaredTransition>) {
    this.#graphs = graphs;
    this.#recorder = new TransitionRecorder(graphs.map((g) => g.model), byDefinition);
  }

  /** The recorder's inspection callback, reset for a new case. */
  start(): (event: InspectionEvent) => void {
    this.#recorder.reset();
    return this.#recorder.inspect;
  }

  /** Files what the case just played took, under `name` and `profile`. */
  finish(name: string, profile: Profile): void {
    this.caseCount += 1;
    this.profiles.set(profile.name, profile);
    const runs = this.#recorder.runs();
    for (const run of runs) for (const step of run.steps) push(this.takenBy, step.transition, name);
    for (const g of this.#graphs) {
      for (const path of g.paths.values()) {
        if (followsPath(runs, g.model.name, path.transitions)) push(this.pathFollowedBy, path.transition, name);
      }
    }
  }
}

function begin(first: LoadedFixture | undefined, firstProfile: string, override: string | undefined): { basis: ModelBasis; home: ModelHome; measurer: Measurer; graphs: MachineGraph[] } {
  const basis = first ? basisFromFixture(first.fixture, override) : SAMPLE_BASIS;
  const home: ModelHome = first ? { profile: profileForFixture(first.fixture, override).id, fixture: first.label } : { profile: firstProfile, fixture: '(the built-in sample)' };
  const { graphs, byDefinition } = machineGraphs(basis);
  return { basis, home, measurer: new Measurer(graphs, byDefinition), graphs };
}

function playFixtures(measurer: Measurer, fixtures: readonly LoadedFixture[], prefix: boolean, override: string | undefined): void {
  for (const { label, fixture } of fixtures) {
    const profile = profileForFixture(fixture, override);
    fixture.cases.forEach((kase, i) => {
      runCase(fixture, kase, i, { profile, inspect: measurer.start() });
      measurer.finish(prefix ? `${label}#${kase.name}` : kase.name, profile);
    });
  }
}

function result(basis: ModelBasis, home: ModelHome, graphs: readonly MachineGraph[], measurer: Measurer): Measurement {
  return {
    basis, home, graphs,
    caseCount: measurer.caseCount,
    takenBy: measurer.takenBy,
    pathFollowedBy: measurer.pathFollowedBy,
    profiles: [...measurer.profiles.values()],
  };
}

/**
 * Plays every case of every fixture through a session whose actors report to a recorder, and
 * collects which declared transitions each case took and which shortest paths it followed.
 * Each fixture is judged under its own profile, so the extensions' machines run where the spec
 * profiles have them. The first fixture supplies the core catalogues' payloads (so suggestions fit it).
 */
export function measure(fixtures: readonly LoadedFixture[], profile?: string): Measurement {
  const { basis, home, measurer, graphs } = begin(fixtures[0], 'course', profile);
  playFixtures(measurer, fixtures, fixtures.length > 1, profile);
  return result(basis, home, graphs, measurer);
}

/**
 * As measure, with transcripts too: each transcript is one case named by its label, judged under
 * the profile its header or its traffic picks.
 */
export async function measureWithTranscripts(fixtures: readonly LoadedFixture[], transcripts: readonly PlayableTranscript[], profile?: string): Promise<Measurement> {
  const { basis, home, measurer, graphs } = begin(fixtures[0], '2025-11-25', profile);
  const prefix = fixtures.length + transcripts.length > 1;
  playFixtures(measurer, fixtures, prefix, profile);
  for (const t of transcripts) {
    const profile = await t.play(measurer.start());
    measurer.finish(t.label, profile);
  }
  return result(basis, home, graphs, measurer);
}
