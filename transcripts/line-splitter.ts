// Why: a transcript may be far larger than memory, and one line may be hostile. Lines are cut from
// the byte stream as chunks arrive, and a line is refused as soon as it passes the limit, so at
// most one line (limit + one chunk) is ever held, however long the input is.

/** Receives each line's bytes (without the line ending) and its 1-based number. */
export type LineHandler = (bytes: Uint8Array, line: number) => void;

/** Called when a line grows past the limit; must throw. */
export type OversizeHandler = (line: number) => never;

const LF = 0x0a;
const CR = 0x0d;

/** The bytes of a line still coming in: copies of its pieces, joined once the line is complete. */
export class PartialLine {
  #pieces: Uint8Array[] = [];
  #size = 0;

  /** Bytes held so far. */
  get size(): number {
    return this.#size;
  }

  /** Keeps a copy of the piece (a stream may reuse its chunk buffers). */
  push(piece: Uint8Array): void {
    this.#pieces.push(piece.slice());
    this.#size += piece.length;
  }

  /** The line's bytes so far as one array; the buffer is empty afterwards. */
  take(): Uint8Array {
    const pieces = this.#pieces;
    let out: Uint8Array;
    if (pieces.length === 1) {
      out = pieces[0] as Uint8Array;
    } else {
      out = new Uint8Array(this.#size);
      let at = 0;
      for (const p of pieces) {
        out.set(p, at);
        at += p.length;
      }
    }
    this.clear();
    return out;
  }

  /** Drops what is held. */
  clear(): void {
    this.#pieces = [];
    this.#size = 0;
  }
}

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
  readonly #partial = new PartialLine();
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
      if (this.#partial.size === 0) {
        this.#emit(chunk.subarray(start, lf));
      } else {
        this.#keep(chunk.subarray(start, lf));
        this.#emit(this.#partial.take());
      }
      start = lf + 1;
    }
  }

  /** Ends the stream: a last line without a newline is handed over. */
  end(): void {
    if (this.#partial.size > 0) this.#emit(this.#partial.take());
  }

  #keep(piece: Uint8Array): void {
    if (piece.length === 0) return;
    // A CR that ends this piece may be the first half of CRLF; it counts only if the line goes on.
    const crlfSlack = piece[piece.length - 1] === CR ? 1 : 0;
    if (this.#partial.size + piece.length - crlfSlack > this.#maxLineBytes) this.#onOversize(this.#line + 1);
    this.#partial.push(piece);
  }

  #emit(bytes: Uint8Array): void {
    this.#line += 1;
    const line = bytes.length > 0 && bytes[bytes.length - 1] === CR ? bytes.subarray(0, bytes.length - 1) : bytes;
    if (line.length > this.#maxLineBytes) this.#onOversize(this.#line);
    this.#onLine(line, this.#line);
  }
}
