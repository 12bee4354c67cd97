/**
 * The strict reader's fast path: let the native JSON.parse reject every syntax error, then prove
 * the few things it lets through are absent — duplicate keys (the members written in the text,
 * counted as colons outside strings, must equal the keys parsed), nesting deeper than the limit,
 * unpaired surrogates, unsafe or non-finite numbers. Anything doubtful returns FALLBACK, and the
 * full scanner decides (and explains); so the fast path can only ever accept what the scanner
 * accepts. A property test holds the two equal.
 */

/** Returned when the fast path cannot decide; the scanner must. */
export const FALLBACK: unique symbol = Symbol('strict-json fallback');

const COLON = 0x3a;
const BACKSLASH = 0x5c;

/** Colons outside strings (one per object member in valid JSON), or -1 when a string never ends. */
function countMembers(s: string): number {
  const n = s.length;
  let count = 0;
  let i = 0;
  for (;;) {
    const q = s.indexOf('"', i);
    const end = q === -1 ? n : q;
    for (let k = i; k < end; k++) if (s.charCodeAt(k) === COLON) count++;
    if (q === -1) return count;
    let j = q + 1;
    for (;;) {
      j = s.indexOf('"', j);
      if (j === -1) return -1;
      let b = j - 1;
      while (s.charCodeAt(b) === BACKSLASH) b--;
      if ((j - 1 - b) % 2 === 0) break;
      j++;
    }
    i = j + 1;
  }
}

/** `String.prototype.isWellFormed` (ES2024, present in Node 20): false for unpaired surrogates. */
function wellFormed(s: string): boolean {
  return (s as string & { isWellFormed(): boolean }).isWellFormed();
}

/** Keys below `value`, or -1 when something needs the scanner's judgement. */
function walk(value: unknown, depth: number, maxDepth: number): number {
  if (typeof value === 'string') return wellFormed(value) ? 0 : -1;
  if (typeof value === 'number') return numberOk(value) ? 0 : -1;
  if (typeof value !== 'object' || value === null) return 0;
  if (depth >= maxDepth) return -1;
  let keys = 0;
  if (Array.isArray(value)) {
    for (const item of value) {
      const k = walk(item, depth + 1, maxDepth);
      if (k < 0) return -1;
      keys += k;
    }
    return keys;
  }
  for (const key in value) {
    if (!wellFormed(key)) return -1;
    const k = walk((value as Record<string, unknown>)[key], depth + 1, maxDepth);
    if (k < 0) return -1;
    keys += k + 1;
  }
  return keys;
}

/** Quotation marks in `s` (every one of them delimits a string when the text has no escapes). */
function countQuotes(s: string): number {
  let count = 0;
  for (let i = s.indexOf('"'); i !== -1; i = s.indexOf('"', i + 1)) count++;
  return count;
}

function numberOk(value: number): boolean {
  return Number.isFinite(value) && !(Number.isInteger(value) && Math.abs(value) > Number.MAX_SAFE_INTEGER);
}

/**
 * Strings below `value` (member names and string values), or -1 when something needs the
 * scanner's judgement. For text without escapes: every string of the value is a slice of the
 * (well-formed) text, so no string needs its own surrogate check.
 */
function walkPlain(value: unknown, depth: number, maxDepth: number): number {
  if (typeof value === 'string') return 1;
  if (typeof value === 'number') return numberOk(value) ? 0 : -1;
  if (typeof value !== 'object' || value === null) return 0;
  if (depth >= maxDepth) return -1;
  let strings = 0;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const k = walkPlain(value[i], depth + 1, maxDepth);
      if (k < 0) return -1;
      strings += k;
    }
    return strings;
  }
  for (const key in value) {
    const k = walkPlain((value as Record<string, unknown>)[key], depth + 1, maxDepth);
    if (k < 0) return -1;
    strings += k + 1;
  }
  return strings;
}

/** The parsed value when the text is certainly strict JSON within `maxDepth`, else FALLBACK. */
export function parseFast(s: string, maxDepth: number): unknown {
  // An unpaired surrogate in the text itself (even one that an escape next to it would pair up
  // after decoding) is the scanner's to judge.
  if (!wellFormed(s)) return FALLBACK;
  let value: unknown;
  try {
    value = JSON.parse(s);
  } catch {
    return FALLBACK;
  }
  if (s.indexOf('\\') === -1) {
    // Without escapes every quotation mark opens or closes a string, so the text holds exactly
    // half as many strings as it has quotation marks. A duplicate member drops at least its name
    // from the parsed value, so the parsed value holds as many strings only when no member repeats.
    const strings = walkPlain(value, 0, maxDepth);
    if (strings < 0 || strings * 2 !== countQuotes(s)) return FALLBACK;
    return value;
  }
  const keys = walk(value, 0, maxDepth);
  if (keys < 0 || keys !== countMembers(s)) return FALLBACK;
  return value;
}
