// Why: a transcript may be far larger than memory, and one line may be hostile. Lines are cut from
// the byte stream as chunks arrive, and a line is refused as soon as it passes the limit, so at
// most one line (limit + one chunk) is ever held, however long the input is.

/** Receives each line's bytes (without the line ending) and its 1-based number. */
export type LineHandler = (bytes: Uint8Array, line: number) => void;

/** Called when a line grows past the limit; must throw. */
export type OversizeHandler = (line: number) => never;

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
      if (this.#pending === 0) {
        this.#emit(chunk.subarray(start, lf));
      } else {
        this.#keep(chunk.subarray(start, lf));
        this.#emit(this.#joined());
      }
      start = lf + 1;
    }
  }

  /** Ends the stream: a last line without a newline is handed over. */
  end(): void {
    if (this.#pending > 0 || this.#pieces.length > 0) this.#emit(this.#joined());
  }

  #keep(piece: Uint8Array): void {
    if (piece.length === 0) return;
    // A CR that ends this piece may be the first half of CRLF; it counts only if the line goes on.
    const crlfSlack = piece[piece.length - 1] === CR ? 1 : 0;
    if (this.#pending + piece.length - crlfSlack > this.#maxLineBytes) this.#onOversize(this.#line + 1);
    // Chunks from a stream may be reused by their source, so partial lines are copied.
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
    this.#line += 1;
    const line = bytes.length > 0 && bytes[bytes.length - 1] === CR ? bytes.subarray(0, bytes.length - 1) : bytes;
    if (line.length > this.#maxLineBytes) this.#onOversize(this.#line);
    this.#onLine(line, this.#line);
  }
}
