// Why: a server may write without end to stderr; the trace keeps an excerpt that stays small
// however much arrives: the beginning (how it started) and the end (why it stopped).

const lossy = new TextDecoder('utf-8', { ignoreBOM: true });

/** Collects bytes, keeping at most `max`: the first half and the most recent half. */
export class BoundedText {
  readonly #half: number;
  #head: Buffer = Buffer.alloc(0);
  #tail: Buffer = Buffer.alloc(0);
  #dropped = 0;

  constructor(max: number) {
    this.#half = Math.max(1, Math.floor(max / 2));
  }

  /** Adds a chunk. */
  push(chunk: Uint8Array): void {
    let rest = Buffer.from(chunk);
    if (this.#head.length < this.#half) {
      const take = Math.min(this.#half - this.#head.length, rest.length);
      this.#head = Buffer.concat([this.#head, rest.subarray(0, take)]);
      rest = rest.subarray(take);
    }
    if (rest.length === 0) return;
    const tail = Buffer.concat([this.#tail, rest]);
    const over = Math.max(0, tail.length - this.#half);
    this.#dropped += over;
    this.#tail = tail.subarray(over);
  }

  /** The excerpt as text (invalid UTF-8 shown as replacement characters), and whether anything was left out. */
  text(): { text: string; truncated: boolean } {
    if (this.#dropped === 0) return { text: lossy.decode(Buffer.concat([this.#head, this.#tail])), truncated: false };
    return { text: `${lossy.decode(this.#head)}\n[... ${this.#dropped} bytes left out ...]\n${lossy.decode(this.#tail)}`, truncated: true };
  }
}
