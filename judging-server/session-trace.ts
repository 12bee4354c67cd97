// Why: a judged client session ends as every live run does, in one redacted, signed trace that
// reports, validate and report read back; the scenario outcomes travel in its options, as data.
import { buildTrace } from '../live/trace-builder.ts';
import type { CleanupEvidence } from '../live/transport.ts';
import type { Redactor } from '../trace/redaction.ts';
import type { Trace } from '../trace/trace-schema.ts';
import type { TraceTimings } from '../trace/trace-file.ts';
import type { JsonObject } from '../validators/context.ts';
import type { JudgingSession } from './judging-session.ts';

/** What a session's trace says beside its events. */
export interface SessionTraceParts {
  readonly target: Trace['target'];
  readonly options: JsonObject;
  readonly cleanup: CleanupEvidence;
  readonly redactor: Redactor;
  readonly totalMs: number;
  /** Why the run could not complete, if it could not. */
  readonly error?: string;
}

/** The trace of one judged client session (mode check-client), and its timings. */
export function sessionTrace(session: JudgingSession, parts: SessionTraceParts): { trace: Trace; timings: TraceTimings } {
  const { recording, omitted } = session.recorder.finish();
  const scenarios = Object.fromEntries(session.outcomes());
  return buildTrace({
    recording,
    target: parts.target,
    mode: 'check-client',
    options: { ...parts.options, scenarios },
    cleanup: parts.cleanup,
    redactor: parts.redactor,
    totalMs: parts.totalMs,
    ...(parts.error === undefined ? {} : { error: parts.error }),
    ...(omitted === undefined ? {} : { omitted }),
  });
}
