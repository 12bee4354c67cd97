// Why: the four report formats must agree on what a run found, what was expected, what is stale
// and what the verdict is. They all render this one model, built once from the trace (redacted
// and made well-formed at this boundary) and the expected-failures entries.
import { eventPlaces, NOT_A_MESSAGE, type EventPlace } from '../trace/finding-evidence.ts';
import type { Trace } from '../trace/trace-schema.ts';
import { findingTarget, type FindingTarget } from '../validators/finding-target.ts';
import { PROFILES } from '../validators/profiles.ts';
import { RULES } from '../validators/rules/index.ts';
import { specLinkFor } from '../validators/rules/spec-links.ts';
import { matchesFinding, type ExpectedFailure } from './expected-failures.ts';
import { Redactor } from '../trace/redaction.ts';
import { clip, MAX_MESSAGE_CHARS, wellFormed } from './output-text.ts';
import { serverExitOf, type ServerExit } from './server-exit.ts';

/** A finding as every report shows it: the trace's finding and where it rests. */
export interface ReportFinding {
  readonly rule: string;
  readonly severity: 'error' | 'warning';
  /** Index of the event it rests on (null: the run as a whole). */
  readonly event: number | null;
  /** JSON Pointer into that event. */
  readonly pointer: string;
  readonly message: string;
  readonly direction: EventPlace['direction'];
  /** The method the message carries or answers (the name expected-failures entries and SARIF fingerprints match). */
  readonly method: string | null;
  /** The message's label, as every way in names it: `tools/call`, `tools/call result`, `ping error` (null: not a message). */
  readonly label: string | null;
  /** The tool, prompt, resource or task the pointer is inside of (a result: the one its request named). */
  readonly target: FindingTarget | undefined;
  /** The rule's spec link into the revision judged (null for a rule this build does not know). */
  readonly spec: string | null;
  /** Index of the expected-failures entry that accepts it (null: not expected). */
  readonly expectedBy: number | null;
}

/** An expected-failures entry that matched no finding. */
export interface StaleEntry extends ExpectedFailure {
  /** Its index in the file. */
  readonly index: number;
}

/** The verdict of a run and everything the reports print about it. */
export interface ReportModel {
  /** The trace, redacted again and with well-formed strings. */
  readonly trace: Trace;
  readonly places: readonly EventPlace[];
  readonly findings: readonly ReportFinding[];
  readonly expected: readonly ExpectedFailure[];
  readonly stale: readonly StaleEntry[];
  /** error: the run could not complete; fail: an unexpected error finding or a stale entry; else pass. */
  readonly status: 'pass' | 'fail' | 'error';
  readonly counts: ReportCounts;
  /** How the server ended, when it ended by itself before it answered initialize (the reason the run could not complete). */
  readonly serverExit: ServerExit | undefined;
}

/** What the run holds, counted. */
export interface ReportCounts {
  readonly events: number;
  readonly messages: number;
  readonly errors: number;
  readonly warnings: number;
  /** Findings accepted by an expected-failures entry. */
  readonly expected: number;
  /** Error findings no entry accepts: these fail the run. */
  readonly unexpected_errors: number;
  readonly stale: number;
}

/**
 * Builds the model: redacts the trace again with `secrets` (the one redactor's policy: those
 * values wherever they occur, string values under secret-looking members whole), makes every
 * string well-formed, places the findings and matches the entries.
 */
export function buildReportModel(source: Trace, expected: readonly ExpectedFailure[], secrets: readonly string[], met: ReadonlySet<number> = new Set()): ReportModel {
  const trace = new Redactor(secrets).json(source, wellFormed);
  const places = eventPlaces(trace.events);
  const placeOf = (f: Trace['findings'][number]): EventPlace => (f.event === null ? NOT_A_MESSAGE : places[f.event] ?? NOT_A_MESSAGE);
  const revision = trace.protocol_version ?? PROFILES.get(trace.profile)?.revision;
  const requests = answeredRequests(trace.events, places);
  const findings = trace.findings.map((f): ReportFinding => {
    const place = placeOf(f);
    const event = f.event === null ? undefined : trace.events[f.event];
    const request = f.event === null ? undefined : requests[f.event];
    const rule = RULES.get(f.rule);
    const match = expected.findIndex((e) => matchesFinding(e, f, place));
    return {
      rule: f.rule,
      severity: f.severity,
      event: f.event,
      pointer: f.pointer,
      message: clip(f.message, MAX_MESSAGE_CHARS),
      direction: place.direction,
      method: place.method,
      label: labelOf(place),
      target: event?.kind === 'message' ? findingTarget(event.message, f.pointer, request) : undefined,
      spec: rule === undefined ? null : specLinkFor(rule, revision),
      expectedBy: match >= 0 ? match : null,
    };
  });
  // `met`: entries an earlier run of a search matched (fuzz): staleness is judged on what the runs reached.
  const stale = expected.flatMap((entry, index) => (met.has(index) || trace.findings.some((f) => matchesFinding(entry, f, placeOf(f))) ? [] : [{ ...entry, index }]));
  const errors = findings.filter((f) => f.severity === 'error');
  const unexpectedErrors = errors.filter((f) => f.expectedBy === null).length;
  const status = trace.status === 'error' ? 'error' : unexpectedErrors > 0 || stale.length > 0 ? 'fail' : 'pass';
  return {
    trace,
    places,
    findings,
    expected,
    stale,
    status,
    serverExit: serverExitOf(trace),
    counts: {
      events: trace.events.length,
      messages: trace.events.filter((e) => e.kind === 'message').length,
      errors: errors.length,
      warnings: findings.length - errors.length,
      expected: findings.filter((f) => f.expectedBy !== null).length,
      unexpected_errors: unexpectedErrors,
      stale: stale.length,
    },
  };
}

/** A message's label: a request's or notification's method; a response's, the method it answers and `result` or `error`. */
function labelOf(place: EventPlace): string | null {
  if (place.direction === null || place.method === null) return null;
  if (place.role === 'request' || place.role === 'notification') return place.method;
  return `${place.method} ${place.role === 'error' ? 'error' : 'result'}`;
}

/** For each response event, the request it answers (its method and params), by the pairing eventPlaces makes. */
function answeredRequests(events: Trace['events'], places: readonly EventPlace[]): ({ method: string; params?: unknown } | undefined)[] {
  const sent = { client_to_server: new Map<string, unknown>(), server_to_client: new Map<string, unknown>() };
  const key = (id: unknown) => JSON.stringify([typeof id, id]);
  return events.map((event, i) => {
    const place = places[i];
    if (event.kind !== 'message' || place === undefined || place.direction === null || place.id === null) return undefined;
    const message = event.message as Record<string, unknown>;
    if (place.role === 'request') {
      sent[place.direction].set(key(place.id), message['params']);
      return undefined;
    }
    if (place.method === null || (place.role !== 'result' && place.role !== 'error')) return undefined;
    const other = place.direction === 'client_to_server' ? 'server_to_client' : 'client_to_server';
    return { method: place.method, params: sent[other].get(key(place.id)) };
  });
}
