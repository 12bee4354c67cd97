// Why: a server may write without end to stderr; the trace keeps an excerpt that stays small
// however much arrives: the beginning (how it started) and the end (why it stopped). A secret the
// server echoes must not survive the cut in part: the excerpt is cut from text already redacted,
// and the raw bytes kept are wider than the excerpt, so a secret the raw window cut in two lies
// outside what is shown (for secrets shorter than the margin, RAW_MARGIN_BYTES).

const lossy = new TextDecoder('utf-8', { ignoreBOM: true });

/** How many raw bytes are kept beyond each half of the excerpt, so that the excerpt is cut from redacted text. */
export const RAW_MARGIN_BYTES = 28 * 1024;

/** Collects bytes, keeping at most `max` of them in its excerpt: the first half and the most recent half. */
export class BoundedText {
  readonly #half: number;
  readonly #rawHalf: number;
  #head: Buffer = Buffer.alloc(0);
  #tail: Buffer = Buffer.alloc(0);
  #dropped = 0;

  /** `margin`: raw bytes kept beyond each half of the excerpt (RAW_MARGIN_BYTES when the excerpt is redacted). */
  constructor(max: number, margin = 0) {
    this.#half = Math.max(1, Math.floor(max / 2));
    this.#rawHalf = this.#half + Math.max(0, margin);
  }

  /** Adds a chunk. */
  push(chunk: Uint8Array): void {
    let rest = Buffer.from(chunk);
    if (this.#head.length < this.#rawHalf) {
      const take = Math.min(this.#rawHalf - this.#head.length, rest.length);
      this.#head = Buffer.concat([this.#head, rest.subarray(0, take)]);
      rest = rest.subarray(take);
    }
    if (rest.length === 0) return;
    const tail = Buffer.concat([this.#tail, rest]);
    const over = Math.max(0, tail.length - this.#rawHalf);
    this.#dropped += over;
    this.#tail = tail.subarray(over);
  }

  /**
   * The excerpt as text (invalid UTF-8 shown as replacement characters), and whether anything was
   * left out. `redact` is applied to the whole of what was kept before it is cut to the excerpt.
   */
  text(redact: (text: string) => string = (text) => text): { text: string; truncated: boolean } {
    const max = this.#half * 2;
    if (this.#dropped === 0) {
      const whole = Buffer.from(redact(lossy.decode(Buffer.concat([this.#head, this.#tail]))));
      if (whole.length <= max) return { text: lossy.decode(whole), truncated: false };
      return excerpt(whole, undefined, 0, this.#half);
    }
    const head = Buffer.from(redact(lossy.decode(this.#head)));
    const tail = Buffer.from(redact(lossy.decode(this.#tail)));
    return excerpt(head, tail, this.#dropped, this.#half);
  }
}

/**
 * The first `half` bytes of `head` and the last `half` of the tail (`separateTail`, or `head`
 * itself when the bytes were kept whole), each cut on a character boundary, with the count of the bytes between them
 * (`dropped` of them never kept).
 */
function excerpt(head: Buffer, separateTail: Buffer | undefined, dropped: number, half: number): { text: string; truncated: true } {
  const tail = separateTail ?? head;
  let end = Math.min(half, head.length);
  while (end > 0 && end < head.length && isContinuation(head[end] as number)) end--;
  let start = Math.max(separateTail === undefined ? end : 0, tail.length - half);
  while (start < tail.length && isContinuation(tail[start] as number)) start++;
  const between = separateTail === undefined ? start - end : dropped + (head.length - end) + start;
  return { text: `${lossy.decode(head.subarray(0, end))}\n[... ${between} bytes left out ...]\n${lossy.decode(tail.subarray(start))}`, truncated: true };
}

function isContinuation(byte: number): boolean {
  return (byte & 0xc0) === 0x80;
}
