import * as v from 'valibot';
import type { Step } from '../machines/session.ts';
import { InputError } from '../files/input-error.ts';
import { ControlStepSchema, WireStepSchema } from '../runner/fixture-schema.ts';
import { describeIssue } from '../runner/schema-issue.ts';
import { parseStrictJson, StrictJsonError } from '../validators/strict-json.ts';
import { isHeaderLine, TranscriptHeaderSchema, type TranscriptHeader } from './transcript-header.ts';
import { ruleById } from '../validators/rules/index.ts';

/** The default largest line a transcript may hold, in UTF-8 bytes (the course profile's message limit). */
export const MAX_LINE_BYTES = 2_000_000;

const StepSchema = v.union([WireStepSchema, ControlStepSchema],
  'Invalid step: Expected a wire step {direction, message, transport_context?} or a control step {control_event}');

const INVALID = ruleById('fixture/transcript-invalid');

/** Why a line could not be fed: a finding on that line (its rule, a pointer into the line, a sentence). */
export interface LineProblem {
  readonly rule: string;
  readonly pointer: string;
  readonly message: string;
}

const UTF8_CONTINUATION = 0x80;
const UTF8_LEAD = 0xc0;

/**
 * The 1-based column of a byte offset in one line, in code points. Counted here, not taken from
 * the JSON reader, which starts a new line at every CR: a transcript line ends only at LF.
 */
export function columnAt(bytes: Uint8Array, offset: number): number {
  let column = 1;
  const end = Math.min(offset, bytes.length);
  for (let i = 0; i < end; i++) if (((bytes[i] as number) & UTF8_LEAD) !== UTF8_CONTINUATION) column += 1;
  return column;
}

/** Parses one line as strict JSON; a line that is not is a problem at its column. */
export function parseLine(bytes: Uint8Array, maxBytes = MAX_LINE_BYTES): { value: unknown } | { problem: LineProblem } {
  try {
    return { value: parseStrictJson(bytes, { maxBytes }) };
  } catch (error) {
    if (!(error instanceof StrictJsonError)) throw error;
    const column = error.rule === ruleById('json/size-limit').id ? '' : ` at column ${columnAt(bytes, error.offset)}`;
    return { problem: { rule: error.rule, pointer: error.pointer, message: `Invalid JSON${column}: ${error.problem}` } };
  }
}

/**
 * The failure for a line longer than the limit, raised while it is read: the run stops there, since
 * the next line starts only where this one ends, and no more than the limit of a line is read.
 */
export function lineTooLong(line: number, maxBytes: number): InputError {
  return new InputError(ruleById('json/size-limit').id, '', `line ${line}: the line is larger than the ${maxBytes}-byte limit; --max-line-bytes raises it`);
}

/** Checks a parsed line as a step (a wire step or a control step). */
export function stepOf(value: unknown): { step: Step } | { problem: LineProblem } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const found = Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value;
    return { problem: { rule: INVALID.id, pointer: '', message: `not a transcript step: a step is a JSON object, found ${found}` } };
  }
  if (isHeaderLine(value)) {
    return { problem: { rule: INVALID.id, pointer: '/mcp_statechart_transcript', message: 'not a transcript step: a header is allowed on the first line only' } };
  }
  const r = v.safeParse(StepSchema, value);
  if (r.success) return { step: r.output as Step };
  const { pointer, text } = describeIssue(StepSchema, r.issues);
  return { problem: { rule: INVALID.id, pointer, message: `not a transcript step: ${text}` } };
}

/**
 * Checks a parsed first line as a header, including that its initial revision exists. A header
 * sets the run up, so a wrong one stops the run (an InputError) rather than being a finding.
 */
export function headerOf(value: unknown): TranscriptHeader {
  if (!isHeaderLine(value)) throw new TypeError('headerOf: not a header line');
  const r = v.safeParse(TranscriptHeaderSchema, value);
  if (!r.success) {
    const { pointer, text } = describeIssue(TranscriptHeaderSchema, r.issues);
    throw new InputError(INVALID.id, pointer, `line 1: invalid transcript header at ${pointer || '/'}: ${text}`);
  }
  const auth = r.output.authorization;
  if (auth && !Object.hasOwn(auth.revisions, auth.initial_revision)) {
    throw new InputError(INVALID.id, '/authorization/initial_revision',
      `line 1: invalid transcript header at /authorization/initial_revision: no revision ${JSON.stringify(auth.initial_revision)} is defined`);
  }
  return r.output;
}
