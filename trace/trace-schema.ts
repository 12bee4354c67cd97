// Why: a live run (check, fuzz, tap) is kept as one versioned JSON document, the single source of
// truth that `validate`, `report` and `replay` read back. It is untrusted input when read back:
// this schema is checked on load, and nothing in it can choose an executable, URL, environment or
// working directory to run (a replay's target always comes from the user's command line).
import * as v from 'valibot';
import { SequenceSchema } from './action-schema.ts';

/** The member that marks a JSON document as a trace, and its format version. */
export const TRACE_MARK = 'mcp_statechart_trace';
/** The trace format version this build writes and reads. */
export const TRACE_VERSION = 1;

const DirectionSchema = v.picklist(['client_to_server', 'server_to_client']);
const Count = v.pipe(v.number(), v.integer(), v.minValue(0));
const JsonObjectSchema = v.record(v.string(), v.unknown());
/** Header names (lower case) to values as recorded: redacted, session ids replaced by placeholders. */
const HeadersSchema = v.record(v.string(), v.string());

/**
 * The kinds of deliberately wrong client requests: a method no server knows, params that break the
 * schema (both in a full check), and a deep run's request before notifications/initialized, a
 * second request with an id in flight, and a request reusing an answered id; in the stateless
 * revision a request in a version no server supports and (Streamable HTTP) requests whose
 * mirrored headers mismatch their body or are missing. `era-probe` is not wrong at all: it is the
 * server/discover a client that speaks both eras opens with, judged in the era its answer shows.
 * Last, the judging server's requests for what the client did not declare (roots/list, an
 * elicitation mode), which a client under check-client should refuse with an error; and a deep
 * run's input_required retry carrying an altered or replayed requestState (2026-07-28); and over
 * Streamable HTTP to a loopback server (2026-07-28) a request from a foreign Origin, which the
 * server must refuse with 403 Forbidden. `era-confirm` is not wrong either: the tools/list a check of
 * 2026-07-28 sends after server/discover was answered -32601, to tell a legacy server (whose answer
 * is not judged: it is no 2026-07-28 server) from a 2026-07-28 one (judged as any answer).
 * In 2026-07-28 too: a request missing a required `_meta` field (`missing-meta`), the modern
 * server/discover sent after one (`after-legacy-request`: the server must not have taken the
 * connection's era from it), a method the revision removed (`removed-method`), and over Streamable
 * HTTP an MCP-Protocol-Version or Mcp-Name header that does not match the body or (Mcp-Name) is
 * missing, and an Mcp-Name in the Base64 form of its matching value (`encoded-name`: to be decoded, not refused).
 */
export const PROBE_KINDS = ['unknown-method', 'invalid-params', 'before-initialized', 'duplicate-id', 'reused-id', 'unsupported-version', 'header-mismatch', 'header-missing', 'era-probe', 'undeclared-roots', 'undeclared-elicitation-mode', 'wrong-request-state', 'foreign-origin', 'invalid-arguments', 'era-confirm', 'unknown-resource',
  'missing-meta', 'after-legacy-request', 'removed-method', 'version-header-mismatch', 'name-header-mismatch', 'name-header-missing', 'encoded-name', 'invalid-tool-offer', 'invalid-log-level'] as const;

/** One message on the wire: the parsed message when the line or event was strict JSON, else its text. */
export const MessageEventSchema = v.strictObject({
  kind: v.literal('message'),
  direction: DirectionSchema,
  /** The JSON-RPC message as parsed (redacted). */
  message: v.optional(v.unknown()),
  /** The raw text (bounded, redacted) when it was not one strict JSON message. */
  text: v.optional(v.string()),
  /** The HTTP exchange it travelled in (Streamable HTTP). */
  exchange: v.optional(Count),
  /** The SSE event id it carried, if any. */
  event_id: v.optional(v.string()),
  /**
   * A deliberately wrong request (see PROBE_KINDS; the judging server's own are server requests):
   * its own rejection is expected, and the answer is judged by the probe rules.
   */
  probe: v.optional(v.picklist(PROBE_KINDS)),
});

/** An HTTP request the client made (Streamable HTTP). */
export const HttpRequestEventSchema = v.strictObject({
  kind: v.literal('http_request'),
  exchange: Count,
  method: v.picklist(['POST', 'GET', 'DELETE']),
  headers: HeadersSchema,
});

/** The response to an HTTP request: its status and the headers that matter to MCP. */
export const HttpResponseEventSchema = v.strictObject({
  kind: v.literal('http_response'),
  exchange: Count,
  status: v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(599)),
  headers: HeadersSchema,
});

/** An SSE stream opened, resumed, or closed (by either side). */
export const StreamEventSchema = v.strictObject({
  kind: v.literal('stream'),
  action: v.picklist(['open', 'resume', 'close']),
  exchange: Count,
  last_event_id: v.optional(v.string()),
});

/** An operation that got no answer within the configured limit. */
export const TimeoutEventSchema = v.strictObject({
  kind: v.literal('timeout'),
  operation: v.string(),
  limit_ms: Count,
});

/** A transport failure that is neither a message nor an HTTP status (reset, refused, bad framing). */
export const TransportErrorEventSchema = v.strictObject({
  kind: v.literal('transport_error'),
  code: v.string(),
  detail: v.string(),
  exchange: v.optional(Count),
});

/** How the server process ended (stdio). */
export const ProcessExitEventSchema = v.strictObject({
  kind: v.literal('process_exit'),
  code: v.nullable(v.pipe(v.number(), v.integer())),
  signal: v.nullable(v.string()),
  /** Whether the checker had to signal it (SIGTERM or SIGKILL) rather than it leaving on its own. */
  forced: v.picklist(['none', 'SIGTERM', 'SIGKILL']),
});

/** An excerpt of the server's standard error (bounded, redacted). */
export const StderrEventSchema = v.strictObject({
  kind: v.literal('stderr'),
  text: v.string(),
  truncated: v.boolean(),
});

/** Anything that happened during a run, in order. */
export const TraceEventSchema = v.variant('kind', [
  MessageEventSchema,
  HttpRequestEventSchema,
  HttpResponseEventSchema,
  StreamEventSchema,
  TimeoutEventSchema,
  TransportErrorEventSchema,
  ProcessExitEventSchema,
  StderrEventSchema,
]);

/** A finding of a run, placed by the index of the event it rests on (null: the run as a whole). */
export const TraceFindingSchema = v.strictObject({
  rule: v.pipe(v.string(), v.regex(/^[a-z0-9]+\/[a-z0-9-]+$/)),
  severity: v.picklist(['error', 'warning']),
  event: v.nullable(Count),
  pointer: v.string(),
  message: v.string(),
});

/**
 * What the run was pointed at, as the user named it (redacted); informational only, never
 * executed. A deep run (fuzz, replay) records the transport alone, so its trace names nothing to run.
 */
export const TargetSchema = v.variant('transport', [
  v.strictObject({ transport: v.literal('stdio'), command: v.optional(v.array(v.string())) }),
  v.strictObject({ transport: v.literal('http'), url: v.optional(v.string()) }),
]);

/** The trace document, format version 1. */
export const TraceSchema = v.strictObject({
  [TRACE_MARK]: v.literal(TRACE_VERSION),
  /** The program that wrote it, e.g. `mcp-statechart 0.1.0`. */
  generator: v.string(),
  mode: v.picklist(['check', 'fuzz', 'replay', 'tap', 'matrix', 'check-client']),
  target: TargetSchema,
  /** The run's settings (scope, timeout, offered version, named calls, roots), as data. */
  options: JsonObjectSchema,
  /** The profile the messages were judged under (as `--profile` spells it). */
  profile: v.string(),
  /** The negotiated protocol version, or null when the handshake did not complete. */
  protocol_version: v.nullable(v.string()),
  capabilities: v.strictObject({ client: v.nullable(JsonObjectSchema), server: v.nullable(JsonObjectSchema) }),
  events: v.array(TraceEventSchema),
  findings: v.array(TraceFindingSchema),
  /** Evidence that nothing was left behind: process ended, session deleted, sockets closed. */
  cleanup: v.record(v.string(), v.nullable(v.union([v.boolean(), v.number(), v.string()]))),
  /** pass: no error finding; fail: error findings; error: the run could not complete (see `error`). */
  status: v.picklist(['pass', 'fail', 'error']),
  /** Why the run could not complete (status `error`). */
  error: v.optional(v.string()),
  /** A hash over the findings' normalized evidence: equal runs, equal signatures. */
  signature: v.pipe(v.string(), v.regex(/^mcp-statechart:v1:[0-9a-f]{64}$/)),
  /**
   * What a run of unbounded length (tap) counted but did not keep: message events past its bound
   * (the kept ones are the first, so judging them again gives the same findings), and findings on
   * those messages past the number kept per rule (the kept ones rest on the run as a whole).
   */
  omitted: v.optional(v.strictObject({ events: Count, findings: Count })),
  /** A deep run's seed and the (shrunk) action sequence that produced its findings. */
  sequence: v.optional(SequenceSchema),
});

/** A trace as parsed. */
export type Trace = v.InferOutput<typeof TraceSchema>;
/** One event of a trace. */
export type TraceEvent = v.InferOutput<typeof TraceEventSchema>;
/** One finding of a trace. */
export type TraceFinding = v.InferOutput<typeof TraceFindingSchema>;
