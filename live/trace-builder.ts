// Why: a recording becomes the one document every later step reads (reports, validate, replay).
// Redaction happens here, before anything leaves the process, and the signature is computed over
// the redacted findings, so that it never depends on a secret, an id or a time.
import { findingEvidence } from '../trace/finding-evidence.ts';
import { signatureOf } from '../trace/signature.ts';
import type { Redactor } from '../trace/redaction.ts';
import { TRACE_MARK, TRACE_VERSION, type Trace, type TraceFinding } from '../trace/trace-schema.ts';
import type { TraceTimings } from '../trace/trace-file.ts';
import type { Sequence } from '../trace/action-schema.ts';
import type { JsonObject } from '../validators/context.ts';
import { GENERATOR } from './client-info.ts';
import type { Recording } from './recorder.ts';
import type { CleanupEvidence } from './transport.ts';

/** What a trace is built from. */
export interface TraceParts {
  readonly recording: Recording;
  readonly target: Trace['target'];
  /** The run's settings as data (never secrets: they are redacted anyway). */
  readonly options: JsonObject;
  readonly cleanup: CleanupEvidence;
  /** Why the run could not complete (status `error`). */
  readonly error?: string | undefined;
  readonly redactor: Redactor;
  /** What kind of run made it (default `check`). */
  readonly mode?: Trace['mode'];
  /** What a run of unbounded length counted but did not keep. */
  readonly omitted?: Trace['omitted'];
  /** Milliseconds the whole run took (kept in the timings, never in the trace). */
  readonly totalMs: number;
  /** A deep run's seed and the actions it took. */
  readonly sequence?: Sequence;
}

/** The redacted, signed trace of a run, and its timings kept apart. */
export function buildTrace(parts: TraceParts): { trace: Trace; timings: TraceTimings } {
  const { recording, redactor } = parts;
  for (const event of recording.events) if (event.kind === 'message' && event.message !== undefined) redactor.learn(event.message);
  const events = recording.events.map((e) => redactor.json(e));
  const findings: TraceFinding[] = recording.findings.map((f) => ({
    rule: f.rule,
    severity: f.severity,
    event: f.event,
    // A pointer names members of a message, which no value a server chose may rewrite (judging the trace again finds the same place).
    pointer: redactor.ownText(f.pointer),
    message: redactor.text(f.message),
  }));
  const { negotiation } = recording;
  const status = parts.error !== undefined ? 'error' : findings.some((f) => f.severity === 'error') ? 'fail' : 'pass';
  const trace: Trace = {
    [TRACE_MARK]: TRACE_VERSION,
    generator: GENERATOR,
    mode: parts.mode ?? 'check',
    target: redactor.json(parts.target),
    options: redactor.json(parts.options) as Record<string, unknown>,
    profile: negotiation.profile.id,
    protocol_version: negotiation.protocolVersion,
    capabilities: { client: redactor.json(negotiation.client), server: redactor.json(negotiation.server) } as Trace['capabilities'],
    events,
    findings,
    cleanup: redactor.json(parts.cleanup),
    status,
    ...(parts.error === undefined ? {} : { error: redactor.text(parts.error) }),
    ...(parts.omitted === undefined ? {} : { omitted: parts.omitted }),
    signature: signatureOf(findingEvidence({ events, findings })),
    ...(parts.sequence === undefined ? {} : { sequence: parts.sequence }),
  };
  return { trace, timings: { mcp_statechart_timings: 1, total_ms: Math.round(parts.totalMs * 1000) / 1000, events_ms: [...recording.times] } };
}
