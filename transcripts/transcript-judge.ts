import { BOTH_SENDERS, Judge, MAX_WAITING, type JudgedFinding } from '../judge/judge.ts';
import type { Forgotten, Step } from '../machines/session.ts';
import { InputError } from '../files/input-error.ts';
import { OPPOSITE, type Profile } from '../validators/context.ts';
import { isRequestId } from '../validators/envelope.ts';
import { notJudgedPointer, notJudgedText, type Settlement } from '../judge/profile-choice.ts';
import { ProfileWait, waitReason } from '../judge/profile-wait.ts';
import { cliRules } from '../validators/rules/cli.ts';
import { cascadeCause, type HandshakeLines } from './cascade.ts';
import { headerSetupSteps, isHeaderLine, profileForHeader, sessionConfigFor, type TranscriptHeader } from './transcript-header.ts';
import { headerOf, MAX_LINE_BYTES, parseLine, stepOf, type LineProblem } from './transcript-line.ts';
import type { JudgeOptions, TranscriptFinding, TranscriptReport } from './transcript-report.ts';
import { ruleById } from '../validators/rules/index.ts';

/** The number of findings a report keeps by default. */
export const MAX_FINDINGS = 10_000;

/** Steps that wait for the server's answer to initialize (which settles the profile); past this, the offer settles it. */
export const MAX_WAITING_STEPS = MAX_WAITING;

const SPACE = 0x20;
const TAB = 0x09;

function isBlank(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b !== SPACE && b !== TAB) return false;
  }
  return true;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Judges a transcript line by line through one session. Unlike a fixture case, a transcript does
 * not stop at the first finding: every line is judged, and a line that is not strict JSON or not
 * a step is a finding on that line, leaving the session as it was. Only a bad header stops the
 * run (an InputError), since the header sets it up.
 */
export class TranscriptJudge {
  readonly #options: JudgeOptions;
  readonly #maxFindings: number;
  readonly #findings: TranscriptFinding[] = [];
  #handshake: HandshakeLines = { initialize: undefined, answered: undefined, failed: undefined, setup: false };
  #session: Judge | undefined;
  /** The steps read while the profile is awaited, and the lines that were not steps, each with its line. */
  readonly #wait = new ProfileWait<{ readonly step: Step; readonly line: number } | { readonly problem: LineProblem; readonly line: number }>();
  /** Why the transcript cannot be judged: it negotiated a revision no profile judges. */
  #notJudged: InputError | undefined;
  #notJudgedVersion: string | undefined;
  #header: TranscriptHeader | undefined;
  #profile: Profile | undefined;
  #lines = 0;
  #contentLines = 0;
  #messages = 0;
  #errors = 0;
  #warnings = 0;
  #omitted = 0;

  constructor(options: JudgeOptions = {}) {
    this.#options = options;
    this.#maxFindings = options.maxFindings ?? MAX_FINDINGS;
    if (options.profile !== undefined) this.#header = { mcp_statechart_transcript: 1, profile: options.profile as TranscriptHeader['profile'] };
  }

  /** Lines that held something other than the header (steps, or lines that failed to be one). */
  get contentLines(): number {
    return this.#contentLines;
  }

  /** Counts lines up to `line` as read (a line the run stopped in). */
  reached(line: number): void {
    this.#lines = Math.max(this.#lines, line);
  }

  /** Judges one line (its bytes without the line ending); `line` is its 1-based number. */
  line(bytes: Uint8Array, line: number): void {
    this.reached(line);
    if ((bytes.length === 0 || bytes[0] !== 0x7b) && isBlank(bytes)) return;
    const parsed = parseLine(bytes, this.#options.maxLineBytes ?? MAX_LINE_BYTES);
    if ('value' in parsed && line === 1 && this.#session === undefined && isHeaderLine(parsed.value)) {
      const header = headerOf(parsed.value);
      this.#header = this.#options.profile === undefined ? header : { ...header, profile: this.#options.profile as TranscriptHeader['profile'] };
      return;
    }
    this.#contentLines += 1;
    if ('problem' in parsed) return this.#problem(line, parsed.problem);
    const checked = stepOf(parsed.value);
    if ('problem' in checked) return this.#problem(line, checked.problem);
    this.step(checked.step, line);
  }

  #problem(line: number, problem: LineProblem): void {
    // While steps wait for the handshake, a bad line waits with them, so that findings come in line order.
    if (this.#wait.waiting) {
      this.#wait.add({ problem, line });
      if (this.#wait.items.length >= MAX_WAITING_STEPS) this.#settle(undefined);
      return;
    }
    this.#report({ line, rule: problem.rule, severity: 'error', pointer: problem.pointer, message: problem.message });
  }

  #start(first: Step, settled?: Extract<Settlement, { kind: 'judged' }>): Judge {
    const fromHeader = sessionConfigFor(this.#header, first);
    const config = settled === undefined ? fromHeader : { ...fromHeader, profile: settled.profile, offeredVersion: settled.offeredVersion };
    const session = new Judge(this.#options.inspect ? { ...config, inspect: this.#options.inspect } : config, { unanswered: BOTH_SENDERS });
    this.#session = session;
    this.#profile = config.profile;
    this.#options.onStart?.(session.view());
    const setup = headerSetupSteps(this.#header, config.profile);
    this.#handshake = { ...this.#handshake, setup: setup.length > 0 || this.#header?.setup === 'ready' };
    // The handshake a mid-session capture skipped: played from the header; what it breaks is the header's (line 1).
    setup.forEach((step, i) => this.#feed(session, step, 1, `/setup/${i}`));
    return session;
  }

  /** Why the transcript could not be judged (exit 2), once that is known. */
  get notJudged(): InputError | undefined {
    return this.#notJudged;
  }

  /**
   * Feeds an already checked step, as if it were on line `line`. A transcript that opens with the
   * client's initialize, under no profile of its header's choosing, is judged under the profile
   * the server's answer settles (as a live run is), so the steps up to that answer wait for it.
   */
  step(step: Step, line: number): void {
    if (!('control_event' in step)) this.#messages += 1;
    if (this.#notJudged !== undefined) return;
    if (this.#session === undefined) {
      if (!this.#wait.waiting) {
        // The client's initialize waits for its answer; a first request that names no revision, for the traffic to tell.
        const reason = this.#autoProfile() ? waitReason(step) : undefined;
        if (reason !== undefined) {
          this.#wait.begin({ step, line }, reason);
          return;
        }
      } else {
        this.#wait.add({ step, line });
        const evidence = this.#wait.evidence(step);
        if (evidence !== undefined) this.#settle(undefined, evidence);
        else if (!this.#wait.revisionOpen && this.#wait.answersOpening(step)) this.#settle({ step, line });
        else if (this.#wait.items.length >= MAX_WAITING_STEPS) this.#settle(undefined);
        return;
      }
    }
    this.#feed(this.#session ?? this.#start(step), step, line, '');
  }

  /** Whether the traffic picks the profile (no header names one, and no capture starts mid-session). */
  #autoProfile(): boolean {
    return (this.#header?.profile ?? 'auto') === 'auto' && this.#header?.setup !== 'ready';
  }

  /** Ends the wait: starts the session under the profile the answer (if any) settles and feeds what waited, or records that it cannot be judged. */
  #settle(answer: { step: Step; line: number } | undefined, evidence?: Profile): void {
    const first = this.#wait.opening as Step;
    const answerMessage = answer !== undefined && 'message' in answer.step ? answer.step.message : undefined;
    const settled: Settlement = this.#wait.choose(answerMessage, profileForHeader(this.#header, first), evidence);
    const waiting = this.#wait.end();
    if (settled.kind === 'not-judged') {
      this.#notJudgedVersion = settled.version;
      const line = (settled.from === 'offer' ? undefined : answer?.line) ?? waiting[0]?.line ?? 1;
      const who = settled.from === 'answer' ? 'the server answered initialize with'
        : settled.from === 'error' ? 'the server refused initialize with UnsupportedProtocolVersionError: it speaks' : 'the client offered';
      this.#notJudged = new InputError(ruleById('cli/version-not-judged').id, notJudgedPointer(settled.from),
        `line ${line}: ${who} ${notJudgedText(settled.version)}; a transcript header naming a profile judges it under that profile anyway`);
      for (const w of waiting) if ('problem' in w) this.#problem(w.line, w.problem);
      return;
    }
    const session = this.#start(first, settled);
    for (const w of waiting) {
      if ('problem' in w) this.#problem(w.line, w.problem);
      else this.#feed(session, w.step, w.line, '');
    }
  }

  #feed(session: Judge, step: Step, line: number, base: string): void {
    const judged = session.feed(step, line);
    const message = 'message' in step && isObject(step.message) ? step.message : undefined;
    const id = message?.['id'];
    if ('message' in step && isRequestId(id)) {
      if (judged.label === 'initialize' && !judged.rejected) {
        this.#handshake = { ...this.#handshake, initialize: line, answered: undefined, failed: undefined };
      } else if ((judged.label === 'initialize result' || judged.label === 'initialize error') && session.pendingRequest(OPPOSITE[step.direction], id) === undefined) {
        this.#handshake = judged.label === 'initialize error' ? { ...this.#handshake, failed: line } : { ...this.#handshake, answered: line };
      }
    }
    this.#emit(session, judged.findings, line, base, step);
  }

  #emit(session: Judge, found: readonly JudgedFinding[], line: number, base: string, step: Step): void {
    const entries: TranscriptFinding[] = [];
    const lifecycle = found.length > 0 ? session.lifecycleState : '';
    for (const f of found) entries.push(this.#entry(f, base, lifecycle));
    for (const entry of entries) this.#report(entry);
    this.#options.onStep?.({ line, step, findings: entries, view: session.view() });
  }

  /** A judged finding as a transcript finding: on its line, its pointer under `base`, with the cause it follows from. */
  #entry(f: JudgedFinding, base: string, lifecycle: string): TranscriptFinding {
    const cause = cascadeCause(f.rule, lifecycle, this.#handshake);
    return {
      line: f.at, rule: f.rule, severity: f.severity, pointer: base + f.pointer, message: f.message,
      ...(f.method === undefined ? {} : { method: f.method }),
      ...(f.target === undefined ? {} : { target: f.target }),
      ...(cause === undefined ? {} : { cause }),
    };
  }

  #report(entry: TranscriptFinding): void {
    if (entry.severity === 'error') this.#errors += 1;
    else this.#warnings += 1;
    if (this.#findings.length < this.#maxFindings) this.#findings.push(entry);
    else this.#omitted += 1;
    this.#options.onFinding?.(entry);
  }

  /** Reports the requests still unanswered (a warning each, at the request's line), in line order. */
  #unanswered(session: Judge): void {
    const lifecycle = session.lifecycleState;
    for (const f of session.end()) this.#report(this.#entry(f, '', lifecycle));
  }

  /**
   * Ends the run, stops the session and returns the report; where the transcript `ended` (rather
   * than the run stopping early), the requests still unanswered are reported first.
   */
  finish(ended = true): TranscriptReport {
    if (this.#wait.waiting) this.#settle(undefined);
    if (this.#session !== undefined) {
      if (ended) this.#unanswered(this.#session);
      this.#session.stop();
    }
    const profile = this.profile;
    return {
      status: this.#errors === 0 ? 'ok' : 'failed',
      profile: profile.name,
      protocol_version: this.#notJudgedVersion ?? profile.protocolVersion,
      lines: this.#lines,
      messages: this.#messages,
      findings: this.#findings,
      counts: { error: this.#errors, warning: this.#warnings },
      ...(this.#omitted === 0 ? {} : { findings_omitted: this.#omitted }),
    };
  }

  /** Ids and tokens over 1,024 characters the session judged through a stand-in. */
  get shortened(): number {
    return this.#session?.shortened ?? 0;
  }

  /** Subscriptions and listed tools the session forgot to stay within its bounds. */
  get forgotten(): Forgotten {
    return this.#session?.forgotten ?? { subscriptions: 0, tools: 0 };
  }

  /** The profile the transcript is (or would be) judged under. */
  get profile(): Profile {
    return this.#profile ?? profileForHeader(this.#header);
  }
}
