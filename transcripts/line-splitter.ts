// Why: a transcript may be far larger than memory, and one line may be hostile. Lines are cut from
// the byte stream as chunks arrive, and a line is refused as soon as it passes the limit (the rest
// of it is skipped, not held), so at most one line (limit + one chunk) is ever held, however long
// the input is.

/** Receives each line's bytes (without the line ending) and its 1-based number. */
export type LineHandler = (bytes: Uint8Array, line: number) => void;

/** Called once for a line that grows past the limit, instead of the line handler; the rest of that line is skipped. */
export type OversizeHandler = (line: number) => void;

const LF = 0x0a;
const CR = 0x0d;

/**
 * Splits a byte stream into lines at LF (a CR before it is dropped). A final line without a
 * newline is a line; the empty remainder after a final newline is not.
 *
 * @example
 * const splitter = new LineSplitter(2_000_000, (bytes, n) => handle(bytes, n), tooLong);
 * for await (const chunk of stream) splitter.push(chunk);
 * splitter.end();
 */
export class LineSplitter {
  readonly #maxLineBytes: number;
  readonly #onLine: LineHandler;
  readonly #onOversize: OversizeHandler;
  #pieces: Uint8Array[] = [];
  #pending = 0;
  #line = 0;
  /** The current line passed the limit: its bytes are dropped up to its end. */
  #skipping = false;

  constructor(maxLineBytes: number, onLine: LineHandler, onOversize: OversizeHandler) {
    if (!Number.isSafeInteger(maxLineBytes) || maxLineBytes < 0) throw new RangeError('LineSplitter: maxLineBytes must be a non-negative integer');
    this.#maxLineBytes = maxLineBytes;
    this.#onLine = onLine;
    this.#onOversize = onOversize;
  }

  /** Lines handed over so far. */
  get lines(): number {
    return this.#line;
  }

  /** Feeds the next chunk; every line it completes is handed over before this returns. */
  push(chunk: Uint8Array): void {
    let start = 0;
    const n = chunk.length;
    while (start < n) {
      const lf = chunk.indexOf(LF, start);
      if (lf === -1) {
        this.#keep(chunk.subarray(start));
        return;
      }
      if (this.#pending === 0 && !this.#skipping) {
        this.#emit(chunk.subarray(start, lf));
      } else {
        this.#keep(chunk.subarray(start, lf));
        if (this.#skipping) this.#endSkipped();
        else this.#emit(this.#joined());
      }
      start = lf + 1;
    }
  }

  /** Ends the stream: a last line without a newline is handed over. */
  end(): void {
    if (this.#skipping) {
      this.#endSkipped();
    } else if (this.#pending > 0 || this.#pieces.length > 0) {
      this.#emit(this.#joined());
    }
  }

  #keep(piece: Uint8Array): void {
    if (piece.length === 0 || this.#skipping) return;
    // A CR that ends this piece may be the first half of CRLF; it counts only if the line goes on.
    const crlfSlack = piece[piece.length - 1] === CR ? 1 : 0;
    if (this.#pending + piece.length - crlfSlack > this.#maxLineBytes) {
      this.#pieces = [];
      this.#pending = 0;
      this.#skipping = true;
      this.#onOversize(this.#line + 1);
      return;
    }
    // Chunks from a stream may be reused by their source, so partial lines are copied.
    this.#pieces.push(piece.slice());
    this.#pending += piece.length;
  }

  /** The end of a line that passed the limit: it counts as a line, but it was reported, not handed over. */
  #endSkipped(): void {
    this.#skipping = false;
    this.#line += 1;
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
    this.#line += 1;
    const line = bytes.length > 0 && bytes[bytes.length - 1] === CR ? bytes.subarray(0, bytes.length - 1) : bytes;
    if (line.length > this.#maxLineBytes) this.#onOversize(this.#line);
    else this.#onLine(line, this.#line);
  }
}
