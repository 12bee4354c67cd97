// Why: a transcript can repeat one problem on every line (a capture without its handshake). People
// see each finding as it is found, except that a cascade shows its first finding and its cause
// once, and the rest of it is counted in one line at the end (reports/renderers/cascade-text.ts).
import type { TranscriptFinding } from '../transcripts/transcript-report.ts';
import type { FindingText } from '../reports/renderers/finding-text.ts';
import { CascadeText } from '../reports/renderers/cascade-text.ts';

/** Text output of a transcript's findings, cascades folded under their cause, places by line. */
export class TranscriptText {
  readonly #cascades: CascadeText;

  constructor(text: FindingText, write: (text: string) => void) {
    this.#cascades = new CascadeText(text, write, 'line');
  }

  /** Writes a finding, or counts it when it continues a cascade already shown. */
  finding(f: TranscriptFinding): void {
    this.#cascades.finding({ ...f, at: f.line, place: `line ${f.line}` });
  }

  /** Writes one line per cascade that continued: how many more, on which lines, after which first one. */
  end(): void {
    this.#cascades.end();
  }
}
