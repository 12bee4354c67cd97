// Why: a trace is written so that two runs of a deterministic server give byte-identical files
// (canonical JSON; the timings in a sidecar file); and it is untrusted input when read back, so
// reading checks it whole.
import * as v from 'valibot';
import { InputError } from '../runner/errors.ts';
import { fixtureRules } from '../validators/rules/fixture.ts';
import { issuePointer } from '../validators/schema-check.ts';
import { parseStrictJson, StrictJsonError } from '../validators/strict-json.ts';
import { canonicalJson } from './canonical-json.ts';
import { TRACE_MARK, TraceSchema, type Trace } from './trace-schema.ts';

/** Wall-clock times of a run: milliseconds from its start to each event, by event index. */
export interface TraceTimings {
  readonly mcp_statechart_timings: 1;
  readonly total_ms: number;
  readonly events_ms: readonly number[];
}

/** The largest trace read back, in bytes. */
export const MAX_TRACE_BYTES = 256 * 1024 * 1024;
/** Nesting allowed in a trace: a message's own 64 levels under the document, event list and event. */
const MAX_TRACE_DEPTH = 64 + 3;

/** The trace as its file holds it: canonical JSON, two-space indentation, a final newline. */
export function traceText(trace: Trace): string {
  return canonicalJson(trace, 2) + '\n';
}

/** Where a trace's timings go: `run.json` -> `run.timings.json`, anything else gets `.timings.json` added. */
export function timingsPath(tracePath: string): string {
  return tracePath.endsWith('.json') ? `${tracePath.slice(0, -'.json'.length)}.timings.json` : `${tracePath}.timings.json`;
}

/** The timings as their file holds them. */
export function timingsText(timings: TraceTimings): string {
  return canonicalJson(timings, 2) + '\n';
}

/** Whether a parsed JSON value is meant as a trace (it carries the trace mark). */
export function isTraceDocument(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, TRACE_MARK);
}

/**
 * Reads a trace: strict JSON, then the trace schema. Throws an InputError naming the rule and the
 * JSON Pointer (never a file path).
 */
export function parseTrace(bytes: Uint8Array): Trace {
  let value: unknown;
  try {
    value = parseStrictJson(bytes, { maxBytes: MAX_TRACE_BYTES, maxDepth: MAX_TRACE_DEPTH });
  } catch (error) {
    if (!(error instanceof StrictJsonError)) throw error;
    throw new InputError(error.rule, error.pointer, error.message);
  }
  const rule = fixtureRules['trace-invalid'].id;
  if (!isTraceDocument(value)) throw new InputError(rule, '', `not a trace: the document has no ${TRACE_MARK} member`);
  const parsed = v.safeParse(TraceSchema, value);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const pointer = issue ? issuePointer('', issue) : '';
    throw new InputError(rule, pointer, `invalid trace at ${pointer || '/'}: ${issue?.message ?? 'unknown problem'}`);
  }
  return parsed.output;
}
