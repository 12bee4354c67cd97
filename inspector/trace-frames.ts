// Why: a trace is judged again the way `validate` judges it (live/trace-judge.ts): its message
// events through the session, what only the connection saw (HTTP statuses, timeouts, exits)
// carried over as recorded. Its page shows those findings, on the events the trace numbers, and
// names each message as that judgement does, so the page and `validate` agree finding for finding.
import { judgeTrace } from '../live/trace-judge.ts';
import { eventLabel } from '../reports/event-label.ts';
import { NOT_A_MESSAGE } from '../trace/finding-evidence.ts';
import type { Trace, TraceFinding } from '../trace/trace-schema.ts';
import type { Frame, FrameFinding } from './trace.ts';

/** A frame of the replayed message events, with the transcript line it was played from (null: the start). */
export interface LineFrame {
  readonly frame: Frame;
  readonly line: number | null;
}

/** The trace's findings, judged again, as the page shows them: per frame, and the counts. */
export interface TraceFrames {
  readonly frames: Frame[];
  readonly counts: { readonly error: number; readonly warning: number };
}

function shown(f: TraceFinding): FrameFinding {
  return { rule: f.rule, severity: f.severity, pointer: f.pointer, message: f.message };
}

/**
 * The frames of a trace's page: each message event's frame (played from its line, `eventOfLine`
 * telling which event that is) with the findings the trace's judgement places on that event and
 * its name there; then, where the connection's own events carry findings, a frame for each (the
 * session as the message before it left it), and one for the findings of the run as a whole.
 */
export function traceFrames(trace: Trace, played: readonly LineFrame[], eventOfLine: readonly (number | null)[]): TraceFrames {
  const judged = judgeTrace(trace);
  const byEvent = new Map<number | null, TraceFinding[]>();
  for (const f of judged.findings) byEvent.set(f.event, [...(byEvent.get(f.event) ?? []), f]);
  const out: { event: number; frame: Frame }[] = [];
  let start: Frame | undefined;
  for (const { frame, line } of played) {
    const event = line === null ? null : eventOfLine[line] ?? null;
    if (event === null) {
      start ??= frame;
      continue;
    }
    const name = judged.methodOf(event);
    out.push({ event, frame: { ...frame, label: `event ${event}`, name: name ?? frame.name, findings: (byEvent.get(event) ?? []).map(shown) } });
  }
  const messageEvents = new Set(out.map((o) => o.event));
  for (const [event, findings] of byEvent) {
    if (event === null || messageEvents.has(event)) continue;
    const recorded = trace.events[event];
    const before = [...out].reverse().find((o) => o.event < event)?.frame ?? start;
    if (recorded === undefined || before === undefined) continue;
    const frame: Frame = { ...before, label: `event ${event}`, step: null, name: null, what: eventLabel(recorded, NOT_A_MESSAGE), direction: null, id: null, pointer: null, findings: findings.map(shown), taken: [] };
    out.push({ event, frame });
  }
  out.sort((a, b) => a.event - b.event);
  const frames = [...(start === undefined ? [] : [start]), ...out.map((o) => o.frame)];
  const run = byEvent.get(null);
  const last = frames[frames.length - 1];
  if (run !== undefined && last !== undefined) frames.push({ ...last, label: 'the run', step: null, name: null, what: 'the run as a whole', direction: null, id: null, pointer: null, findings: run.map(shown), taken: [] });
  const error = judged.findings.filter((f) => f.severity === 'error').length;
  return { frames, counts: { error, warning: judged.findings.length - error } };
}
