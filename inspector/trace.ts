import type { SessionView, Step } from '../machines/session.ts';
import { Judge } from '../judge/judge.ts';
import type { Fixture, FixtureCase } from '../runner/fixture-schema.ts';
import { profileForFixture } from '../runner/profile-for.ts';
import { caseSessionConfig, runCase, type CaseResult } from '../runner/run-case.ts';
import { stateElementId } from '../coverage/diagram/dot.ts';
import { SESSION_MACHINES } from '../coverage/diagram/session-machines.ts';
import { machineGraphs } from '../coverage/measure.ts';
import { basisFromFixture } from '../coverage/models/basis.ts';
import { TransitionRecorder, type ActorRun } from '../coverage/recorder.ts';
import { SAMPLE_BASIS } from '../coverage/models/basis.ts';
import type { JudgeOptions, TranscriptRun } from '../transcripts/transcript-report.ts';

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

const SIDE: Readonly<Record<string, string>> = { client_to_server: 'client', server_to_client: 'server' };

function actorLabel(run: ActorRun): string {
  const c = run.context as Record<string, unknown> | undefined;
  const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  switch (run.machine) {
    case 'correlation': return `correlation (${String(c?.['direction'])})`;
    case 'subscription': return `subscription ${String(c?.['subject'])}@${String(c?.['tenant'])} ${String(c?.['uri'])}`;
    case 'progress': return `progress token ${JSON.stringify(c?.['token'])} (${String(c?.['method'])} ${JSON.stringify(c?.['requestId'])}, sent by the ${SIDE[String(c?.['direction'])]})`;
    case 'cancellation': return `cancellation (requests sent by the ${SIDE[String(c?.['direction'])]})`;
    case 'task': return `task ${JSON.stringify(c?.['taskId'])} (held by the ${SIDE[String(c?.['holder'])]})`;
    case 'inputRequired': return `inputRequired ${String(c?.['method'])}${c?.['target'] === undefined ? '' : ` ${show(c['target'])}`}`;
    default: return run.machine;
  }
}

/** Every actor's state, and the SVG ids to highlight: each active state and the compound states around it. */
export function actorsOf(runs: readonly ActorRun[]): { actors: ActorState[]; active: string[] } {
  // In diagram order (extensions start their actors before the core machines), then in the order they started.
  const rank = (r: ActorRun) => SESSION_MACHINES.findIndex((m) => m.id === r.machine);
  const ordered = runs.map((r, i) => ({ r, i })).sort((a, b) => rank(a.r) - rank(b.r) || a.i - b.i).map(({ r }) => r);
  const actors = ordered.map((r) => ({ actor: actorLabel(r), machine: r.machine, state: r.current }));
  const active = new Set<string>();
  for (const a of actors) {
    for (const path of a.state.split(',')) {
      if (path === '') continue;
      const parts = path.split('.');
      for (let i = 1; i <= parts.length; i++) active.add(stateElementId(a.machine, parts.slice(0, i).join('.')));
    }
  }
  return { actors, active: [...active].sort() };
}

/** A function giving the transitions the recorder's actors took since it was last called. */
function newTransitions(recorder: TransitionRecorder): () => string[] {
  const seen = new Map<ActorRun, number>();
  return () => {
    const out: string[] = [];
    for (const run of recorder.runs()) {
      out.push(...run.steps.slice(seen.get(run) ?? 0).map((s) => s.transition));
      seen.set(run, run.steps.length);
    }
    return out;
  };
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
  const takenSince = newTransitions(recorder);
  const profile = profileForFixture(fixture);
  const startFrame = (): Frame => {
    // The session before any step: an untouched one with the same configuration, and its own recorder.
    const before = new TransitionRecorder(graphs.map((g) => g.model), byDefinition);
    const fresh = new Judge(caseSessionConfig(fixture, kase, profile, before.inspect));
    const view = fresh.view();
    fresh.stop();
    return { label: 'start', pointer: null, step: null, findings: [], view, ...actorsOf(before.runs()), taken: [] };
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

/** The most steps of a transcript the inspector page holds; a longer one shows its first steps. */
export const MAX_TRANSCRIPT_FRAMES = 5_000;

/**
 * Plays a transcript for the inspector, as one case: a frame per step (the line's message, its
 * findings, the session's view, every actor's state, the transitions taken). `play` judges the
 * transcript with the options given (it reads the file; this module does no I/O). At most
 * MAX_TRANSCRIPT_FRAMES steps are kept; `truncated` says whether there were more.
 */
export async function traceTranscript(label: string, play: (options: JudgeOptions) => Promise<TranscriptRun>): Promise<{ trace: CaseTrace; run: TranscriptRun; truncated: boolean }> {
  const { graphs, byDefinition } = machineGraphs(SAMPLE_BASIS);
  const recorder = new TransitionRecorder(graphs.map((g) => g.model), byDefinition);
  const frames: Frame[] = [];
  let truncated = false;
  let firstError: { rule: string; pointer: string; message: string; line: number } | undefined;
  const takenSince = newTransitions(recorder);
  const run = await play({
    inspect: recorder.inspect,
    maxFindings: 0,
    onFinding: (f) => {
      if (firstError === undefined && f.severity === 'error') firstError = f;
    },
    onStart: (view) => frames.push({ label: 'start', pointer: null, step: null, findings: [], view, ...actorsOf(recorder.runs()), taken: takenSince() }),
    onStep: ({ line, step, findings, view }) => {
      if (frames.length > MAX_TRANSCRIPT_FRAMES) {
        truncated = true;
        return;
      }
      frames.push({
        label: `line ${line}`,
        pointer: null,
        step,
        findings: findings.map((f) => ({ rule: f.rule, severity: f.severity, pointer: f.pointer, message: f.message })),
        view,
        ...actorsOf(recorder.runs()),
        taken: takenSince(),
      });
    },
  });
  const error = firstError as { rule: string; pointer: string; message: string; line: number } | undefined;
  const result: CaseResult = error === undefined
    ? { name: label, status: 'passed' }
    : { name: label, status: 'unexpected_failure', reason: `line ${error.line}: ${error.message}`, rule: error.rule, pointer: error.pointer };
  return { trace: { fixture: label, name: label, description: null, expect: 'pass', result, frames }, run, truncated };
}
