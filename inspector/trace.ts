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
import type { Profile } from '../validators/context.ts';
import type { JudgeOptions, TranscriptFinding, TranscriptRun } from '../transcripts/transcript-report.ts';
import { profileMachines } from './profile-machines.ts';
import { pendingIn, StepNamer, type StepName } from './step-name.ts';
import { traceFrames } from './trace-frames.ts';
import type { Trace } from '../trace/trace-schema.ts';
import { eventOfLine } from '../trace/trace-transcript.ts';

/** One actor of the session and the state it is in. */
export interface ActorState {
  readonly actor: string;
  readonly machine: string;
  readonly state: string;
}

/** A finding with its pointer (into the fixture file for a case, into the step otherwise). */
export interface FrameFinding {
  readonly rule: string;
  readonly severity: string;
  readonly pointer: string;
  readonly message: string;
  /** Why it is where it is, when it was found later than its step (a request never answered, found at the end). */
  readonly note?: string;
}

/** The session after one step (or before the first): everything the inspector shows. */
export interface Frame extends StepName {
  /** Where the step is: `start`, `setup 0`, `step 2` (a case), `line 4` (a transcript), `event 6` (a trace), `message 3` (the tap). */
  readonly label: string;
  /** The step's JSON Pointer in the fixture (`/cases/3/steps/1`); null for the start and outside fixtures. */
  readonly pointer: string | null;
  readonly step: Step | null;
  readonly findings: readonly FrameFinding[];
  readonly view: SessionView;
  readonly actors: readonly ActorState[];
  /** SVG element ids of the states some actor is in. */
  readonly active: readonly string[];
  /** Transition ids taken while handling this step. */
  readonly taken: readonly string[];
  /** What the frame is when it shows no message: a trace's transport event (`HTTP 503 (exchange 4)`), the run as a whole. */
  readonly what?: string;
  /** The profile and the machines it runs, when the frame settles them (a live session learns its profile from the handshake). */
  readonly profile?: ProfileShown;
}

/** The profile a page is judged under, as the CLI names it, and the machines it runs. */
export interface ProfileShown {
  readonly id: string;
  readonly name: string;
  readonly protocolVersion: string;
  /** In diagram order. */
  readonly machines: readonly string[];
}

/** What a page steps through: a fixture case, a transcript, a trace (its message events), or a live session through the tap. */
export type TraceKind = 'case' | 'transcript' | 'trace' | 'live';

/** The page's verdict in its own words: `pass` or `fail` (the envelope's words), or a case's status, and a line saying why. */
export interface Verdict {
  readonly status: string;
  readonly text: string;
}

/** A session played for the inspector. */
export interface CaseTrace {
  readonly kind: TraceKind;
  /** The fixture file, transcript or trace as named on the command line (`tap` for a live session). */
  readonly source: string;
  readonly name: string;
  readonly description: string | null;
  /** A case's expectation; a transcript, a trace and a live session expect nothing. */
  readonly expect: 'pass' | 'fail' | null;
  readonly profile: ProfileShown;
  readonly verdict: Verdict;
  /** A case's result. */
  readonly result?: CaseResult;
  readonly frames: readonly Frame[];
}

const SIDE: Readonly<Record<string, string>> = { client_to_server: 'client', server_to_client: 'server' };
const UNNAMED: StepName = { name: null, direction: null, id: null };

function actorLabel(run: ActorRun): string {
  const c = run.context as Record<string, unknown> | undefined;
  const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  switch (run.machine) {
    case 'correlation': return `correlation (${String(c?.['direction'])})`;
    case 'subscription': return `subscription ${String(c?.['subject'])}@${String(c?.['tenant'])} ${String(c?.['uri'])}`;
    case 'progress': return c?.['token'] === undefined ? 'progress (tokens no active request carries)' : `progress token ${JSON.stringify(c?.['token'])} (${String(c?.['method'])} ${JSON.stringify(c?.['requestId'])}, sent by the ${SIDE[String(c?.['direction'])]})`;
    case 'cancellation': return `cancellation (requests sent by the ${SIDE[String(c?.['direction'])]})`;
    case 'task': return c?.['taskId'] === undefined ? 'task (ids no task holds)' : `task ${JSON.stringify(c['taskId'])} (held by the ${SIDE[String(c?.['holder'])]})`;
    case 'inputRequired': return `inputRequired ${String(c?.['method'])}${c?.['target'] === undefined ? '' : ` ${show(c['target'])}`}`;
    case 'requestIds': return `request ids (requests sent by the ${SIDE[String(c?.['direction'])]})`;
    case 'listen': return c?.['id'] === undefined ? 'listen (ids no open stream holds)' : `listen stream ${JSON.stringify(c['id'])}`;
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

/** The profile as a page shows it, with the machines a session of it runs (`policy`: the session has an authorization policy). */
export function profileShown(profile: Profile, policy: boolean): ProfileShown {
  return { id: profile.id, name: profile.name, protocolVersion: profile.protocolVersion, machines: profileMachines(profile, policy) };
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

const PASSING: ReadonlySet<string> = new Set(['passed', 'expected_failure']);

/**
 * Plays one case through a fresh session and keeps a frame per step: the wire message and its
 * name, the findings, the session's view, every actor's state and the transitions the step took
 * (from the actors' inspection events). The first frame is the session before any step.
 */
export function traceCase(label: string, fixture: Fixture, kase: FixtureCase, index: number, profileId?: string): CaseTrace & { readonly result: CaseResult } {
  const { graphs, byDefinition } = machineGraphs(basisFromFixture(fixture, profileId));
  const recorder = new TransitionRecorder(graphs.map((g) => g.model), byDefinition);
  const frames: Frame[] = [];
  const takenSince = newTransitions(recorder);
  const namer = new StepNamer();
  const profile = profileForFixture(fixture, profileId);
  const startFrame = (): Frame => {
    // The session before any step: an untouched one with the same configuration, and its own recorder.
    const before = new TransitionRecorder(graphs.map((g) => g.model), byDefinition);
    const fresh = new Judge(caseSessionConfig(fixture, kase, profile, before.inspect));
    const view = fresh.view();
    fresh.stop();
    return { label: 'start', pointer: null, step: null, ...UNNAMED, findings: [], view, ...actorsOf(before.runs()), taken: [] };
  };
  const result = runCase(fixture, kase, index, {
    profile,
    inspect: recorder.inspect,
    onStep: (played) => {
      if (frames.length === 0) frames.push(startFrame());
      const pointer = stepPointer(index, played.label);
      const rejected = played.findings.some((f) => f.severity === 'error');
      frames.push({
        label: played.label,
        pointer,
        step: played.step,
        ...namer.name(played.step, frames.length - 1, rejected, pendingIn(played.view.pending)),
        findings: played.findings.map((f) => ({ rule: f.rule, severity: f.severity, pointer: pointer + f.pointer, message: f.message })),
        view: played.view,
        ...actorsOf(recorder.runs()),
        taken: takenSince(),
      });
    },
  });
  if (frames.length === 0) frames.push(startFrame());
  const r = result;
  const text = `${r.status}${r.rule ? ` [${r.rule}]` : ''}${r.pointer ? ` at ${r.pointer}` : ''}${r.reason ? `: ${r.reason}` : ''}`;
  return {
    kind: 'case', source: label, name: kase.name, description: kase.description ?? null, expect: kase.expect,
    profile: profileShown(profile, fixture.authorization !== undefined),
    verdict: { status: PASSING.has(r.status) ? 'pass' : 'fail', text }, result, frames,
  };
}

/** The most steps of a transcript the inspector page holds; a longer one shows its first steps. */
export const MAX_TRANSCRIPT_FRAMES = 5_000;

/** What judging a transcript for the inspector gave: the run and, for a trace played as the transcript of its message events, the trace. */
export interface PlayedTranscript {
  readonly run: TranscriptRun;
  readonly trace?: Trace;
}

function frameFinding(f: TranscriptFinding, note?: string): FrameFinding {
  return { rule: f.rule, severity: f.severity, pointer: f.pointer, message: f.message, ...(note === undefined ? {} : { note }) };
}

/**
 * Plays a transcript (or a trace's message events) for the inspector: a frame per step (the
 * line's message and its name, every finding on it, the session's view, every actor's state, the
 * transitions taken). A line that is no message (bad JSON, a bad step) gets a frame of its own
 * with its finding; a request never answered, found at the end, is shown on the request's own
 * step. `play` judges the input with the options given (it reads the file; this module does no
 * I/O). At most MAX_TRANSCRIPT_FRAMES steps are kept; `truncated` says whether there were more.
 */
export async function traceTranscript(source: string, play: (options: JudgeOptions) => Promise<PlayedTranscript>): Promise<{ trace: CaseTrace; run: TranscriptRun; truncated: boolean }> {
  const { graphs, byDefinition } = machineGraphs(SAMPLE_BASIS);
  const recorder = new TransitionRecorder(graphs.map((g) => g.model), byDefinition);
  type Building = { frame: Frame; line: number | null; findings: FrameFinding[] };
  const built: Building[] = [];
  let truncated = false;
  let policy = false;
  // Findings not (yet) shown on a step: a step's own are taken off again when the step arrives, so
  // what stays is what was found off a step (lines that are no message, requests never answered).
  const others: TranscriptFinding[] = [];
  const takenSince = newTransitions(recorder);
  const namer = new StepNamer();
  const { run, trace: recorded } = await play({
    inspect: recorder.inspect,
    maxFindings: 0,
    onFinding: (f) => {
      if (built.length <= MAX_TRANSCRIPT_FRAMES) others.push(f);
      else truncated = true;
    },
    onStart: (view) => {
      // The session runs the authorization machine only under a policy (the transcript header's).
      policy = view.revision !== undefined || recorder.runs().some((r) => r.machine === 'authorization');
      built.push({ frame: { label: 'start', pointer: null, step: null, ...UNNAMED, findings: [], view, ...actorsOf(recorder.runs()), taken: takenSince() }, line: null, findings: [] });
    },
    onStep: ({ line, step, findings, view }) => {
      if (findings.length > 0) {
        const own = new Set(findings);
        for (let i = others.length - 1; i >= 0 && own.size > 0; i--) if (own.delete(others[i]!)) others.splice(i, 1);
      }
      if (built.length > MAX_TRANSCRIPT_FRAMES) {
        truncated = true;
        return;
      }
      const rejected = findings.some((f) => f.severity === 'error');
      const shown = findings.map((f) => frameFinding(f));
      built.push({
        frame: { label: `line ${line}`, pointer: null, step, ...namer.name(step, line, rejected, pendingIn(view.pending)), findings: shown, view, ...actorsOf(recorder.runs()), taken: takenSince() },
        line,
        findings: shown,
      });
    },
  });
  // What was found off a step: lines that are no message (a frame each, in line order), and requests never answered (on their own step).
  for (const f of others) {
    const own = f.rule === 'correlation/unanswered-request' ? built.find((b) => b.line === f.line && b.frame.step !== null && b.frame.id !== null) : undefined;
    if (own !== undefined) {
      own.findings.push(frameFinding(f, 'found at the end'));
      continue;
    }
    if (built.length > MAX_TRANSCRIPT_FRAMES) {
      truncated = true;
      continue;
    }
    const at = built.findIndex((b) => b.line !== null && b.line > f.line);
    const before = built[(at < 0 ? built.length : at) - 1]?.frame;
    const same = built.find((b) => b.line === f.line && b.frame.step === null);
    if (same !== undefined) {
      same.findings.push(frameFinding(f));
      continue;
    }
    const findings = [frameFinding(f)];
    const frame: Frame = before === undefined
      ? { label: `line ${f.line}`, pointer: null, step: null, ...UNNAMED, findings, view: emptyView(), actors: [], active: [], taken: [] }
      : { ...before, label: `line ${f.line}`, step: null, ...UNNAMED, findings, taken: [] };
    built.splice(at < 0 ? built.length : at, 0, { frame, line: f.line, findings });
  }
  const lines = built.map((b) => ({ frame: { ...b.frame, findings: b.findings }, line: b.line }));
  // A trace's page shows the trace judged again as `validate` judges it, on the events it numbers.
  const judged = recorded === undefined ? undefined : traceFrames(recorded, lines, eventOfLine(recorded));
  const frames: Frame[] = judged?.frames ?? lines.map((l) => l.frame);
  const kind: TraceKind = recorded === undefined ? 'transcript' : 'trace';
  const { error, warning } = judged?.counts ?? run.report.counts;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const status = error > 0 ? 'fail' : 'pass';
  const text = `${status}: ${plural(run.report.messages, 'message')}, ${plural(error, 'error')}, ${plural(warning, 'warning')}`;
  const trace: CaseTrace = {
    kind, source, name: source, description: null, expect: null,
    profile: profileShown(run.profile, policy),
    verdict: { status, text },
    frames: frames.length > 0 ? frames : [{ label: 'start', pointer: null, step: null, ...UNNAMED, findings: [], view: emptyView(), actors: [], active: [], taken: [] }],
  };
  return { trace, run, truncated };
}

/** The view of a session that never started (a transcript whose first line is no message). */
function emptyView(): SessionView {
  return { lifecycle: 'new', revision: undefined, pending: { client_to_server: [], server_to_client: [] }, subscriptions: [], extensions: {} };
}
