import * as v from 'valibot';
import type { Step } from '../machines/session.ts';
import { InputError } from '../runner/errors.ts';
import { ControlStepSchema, WireStepSchema } from '../runner/fixture-schema.ts';
import { fixtureRules } from '../validators/rules/fixture.ts';
import { jsonRules } from '../validators/rules/json.ts';
import { issuePointer } from '../validators/schema-check.ts';
import { parseStrictJson, StrictJsonError } from '../validators/strict-json.ts';
import { isHeaderLine, TranscriptHeaderSchema, type TranscriptHeader } from './transcript-header.ts';

/** The largest line a transcript may hold, in UTF-8 bytes (the course profile's message limit). */
export const MAX_LINE_BYTES = 2_000_000;

const StepSchema = v.union([WireStepSchema, ControlStepSchema],
  'Invalid step: Expected a wire step {direction, message, transport_context?} or a control step {control_event}');

const INVALID = fixtureRules['transcript-invalid'].id;

/**
 * Parses one transcript line as strict JSON. Throws an InputError naming the line number and the
 * rule; the JSON Pointer is into the line.
 */
export function parseLineJson(bytes: Uint8Array, line: number, maxBytes = MAX_LINE_BYTES): unknown {
  try {
    return parseStrictJson(bytes, { maxBytes });
  } catch (error) {
    if (!(error instanceof StrictJsonError)) throw error;
    const column = error.rule === jsonRules['size-limit'].id ? '' : `, column ${error.column}`;
    const pointer = error.pointer === '' ? '' : ` (${error.pointer})`;
    throw new InputError(error.rule, error.pointer, `line ${line}${column}: Invalid JSON: ${error.problem}${pointer}`);
  }
}

/** The error for a line longer than the limit, raised while it is still being read. */
export function lineTooLong(line: number, maxBytes = MAX_LINE_BYTES): never {
  throw new InputError(jsonRules['size-limit'].id, '',
    `line ${line}: Invalid JSON: the line is larger than the ${maxBytes}-byte limit`);
}

function invalidLine(line: number, pointer: string, problem: string): InputError {
  return new InputError(INVALID, pointer, `line ${line}: invalid transcript line at ${pointer || '/'}: ${problem}`);
}

/** Checks a parsed line as a step (a wire step or a control step). */
export function toStep(value: unknown, line: number): Step {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidLine(line, '', `Invalid step: Expected a JSON object but received ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}`);
  }
  if (isHeaderLine(value)) throw invalidLine(line, '/mcp_statechart_transcript', 'a header is only allowed on the first line');
  const r = v.safeParse(StepSchema, value);
  if (r.success) return r.output as Step;
  const issue = deepestIssue(r.issues);
  throw invalidLine(line, issuePointer('', issue), issue.message);
}

/** Checks a parsed first line as a header, including that its initial revision exists. */
export function toHeader(value: unknown, line: number): TranscriptHeader {
  if (!isHeaderLine(value)) throw new TypeError('toHeader: not a header line');
  const r = v.safeParse(TranscriptHeaderSchema, value);
  if (!r.success) {
    const issue = r.issues[0];
    throw invalidLine(line, issue ? issuePointer('', issue) : '', `invalid header: ${issue?.message ?? 'unknown problem'}`);
  }
  const auth = r.output.authorization;
  if (auth && !Object.hasOwn(auth.revisions, auth.initial_revision)) {
    throw invalidLine(line, '/authorization/initial_revision', `invalid header: no revision ${JSON.stringify(auth.initial_revision)} is defined`);
  }
  return r.output;
}

/** A union's own issue says only "no option matched"; the one of the closest option says why. */
function deepestIssue(issues: readonly v.BaseIssue<unknown>[]): v.BaseIssue<unknown> {
  const first = issues[0] as v.BaseIssue<unknown>;
  let best = first;
  let depth = -1;
  const visit = (list: readonly v.BaseIssue<unknown>[] | undefined): void => {
    for (const i of list ?? []) {
      const d = i.path?.length ?? 0;
      if (i.type !== 'union' && d > depth) {
        best = i;
        depth = d;
      }
      visit(i.issues);
    }
  };
  visit(issues);
  return depth <= 0 ? first : best;
}
