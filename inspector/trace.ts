import { Session, type SessionView, type Step } from '../machines/session.ts';
import type { AuthorizationPolicy } from '../validators/authorization.ts';
import type { JsonObject } from '../validators/context.ts';
import type { Fixture, FixtureCase } from '../runner/fixture-schema.ts';
import { profileForFixture } from '../runner/profile-for.ts';
import { runCase, type CaseResult } from '../runner/run-case.ts';
import { stateElementId } from '../coverage/diagram/dot.ts';
import { machineGraphs } from '../coverage/measure.ts';
import { basisFromFixture } from '../coverage/models/basis.ts';
import { TransitionRecorder, type ActorRun } from '../coverage/recorder.ts';

/** One actor of the session and the state it is in. */
export interface ActorState {
  readonly actor: string;
  readonly machine: string;
  readonly state: string;
}

/** A finding with its pointer into the fixture file. */
export interface FrameFinding {
  readonly rule: string;
  readonly severity: string;
  readonly pointer: string;
  readonly message: string;
}

/** The session after one step (or before the first): everything the inspector shows. */
export interface Frame {
  readonly label: string;
  /** The step's JSON Pointer in the fixture (`/cases/3/steps/1`); null for the start. */
  readonly pointer: string | null;
  readonly step: Step | null;
  readonly findings: readonly FrameFinding[];
  readonly view: SessionView;
  readonly actors: readonly ActorState[];
  /** SVG element ids of the states some actor is in. */
  readonly active: readonly string[];
  /** Transition ids taken while handling this step. */
  readonly taken: readonly string[];
}

/** A case played for the inspector. */
export interface CaseTrace {
  readonly fixture: string;
  readonly name: string;
  readonly description: string | null;
  readonly expect: 'pass' | 'fail';
  readonly result: CaseResult;
  readonly frames: readonly Frame[];
}

function actorLabel(run: ActorRun): string {
  const c = run.context as Record<string, unknown> | undefined;
  if (run.machine === 'correlation') return `correlation (${String(c?.['direction'])})`;
  if (run.machine === 'subscription') return `subscription ${String(c?.['subject'])}@${String(c?.['tenant'])} ${String(c?.['uri'])}`;
  return run.machine;
}

function actorsOf(runs: readonly ActorRun[]): { actors: ActorState[]; active: string[] } {
  const actors = runs.map((r) => ({ actor: actorLabel(r), machine: r.machine, state: r.current }));
  const active = new Set<string>();
  for (const a of actors) for (const path of a.state.split(',')) if (path !== '') active.add(stateElementId(a.machine, path));
  return { actors, active: [...active].sort() };
}

function stepPointer(index: number, label: string): string {
  const m = /^(setup|step) (\d+)$/.exec(label);
  if (!m) return `/cases/${index}`;
  return m[1] === 'setup' ? `/cases/${index}/setup` : `/cases/${index}/steps/${m[2]}`;
}

/**
 * Plays one case through a fresh session and keeps a frame per step: the wire message, the
 * findings, the session's view, every actor's state and the transitions the step took (from the
 * actors' inspection events). The first frame is the session before any step.
 */
export function traceCase(label: string, fixture: Fixture, kase: FixtureCase, index: number): CaseTrace {
  const { graphs, byDefinition } = machineGraphs(basisFromFixture(fixture));
  const recorder = new TransitionRecorder(graphs.map((g) => g.model), byDefinition);
  const frames: Frame[] = [];
  const seen = new Map<ActorRun, number>();
  const takenSince = (): string[] => {
    const out: string[] = [];
    for (const run of recorder.runs()) {
      out.push(...run.steps.slice(seen.get(run) ?? 0).map((s) => s.transition));
      seen.set(run, run.steps.length);
    }
    return out;
  };
  const profile = profileForFixture(fixture);
  const startFrame = (): Frame => {
    // The view before any step, from an untouched session with the same policy and defaults.
    const fresh = new Session({
      profile,
      policy: fixture.authorization as AuthorizationPolicy,
      transportDefaults: fixture.transport_context_defaults,
      tools: [fixture.tool as JsonObject],
    });
    const view = fresh.view();
    fresh.stop();
    return {
      label: 'start',
      pointer: null,
      step: null,
      findings: [],
      view,
      ...actorsOf(recorder.runs().filter((r) => r.machine !== 'subscription').map((r) => ({ ...r, current: r.start }))),
      taken: [],
    };
  };
  const result = runCase(fixture, kase, index, {
    profile,
    inspect: recorder.inspect,
    onStep: (played) => {
      if (frames.length === 0) frames.push(startFrame());
      const pointer = stepPointer(index, played.label);
      frames.push({
        label: played.label,
        pointer,
        step: played.step,
        findings: played.findings.map((f) => ({ rule: f.rule, severity: f.severity, pointer: pointer + f.pointer, message: f.message })),
        view: played.view,
        ...actorsOf(recorder.runs()),
        taken: takenSince(),
      });
    },
  });
  if (frames.length === 0) frames.push(startFrame());
  return { fixture: label, name: kase.name, description: kase.description ?? null, expect: kase.expect, result, frames };
}
