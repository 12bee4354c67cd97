// Why: `validate` reads a trace as well as a transcript: a trace written by `check` is judged
// again through the session (live/trace-validate.ts), so it can be re-checked by a later build, and
// the result is reported the way transcripts are, placed by event instead of line.
import { countOf } from '../../reports/renderers/finding-text.ts';
import { styleFor, type Style } from '../../reports/renderers/style.ts';
import type { TraceValidateReport } from '../../live/trace-validate.ts';

export { looksLikeTrace, validateTraceStream, type TraceValidateReport, type TraceValidation } from '../../live/trace-validate.ts';

/** The closing summary line of a trace's text output. */
export function formatTraceSummary(r: TraceValidateReport, style: Style = styleFor(false)): string {
  const status = r.status === 'ok' ? style.ok(r.status) : style.error(r.status);
  const version = r.protocol_version === null ? 'no version negotiated' : `MCP ${r.protocol_version}`;
  return `${status}: ${countOf(r.events, 'event')}, ${countOf(r.messages, 'message')}, ${countOf(r.counts.error, 'error')}, ${countOf(r.counts.warning, 'warning')} (${r.profile}, ${version}); ${r.signature}`;
}
