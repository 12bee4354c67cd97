import { Session, type Step } from '../machines/session.ts';
import type { Profile } from '../validators/context.ts';
import type { Severity } from '../validators/finding.ts';
import { LineSplitter } from './line-splitter.ts';
import { isHeaderLine, profileForHeader, sessionConfigFor, type TranscriptHeader } from './transcript-header.ts';
import { lineTooLong, MAX_LINE_BYTES, parseLineJson, toHeader, toStep } from './transcript-line.ts';

/** One finding of a transcript, placed by its line; the pointer is into that line's step. */
export interface TranscriptFinding {
  readonly line: number;
  readonly rule: string;
  readonly severity: Severity;
  readonly pointer: string;
  readonly message: string;
}

/** The summary `validate --json` prints, keys in this order. */
export interface TranscriptReport {
  readonly status: 'ok' | 'failed';
  readonly profile: string;
  readonly protocol_version: string;
  /** Lines read, the header and blank lines included. */
  readonly lines: number;
  /** Wire steps fed to the session (control steps are not messages). */
  readonly messages: number;
  /** Every finding in line order; empty when findings were not kept. */
  readonly findings: readonly TranscriptFinding[];
  readonly counts: { readonly error: number; readonly warning: number };
}

/** How a transcript is judged. */
export interface JudgeOptions {
  readonly maxLineBytes?: number;
  /** Called with each finding as soon as its line is judged. */
  readonly onFinding?: (finding: TranscriptFinding) => void;
  /** Keep findings for the report (default true); without, memory stays flat however many there are. */
  readonly keepFindings?: boolean;
}

const SPACE = 0x20;
const TAB = 0x09;

function isBlank(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b !== SPACE && b !== TAB) return false;
  }
  return true;
}

/**
 * Judges a transcript line by line through one session. Unlike a fixture case, a transcript does
 * not stop at the first finding: every line is fed, every finding reported. Lines that are not
 * strict JSON or not a step stop the run with an InputError (could not run).
 */
export class TranscriptJudge {
  readonly #options: JudgeOptions;
  readonly #findings: TranscriptFinding[] = [];
  #session: Session | undefined;
  #header: TranscriptHeader | undefined;
  #profile: Profile | undefined;
  #lines = 0;
  #messages = 0;
  #errors = 0;
  #warnings = 0;

  constructor(options: JudgeOptions = {}) {
    this.#options = options;
  }

  /** Judges one line (its bytes without the line ending); `line` is its 1-based number. */
  line(bytes: Uint8Array, line: number): void {
    this.#lines = Math.max(this.#lines, line);
    if ((bytes.length === 0 || bytes[0] !== 0x7b) && isBlank(bytes)) return;
    const value = parseLineJson(bytes, line, this.#options.maxLineBytes ?? MAX_LINE_BYTES);
    if (this.#session === undefined && this.#header === undefined && line === 1 && isHeaderLine(value)) {
      this.#header = toHeader(value, line);
      return;
    }
    this.step(toStep(value, line), line);
  }

  /** Feeds an already checked step, as if it were on line `line`. */
  step(step: Step, line: number): void {
    if (this.#session === undefined) {
      const config = sessionConfigFor(this.#header, step);
      this.#profile = config.profile;
      this.#session = new Session(config);
    }
    if (!('control_event' in step)) this.#messages += 1;
    const found = this.#session.feed(step);
    if (found.length === 0) return;
    const keep = this.#options.keepFindings ?? true;
    for (const f of found) {
      const entry: TranscriptFinding = { line, rule: f.rule, severity: f.severity, pointer: f.pointer, message: f.message };
      if (f.severity === 'error') this.#errors += 1;
      else this.#warnings += 1;
      if (keep) this.#findings.push(entry);
      this.#options.onFinding?.(entry);
    }
  }

  /** Ends the run, stops the session and returns the report. */
  finish(): TranscriptReport {
    this.#session?.stop();
    const profile = this.#profile ?? profileForHeader(this.#header);
    return {
      status: this.#errors === 0 ? 'ok' : 'failed',
      profile: profile.name,
      protocol_version: profile.protocolVersion,
      lines: this.#lines,
      messages: this.#messages,
      findings: this.#findings,
      counts: { error: this.#errors, warning: this.#warnings },
    };
  }
}

/** Judges a transcript read from a byte stream, holding at most one line at a time. */
export async function validateTranscript(source: AsyncIterable<Uint8Array>, options: JudgeOptions = {}): Promise<TranscriptReport> {
  const judge = new TranscriptJudge(options);
  const max = options.maxLineBytes ?? MAX_LINE_BYTES;
  const splitter = new LineSplitter(max, (bytes, n) => judge.line(bytes, n), (n) => lineTooLong(n, max));
  try {
    for await (const chunk of source) splitter.push(chunk);
    splitter.end();
  } catch (error) {
    judge.finish();
    throw error;
  }
  return judge.finish();
}
