// Why: `validate` reads a trace as well as a transcript: a trace written by `check` is judged
// again through the session (its message events), so it can be re-checked by a later build, and
// the result is reported the way transcripts are, placed by event instead of line.
import { ruleById } from '../../validators/rules/index.ts';
import { judgeTrace } from '../../live/trace-judge.ts';
import { traceCauses } from '../../judge/cascade.ts';
import { InputError } from '../../files/input-error.ts';
import { inputKindOf } from '../../runner/input-kind.ts';
import { parseTrace, TRACE_MAX_BYTES } from '../../trace/parse-trace.ts';
import { TRACE_MARK } from '../../trace/trace-schema.ts';
import { notJudgedText } from '../../validators/negotiation.ts';
import type { TraceFinding } from '../../trace/trace-schema.ts';
import type { FindingTarget } from '../../validators/finding-target.ts';
import { countOf } from '../../reports/renderers/finding-text.ts';
import { styleFor, type Style } from '../../reports/renderers/style.ts';
import { readStreamBounded } from '../../files/read-bounded.ts';

/** What `validate --json` prints for a trace, keys in this order. */
export interface TraceValidateReport {
  readonly status: 'ok' | 'failed';
  readonly profile: string;
  readonly protocol_version: string | null;
  readonly events: number;
  readonly messages: number;
  /** Each finding with, as a transcript's have, its message's label (`method`) and what it is about (`target`). */
  readonly findings: readonly (TraceFinding & { readonly method?: string; readonly target?: FindingTarget })[];
  readonly counts: { readonly error: number; readonly warning: number };
  readonly signature: string;
}

/** A trace's report, and the method each finding's event carries or answers (for text output). */
export interface TraceValidation {
  readonly report: TraceValidateReport;
  methodOf(event: number | null): string | undefined;
  /** The cause each finding (by index) follows from, when it is one of a cascade (for text output). */
  readonly causes: readonly (string | undefined)[];
}

const OPEN_BRACE = 0x7b;

/**
 * Whether an input that begins with these bytes is a trace: one JSON document that is not a
 * fixture, written with its opening brace alone on the first line (or on one line, with the trace
 * mark), which no transcript line can be.
 */
export function looksLikeTrace(head: Uint8Array): boolean {
  let i = 0;
  while (i < head.length && (head[i] === 0x20 || head[i] === 0x09 || head[i] === 0x0d || head[i] === 0x0a)) i++;
  if (head[i] !== OPEN_BRACE || inputKindOf(head) === 'fixture') return false;
  const lf = head.indexOf(0x0a, i);
  const firstLine = new TextDecoder().decode(head.subarray(i, lf === -1 ? head.length : lf)).trim();
  return firstLine === '{' || firstLine.includes(`"${TRACE_MARK}"`);
}

/** Reads a whole trace from a stream, checks it, and judges it again. */
export async function validateTraceStream(source: AsyncIterable<Uint8Array>): Promise<TraceValidation> {
  const trace = parseTrace(await readStreamBounded(source, TRACE_MAX_BYTES));
  const judged = judgeTrace(trace);
  const { notJudged, notJudgedAt } = judged.negotiation;
  if (notJudged !== null) {
    throw new InputError(ruleById('cli/version-not-judged').id, notJudgedAt === null ? '/events' : `/events/${notJudgedAt.event}${notJudgedAt.pointer}`,
      `the traced session negotiated ${notJudgedText(notJudged)}`);
  }
  const errors = judged.findings.filter((f) => f.severity === 'error').length;
  const report: TraceValidateReport = {
    status: errors === 0 ? 'ok' : 'failed',
    profile: judged.negotiation.profile.id,
    protocol_version: judged.negotiation.protocolVersion,
    events: trace.events.length,
    messages: trace.events.filter((e) => e.kind === 'message').length,
    findings: judged.findings.map((f) => ({ ...f, ...judged.about(f) })),
    counts: { error: errors, warning: judged.findings.length - errors },
    signature: judged.signature,
  };
  const causes = traceCauses({ events: trace.events, findings: judged.findings });
  return { report, causes, methodOf: (event) => (event === null ? undefined : judged.methodOf(event) ?? undefined) };
}

/** The closing summary line of a trace's text output. */
export function formatTraceSummary(r: TraceValidateReport, style: Style = styleFor(false)): string {
  const status = r.status === 'ok' ? style.ok(r.status) : style.error(r.status);
  const version = r.protocol_version === null ? 'no version negotiated' : `MCP ${r.protocol_version}`;
  return `${status}: ${countOf(r.events, 'event')}, ${countOf(r.messages, 'message')}, ${countOf(r.counts.error, 'error')}, ${countOf(r.counts.warning, 'warning')} (${r.profile}, ${version}); ${r.signature}`;
}
