// Why: SARIF results point at lines of the trace file, so that code scanning shows the event a
// finding rests on. This finds where given JSON Pointers' values start in a JSON text, in one pass
// that follows only the containers on the way to them.
import { escapePointerToken } from '../validators/finding.ts';

/** A 1-based line and column (UTF-16 code units, as SARIF counts by default). */
export interface TextPosition {
  readonly line: number;
  readonly column: number;
}

/**
 * The start of each pointer's value in `text` (valid JSON), for those pointers that resolve.
 * Text that is not valid JSON gives positions for the part before the problem, never an exception.
 */
export function valuePositions(text: string, pointers: Iterable<string>): Map<string, TextPosition> {
  const targets = new Set(pointers);
  const prefixes = new Set<string>(['']);
  for (const p of targets) {
    for (let i = p.indexOf('/', 1); i > 0; i = p.indexOf('/', i + 1)) prefixes.add(p.slice(0, i));
    prefixes.add(p);
  }
  const found = new Map<string, TextPosition>();
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
  const value = (path: string | null): void => {
    space();
    if (path !== null && targets.has(path)) found.set(path, { line, column: i - lineStart + 1 });
    const c = text[i];
    const follow = path !== null && prefixes.has(path) ? path : null;
    if (c === '{') {
      i += 1;
      space();
      if (text[i] === '}') return void (i += 1);
      while (i < text.length) {
        space();
        const key = string();
        space();
        i += 1; // ':'
        value(follow === null ? null : `${follow}/${escapePointerToken(JSON.parse(key) as string)}`);
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
  return found;
}
