// Why: check-client shows the user what the client it runs prints, on the user's terminal. A client
// chooses those bytes: escape sequences, a carriage return, bidirectional overrides and line
// separators would act on the terminal, and a secret printed across two reads would pass a
// redaction applied to each read. So the output is decoded as a stream, cut into lines, each
// line redacted whole before it is bounded (Redactor.cut), and shown with its controls as text.
import { StringDecoder } from 'node:string_decoder';
import { terminalText } from '../../reports/output-text.ts';
import type { Redactor } from '../../trace/redaction.ts';

/** The longest line shown; a longer one is shown cut, saying so. */
export const RELAY_LINE_CHARS = 16 * 1024;
/** What is held past the bound so a secret at the cut is still seen whole (the longest redacted value). */
const MARGIN_CHARS = 4 * 1024;

/** A relay of one stream of a peer's output to a terminal: `write` each chunk, `end` once. */
export class TerminalRelay {
  readonly #decoder = new StringDecoder('utf8');
  readonly #redactor: Redactor;
  readonly #show: (text: string) => void;
  #line = '';
  /** Characters of the current line dropped past the bound (its shown part already written). */
  #dropped = 0;

  constructor(redactor: Redactor, show: (text: string) => void) {
    this.#redactor = redactor;
    this.#show = show;
  }

  /** Takes a chunk as read; whole lines are shown at once. */
  write(chunk: Buffer): void {
    this.#take(this.#decoder.write(chunk));
  }

  /** Shows what is left (a last line without a newline). */
  end(): void {
    this.#take(this.#decoder.end());
    if (this.#line.length > 0 || this.#dropped > 0) this.#flush();
  }

  #take(text: string): void {
    let start = 0;
    for (let nl = text.indexOf('\n', start); nl !== -1; nl = text.indexOf('\n', start)) {
      this.#append(text.slice(start, nl));
      this.#flush();
      start = nl + 1;
    }
    this.#append(text.slice(start));
  }

  #append(text: string): void {
    if (this.#dropped > 0) {
      this.#dropped += text.length;
      return;
    }
    this.#line += text;
    if (this.#line.length <= RELAY_LINE_CHARS + MARGIN_CHARS) return;
    // Past the bound: the head is shown now (redacted with its margin, then cut), the rest dropped.
    const { text: head } = this.#redactor.cut(this.#line, RELAY_LINE_CHARS);
    this.#show(this.#visible(head));
    this.#dropped = this.#line.length - RELAY_LINE_CHARS;
    this.#line = '';
  }

  #flush(): void {
    if (this.#dropped > 0) {
      this.#show(`… (${this.#dropped} more characters not shown)\n`);
      this.#dropped = 0;
      this.#line = '';
      return;
    }
    const line = this.#line.endsWith('\r') ? this.#line.slice(0, -1) : this.#line;
    this.#line = '';
    this.#show(`${this.#visible(this.#redactor.text(line))}\n`);
  }

  /** Controls, separators and a carriage return inside the line as `\uXXXX` text; tabs kept. */
  #visible(text: string): string {
    return terminalText(text).replace(/\r/g, '\\u000D');
  }
}
