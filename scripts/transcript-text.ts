// Why: a transcript can repeat one problem on every line (a capture without its handshake). People
// see each finding as it is found, except that a cascade shows its first finding and its cause
// once, and the rest of it is counted in one line at the end.
import type { TranscriptFinding } from '../transcripts/transcript-report.ts';
import { countOf, type FindingText } from '../reports/renderers/finding-text.ts';

interface Cascade {
  readonly head: TranscriptFinding;
  more: number;
  firstMore: number;
  lastMore: number;
}

/** Text output of a transcript's findings, cascades folded under their cause. */
export class TranscriptText {
  readonly #text: FindingText;
  readonly #write: (text: string) => void;
  readonly #cascades = new Map<string, Cascade>();
  /** The line where each cause was first named. */
  readonly #causes = new Map<string, number>();

  constructor(text: FindingText, write: (text: string) => void) {
    this.#text = text;
    this.#write = write;
  }

  /** Writes a finding, or counts it when it continues a cascade already shown. */
  finding(f: TranscriptFinding): void {
    if (f.cause === undefined) {
      this.#write(this.#text.format({ ...f, place: `line ${f.line}` }) + '\n');
      return;
    }
    const key = `${f.rule}\u0000${f.cause}`;
    const cascade = this.#cascades.get(key);
    if (cascade !== undefined) {
      if (cascade.more === 0) cascade.firstMore = f.line;
      cascade.more += 1;
      cascade.lastMore = f.line;
      return;
    }
    this.#cascades.set(key, { head: f, more: 0, firstMore: 0, lastMore: 0 });
    const named = this.#causes.get(f.cause);
    if (named === undefined) this.#causes.set(f.cause, f.line);
    const note = named === undefined ? `cause: ${f.cause}` : `cause: the same as line ${named}`;
    this.#write(`${this.#text.format({ ...f, place: `line ${f.line}` })}\n${this.#text.note(note)}\n`);
  }

  /** Writes one line per cascade that continued: how many more, on which lines, after which first one. */
  end(): void {
    for (const c of this.#cascades.values()) {
      if (c.more === 0) continue;
      const lines = c.firstMore === c.lastMore ? `line ${c.firstMore}` : `lines ${c.firstMore}-${c.lastMore}`;
      const kind = countOf(c.more, `more ${c.head.rule} ${c.head.severity}`);
      this.#write(`${lines}: ${this.#text.severity(c.head.severity)}: ${kind}, the same cause as line ${c.head.line}\n`);
    }
  }
}
