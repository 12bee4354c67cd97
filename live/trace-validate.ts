// Why: a trace is judged again the same way wherever it comes in (`validate` on a file, the library's
// `validate` on text): one reader tells a trace from a transcript, one report says what `validate
// --json` prints, and a trace whose negotiated version no profile judges is refused once, here.
import { ruleById } from '../validators/rules/index.ts';
import { judgeTrace } from './trace-judge.ts';
import { traceCauses } from '../judge/cascade.ts';
import { InputError } from '../files/input-error.ts';
import { inputKindOf } from '../runner/input-kind.ts';
import { parseTrace, TRACE_MAX_BYTES } from '../trace/parse-trace.ts';
import { TRACE_MARK } from '../trace/trace-schema.ts';
import { notJudgedText } from '../validators/negotiation.ts';
import type { TraceFinding } from '../trace/trace-schema.ts';
import type { FindingTarget } from '../validators/finding-target.ts';
import { readStreamBounded } from '../files/read-bounded.ts';

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

/**
 * Checks a whole trace (its bytes) and judges it again. A trace that is not one, or whose session
 * negotiated a version no profile judges, is an InputError naming the rule and the place.
 */
export function validateTraceBytes(bytes: Uint8Array): TraceValidation {
  const trace = parseTrace(bytes);
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

/** Reads a whole trace from a stream (bounded by the trace's byte limit), checks it, and judges it again. */
export async function validateTraceStream(source: AsyncIterable<Uint8Array>): Promise<TraceValidation> {
  return validateTraceBytes(await readStreamBounded(source, TRACE_MAX_BYTES));
}
