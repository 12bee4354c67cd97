// Why: a trace is evidence that can be judged again, by this build or a later one: its message
// events go through the same judge a live run uses, in order, while what only the live
// connection could see (timeouts, exits, HTTP statuses, framing) is carried over as recorded.
import { findingEvidence } from '../trace/finding-evidence.ts';
import { signatureOf } from '../trace/signature.ts';
import type { Trace, TraceFinding } from '../trace/trace-schema.ts';
import { LiveJudge, type Negotiation } from './live-judge.ts';
import { ExchangeRequests } from './unjudged-answers.ts';
import { BOTH_SENDERS } from '../judge/judge.ts';
import type { FindingTarget } from '../validators/finding-target.ts';
import { ruleById } from '../validators/rules/index.ts';

/** A trace judged again. */
export interface TraceJudgement {
  /** The messages' findings, judged now, and the recorded transport findings, in event order. */
  readonly findings: readonly TraceFinding[];
  readonly negotiation: Negotiation;
  readonly signature: string;
  /** The method of a message event, or of the request a response event answers (null: none). */
  methodOf(event: number): string | null;
  /** What a judged message finding is about: its message's label and target (nothing for a carried finding). */
  about(finding: TraceFinding): { readonly method?: string; readonly target?: FindingTarget };
}

const UNANSWERED = ruleById('correlation/unanswered-request').id;
/**
 * Findings on a message event that rest on what only the live connection saw, carried over as
 * recorded: a response that came after the client closed its request's stream (which cancelled it).
 */
const SEEN_LIVE: ReadonlySet<string> = new Set([ruleById('http/message-after-cancel').id]);

/** Whether a check's trace was asked to speak MCP 2026-07-28 alone (`options.era.asked`), as its recorder judged it. */
function modernOnly(trace: Trace): boolean {
  const era = (trace.options as Record<string, unknown> | undefined)?.['era'];
  return typeof era === 'object' && era !== null && (era as Record<string, unknown>)['asked'] === 'modern';
}

/** Re-judges a trace's message events through one session and signs the result. */
export function judgeTrace(trace: Trace): TraceJudgement {
  // In a tap both peers are judged, so a request either one leaves unanswered is reported; in the
  // other modes the client is the checker, and a server's silence is a recorded transport finding.
  // A trace cut by the tap's own bounds may have lost the answers: the cut is not the peers' doing.
  // The tap itself saw every message, so what it found unanswered at the end is carried over as recorded.
  // Under check-client the server is the checker's own: the client's silence is what is judged.
  const cut = trace.mode === 'tap' && trace.omitted !== undefined;
  // A judging server's cursors are all in the trace of its connection: one it never gave is the client's making, in either era.
  // The tap and the judging server recorded the client's messages away from the client (see SessionConfig.awayFromClient).
  const away = trace.mode === 'tap' || trace.mode === 'check-client' ? { awayFromClient: true } : {};
  const judge = new LiveJudge({
    ...(trace.mode === 'tap' && !cut ? { unanswered: BOTH_SENDERS } : trace.mode === 'check-client' ? { unanswered: ['server_to_client'], cursorsInView: true } : {}),
    ...away,
    ...(modernOnly(trace) ? { modernOnly: true } : {}),
  });
  const exchangeRequests = new ExchangeRequests();
  trace.events.forEach((event, index) => {
    if (event.kind !== 'message') {
      for (const id of exchangeRequests.unjudged(event)) judge.answeredUnjudged('client_to_server', id);
      return;
    }
    if (event.message !== undefined) {
      judge.message(index, event.direction, event.message, event.probe);
      exchangeRequests.message(event.direction, event.message, event.exchange);
    } else {
      judge.text(index, event.direction, event.text ?? '', event.probe);
    }
  });
  const { findings, negotiation } = judge.finish();
  const carried = trace.findings.filter((f) => f.event === null || trace.events[f.event]?.kind !== 'message' || (cut && f.rule === UNANSWERED) || SEEN_LIVE.has(f.rule));
  const order = (f: TraceFinding) => f.event ?? Number.MAX_SAFE_INTEGER;
  const all: TraceFinding[] = [...findings, ...carried].map((f, i) => ({ f, i })).sort((a, b) => order(a.f) - order(b.f) || a.i - b.i).map(({ f }) => f);
  const signature = signatureOf(findingEvidence({ events: trace.events, findings: all }));
  return { findings: all, negotiation, signature, methodOf: (event) => judge.methodOf(event), about: (f) => judge.about(f) };
}
