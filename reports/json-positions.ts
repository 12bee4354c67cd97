// Why: SARIF results point at lines of the trace file, so that code scanning shows the event a
// finding rests on. This finds where given JSON Pointers' values start in a JSON text, in one pass
// that follows only the containers on the way to them.
import { escapePointerToken } from '../validators/finding.ts';

/** A 1-based line and column (UTF-16 code units, as SARIF counts by default). */
export interface TextPosition {
  readonly line: number;
  readonly column: number;
}

/** Where a value lies in the text: its start and end offsets (UTF-16), and the start of its member name when it has one. */
export interface TextRange {
  readonly start: number;
  readonly end: number;
  /** The offset of the member name (`"name": value`), or the value's start for an array element or the root. */
  readonly member: number;
}

/**
 * The start of each pointer's value in `text` (valid JSON), for those pointers that resolve.
 * Text that is not valid JSON gives positions for the part before the problem, never an exception.
 */
export function valuePositions(text: string, pointers: Iterable<string>): Map<string, TextPosition> {
  return scan(text, pointers).positions;
}

/** Where each pointer's member (name and value) lies in `text` (valid JSON), for those pointers that resolve. */
export function valueRanges(text: string, pointers: Iterable<string>): Map<string, TextRange> {
  return scan(text, pointers).ranges;
}

function scan(text: string, pointers: Iterable<string>): { positions: Map<string, TextPosition>; ranges: Map<string, TextRange> } {
  const targets = new Set(pointers);
  const prefixes = new Set<string>(['']);
  for (const p of targets) {
    for (let i = p.indexOf('/', 1); i > 0; i = p.indexOf('/', i + 1)) prefixes.add(p.slice(0, i));
    prefixes.add(p);
  }
  const found = new Map<string, TextPosition>();
  const ranges = new Map<string, TextRange>();
  let i = 0;
  let line = 1;
  let lineStart = 0;

  const space = () => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) {
        line += 1;
        lineStart = i + 1;
      } else if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return;
      i += 1;
    }
  };
  const string = (): string => {
    const start = i;
    i += 1;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 0x5c) i += 2;
      else if (c === 0x22) break;
      else i += 1;
    }
    i += 1;
    return text.slice(start, i);
  };
  const value = (path: string | null, member?: number): void => {
    space();
    const start = i;
    if (path !== null && targets.has(path)) found.set(path, { line, column: i - lineStart + 1 });
    content(path);
    if (path !== null && targets.has(path)) ranges.set(path, { start, end: i, member: member ?? start });
  };
  const content = (path: string | null): void => {
    const c = text[i];
    const follow = path !== null && prefixes.has(path) ? path : null;
    if (c === '{') {
      i += 1;
      space();
      if (text[i] === '}') return void (i += 1);
      while (i < text.length) {
        space();
        const member = i;
        const key = string();
        space();
        i += 1; // ':'
        value(follow === null ? null : `${follow}/${escapePointerToken(JSON.parse(key) as string)}`, member);
        space();
        if (text[i++] !== ',') return;
      }
    } else if (c === '[') {
      i += 1;
      space();
      if (text[i] === ']') return void (i += 1);
      for (let index = 0; i < text.length; index++) {
        value(follow === null ? null : `${follow}/${index}`);
        space();
        if (text[i++] !== ',') return;
      }
    } else if (c === '"') {
      string();
    } else {
      while (i < text.length && !/[\s,\]}]/.test(text[i]!)) i += 1;
    }
  };
  try {
    value('');
  } catch {
    // a key that is not valid JSON: keep what was found before it
  }
  return { positions: found, ranges };
}
