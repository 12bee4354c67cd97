// Why: `validate` for a test suite: a transcript (JSON Lines) or a trace, given as text or bytes,
// judged as the CLI judges it, its report the one `validate --json` prints.
import { judgeTrace } from '../live/trace-judge.ts';
import { parseTrace } from '../trace/parse-trace.ts';
import { TRACE_MARK } from '../trace/trace-schema.ts';
import { validateTranscript } from '../transcripts/validate-transcript.ts';

/**
 * Whether the input is a trace, as `validate` tells: one JSON document whose opening brace is
 * alone on its first line (a trace as written), or whose first line carries the trace mark; no
 * transcript line can be either.
 */
function isTrace(text: string): boolean {
  const start = text.trimStart();
  const end = start.indexOf('\n');
  const first = (end === -1 ? start : start.slice(0, end)).trim();
  return first === '{' || (first.startsWith('{') && first.includes(`"${TRACE_MARK}"`));
}

/** Judges a transcript or a trace; the report as `validate --json` prints it (an unreadable input throws). */
export async function validateInput(input: string | Uint8Array): Promise<Record<string, unknown>> {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const text = typeof input === 'string' ? input : new TextDecoder().decode(input.subarray(0, 4096));
  if (isTrace(text)) {
    const trace = parseTrace(bytes);
    const judged = judgeTrace(trace);
    const errors = judged.findings.filter((f) => f.severity === 'error').length;
    return {
      status: errors === 0 ? 'ok' : 'failed',
      profile: judged.negotiation.profile.id,
      protocol_version: judged.negotiation.protocolVersion,
      events: trace.events.length,
      messages: trace.events.filter((e) => e.kind === 'message').length,
      findings: judged.findings.map((f) => ({ ...f, ...judged.about(f) })),
      counts: { error: errors, warning: judged.findings.length - errors },
      signature: judged.signature,
    };
  }
  const run = await validateTranscript((async function* () {
    yield bytes;
  })());
  if (run.failure !== undefined) throw run.failure;
  return { ...run.report };
}
