/**
 * The strict reader's fast path: let the native JSON.parse reject every syntax error, then prove
 * the few things it lets through are absent — duplicate keys (compact text is shorter than the
 * parsed value's shortest text plus one member; otherwise the members written in the text must be
 * as many as the keys parsed), nesting deeper than the limit,
 * unpaired surrogates, unsafe or non-finite numbers. Anything doubtful returns FALLBACK, and the
 * full scanner decides (and explains); so the fast path can only ever accept what the scanner
 * accepts. A property test holds the two equal.
 */

/** Returned when the fast path cannot decide; the scanner must. */
export const FALLBACK: unique symbol = Symbol('strict-json fallback');


/** A string literal of a text JSON.parse accepted: each character matches one alternative only, so the match is linear. */
const STRING_LITERAL = /"(?:[^"\\]|\\.)*"/g;

/**
 * Colons outside strings (one per object member in valid JSON) of a text JSON.parse accepted. The
 * strings are dropped by one regular-expression replace and the colons found with indexOf: both
 * native, so a long text (a fixture file, read once) is counted in a fraction of the time a loop
 * over its characters takes before the engine has compiled the loop.
 */
function countMembers(s: string): number {
  // A long text is counted by the loop (compiled within its first pass): the replace would copy it
  // whole and back-track through its long strings, tens of megabytes held for a count.
  if (s.length > LOOP_FROM) return countMembersByLoop(s);
  let bare: string;
  try {
    bare = s.replace(STRING_LITERAL, '');
  } catch {
    // The engine backtracks through a string literal of tens of megabytes by its stack and runs out
    // (RangeError): such a text is counted by the loop, linear whatever its strings.
    return countMembersByLoop(s);
  }
  let count = 0;
  for (let i = bare.indexOf(':'); i !== -1; i = bare.indexOf(':', i + 1)) count++;
  return count;
}

/** The text length from which countMembers takes the loop. */
const LOOP_FROM = 1024 * 1024;

/** countMembers by one pass over the characters (slower on short texts, never out of stack). */
function countMembersByLoop(s: string): number {
  let count = 0;
  let inString = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x3a) count++;
  }
  return count;
}

/** `String.prototype.isWellFormed` (ES2024, present in Node 20): false for unpaired surrogates. */
function wellFormed(s: string): boolean {
  return (s as string & { isWellFormed(): boolean }).isWellFormed();
}

function numberOk(value: number): boolean {
  return Number.isFinite(value) && !(Number.isInteger(value) && Math.abs(value) > Number.MAX_SAFE_INTEGER);
}

/**
 * The fewest characters any JSON text that parses to a number `value` can have (a lower bound):
 * an integer not ending in 0 needs all its digits; one ending in 0 needs its digits or an exponent
 * form (at least 3 characters: digit, e, digit); a fraction at least 3 (0.5, 5e-1); a sign 1 more.
 */
function numberLength(value: number): number {
  let a = value;
  let sign = 0;
  if (a < 0) {
    a = -a;
    sign = 1;
  }
  if (!Number.isInteger(a)) return sign + 3;
  let digits = 1;
  for (let p = 10; p <= a; p *= 10) digits++;
  return sign + (a % 10 !== 0 || digits < 3 ? digits : 3);
}

/**
 * The fewest characters of any JSON text that parses to `value` (strings at least their length
 * and two quotation marks, members a colon, items and members a comma between them, no
 * whitespace), or -1 when something needs the scanner's judgement. A member that repeats in the
 * text is dropped from the parsed value along with at least `"":0,` (5 characters), so a text
 * fewer than 5 characters longer than this bound (and its escapes) repeats no member.
 * `checkStrings` also defers strings that decode to an unpaired surrogate (text with escapes).
 * The members it meets are counted in `keysSeen`, for texts the bound cannot decide.
 */
let keysSeen = 0;

function leastLength(value: unknown, depth: number, maxDepth: number, checkStrings: boolean): number {
  if (typeof value === 'string') return checkStrings && !wellFormed(value) ? -1 : value.length + 2;
  if (typeof value === 'number') return numberOk(value) ? numberLength(value) : -1;
  if (value === null || value === true) return 4;
  if (value === false) return 5;
  if (depth >= maxDepth) return -1;
  let length = 2;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const k = leastLength(value[i], depth + 1, maxDepth, checkStrings);
      if (k < 0) return -1;
      length += k + 1;
    }
    return value.length === 0 ? length : length - 1;
  }
  let members = 0;
  for (const key in value) {
    if (checkStrings && !wellFormed(key)) return -1;
    const k = leastLength((value as Record<string, unknown>)[key], depth + 1, maxDepth, checkStrings);
    if (k < 0) return -1;
    length += key.length + 4 + k; // "key": and a comma
    members++;
  }
  keysSeen += members;
  return members === 0 ? length : length - 1;
}

/**
 * What the escapes of a valid JSON text add to its length over the strings they decode to: 5 for
 * each `\uXXXX` (one UTF-16 unit), 1 for each other escape. Outside strings a backslash is a
 * syntax error, so every backslash of a parsed text starts an escape.
 */
function escapeOverhead(s: string): number {
  let extra = 0;
  for (let i = s.indexOf('\\'); i !== -1; i = s.indexOf('\\', i)) {
    if (s.charCodeAt(i + 1) === 0x75) {
      extra += 5;
      i += 6;
    } else {
      extra += 1;
      i += 2;
    }
  }
  return extra;
}

/** The shortest text a repeated member leaves behind: `"":0,`. */
const SHORTEST_MEMBER = 5;

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
  // Compact text (as JSON.stringify writes it) is within a few characters of the shortest text for
  // its value once what its escapes add is taken off, which proves no member repeats without
  // looking at the text again. Escapes can decode to a lone surrogate, so strings are then checked.
  const plain = s.indexOf('\\') === -1;
  keysSeen = 0;
  const least = leastLength(value, 0, maxDepth, !plain);
  if (least < 0) return FALLBACK;
  if (s.length - (plain ? 0 : escapeOverhead(s)) - least < SHORTEST_MEMBER) return value;
  // Whitespace or long number forms: the members written in the text (colons outside strings) must
  // be as many as the keys parsed, since a repeated member is dropped from the parsed value.
  return keysSeen === countMembers(s) ? value : FALLBACK;
}
