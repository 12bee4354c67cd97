import { escapePointerToken } from './finding.ts';
import { ruleById } from './rules/index.ts';

/** Where and why a text is not strict JSON; positions are UTF-16 offsets into the scanned text. */
export interface ScanFailure {
  readonly rule: string;
  readonly offset: number;
  readonly problem: string;
  readonly pointer: string;
  /** True when the text merely ended too soon, so a longer text might have been valid here. */
  readonly atEnd: boolean;
}

const ARRAY = 0;
const OBJECT = 1;
const SMALL_OBJECT = 12;
const MAX_SAFE_DIGITS = '9007199254740991';

/** A number written with a fraction or exponent whose value is integral, or beyond the largest double, met by a scanner asked to keep spellings. */
export interface SpelledDecimal {
  readonly path: string[];
  readonly spelling: 'integral' | 'overflow';
}

/** An integer beyond ±(2^53-1) met by the scanner: where it sits (pointer tokens) and its digits as written. */
export interface UnsafeInteger {
  readonly path: readonly string[];
  readonly digits: string;
}

/** Thrown inside the scanner only; `pointer` is undefined when the scanner's stack decides it. */
class Failure {
  readonly rule: string;
  readonly offset: number;
  readonly problem: string;
  readonly atEnd: boolean;
  readonly pointer: string | undefined;
  constructor(rule: string, offset: number, problem: string, atEnd: boolean, pointer?: string) {
    this.rule = rule;
    this.offset = offset;
    this.problem = problem;
    this.atEnd = atEnd;
    this.pointer = pointer;
  }
}

// The scanner never re-enters itself, so one set of stacks serves every call; level 0 is the root.
// An object's member names are kept as [start, end) ranges of the text while it has few of them
// and none is escaped, and as a Set of decoded names after that.
const kinds: number[] = [ARRAY];
const indexes: number[] = [0];
const keyStarts: number[] = [0];
const keyEnds: number[] = [0];
const seenRanges: number[][] = [[]];
const seenSets: Array<Set<string> | undefined> = [undefined];
let source = '';
let scanningKey = false;
let lastStringEscaped = false;
let unsafeSink: UnsafeInteger[] | undefined;
let decimalSink: SpelledDecimal[] | undefined;
let loneEscapesTaken = false;
let valueDepth = 0;

/**
 * Checks that `s` is one strict JSON value in a single linear pass with an explicit stack, so
 * nesting deeper than `maxDepth` is refused at its opening bracket without recursion.
 * Returns undefined when `s` is valid; `JSON.parse(s)` then yields the value. Integers beyond
 * ±(2^53-1) are valid JSON: each is pushed onto `unsafe` (when given) with its place and digits,
 * so that the reader can keep its exact value. With `loneEscapes`, a `\u` escape of an unpaired
 * surrogate is taken (as Python's JSON reader takes it); an unpaired surrogate written as such
 * never is.
 */
export function scanJson(s: string, maxDepth: number, unsafe?: UnsafeInteger[], decimals?: SpelledDecimal[], loneEscapes = false): ScanFailure | undefined {
  const n = s.length;
  let depth = 0;
  let i = 0;
  scanningKey = false;
  loneEscapesTaken = loneEscapes;
  source = s;
  unsafeSink = unsafe;
  decimalSink = decimals;
  try {
    i = skipWhitespace(s, 0, n);
    if (i >= n) return failure(ruleById('json/empty-input').id, i, 'the input is empty', true, '');
    value: for (;;) {
      const c = i < n ? s.charCodeAt(i) : -1;
      if (c === 0x22) {
        i = scanString(s, i, n);
      } else if ((c >= 0x30 && c <= 0x39) || c === 0x2d) {
        valueDepth = depth;
        i = scanNumber(s, i, n);
      } else if (c === 0x7b || c === 0x5b) {
        if (depth >= maxDepth) {
          throw new Failure(ruleById('json/depth-limit').id, i, `nesting deeper than ${maxDepth} levels`, false);
        }
        depth++;
        i = skipWhitespace(s, i + 1, n);
        if (c === 0x7b) {
          openObject(depth);
          if (s.charCodeAt(i) !== 0x7d) {
            i = scanMember(s, i, n, depth);
            continue value;
          }
        } else {
          kinds[depth] = ARRAY;
          indexes[depth] = 0;
          if (s.charCodeAt(i) !== 0x5d) continue value;
        }
        i++;
        depth--;
      } else if (c === 0x74 && s.charCodeAt(i + 1) === 0x72 && s.charCodeAt(i + 2) === 0x75 && s.charCodeAt(i + 3) === 0x65) {
        i += 4;
      } else if (c === 0x66 && s.startsWith('alse', i + 1)) {
        i += 5;
      } else if (c === 0x6e && s.charCodeAt(i + 1) === 0x75 && s.charCodeAt(i + 2) === 0x6c && s.charCodeAt(i + 3) === 0x6c) {
        i += 4;
      } else {
        throw unexpectedValue(s, i, n);
      }
      for (;;) {
        i = skipWhitespace(s, i, n);
        if (depth === 0) {
          if (i < n) throw unexpectedAfterRoot(s, i);
          return undefined;
        }
        const d = i < n ? s.charCodeAt(i) : -1;
        if (kinds[depth] === ARRAY) {
          if (d === 0x2c) {
            indexes[depth] = (indexes[depth] ?? 0) + 1;
            i = skipWhitespace(s, i + 1, n);
            if (s.charCodeAt(i) === 0x5d) {
              throw new Failure(ruleById('json/trailing-comma').id, i, 'trailing comma before "]"', false, pointerTo(depth - 1));
            }
            continue value;
          }
          if (d !== 0x5d) throw unexpectedSeparator(s, i, n, '"," or "]"');
        } else {
          if (d === 0x2c) {
            i = scanMember(s, skipWhitespace(s, i + 1, n), n, depth);
            continue value;
          }
          if (d !== 0x7d) throw unexpectedSeparator(s, i, n, '"," or "}"');
        }
        i++;
        depth--;
      }
    }
  } catch (error) {
    if (!(error instanceof Failure)) throw error;
    const pointer = error.pointer ?? pointerTo(scanningKey ? depth - 1 : depth);
    return failure(error.rule, error.offset, error.problem, error.atEnd, pointer);
  } finally {
    source = '';
    unsafeSink = undefined;
    decimalSink = undefined;
  }
}

function failure(rule: string, offset: number, problem: string, atEnd: boolean, pointer: string): ScanFailure {
  return { rule, offset, problem, pointer, atEnd };
}

function skipWhitespace(s: string, i: number, n: number): number {
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
    i++;
  }
  return i;
}

function pointerTo(depth: number): string {
  let out = '';
  for (let d = 1; d <= depth; d++) {
    out += '/' + (kinds[d] === ARRAY ? String(indexes[d]) : escapePointerToken(keyText(source, keyStarts[d] ?? 0, keyEnds[d] ?? 0)));
  }
  return out;
}

/** The reference tokens of the value at `depth` (the pointer of pointerTo, unescaped). */
function tokensTo(depth: number): string[] {
  const out: string[] = [];
  for (let d = 1; d <= depth; d++) {
    out.push(kinds[d] === ARRAY ? String(indexes[d]) : keyText(source, keyStarts[d] ?? 0, keyEnds[d] ?? 0));
  }
  return out;
}

function openObject(depth: number): void {
  kinds[depth] = OBJECT;
  const ranges = seenRanges[depth];
  if (ranges === undefined) seenRanges[depth] = [];
  else ranges.length = 0;
  seenSets[depth] = undefined;
}

/** The decoded member name whose quoted form spans [start, end). */
function keyText(s: string, start: number, end: number): string {
  const raw = s.slice(start + 1, end - 1);
  return raw.includes('\\') ? (JSON.parse(s.slice(start, end)) as string) : raw;
}

/** Reads `"key"` and its colon at `i`; returns the index of the member's value. */
function scanMember(s: string, i: number, n: number, depth: number): number {
  const c = i < n ? s.charCodeAt(i) : -1;
  if (c !== 0x22) throw unexpectedKey(s, i, n, depth);
  scanningKey = true;
  const end = scanString(s, i, n);
  scanningKey = false;
  keyStarts[depth] = i;
  keyEnds[depth] = end;
  let set = seenSets[depth];
  const ranges = seenRanges[depth] as number[];
  if (set === undefined && !lastStringEscaped && ranges.length < 2 * SMALL_OBJECT) {
    const length = end - i;
    for (let k = 0; k < ranges.length; k += 2) {
      const start = ranges[k] as number;
      if ((ranges[k + 1] as number) - start === length && sameText(s, start, i, length)) throw duplicateKey(s, i, end, depth);
    }
    ranges.push(i, end);
  } else {
    if (set === undefined) {
      set = new Set<string>();
      for (let k = 0; k < ranges.length; k += 2) set.add(keyText(s, ranges[k] as number, ranges[k + 1] as number));
      seenSets[depth] = set;
    }
    const key = keyText(s, i, end);
    if (set.has(key)) throw duplicateKey(s, i, end, depth);
    set.add(key);
  }
  const j = skipWhitespace(s, end, n);
  if (s.charCodeAt(j) !== 0x3a) throw unexpectedSeparator(s, j, n, '":" after the member name');
  return skipWhitespace(s, j + 1, n);
}

function sameText(s: string, a: number, b: number, length: number): boolean {
  for (let k = 1; k < length - 1; k++) {
    if (s.charCodeAt(a + k) !== s.charCodeAt(b + k)) return false;
  }
  return true;
}

function duplicateKey(s: string, start: number, end: number, depth: number): Failure {
  const problem = `duplicate key ${JSON.stringify(keyText(s, start, end))}`;
  return new Failure(ruleById('json/duplicate-key').id, start, problem, false, pointerTo(depth));
}

/** Scans the string whose opening quote is at `i`; returns the index after its closing quote. */
function scanString(s: string, i: number, n: number): number {
  let j = i + 1;
  let escaped = false;
  for (;;) {
    if (j >= n) throw new Failure(ruleById('json/syntax').id, i, 'unterminated string', true);
    const c = s.charCodeAt(j);
    if (c >= 0x20 && c !== 0x22 && c !== 0x5c && c < 0xd800) {
      j++;
    } else if (c === 0x22) {
      break;
    } else if (c === 0x5c) {
      escaped = true;
      j = scanEscape(s, j, n);
    } else if (c < 0x20) {
      throw new Failure(ruleById('json/control-character').id, j, `unescaped control character ${codePoint(c)} in a string`, false);
    } else if (c <= 0xdbff && j + 1 < n && isLowSurrogate(s.charCodeAt(j + 1))) {
      j += 2;
    } else if (c <= 0xdfff) {
      throw new Failure(ruleById('json/lone-surrogate').id, j, `unpaired surrogate ${codePoint(c)} in a string`, c <= 0xdbff && j + 1 >= n);
    } else {
      j++;
    }
  }
  lastStringEscaped = escaped;
  return j + 1;
}

/** Checks the escape whose backslash is at `j`; returns the index after it. */
function scanEscape(s: string, j: number, n: number): number {
  const c = j + 1 < n ? s.charCodeAt(j + 1) : -1;
  switch (c) {
    case 0x22: case 0x5c: case 0x2f: case 0x62: case 0x66: case 0x6e: case 0x72: case 0x74:
      return j + 2;
    case 0x75: {
      const unit = hex4(s, j + 2, n);
      if (unit < 0) {
        throw new Failure(ruleById('json/invalid-escape').id, j, 'a \\u escape needs four hexadecimal digits', unit === -2);
      }
      if (unit < 0xd800 || unit > 0xdfff) return j + 6;
      if (unit <= 0xdbff && s.charCodeAt(j + 6) === 0x5c && s.charCodeAt(j + 7) === 0x75) {
        const low = hex4(s, j + 8, n);
        if (isLowSurrogate(low)) return j + 12;
      }
      if (loneEscapesTaken) return j + 6;
      const cut = unit <= 0xdbff && n - j <= 12 && '\\u'.startsWith(s.slice(j + 6, j + 8));
      throw new Failure(ruleById('json/lone-surrogate').id, j, `unpaired surrogate escape \\u${s.slice(j + 2, j + 6)}`, cut);
    }
    case -1:
      throw new Failure(ruleById('json/syntax').id, j, 'unterminated string', true);
    default:
      throw new Failure(ruleById('json/invalid-escape').id, j, `invalid escape sequence: backslash before ${describe(s, j + 1)}`, false);
  }
}

/** The value of four hex digits at `i`; -1 if one is not a hex digit, -2 if the text ends first. */
function hex4(s: string, i: number, n: number): number {
  let v = 0;
  for (let k = i; k < i + 4; k++) {
    if (k >= n) return -2;
    const c = s.charCodeAt(k);
    const d = c >= 0x30 && c <= 0x39 ? c - 0x30 : (c | 0x20) >= 0x61 && (c | 0x20) <= 0x66 ? (c | 0x20) - 0x57 : -1;
    if (d < 0) return -1;
    v = v * 16 + d;
  }
  return v;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** Scans the number starting at `i` (a digit or minus sign); returns the index after it. */
function scanNumber(s: string, i: number, n: number): number {
  const start = i;
  let c = s.charCodeAt(i);
  if (c === 0x2d) {
    c = ++i < n ? s.charCodeAt(i) : -1;
    if (c === 0x49 && s.startsWith('Infinity', i)) {
      throw new Failure(ruleById('json/non-finite-number').id, start, '-Infinity is not a JSON value', false);
    }
    if (!isDigit(c)) throw new Failure(ruleById('json/invalid-number').id, start, 'a minus sign must be followed by a digit', i >= n);
  }
  const intStart = i;
  if (c === 0x30) {
    c = ++i < n ? s.charCodeAt(i) : -1;
    if (isDigit(c)) throw new Failure(ruleById('json/invalid-number').id, start, 'number with a leading zero', false);
    if (c === 0x78 || c === 0x58) throw new Failure(ruleById('json/invalid-number').id, start, 'hexadecimal number', false);
  } else {
    do c = ++i < n ? s.charCodeAt(i) : -1;
    while (isDigit(c));
  }
  const intEnd = i;
  let integer = true;
  if (c === 0x2e) {
    integer = false;
    c = ++i < n ? s.charCodeAt(i) : -1;
    if (!isDigit(c)) throw new Failure(ruleById('json/invalid-number').id, start, 'a decimal point must be followed by a digit', i >= n);
    do c = ++i < n ? s.charCodeAt(i) : -1;
    while (isDigit(c));
  }
  let exponent = false;
  if (c === 0x65 || c === 0x45) {
    integer = false;
    exponent = true;
    c = ++i < n ? s.charCodeAt(i) : -1;
    if (c === 0x2b || c === 0x2d) c = ++i < n ? s.charCodeAt(i) : -1;
    if (!isDigit(c)) throw new Failure(ruleById('json/invalid-number').id, start, 'an exponent must have digits', i >= n);
    do c = ++i < n ? s.charCodeAt(i) : -1;
    while (isDigit(c));
  }
  if (isNumberLike(c)) {
    let k = i;
    while (k < n && isNumberLike(s.charCodeAt(k))) k++;
    throw new Failure(ruleById('json/invalid-number').id, start, `malformed number ${JSON.stringify(abbreviate(s.slice(start, k)))}`, false);
  }
  const digits = intEnd - intStart;
  if (integer) {
    if (digits > 16 || (digits === 16 && s.slice(intStart, intEnd) > MAX_SAFE_DIGITS)) {
      unsafeSink?.push({ path: tokensTo(valueDepth), digits: s.slice(start, i) });
    }
  } else if (decimalSink !== undefined) {
    const value = Number(s.slice(start, i));
    if (!Number.isFinite(value)) decimalSink.push({ path: tokensTo(valueDepth), spelling: 'overflow' });
    else if (Number.isInteger(value)) decimalSink.push({ path: tokensTo(valueDepth), spelling: 'integral' });
  } else if ((exponent || digits > 308) && !Number.isFinite(Number(s.slice(start, i)))) {
    throw new Failure(ruleById('json/non-finite-number').id, start, `number ${abbreviate(s.slice(start, i))} is too large for a double`, false);
  }
  return i;
}

function isNumberLike(c: number): boolean {
  const l = c | 0x20;
  return (c >= 0x30 && c <= 0x39) || (l >= 0x61 && l <= 0x7a) || c === 0x2e || c === 0x2b || c === 0x2d || c === 0x5f;
}

function unexpectedValue(s: string, i: number, n: number): Failure {
  if (i >= n) return new Failure(ruleById('json/syntax').id, i, 'unexpected end of input', true);
  const c = s.charCodeAt(i);
  if (c === 0x27) return new Failure(ruleById('json/single-quote').id, i, 'single-quoted string', false);
  if (isCommentStart(s, i)) return new Failure(ruleById('json/comment').id, i, 'comment', false);
  for (const word of ['NaN', 'Infinity', '+Infinity', '-NaN', '+NaN']) {
    if (s.startsWith(word, i)) return new Failure(ruleById('json/non-finite-number').id, i, `${word} is not a JSON value`, false);
  }
  if (c === 0x2b) return new Failure(ruleById('json/invalid-number').id, i, 'number with a plus sign', false);
  if (c === 0x2e) return new Failure(ruleById('json/invalid-number').id, i, 'number without an integer part', false);
  for (const word of ['true', 'false', 'null']) {
    const rest = s.slice(i, i + word.length);
    if (rest.length < word.length && word.startsWith(rest)) {
      return new Failure(ruleById('json/syntax').id, i, 'unexpected end of input', true);
    }
  }
  let k = i;
  while (k < n && isWordCharacter(s.charCodeAt(k))) k++;
  const found = k > i ? JSON.stringify(abbreviate(s.slice(i, k))) : describe(s, i);
  return new Failure(ruleById('json/syntax').id, i, `expected a value but found ${found}`, false);
}

function isWordCharacter(c: number): boolean {
  const l = c | 0x20;
  return (l >= 0x61 && l <= 0x7a) || isDigit(c) || c === 0x5f || c === 0x24;
}

function unexpectedKey(s: string, i: number, n: number, depth: number): Failure {
  const container = pointerTo(depth - 1);
  if (i >= n) return new Failure(ruleById('json/syntax').id, i, 'unexpected end of input', true, container);
  const c = s.charCodeAt(i);
  if (c === 0x7d) return new Failure(ruleById('json/trailing-comma').id, i, 'trailing comma before "}"', false, container);
  if (c === 0x27) return new Failure(ruleById('json/single-quote').id, i, 'single-quoted member name', false, container);
  if (isCommentStart(s, i)) return new Failure(ruleById('json/comment').id, i, 'comment', false, container);
  if (isWordCharacter(c)) {
    return new Failure(ruleById('json/unquoted-key').id, i, 'member name without double quotes', false, container);
  }
  return new Failure(ruleById('json/syntax').id, i, `expected a member name but found ${describe(s, i)}`, false, container);
}

function unexpectedSeparator(s: string, i: number, n: number, expected: string): Failure {
  if (i >= n) return new Failure(ruleById('json/syntax').id, i, 'unexpected end of input', true);
  if (isCommentStart(s, i)) return new Failure(ruleById('json/comment').id, i, 'comment', false);
  return new Failure(ruleById('json/syntax').id, i, `expected ${expected} but found ${describe(s, i)}`, false);
}

function unexpectedAfterRoot(s: string, i: number): Failure {
  if (isCommentStart(s, i)) return new Failure(ruleById('json/comment').id, i, 'comment', false, '');
  return new Failure(ruleById('json/trailing-content').id, i, `unexpected ${describe(s, i)} after the value`, false, '');
}

function isCommentStart(s: string, i: number): boolean {
  return s.charCodeAt(i) === 0x2f && (s.charCodeAt(i + 1) === 0x2f || s.charCodeAt(i + 1) === 0x2a);
}

/** Names the character at `i` for a message: quoted, or as U+XXXX when invisible. */
function describe(s: string, i: number): string {
  const cp = s.codePointAt(i) ?? 0;
  const ch = String.fromCodePoint(cp);
  return /^[\p{C}\p{Z}]$/u.test(ch) ? codePoint(cp) : JSON.stringify(ch);
}

function codePoint(c: number): string {
  return 'U+' + c.toString(16).toUpperCase().padStart(4, '0');
}

function abbreviate(text: string): string {
  return text.length > 40 ? `${text.slice(0, 20)}…${text.slice(-10)}` : text;
}
