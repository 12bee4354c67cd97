import type { Forgotten, SessionConfig, SessionView, Step } from '../machines/session.ts';
import type { Profile } from '../validators/context.ts';
import type { FindingTarget } from '../validators/finding-target.ts';
import type { Severity } from '../validators/finding.ts';

/** One finding of a transcript, placed by its line; the pointer is into that line's step. */
export interface TranscriptFinding {
  readonly line: number;
  readonly rule: string;
  readonly severity: Severity;
  readonly pointer: string;
  readonly message: string;
  /** The method of the line's message, or of the request a response answers (`tools/call result`). */
  readonly method?: string;
  /** The tool, prompt, resource or task the pointer is inside of. */
  readonly target?: FindingTarget;
  /** The earlier problem this finding follows from, when one missing message repeats it on every later line. */
  readonly cause?: string;
}

/** The summary `validate --json` prints, keys in this order. */
export interface TranscriptReport {
  /** `error` when the run could not complete (the command adds why). */
  readonly status: 'ok' | 'failed' | 'error';
  readonly profile: string;
  readonly protocol_version: string;
  /** Lines read, the header and blank lines included. */
  readonly lines: number;
  /** Wire steps fed to the session (control steps are not messages). */
  readonly messages: number;
  /** The findings in the order found (the requests still unanswered at the end last), at most `maxFindings`. */
  readonly findings: readonly TranscriptFinding[];
  readonly counts: { readonly error: number; readonly warning: number };
  /** Findings counted but not kept, past `maxFindings`. */
  readonly findings_omitted?: number;
}

/** A judged transcript: the report, the profile it was judged under, and why the run stopped, if it did. */
export interface TranscriptRun {
  readonly report: TranscriptReport;
  readonly profile: Profile;
  /** What stopped the run before the end (exit code 2): unreadable input, a bad header, not a transcript, nothing to judge. */
  readonly failure?: unknown;
  /** Ids and tokens over 1,024 characters judged through a stand-in (its start, length and SHA-256). */
  readonly shortened?: number;
  /** Subscriptions and listed tools forgotten to stay within the session's bounds, when any was. */
  readonly forgotten?: Forgotten;
}

/** One fed line with what it produced, for inspectors. */
export interface JudgedStep {
  readonly line: number;
  readonly step: Step;
  readonly findings: readonly TranscriptFinding[];
  readonly view: SessionView;
}

/** How a transcript is judged. */
export interface JudgeOptions {
  readonly maxLineBytes?: number;
  /** Called with each finding as soon as its line is judged. */
  readonly onFinding?: (finding: TranscriptFinding) => void;
  /** How many findings the report keeps (default 10,000); the rest are counted, so memory stays flat. */
  readonly maxFindings?: number;
  /** Judge under this profile (`--profile`), whatever the header or the traffic says. */
  readonly profile?: string;
  /** Receives every actor inspection event (transition coverage). */
  readonly inspect?: SessionConfig['inspect'];
  /** Called once the session exists, before anything is fed to it, with its view (inspectors). */
  readonly onStart?: (view: SessionView) => void;
  /** Called after every fed step, with the session's view (inspectors). */
  readonly onStep?: (judged: JudgedStep) => void;
}
