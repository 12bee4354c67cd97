// Why: a tap forwards every byte as it arrives and judges a copy, line by line. Unlike a
// transcript reader it cannot stop at a line that is too long: the line still goes through, so
// its copy is dropped once it passes the limit, the line is reported once, and the next line is
// judged again. At most one line (limit + one chunk) is ever held.

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
  #pieces: Uint8Array[] = [];
  #pending = 0;
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
      } else if (this.#pending === 0) {
        this.#emit(chunk.subarray(start, lf));
      } else {
        this.#keep(chunk.subarray(start, lf));
        if (!this.#skipping) this.#emit(this.#joined());
        this.#skipping = false;
      }
      start = lf + 1;
    }
  }

  /** Ends the stream: a last line without a newline is handed over; returns whether the stream ended mid-line. */
  end(): boolean {
    const unterminated = this.#lastByte !== -1 && this.#lastByte !== LF;
    if (!this.#skipping && this.#pending > 0) this.#emit(this.#joined());
    this.#pieces = [];
    this.#pending = 0;
    return unterminated;
  }

  #keep(piece: Uint8Array): void {
    if (this.#skipping || piece.length === 0) return;
    const crSlack = piece[piece.length - 1] === CR ? 1 : 0;
    if (this.#pending + piece.length - crSlack > this.#maxLineBytes) {
      this.#pieces = [];
      this.#pending = 0;
      this.#skipping = true;
      this.#handlers.onOversize();
      return;
    }
    // The source may reuse its chunk buffers, so a partial line is copied.
    this.#pieces.push(piece.slice());
    this.#pending += piece.length;
  }

  #joined(): Uint8Array {
    const pieces = this.#pieces;
    const out = pieces.length === 1 ? (pieces[0] as Uint8Array) : new Uint8Array(this.#pending);
    if (pieces.length > 1) {
      let at = 0;
      for (const p of pieces) {
        out.set(p, at);
        at += p.length;
      }
    }
    this.#pieces = [];
    this.#pending = 0;
    return out;
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
