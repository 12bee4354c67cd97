// Why: in the stateless revision (2026-07-28) a Streamable HTTP client mirrors parts of each
// request's body into headers (MCP-Protocol-Version from `_meta`, Mcp-Method, Mcp-Name), and a
// server answers some refusals with a status and a JSON-RPC error body together: 400 with a
// HeaderMismatch or UnsupportedProtocolVersionError, 404 with -32601 for an unknown method. Such a
// refusal is an answer, delivered as the message it is; the era probe's other 4xx is how a legacy
// server answers it (no finding); and the full scope's header probes expect their status, as its
// request from a foreign Origin to a loopback server expects 403 Forbidden.
import type { JsonObject } from '../validators/context.ts';
import { isModernError } from '../validators/era.ts';
import { isJsonObject } from '../validators/shape.ts';
import { PROTOCOL_VERSION_KEY } from '../validators/modern-meta.ts';
import type { RuleSpec } from '../validators/rules/rule.ts';
import { ruleById } from '../validators/rules/index.ts';
import type { ProbeKind } from './live-judge.ts';
import { statusLine, type Exchange } from './http-exchange.ts';
import type { StreamHost } from './http-streams.ts';
import { TransportFailure } from './transport.ts';

/** The methods whose Mcp-Name header mirrors `params.name` or `params.uri`. */
const NAMED: Readonly<Record<string, string>> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

/** Whether a header value can go as it is: printable ASCII without leading or trailing space, and not itself the Base64 sentinel. */
function isPlainHeaderValue(value: string): boolean {
  return /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(value) && !value.startsWith('=?base64?');
}

/** A header value as the transport page requires it: plain ASCII as it is, anything else in the Base64 sentinel form. */
export function headerValue(value: string): string {
  return isPlainHeaderValue(value) ? value : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/**
 * The request metadata headers of a modern request (its `_meta` names a protocol version):
 * MCP-Protocol-Version, Mcp-Method and, for tools/call, prompts/get and resources/read, Mcp-Name.
 * Undefined for a legacy message.
 */
export function modernHeaders(message: JsonObject): Record<string, string> | undefined {
  const params = message['params'];
  const meta = isJsonObject(params) ? params['_meta'] : undefined;
  const version = isJsonObject(meta) ? meta[PROTOCOL_VERSION_KEY] : undefined;
  const method = message['method'];
  if (typeof version !== 'string' || typeof method !== 'string') return undefined;
  const headers: Record<string, string> = { 'mcp-protocol-version': version, 'mcp-method': headerValue(method) };
  const source = NAMED[method];
  const name = source === undefined || !isJsonObject(params) ? undefined : params[source];
  if (typeof name === 'string') headers['mcp-name'] = headerValue(name);
  return headers;
}

/**
 * The status each modern probe must get, and the rule that requires it. The 404 of an unknown
 * method and the 400 of an unsupported version are judged from the answer's error code by the
 * tap's header judge, which the check's HTTP recording runs too (live/http-record.ts): no rule here.
 */
const PROBE_STATUS: Partial<Record<ProbeKind, { readonly status: number; readonly rule?: RuleSpec; readonly what: string; readonly code: RuleSpec }>> = {
  'unknown-method': { status: 404, what: '404 Not Found', code: ruleById('probe/unknown-method-code') },
  'unsupported-version': { status: 400, what: '400 Bad Request', code: ruleById('probe/unsupported-version-code') },
  'header-mismatch': { status: 400, rule: ruleById('http/header-validation-not-400'), what: '400 Bad Request', code: ruleById('probe/header-validation-code') },
  'header-missing': { status: 400, rule: ruleById('http/header-validation-not-400'), what: '400 Bad Request', code: ruleById('probe/header-validation-code') },
  // A request without a required _meta field: its -32602 in another status is the header judge's http/malformed-request-not-400.
  'missing-meta': { status: 400, what: '400 Bad Request', code: ruleById('stateless/malformed-request-served') },
  'removed-method': { status: 404, what: '404 Not Found', code: ruleById('probe/unknown-method-code') },
  'version-header-mismatch': { status: 400, rule: ruleById('http/header-validation-not-400'), what: '400 Bad Request', code: ruleById('probe/header-validation-code') },
  'name-header-mismatch': { status: 400, rule: ruleById('http/header-validation-not-400'), what: '400 Bad Request', code: ruleById('probe/header-validation-code') },
  'name-header-missing': { status: 400, rule: ruleById('http/header-validation-not-400'), what: '400 Bad Request', code: ruleById('probe/header-validation-code') },
};

/** Decodes strict UTF-8, or undefined when the bytes are not UTF-8. */
function decodeUtf8(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** A JSON-RPC error response's text from a body, with the parsed error; undefined when the body is none. */
async function errorBody(host: StreamHost, ex: Exchange): Promise<{ text: string; error: JsonObject } | undefined> {
  const body = await host.ex.wire.readBody(ex, host.ex.limits.maxMessageBytes, host.ex.limits.timeoutMs);
  const text = body.kind === 'body' ? decodeUtf8(body.bytes) : undefined;
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const error = isJsonObject(parsed) && !('method' in parsed) ? parsed['error'] : undefined;
  return isJsonObject(error) ? { text, error } : undefined;
}

/**
 * The foreign-Origin probe's 4xx: 403 Forbidden is the refusal the Streamable HTTP page requires
 * (its body, which MAY be a JSON-RPC error without an id, is not read as a message: the request is
 * refused, not answered, and owes no answer); any other 4xx is http/origin-not-403. Either way the
 * request ends there, with nothing delivered.
 */
async function refuseForeignOrigin(host: StreamHost, ex: Exchange): Promise<never> {
  if (ex.status === 403) {
    await host.ex.discard(ex);
    throw new TransportFailure('origin-refused', `${ex.label}: HTTP ${statusLine(ex.status)}, as required`);
  }
  throw await host.ex.statusFailure(ex, ruleById('http/origin-not-403'), `${ex.label} was refused with HTTP ${statusLine(ex.status)} instead of 403 Forbidden`);
}

/**
 * Before a modern POST's answer is read: a probe that must be refused with a status and was
 * answered with another is reported (its answer is then read as any other).
 */
export function checkProbeStatus(host: StreamHost, ex: Exchange, probe: ProbeKind | undefined): void {
  if (probe === 'foreign-origin') {
    if (ex.status >= 200 && ex.status <= 299) host.ex.rec.finding(ruleById('http/origin-accepted'), ex.responseEvent, '/status', `${ex.label} to a loopback server was accepted with HTTP ${statusLine(ex.status)}`);
    return;
  }
  const expected = probe === undefined ? undefined : PROBE_STATUS[probe];
  if (expected?.rule === undefined || ex.status === expected.status || (ex.status >= 300 && ex.status <= 399)) return;
  host.ex.rec.finding(expected.rule, ex.responseEvent, '/status', `${ex.label} was answered HTTP ${statusLine(ex.status)}, not ${expected.what}`);
}

/**
 * Reads a modern POST's 4xx answer; true when it was an answer and was delivered (a 400 with a
 * JSON-RPC error, a 404 with -32601, or a probe's expected refusal with its error body). The era
 * probe's other 4xx ends it without a finding: that is how a legacy server answers it. Otherwise
 * false, with the body unread, for the error status report.
 */
export async function readModernRefusal(host: StreamHost, ex: Exchange, probe: ProbeKind | undefined): Promise<boolean> {
  if (ex.status < 400 || ex.status > 499) return false;
  if (probe === 'foreign-origin') return refuseForeignOrigin(host, ex);
  const expected = probe === undefined ? undefined : PROBE_STATUS[probe];
  const delivers = ex.status === 400 || ex.status === 404 || probe === 'era-probe' || expected !== undefined;
  if (!delivers) return false;
  const body = await errorBody(host, ex);
  const answers = body !== undefined && (
    probe === 'era-probe' ? isModernError(body.error)
    : expected !== undefined ? true
    // basic, transports: a request's answer is application/json or SSE, and 400 is the status the pages
    // name for validation failures: any JSON-RPC error in a 400 is the server's answer, judged as such.
    : ex.status === 400 ? true
    : body.error['code'] === -32601);
  if (body !== undefined && answers) {
    host.deliver(body.text, ex.exchange, undefined);
    return true;
  }
  if (probe === 'era-probe') throw new TransportFailure('legacy', `HTTP ${statusLine(ex.status)} without a modern error body`);
  if (expected !== undefined) {
    host.ex.rec.finding(expected.code, ex.responseEvent, '/status', `${ex.label} was answered HTTP ${statusLine(ex.status)} without a JSON-RPC error body`);
    throw new TransportFailure('http-status', `${ex.label}: HTTP ${statusLine(ex.status)}`);
  }
  host.ex.rec.finding(ruleById('http/error-status'), ex.responseEvent, '/status', `${ex.label} was answered HTTP ${statusLine(ex.status)}`);
  throw new TransportFailure('http-status', `${ex.label}: HTTP ${statusLine(ex.status)}`);
}
