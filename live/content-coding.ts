// Why: an MCP client built on an HTTP library offers compressed answers (the TypeScript SDK's
// fetch sends `Accept-Encoding: gzip, deflate`), and a server may take the offer. The bytes on
// the wire are then not the message: they are judged after the codings that Content-Encoding
// names are undone, in reverse order (RFC 9110, section 8.4). Decoding is bounded by the message
// limit, so a small body that inflates without end (a decompression bomb) is a size finding,
// never an allocation.
import { PassThrough, Transform, type Readable } from 'node:stream';
import zlib from 'node:zlib';

/** What check offers in Accept-Encoding: every coding it can undo. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

/** A content coding this tool can undo. */
export type Coding = 'gzip' | 'deflate' | 'br';

/** The codings a Content-Encoding header names, as far as they can be undone. */
export type ContentCodings =
  | { readonly kind: 'identity' }
  | { readonly kind: 'coded'; readonly codings: readonly Coding[]; readonly name: string }
  | { readonly kind: 'unsupported'; readonly name: string };

/** Most codings one body may stack (more is refused as unsupported: each costs a decoder). */
const MAX_CODINGS = 4;

const NAMES: Readonly<Record<string, Coding | 'identity'>> = { gzip: 'gzip', 'x-gzip': 'gzip', deflate: 'deflate', br: 'br', identity: 'identity' };

/** Reads a Content-Encoding header (several headers are one list, RFC 9110 section 5.3). */
export function contentCodings(header: string | readonly string[] | undefined): ContentCodings {
  if (header === undefined) return { kind: 'identity' };
  const text = typeof header === 'string' ? header : header.join(',');
  const names = text.split(',').map((n) => n.trim().toLowerCase()).filter((n) => n !== '');
  const codings: Coding[] = [];
  for (const n of names) {
    const coding = Object.hasOwn(NAMES, n) ? NAMES[n] : undefined;
    if (coding === undefined || codings.length >= MAX_CODINGS) return { kind: 'unsupported', name: text.slice(0, 100) };
    if (coding !== 'identity') codings.push(coding);
  }
  return codings.length === 0 ? { kind: 'identity' } : { kind: 'coded', codings, name: codings.join(', ') };
}

/** How undoing the codings of a whole body came out. */
export type DecodedBody =
  | { readonly kind: 'body'; readonly bytes: Buffer }
  | { readonly kind: 'too-large' }
  | { readonly kind: 'invalid'; readonly coding: Coding; readonly detail: string };

/** Whether deflate data carries the zlib wrapper (RFC 1950) that HTTP's "deflate" names; some servers send it raw. */
function isZlibWrapped(first: number | undefined, second: number | undefined): boolean {
  return first !== undefined && second !== undefined && (first & 0x0f) === 8 && (first * 256 + second) % 31 === 0;
}

/** Undoes the codings of a whole body, never producing more than `maxBytes` at any stage. */
export function decodeBody(bytes: Buffer, codings: readonly Coding[], maxBytes: number): DecodedBody {
  let data = bytes;
  for (const coding of [...codings].reverse()) {
    const options = { maxOutputLength: Math.max(1, maxBytes) };
    try {
      data = coding === 'gzip' ? zlib.gunzipSync(data, options)
        : coding === 'br' ? zlib.brotliDecompressSync(data, options)
        : isZlibWrapped(data[0], data[1]) ? zlib.inflateSync(data, options) : zlib.inflateRawSync(data, options);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return { kind: 'too-large' };
      return { kind: 'invalid', coding, detail: zlibDetail(error) };
    }
    if (data.length > maxBytes) return { kind: 'too-large' };
  }
  return { kind: 'body', bytes: data };
}

/** A short description of a decoding failure (zlib's own words name no path or address). */
function zlibDetail(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  return (e.code ?? 'Z_DATA_ERROR') + (typeof e.message === 'string' && e.message.length < 120 ? `: ${e.message}` : '');
}

/** HTTP's "deflate" as a stream: the first two bytes decide between zlib-wrapped and raw data. */
class DeflateDecoder extends Transform {
  #head = Buffer.alloc(0);
  #inner: zlib.Inflate | zlib.InflateRaw | undefined;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    if (this.#inner === undefined) {
      this.#head = Buffer.concat([this.#head, chunk]);
      if (this.#head.length < 2) return done();
      chunk = this.#head;
      this.#start();
    }
    (this.#inner as zlib.Inflate).write(chunk, () => done());
  }

  override _flush(done: (error?: Error | null) => void): void {
    if (this.#inner === undefined) {
      if (this.#head.length === 0) return done();
      this.#start();
      (this.#inner as unknown as zlib.Inflate).write(this.#head);
    }
    const inner = this.#inner as unknown as zlib.Inflate;
    inner.once('end', () => done());
    inner.end();
  }

  #start(): void {
    const inner = isZlibWrapped(this.#head[0], this.#head[1]) ? zlib.createInflate() : zlib.createInflateRaw();
    inner.on('data', (data: Buffer) => this.push(data));
    inner.on('error', (error) => this.destroy(error));
    this.#inner = inner;
  }
}

/** A stream undoing one coding. */
function decoderFor(coding: Coding): Transform {
  if (coding === 'gzip') return zlib.createGunzip({ finishFlush: zlib.constants.Z_SYNC_FLUSH });
  if (coding === 'br') return zlib.createBrotliDecompress();
  return new DeflateDecoder();
}

/** The error code a decoded stream fails with when its bytes do not decode (reported already to `onInvalid`). */
export const CONTENT_ENCODING_ERROR = 'ERR_CONTENT_ENCODING';

/**
 * A readable of the decoded bytes of `source`. A decoding failure is reported once to `onInvalid`
 * and fails the readable with CONTENT_ENCODING_ERROR; a failure of `source` fails it with its own.
 */
export function decodingStream(source: Readable, codings: readonly Coding[], onInvalid: (coding: Coding, detail: string) => void): Readable {
  let current: Readable = source;
  let failed = false;
  const out = new PassThrough();
  const fail = (error: Error): void => {
    if (!out.destroyed) out.destroy(error);
  };
  source.on('error', fail);
  source.on('close', () => {
    if (!source.readableEnded) fail(Object.assign(new Error('the connection closed before the body was complete'), { code: 'ECONNRESET' }));
  });
  for (const coding of [...codings].reverse()) {
    const decoder = decoderFor(coding);
    decoder.on('error', (error: unknown) => {
      if (!failed) {
        failed = true;
        onInvalid(coding, zlibDetail(error));
      }
      fail(Object.assign(new Error('the body does not decode as its Content-Encoding says'), { code: CONTENT_ENCODING_ERROR }));
    });
    current = current.pipe(decoder);
  }
  current.pipe(out);
  // Reading stopped (a bound, a stop): the source is destroyed as it would be undecoded.
  out.on('close', () => {
    if (!source.destroyed && !source.readableEnded) source.destroy();
  });
  return out;
}
