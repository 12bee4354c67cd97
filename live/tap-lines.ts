// Why: a tap forwards every byte as it arrives and judges a copy, line by line. Unlike a
// transcript reader it cannot stop at a line that is too long: the line still goes through, so
// its copy is dropped once it passes the limit, the line is reported once, and the next line is
// judged again. At most one line (limit + one chunk) is ever held.

import { PartialLine } from '../transcripts/line-splitter.ts';

const LF = 0x0a;
const CR = 0x0d;

/** What a line reader reports. */
export interface TapLineHandlers {
  /** A complete line (without its LF, and without a CR before it). */
  onLine(bytes: Uint8Array): void;
  /** A line passed the limit; its bytes are not kept (called once per such line). */
  onOversize(): void;
}

/** Cuts a copy of a byte stream into lines within a byte limit, skipping the rest of any line past it. */
export class TapLineReader {
  readonly #maxLineBytes: number;
  readonly #handlers: TapLineHandlers;
  readonly #partial = new PartialLine();
  #skipping = false;
  #lastByte = -1;

  constructor(maxLineBytes: number, handlers: TapLineHandlers) {
    this.#maxLineBytes = maxLineBytes;
    this.#handlers = handlers;
  }

  /** Feeds the next chunk; every line it completes is handed over before this returns. */
  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    this.#lastByte = chunk[chunk.length - 1] as number;
    let start = 0;
    while (start < chunk.length) {
      const lf = chunk.indexOf(LF, start);
      if (lf === -1) {
        this.#keep(chunk.subarray(start));
        return;
      }
      if (this.#skipping) {
        this.#skipping = false;
      } else if (this.#partial.size === 0) {
        this.#emit(chunk.subarray(start, lf));
      } else {
        this.#keep(chunk.subarray(start, lf));
        if (!this.#skipping) this.#emit(this.#partial.take());
        this.#skipping = false;
      }
      start = lf + 1;
    }
  }

  /** Ends the stream: a last line without a newline is handed over; returns whether the stream ended mid-line. */
  end(): boolean {
    const unterminated = this.#lastByte !== -1 && this.#lastByte !== LF;
    if (!this.#skipping && this.#partial.size > 0) this.#emit(this.#partial.take());
    this.#partial.clear();
    return unterminated;
  }

  #keep(piece: Uint8Array): void {
    if (this.#skipping || piece.length === 0) return;
    const crSlack = piece[piece.length - 1] === CR ? 1 : 0;
    if (this.#partial.size + piece.length - crSlack > this.#maxLineBytes) {
      this.#partial.clear();
      this.#skipping = true;
      this.#handlers.onOversize();
      return;
    }
    this.#partial.push(piece);
  }

  #emit(bytes: Uint8Array): void {
    const line = bytes.length > 0 && bytes[bytes.length - 1] === CR ? bytes.subarray(0, bytes.length - 1) : bytes;
    if (line.length > this.#maxLineBytes) {
      this.#handlers.onOversize();
      return;
    }
    this.#handlers.onLine(line);
  }
}
