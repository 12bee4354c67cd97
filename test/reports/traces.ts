// Traces for the report tests, built in the trace schema's shapes and signed as a writer signs
// them: a clean run, one with errors and warnings, one that could not complete, and one whose
// messages carry hostile content.
import { canonicalJson } from '../../trace/canonical-json.ts';
import { findingEvidence } from '../../trace/finding-evidence.ts';
import { signatureOf } from '../../trace/signature.ts';
import type { Trace, TraceEvent, TraceFinding } from '../../trace/trace-schema.ts';

const c2s = (message: unknown): TraceEvent => ({ kind: 'message', direction: 'client_to_server', message });
const s2c = (message: unknown): TraceEvent => ({ kind: 'message', direction: 'server_to_client', message });
const rpc = (rest: Record<string, unknown>) => ({ jsonrpc: '2.0', ...rest });

/** The handshake every trace starts with: initialize, its result, initialized. */
export const HANDSHAKE: TraceEvent[] = [
  c2s(rpc({ id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcp-statechart', version: '0.1.0' } } })),
  s2c(rpc({ id: 0, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'srv', version: '1.0.0' } } })),
  c2s(rpc({ method: 'notifications/initialized' })),
];

/** Builds a signed trace whose status follows its findings (unless given). */
export function makeTrace(events: TraceEvent[], findings: TraceFinding[], extra: Partial<Trace> = {}): Trace {
  const status = findings.some((f) => f.severity === 'error') ? 'fail' : 'pass';
  const base: Trace = {
    mcp_statechart_trace: 1,
    generator: 'mcp-statechart 0.1.0',
    mode: 'check',
    target: { transport: 'stdio', command: ['node', 'server.js'] },
    options: { scope: 'quick' },
    profile: '2025-11-25',
    protocol_version: '2025-11-25',
    capabilities: { client: {}, server: { tools: {} } },
    events,
    findings,
    cleanup: { process_exited: true },
    status,
    signature: signatureOf(findingEvidence({ events, findings })),
    ...extra,
  };
  return base;
}

/** A run with no findings: handshake, ping, tools/list, the process ending. */
export function cleanTrace(): Trace {
  return makeTrace([
    ...HANDSHAKE,
    c2s(rpc({ id: 1, method: 'ping' })),
    s2c(rpc({ id: 1, result: {} })),
    c2s(rpc({ id: 2, method: 'tools/list' })),
    s2c(rpc({ id: 2, result: { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] } })),
    { kind: 'process_exit', code: 0, signal: null, forced: 'none' },
  ], []);
}

/** A run with two errors and a warning on tools/list, an HTTP 503, and a timeout; over Streamable HTTP. */
export function failingTrace(): Trace {
  const events: TraceEvent[] = [
    ...HANDSHAKE,
    c2s(rpc({ id: 2, method: 'tools/list' })),
    { kind: 'http_request', exchange: 3, method: 'POST', headers: { 'content-type': 'application/json', 'mcp-session-id': '<session-1>' } },
    { kind: 'http_response', exchange: 3, status: 200, headers: { 'content-type': 'text/event-stream' } },
    { kind: 'stream', action: 'open', exchange: 3 },
    s2c(rpc({ id: 2, result: { tools: [{ name: 'echo', inputSchema: { type: 'object' } }, { name: 'echo', inputSchema: { type: 'object' } }, { name: 'bad name!', inputSchema: { type: 'object' } }] } })),
    { kind: 'stream', action: 'close', exchange: 3 },
    c2s(rpc({ id: 3, method: 'ping' })),
    { kind: 'http_response', exchange: 4, status: 503, headers: {} },
    { kind: 'timeout', operation: 'ping', limit_ms: 5000 },
  ];
  const findings: TraceFinding[] = [
    { rule: 'tools/duplicate-name', severity: 'error', event: 7, pointer: '/message/result/tools/1/name', message: 'Tool names must be unique: "echo" is listed twice.' },
    { rule: 'tools/name-format', severity: 'warning', event: 7, pointer: '/message/result/tools/2/name', message: 'Tool name "bad name!" should use only A-Z, a-z, 0-9, _, - and .' },
    { rule: 'envelope/id-type', severity: 'error', event: 10, pointer: '', message: 'HTTP 503 answered the ping request.' },
  ];
  return makeTrace(events, findings, { target: { transport: 'http', url: 'http://127.0.0.1:1234/mcp' } });
}

/** A run that could not complete: the server exited during the handshake. */
export function errorTrace(): Trace {
  return makeTrace([
    HANDSHAKE[0]!,
    { kind: 'stderr', text: 'Error: cannot find module\n    at load (server.js:1)', truncated: false },
    { kind: 'process_exit', code: 1, signal: null, forced: 'none' },
  ], [], { status: 'error', error: 'the server exited (code 1) before answering initialize', protocol_version: null, capabilities: { client: {}, server: null } });
}

/** Content a hostile server could send, in every place a report shows text. */
export const HOSTILE = {
  script: '<script>window.__pwned = 1</script>',
  img: '"><img src="http://198.51.100.7/x.png" onerror="window.__pwned = 2">',
  cdata: ']]> <![CDATA[ & </testcase>',
  closeScript: '</script><script>window.__pwned = 3</script><!--',
  controls: 'bell\u0007 escape\u001b[31m nul\u0000 del\u007f',
  surrogates: 'lone \ud800 and \udfff here',
  huge: 'x'.repeat(3_000_000),
};

/** A run whose messages carry hostile content: a tool description, a method name, an error message. */
export function hostileTrace(): Trace {
  const tools = [
    { name: 'evil', description: `${HOSTILE.script} ${HOSTILE.closeScript}`, inputSchema: { type: 'object' } },
    { name: 'evil', description: `${HOSTILE.img} ${HOSTILE.cdata} ${HOSTILE.controls} ${HOSTILE.surrogates}`, inputSchema: { type: 'object' } },
    { name: 'huge', description: HOSTILE.huge, inputSchema: { type: 'object' } },
  ];
  const events: TraceEvent[] = [
    ...HANDSHAKE,
    c2s(rpc({ id: 1, method: 'tools/list' })),
    s2c(rpc({ id: 1, result: { tools } })),
    s2c(rpc({ id: 9, method: HOSTILE.img })),
    { kind: 'message', direction: 'server_to_client', text: `${HOSTILE.script}${HOSTILE.controls}` },
    { kind: 'stderr', text: `${HOSTILE.closeScript} ${HOSTILE.surrogates}`, truncated: true },
  ];
  const findings: TraceFinding[] = [
    { rule: 'tools/duplicate-name', severity: 'error', event: 4, pointer: '/message/result/tools/1/name', message: `Duplicate tool "evil": ${HOSTILE.script} ${HOSTILE.cdata} ${HOSTILE.controls} ${HOSTILE.surrogates}` },
    { rule: 'envelope/unknown-method', severity: 'error', event: 5, pointer: '/message/method', message: `Unknown method ${HOSTILE.img} ${HOSTILE.huge}` },
    { rule: 'json/syntax', severity: 'error', event: 6, pointer: '', message: `Not JSON: ${HOSTILE.closeScript}` },
  ];
  return makeTrace(events, findings);
}

/** A trace as a file's bytes (two-space canonical JSON, as written). */
export function traceText(trace: Trace): string {
  return canonicalJson(trace, 2) + '\n';
}
