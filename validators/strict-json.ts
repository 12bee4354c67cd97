import { utf8ByteLength } from './format.ts';
import { FALLBACK, parseFast } from './strict-json-fast.ts';
import { recordExactInteger } from './exact-integer.ts';
import { scanJson } from './strict-json-scanner.ts';
import type { ScanFailure, SpelledDecimal, UnsafeInteger } from './strict-json-scanner.ts';
import { recordDecimalSpelling } from './decimal-spelling.ts';
import { ruleById } from './rules/index.ts';

/** The course profile's limit on one message or fixture, in UTF-8 bytes. */
export const DEFAULT_MAX_BYTES = 2_000_000;

/** The course profile's limit on nested arrays and objects. */
export const DEFAULT_MAX_DEPTH = 64;

/** What a StrictJsonError is made of. */
export interface StrictJsonErrorInit {
  readonly rule: string;
  /** What is wrong, without the place: `duplicate key "id"`. */
  readonly problem: string;
  readonly line: number;
  readonly column: number;
  readonly offset: number;
  readonly pointer: string;
}

/** Why an input is not strict JSON, and where; its message never names a file. */
export class StrictJsonError extends Error {
  override readonly name = 'StrictJsonError';
  /** Rule id in the `json` area, e.g. `json/duplicate-key`. */
  readonly rule: string;
  readonly problem: string;
  /** 1-based line; CR, LF and CRLF each end a line. */
  readonly line: number;
  /** 1-based column, counted in Unicode code points. */
  readonly column: number;
  /** Byte offset for Uint8Array input, UTF-16 offset for string input. */
  readonly offset: number;
  /** JSON Pointer of the value, member or container where the problem was found ('' for the root). */
  readonly pointer: string;

  constructor(init: StrictJsonErrorInit) {
    const place = init.rule === ruleById('json/size-limit').id ? '' : ` at line ${init.line}, column ${init.column}`;
    super(`Invalid JSON: ${init.problem}${place}${init.pointer === '' ? '' : ` (${init.pointer})`}`);
    this.rule = init.rule;
    this.problem = init.problem;
    this.line = init.line;
    this.column = init.column;
    this.offset = init.offset;
    this.pointer = init.pointer;
  }
}

/** Limits for parseStrictJson; both default to the course profile's. */
export interface StrictJsonOptions {
  /** Largest accepted input in UTF-8 bytes (default 2,000,000). */
  readonly maxBytes?: number;
  /** Deepest accepted nesting of arrays and objects (default 64). */
  readonly maxDepth?: number;
  /**
   * Keep how integral decimals (`1.0`) and decimals beyond the largest double (`1e400`, then read
   * as ±Infinity instead of refused) were written (validators/decimal-spelling.ts); default false.
   */
  readonly spellings?: boolean;
  /**
   * Take a `\u` escape of an unpaired surrogate, as Python's JSON reader does (the course profile's
   * fixtures, see runner/load-fixture.ts); default false: refused (I-JSON).
   */
  readonly loneSurrogateEscapes?: boolean;
}

/** String literals, dropped before looking for a decimal point or exponent outside them. */
const STRING_LITERALS = /"(?:[^"\\]|\\.)*"/g;

/** Whether a number outside the strings of `s` may have a fraction or an exponent. */
function mayHoldDecimals(s: string): boolean {
  return /[0-9][.eE]/.test(s.replace(STRING_LITERALS, '""'));
}

/** The error for an input over `maxBytes`, shared with the bounded file reader. */
export function sizeLimitError(maxBytes: number): StrictJsonError {
  return new StrictJsonError({
    rule: ruleById('json/size-limit').id,
    problem: `the input is larger than the ${maxBytes}-byte limit`,
    line: 1,
    column: 1,
    offset: 0,
    pointer: '',
  });
}

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Parses one strict JSON value: RFC 8259 with I-JSON's restrictions (no duplicate keys, no
 * unpaired surrogates), no byte-order mark, within the size and depth limits. The whole input is
 * checked before any value is built. An integer beyond ±(2^53-1) is read as a number (rounded,
 * as a double holds it) and its exact value is kept beside it (validators/exact-integer.ts): the
 * message is judged, not refused. Throws only StrictJsonError.
 *
 * @example
 * parseStrictJson('{"jsonrpc":"2.0","id":1,"method":"ping"}'); // → the object
 * parseStrictJson('{"id":1,"id":2}'); // throws: rule json/duplicate-key, pointer '/id'
 */
export function parseStrictJson(input: Uint8Array | string, options: StrictJsonOptions = {}): unknown {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  if (typeof input === 'string') {
    const n = input.length;
    if (n > maxBytes || (n * 3 > maxBytes && utf8ByteLength(input, n) > maxBytes)) throw sizeLimitError(maxBytes);
    if (input.charCodeAt(0) === 0xfeff) throw byteOrderMark('byte-order mark U+FEFF');
    const spellings = options.spellings === true && mayHoldDecimals(input);
    const fast = spellings ? FALLBACK : parseFast(input, maxDepth);
    if (fast !== FALLBACK) return fast;
    return scanned(input, maxDepth, false, spellings, options.loneSurrogateEscapes === true);
  }
  if (!(input instanceof Uint8Array)) throw new TypeError('parseStrictJson expects a string or a Uint8Array');
  if (input.length > maxBytes) throw sizeLimitError(maxBytes);
  const bom = byteOrderMarkIn(input);
  if (bom !== undefined) throw byteOrderMark(bom);
  let text: string;
  try {
    text = decoder.decode(input);
  } catch {
    throw invalidUtf8(input, maxDepth);
  }
  const spellings = options.spellings === true && mayHoldDecimals(text);
  const fast = spellings ? FALLBACK : parseFast(text, maxDepth);
  if (fast !== FALLBACK) return fast;
  return scanned(text, maxDepth, true, spellings, options.loneSurrogateEscapes === true);
}

/** The value of a text the fast path left to the scanner, with the exact values of its unsafe integers recorded. */
function scanned(text: string, maxDepth: number, bytes: boolean, spellings = false, loneEscapes = false): unknown {
  const unsafe: UnsafeInteger[] = [];
  const decimals: SpelledDecimal[] | undefined = spellings ? [] : undefined;
  const failed = scanJson(text, maxDepth, unsafe, decimals, loneEscapes);
  if (failed !== undefined) throw fromFailure(failed, text, bytes);
  const value: unknown = JSON.parse(text);
  for (const u of unsafe) recordExactInteger(value, u.path, u.digits);
  for (const d of decimals ?? []) recordDecimalSpelling(value, d.path, d.spelling);
  return value;
}

function fromFailure(failed: ScanFailure, text: string, bytes: boolean): StrictJsonError {
  return new StrictJsonError({
    rule: failed.rule,
    problem: failed.problem,
    ...lineAndColumn(text, failed.offset),
    offset: bytes ? utf8ByteLength(text, failed.offset) : failed.offset,
    pointer: failed.pointer,
  });
}

function byteOrderMark(problem: string): StrictJsonError {
  return new StrictJsonError({ rule: ruleById('json/byte-order-mark').id, problem, line: 1, column: 1, offset: 0, pointer: '' });
}

function byteOrderMarkIn(b: Uint8Array): string | undefined {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return 'UTF-8 byte-order mark';
  if ((b[0] === 0xfe && b[1] === 0xff) || (b[0] === 0xff && b[1] === 0xfe)) return 'UTF-16 byte-order mark';
  return undefined;
}

/**
 * Reports the first ill-formed UTF-8 sequence, unless the valid text before it already breaks
 * the grammar (then that comes first); the pointer is where the bad sequence sits.
 */
function invalidUtf8(bytes: Uint8Array, maxDepth: number): StrictJsonError {
  const bad = firstInvalidUtf8(bytes) ?? { offset: 0, problem: 'invalid UTF-8' };
  const prefix = decoder.decode(bytes.subarray(0, bad.offset));
  const failed = scanJson(prefix, maxDepth);
  if (failed !== undefined && !failed.atEnd) return fromFailure(failed, prefix, true);
  return new StrictJsonError({
    rule: ruleById('json/invalid-utf8').id,
    problem: bad.problem,
    ...lineAndColumn(prefix, prefix.length),
    offset: bad.offset,
    pointer: failed?.pointer ?? '',
  });
}

/** The first ill-formed sequence by the Unicode well-formed UTF-8 table (Unicode 15, table 3-7). */
function firstInvalidUtf8(b: Uint8Array): { offset: number; problem: string } | undefined {
  const n = b.length;
  let i = 0;
  while (i < n) {
    const c = b[i] as number;
    if (c < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      if (c === 0xe0) lo = 0xa0;
      else if (c === 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      if (c === 0xf0) lo = 0x90;
      else if (c === 0xf4) hi = 0x8f;
    } else {
      const problem =
        c <= 0xbf ? `UTF-8 continuation byte ${byteHex(c)} without a lead byte`
        : c <= 0xc1 ? `overlong UTF-8 encoding (lead byte ${byteHex(c)})`
        : `byte ${byteHex(c)} never appears in UTF-8`;
      return { offset: i, problem };
    }
    for (let k = 1; k <= need; k++) {
      if (i + k >= n) return { offset: i, problem: 'UTF-8 sequence cut off by the end of the input' };
      const d = b[i + k] as number;
      if (d >= (k === 1 ? lo : 0x80) && d <= (k === 1 ? hi : 0xbf)) continue;
      if (k === 1 && d >= 0x80 && d <= 0xbf) {
        const problem =
          c === 0xed ? 'UTF-16 surrogate encoded in UTF-8'
          : c === 0xf4 ? 'UTF-8 sequence beyond U+10FFFF'
          : `overlong UTF-8 encoding (lead byte ${byteHex(c)})`;
        return { offset: i, problem };
      }
      return { offset: i, problem: `incomplete UTF-8 sequence (lead byte ${byteHex(c)})` };
    }
    i += need + 1;
  }
  return undefined;
}

function byteHex(c: number): string {
  return '0x' + c.toString(16).toUpperCase().padStart(2, '0');
}

/** 1-based line and code-point column of `offset`; CR, LF and CRLF each end a line. */
function lineAndColumn(s: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x0a || (c === 0x0d && s.charCodeAt(i + 1) !== 0x0a)) {
      line++;
      lineStart = i + 1;
    }
  }
  let column = 1;
  for (let i = lineStart; i < offset; i++) {
    const c = s.charCodeAt(i);
    if (!(c >= 0xdc00 && c <= 0xdfff && i > lineStart && isHighSurrogate(s.charCodeAt(i - 1)))) column++;
  }
  return { line, column };
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}
