// Why: a fixture given to `validate`, or a transcript given to `cases`, should be recognised and
// the right command named, instead of failing with a JSON syntax error on line 2.

/** The member that marks a transcript's optional first line as its header. */
export const HEADER_MARK = 'mcp_statechart_transcript';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a parsed value is meant as a fixture: an object with `schema_version` and `cases`. */
export function looksLikeFixture(value: unknown): boolean {
  return isObject(value) && Object.hasOwn(value, 'schema_version') && Object.hasOwn(value, 'cases');
}

/** Whether a parsed value is meant as a transcript line: a header, a wire step or a control step. */
export function looksLikeTranscriptLine(value: unknown): boolean {
  if (!isObject(value)) return false;
  return Object.hasOwn(value, HEADER_MARK) || Object.hasOwn(value, 'control_event')
    || (Object.hasOwn(value, 'direction') && Object.hasOwn(value, 'message'));
}

const decoder = new TextDecoder('utf-8', { fatal: false });

/** The first line of `bytes` that is not blank, as text (without its line end). */
function firstContentLine(text: string): string | undefined {
  for (const line of text.split('\n')) if (line.trim() !== '') return line.replace(/\r$/, '');
  return undefined;
}

function parsesAs(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * What the start of an input is: a transcript when its first non-blank line is a JSON object of
 * its own that is a header or a step; a fixture when that line is a fixture object, or is not
 * JSON on its own while the start declares `schema_version` (a fixture written over many lines).
 */
export function inputKindOf(start: Uint8Array): 'fixture' | 'transcript' | 'unknown' {
  const text = decoder.decode(start.subarray(0, 64 * 1024));
  const line = firstContentLine(text);
  if (line === undefined) return 'unknown';
  const value = parsesAs(line);
  if (looksLikeFixture(value)) return 'fixture';
  if (looksLikeTranscriptLine(value)) return 'transcript';
  // A fixture written over many lines: its first line opens the object and is no JSON value alone.
  if (value === undefined && line.trimStart().startsWith('{') && /(^|\n)[ \t]*\{?[ \t]*"schema_version"[ \t]*:/.test(text) && /"cases"[ \t]*:/.test(text)) return 'fixture';
  return 'unknown';
}
