// Why: a server may write without end to stderr; the trace keeps an excerpt that stays small
// however much arrives: the beginning (how it started) and the end (why it stopped). A little more
// than the excerpt is kept on each side, so that a secret straddling a cut is still whole when the
// text is redacted, and only then cut.

const lossy = new TextDecoder('utf-8', { ignoreBOM: true });

/** Bytes kept beyond each half of the excerpt, so a secret at a cut is redacted whole before the cut. */
export const CUT_MARGIN_BYTES = 4096;

/** Cuts a text to `max` characters keeping its start or its end (a redactor's `cut`, or a plain one). */
export type Cutter = (text: string, max: number, keep: 'start' | 'end') => { text: string; cut: boolean };

/** A cut that redacts nothing. */
export const plainCut: Cutter = (text, max, keep) => {
  if (text.length <= max) return { text, cut: false };
  return { text: keep === 'start' ? text.slice(0, max) : text.slice(text.length - max), cut: true };
};

/** Collects bytes, keeping at most `max` (and a margin): the first half and the most recent half. */
export class BoundedText {
  readonly #half: number;
  readonly #keep: number;
  #head: Buffer = Buffer.alloc(0);
  #tail: Buffer = Buffer.alloc(0);
  #total = 0;

  /** `margin`: bytes kept beyond each half, so that a secret at a cut is redacted whole (0: none). */
  constructor(max: number, margin = CUT_MARGIN_BYTES) {
    this.#half = Math.max(1, Math.floor(max / 2));
    this.#keep = this.#half + Math.max(0, margin);
  }

  /** Adds a chunk. */
  push(chunk: Uint8Array): void {
    this.#total += chunk.length;
    let rest = Buffer.from(chunk);
    if (this.#head.length < this.#keep) {
      const take = Math.min(this.#keep - this.#head.length, rest.length);
      this.#head = Buffer.concat([this.#head, rest.subarray(0, take)]);
      rest = rest.subarray(take);
    }
    if (rest.length === 0) return;
    const tail = Buffer.concat([this.#tail, rest]);
    this.#tail = tail.subarray(Math.max(0, tail.length - this.#keep));
  }

  /**
   * The excerpt as text (invalid UTF-8 shown as replacement characters), and whether anything was
   * left out; `cut` bounds each half (a redactor's, so that it redacts before it cuts).
   */
  text(cut: Cutter = plainCut): { text: string; truncated: boolean } {
    const whole = this.#head.length + this.#tail.length === this.#total;
    if (whole && this.#total <= 2 * this.#half) {
      return { text: cut(lossy.decode(Buffer.concat([this.#head, this.#tail])), Number.MAX_SAFE_INTEGER, 'start').text, truncated: false };
    }
    const head = cut(lossy.decode(this.#head), this.#half, 'start').text;
    const tail = cut(lossy.decode(this.#tail), this.#half, 'end').text;
    const shown = Buffer.byteLength(head) + Buffer.byteLength(tail);
    return { text: `${head}\n[... ${Math.max(0, this.#total - shown)} bytes left out ...]\n${tail}`, truncated: true };
  }
}
