// Why: a trace is evidence of a run; a transcript is the format people edit, diff and feed to
// `validate`, `coverage` and `inspect`. A trace's message events, in order, are a transcript: one
// line per message (its parsed value, or its text when it was not strict JSON), under a header
// that names no profile, so the traffic's own handshake settles it, as it did when it was judged.
// What only the connection saw (HTTP statuses, timeouts, exits, stderr) is not a message and has no
// line; its findings stay with the trace.
import { canonicalJson } from './canonical-json.ts';
import type { Trace } from './trace-schema.ts';

/** The header an exported transcript opens with. */
function headerOf(trace: Trace): Record<string, unknown> {
  return { mcp_statechart_transcript: 1, description: `the message events of a ${trace.mode} trace (${trace.generator}), in order` };
}

/**
 * The transcript of a trace's message events, one canonical JSON line each (sorted keys) after the header; a message kept
 * only as text is written as that text, so that it is judged as the same non-JSON line again
 * (a text holding a line break is written with the break escaped, and reads as a syntax error).
 */
export function transcriptOfTrace(trace: Trace): string {
  const lines = [canonicalJson(headerOf(trace))];
  for (const event of trace.events) {
    if (event.kind !== 'message') continue;
    if (event.message !== undefined) lines.push(canonicalJson({ direction: event.direction, message: event.message }));
    else lines.push((event.text ?? '').replace(/[\r\n]/g, (c) => (c === '\n' ? '\\n' : '\\r')));
  }
  return lines.join('\n') + '\n';
}

/** For each line of transcriptOfTrace (1-based, the header being line 1), the trace event it came from. */
export function eventOfLine(trace: Trace): readonly (number | null)[] {
  const out: (number | null)[] = [null, null];
  trace.events.forEach((event, index) => {
    if (event.kind === 'message') out.push(index);
  });
  return out;
}
