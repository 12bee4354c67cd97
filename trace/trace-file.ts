// Why: a trace is written so that two runs of a deterministic server give byte-identical files
// (canonical JSON; the timings in a sidecar file); and it is untrusted input when read back, so
// reading it back is parse-trace.ts's job.
import { canonicalJson } from './canonical-json.ts';
import { TRACE_MARK, type Trace } from './trace-schema.ts';

/** Wall-clock times of a run: milliseconds from its start to each event, by event index. */
export interface TraceTimings {
  readonly mcp_statechart_timings: 1;
  readonly total_ms: number;
  readonly events_ms: readonly number[];
}

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
