// Why: one missing message can repeat one problem on every later message (a capture without its
// handshake, a client that never sends notifications/initialized). Streamed output (validate of a
// transcript, the tap) shows each finding as it is found, except that a cascade shows its first
// finding and its cause once, and the rest of it is counted in one line at the end.
import { placeSpan } from '../finding-groups.ts';
import { countOf, type FindingText, type TextFinding } from './finding-text.ts';

/** A finding as streamed: its text, its place's number (null: the run) and the cause it follows from, if any. */
export interface CascadeFinding extends TextFinding {
  readonly at: number | null;
  readonly cause?: string | undefined;
}

interface Cascade {
  readonly head: CascadeFinding;
  readonly rest: (number | null)[];
}

/** Streamed text output of findings, cascades folded under their cause. */
export class CascadeText {
  readonly #text: FindingText;
  readonly #write: (text: string) => void;
  readonly #word: string;
  readonly #prefix: string;
  readonly #cascades = new Map<string, Cascade>();
  /** The place where each cause was first named. */
  readonly #causes = new Map<string, number | null>();

  /** `word` names what places number (`line`, `event`); `prefix` opens each counting line (the tap's name). */
  constructor(text: FindingText, write: (text: string) => void, word: string, prefix = '') {
    this.#text = text;
    this.#write = write;
    this.#word = word;
    this.#prefix = prefix;
  }

  #place(at: number | null): string {
    return at === null ? 'the run' : `${this.#word} ${at}`;
  }

  /** Writes a finding, or counts it when it continues a cascade already shown; true when it was written. */
  finding(f: CascadeFinding): boolean {
    if (f.cause === undefined) {
      this.#write(this.#text.format(f) + '\n');
      return true;
    }
    const key = `${f.rule}\u0000${f.cause}`;
    const cascade = this.#cascades.get(key);
    if (cascade !== undefined) {
      cascade.rest.push(f.at);
      return false;
    }
    this.#cascades.set(key, { head: f, rest: [] });
    const named = this.#causes.get(f.cause);
    if (named === undefined) this.#causes.set(f.cause, f.at);
    const note = named === undefined ? `cause: ${f.cause}` : `cause: the same as ${this.#place(named)}`;
    this.#write(`${this.#text.format(f)}\n${this.#text.note(note)}\n`);
    return true;
  }

  /** Writes one line per cascade that continued: how many more, at which places, after which first one. */
  end(): void {
    for (const c of this.#cascades.values()) {
      if (c.rest.length === 0) continue;
      const kind = countOf(c.rest.length, `more ${c.head.rule} ${c.head.severity}`);
      this.#write(`${this.#prefix}${placeSpan(this.#word, c.rest)}: ${this.#text.severity(c.head.severity)}: ${kind}, the same cause as ${this.#place(c.head.at)}\n`);
    }
    this.#cascades.clear();
  }
}
