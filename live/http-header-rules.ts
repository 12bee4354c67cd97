// Why: over Streamable HTTP part of the protocol travels in headers and statuses, beside the bodies
// the session judges: the client's Accept, session id and protocol version headers (and in
// 2026-07-28 the Mcp-Method and Mcp-Name headers mirroring the body), and the statuses a
// 2026-07-28 server owes an unknown method (404) and an unsupported version (400). The tap sees
// both sides of every exchange; this judges them from what it records (the headers of each
// http_request and http_response event and the body messages of the same exchange), and places
// each finding on the HTTP event it rests on, so that a trace judged again keeps it as recorded.
import { metaErrorStatus, missingRequiredMeta } from './http-meta-error-status.ts';
import { paramHeaders, paramHeaderValues } from './mcp-param-headers.ts';
import type { RuleSpec } from '../validators/rules/rule.ts';
import { BoundedMap } from '../machines/bounded-map.ts';
import { isJsonObject } from '../validators/shape.ts';
import { profileForVersion, revisionFacts } from '../validators/profiles.ts';
import { ruleById } from '../validators/rules/index.ts';

/** A finding on an HTTP event: `event` is the event's index, `pointer` relative to it. */
export interface HeaderFinding {
  readonly rule: RuleSpec;
  readonly event: number;
  readonly pointer: string;
  readonly message: string;
}

/** Exchanges remembered while their request body and answer are awaited. */
const EXCHANGE_LIMIT = 4096;

/** Tools remembered from the server's tools/list results, for the Mcp-Param headers their calls owe. */
const TOOL_LIMIT = 1024;

/** The methods whose Mcp-Name header mirrors a body field, and that field. */
const NAMED: Readonly<Record<string, string>> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
const METHOD_NOT_FOUND = -32601;
const UNSUPPORTED_PROTOCOL_VERSION = -32022;

interface Exchange {
  readonly event: number;
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON-RPC request the POST carried (its method and id), once its body was read. */
  request?: { readonly method: string; readonly id: unknown; readonly stateless: boolean; readonly missingMeta: readonly string[] };
  response?: { readonly event: number; readonly status: number; readonly headers: Readonly<Record<string, string>> };
}

/** Whether an Accept header lists `type` (or a wildcard covering it). */
function accepts(accept: string | undefined, type: string): boolean {
  if (accept === undefined) return false;
  const [major] = type.split('/');
  return accept.split(',').some((part) => {
    const range = (part.split(';')[0] ?? '').trim().toLowerCase();
    return range === type || range === '*/*' || range === `${major}/*`;
  });
}

/** An Mcp-Name value as the client meant it: a Base64 sentinel (`=?base64?...?=`) decoded, else as sent. */
export function decodeHeaderValue(value: string): string {
  const m = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/.exec(value);
  return m === null ? value : Buffer.from(m[1] as string, 'base64').toString('utf8');
}

function metaVersion(params: unknown): string | undefined {
  const meta = isJsonObject(params) ? params['_meta'] : undefined;
  const version = isJsonObject(meta) ? meta[PROTOCOL_VERSION_KEY] : undefined;
  return typeof version === 'string' ? version : undefined;
}

/** Whether an MCP-Protocol-Version header names a revision in which every request carries its own `_meta`. */
function headerRevisionIsModern(value: string | undefined): boolean {
  const profile = value === undefined ? undefined : profileForVersion(value);
  return profile !== undefined && revisionFacts(profile).perRequestMeta;
}

/** Judges the HTTP side of a tapped Streamable HTTP session, exchange by exchange. */
export class HttpHeaderJudge {
  readonly #exchanges = new BoundedMap<number, Exchange>(EXCHANGE_LIMIT);
  /** Each tool a 2026-07-28 tools/list listed: its x-mcp-header parameters, or why the client must reject it. */
  readonly #tools = new BoundedMap<string, ReturnType<typeof paramHeaders>>(TOOL_LIMIT);
  /** The session id the server gave with its initialize result (2025 revisions). */
  #sessionId: string | undefined;
  /** True once an initialize result was seen: later requests carry MCP-Protocol-Version. */
  #initialized = false;

  /** An HTTP request of the client: a GET's Accept is judged now, a POST's headers once its body is read. */
  request(exchange: number, event: number, method: string, headers: Readonly<Record<string, string>>): HeaderFinding[] {
    this.#exchanges.set(exchange, { event, method, headers });
    const out: HeaderFinding[] = [];
    if (method === 'GET' && !accepts(headers['accept'], 'text/event-stream')) {
      out.push({ rule: ruleById('http/client-accept'), event, pointer: headers['accept'] === undefined ? '/headers' : '/headers/accept',
        message: `the GET lists no text/event-stream in Accept (${headers['accept'] === undefined ? 'none sent' : JSON.stringify(headers['accept'])})` });
    }
    if (method !== 'POST') this.#handshakeHeaders(event, headers, 'the ' + method, out);
    return out;
  }

  /** A message the client's POST carried. */
  requestMessage(exchange: number, message: unknown): HeaderFinding[] {
    const ex = this.#exchanges.get(exchange);
    if (ex === undefined || ex.method !== 'POST' || !isJsonObject(message)) return [];
    const { event, headers } = ex;
    const method = typeof message['method'] === 'string' ? message['method'] : undefined;
    const isRequest = method !== undefined && message['id'] !== undefined;
    const version = metaVersion(message['params']);
    const stateless = version !== undefined || headerRevisionIsModern(headers['mcp-protocol-version']);
    if (isRequest) ex.request = { method, id: message['id'], stateless, missingMeta: stateless ? missingRequiredMeta(message['params']) : [] };
    const out: HeaderFinding[] = [];
    const what = method === undefined ? 'a POST' : `the POST of ${method}`;
    if (!accepts(headers['accept'], 'application/json') || !accepts(headers['accept'], 'text/event-stream')) {
      out.push({ rule: ruleById('http/client-accept'), event, pointer: headers['accept'] === undefined ? '/headers' : '/headers/accept',
        message: `${what} does not list both application/json and text/event-stream in Accept (${headers['accept'] === undefined ? 'none sent' : JSON.stringify(headers['accept'])})` });
    }
    if (stateless) {
      this.#modernHeaders(event, headers, message, method, isRequest, version, out);
    } else if (method !== 'initialize') {
      this.#handshakeHeaders(event, headers, what, out);
    }
    return out;
  }

  /** The server's HTTP answer: its status and headers (a session id given with the initialize result is remembered). */
  response(exchange: number, event: number, status: number, headers: Readonly<Record<string, string>>): void {
    const ex = this.#exchanges.get(exchange);
    if (ex === undefined) return;
    ex.response = { event, status, headers };
    if (ex.request?.method === 'initialize' && typeof headers['mcp-session-id'] === 'string' && headers['mcp-session-id'] !== '') this.#sessionId = headers['mcp-session-id'];
  }

  /** A message the server's answer carried (a JSON body or an SSE event): the status a 2026-07-28 error is owed. */
  responseMessage(exchange: number, message: unknown): HeaderFinding[] {
    const ex = this.#exchanges.get(exchange);
    if (ex?.request === undefined || ex.response === undefined || !isJsonObject(message) || message['id'] !== ex.request.id) return [];
    if (ex.request.method === 'initialize' && isJsonObject(message['result'])) this.#initialized = true;
    if (ex.request.stateless && ex.request.method === 'tools/list') this.#rememberTools(message['result']);
    const error = message['error'];
    if (!ex.request.stateless || !isJsonObject(error)) return [];
    const { event, status } = ex.response;
    if (error['code'] === METHOD_NOT_FOUND && status !== 404) {
      return [{ rule: ruleById('http/unknown-method-not-404'), event, pointer: '/status',
        message: `${ex.request.method} was answered -32601 (method not found) with HTTP ${status}; a 2026-07-28 server answers an unknown method with 404 Not Found` }];
    }
    if (error['code'] === UNSUPPORTED_PROTOCOL_VERSION && status !== 400) {
      return [{ rule: ruleById('http/unsupported-version-not-400'), event, pointer: '/status',
        message: `${ex.request.method} was answered -32022 (unsupported protocol version) with HTTP ${status}; a 2026-07-28 server answers it with 400 Bad Request` }];
    }
    const owed = metaErrorStatus(ex.request, error['code'], status);
    return owed === undefined ? [] : [{ rule: owed.rule, event, pointer: '/status', message: owed.message }];
  }

  /** The tools of a 2026-07-28 tools/list result: what each one's calls owe in Mcp-Param headers. */
  #rememberTools(result: unknown): void {
    const tools = isJsonObject(result) ? result['tools'] : undefined;
    if (!Array.isArray(tools)) return;
    for (const tool of tools) {
      if (isJsonObject(tool) && typeof tool['name'] === 'string') this.#tools.set(tool['name'], paramHeaders(tool));
    }
  }

  /**
   * A 2026-07-28 tools/call of a listed tool: a tool whose x-mcp-header annotation is invalid is
   * not called at all (the client MUST exclude it from tools/list), and a valid one's annotated
   * arguments are mirrored into Mcp-Param-{Name} headers (the client MUST mirror them).
   */
  #paramHeaders(event: number, headers: Readonly<Record<string, string>>, params: unknown, out: HeaderFinding[]): void {
    const name = isJsonObject(params) ? params['name'] : undefined;
    const known = typeof name === 'string' ? this.#tools.get(name) : undefined;
    if (known === undefined) return;
    if ('invalid' in known) {
      out.push({ rule: ruleById('http/client-invalid-tool-called'), event, pointer: headers['mcp-name'] === undefined ? '/headers' : '/headers/mcp-name',
        message: `the client called ${JSON.stringify(name)}, a tool it must reject: its listed inputSchema's x-mcp-header is invalid (${known.invalid})` });
      return;
    }
    const args = isJsonObject(params) && isJsonObject(params['arguments']) ? params['arguments'] : {};
    for (const [header, owed] of Object.entries(paramHeaderValues(known.headers, args))) {
      const sent = headers[header];
      if (sent !== undefined && decodeHeaderValue(sent) === decodeHeaderValue(owed)) continue;
      out.push({ rule: ruleById('http/client-param-header'), event, pointer: sent === undefined ? '/headers' : `/headers/${header}`,
        message: sent === undefined ? `the tools/call of ${JSON.stringify(name)} carries no ${header} header (its x-mcp-header parameter has the value ${JSON.stringify(decodeHeaderValue(owed))})`
          : `${header} is ${JSON.stringify(sent)}, but the argument it mirrors is ${JSON.stringify(decodeHeaderValue(owed))}` });
    }
  }

  /** The 2026-07-28 headers of a POST: MCP-Protocol-Version matching the body, Mcp-Method and Mcp-Name mirroring it. */
  #modernHeaders(event: number, headers: Readonly<Record<string, string>>, message: Record<string, unknown>, method: string | undefined,
    isRequest: boolean, version: string | undefined, out: HeaderFinding[]): void {
    const sent = headers['mcp-protocol-version'];
    if (sent === undefined) {
      out.push({ rule: ruleById('http/client-protocol-version-missing'), event, pointer: '/headers', message: `the POST of ${method ?? 'a message'} carries no MCP-Protocol-Version header` });
    } else if (version !== undefined && sent !== version) {
      out.push({ rule: ruleById('http/client-protocol-version-mismatch'), event, pointer: '/headers/mcp-protocol-version',
        message: `MCP-Protocol-Version is ${JSON.stringify(sent)}, but the request's _meta says ${JSON.stringify(version)}` });
    }
    if (!isRequest || method === undefined) return; // notification POSTs: no header requirements in this revision
    const mirrored = headers['mcp-method'];
    if (mirrored !== method) {
      out.push({ rule: ruleById('http/client-method-header'), event, pointer: mirrored === undefined ? '/headers' : '/headers/mcp-method',
        message: mirrored === undefined ? `the POST of ${method} carries no Mcp-Method header` : `Mcp-Method is ${JSON.stringify(mirrored)}, but the body's method is ${method}` });
    }
    const field = NAMED[method];
    const params = message['params'];
    if (method === 'tools/call') this.#paramHeaders(event, headers, params, out);
    const value = field !== undefined && isJsonObject(params) ? params[field] : undefined;
    if (typeof value !== 'string') return;
    const name = headers['mcp-name'];
    if (name === undefined || decodeHeaderValue(name) !== value) {
      out.push({ rule: ruleById('http/client-method-header'), event, pointer: name === undefined ? '/headers' : '/headers/mcp-name',
        message: name === undefined ? `the POST of ${method} carries no Mcp-Name header (params.${field} is ${JSON.stringify(value)})`
          : `Mcp-Name is ${JSON.stringify(name)}, but the body's params.${field} is ${JSON.stringify(value)}` });
    }
  }

  /** The headers of a request after an initialize handshake: the session id the server gave, and the protocol version. */
  #handshakeHeaders(event: number, headers: Readonly<Record<string, string>>, what: string, out: HeaderFinding[]): void {
    if (this.#sessionId !== undefined && headers['mcp-session-id'] === undefined) {
      out.push({ rule: ruleById('http/client-session-id-missing'), event, pointer: '/headers', message: `${what} carries no MCP-Session-Id, though the server gave one with its initialize result` });
    }
    if (this.#initialized && headers['mcp-protocol-version'] === undefined) {
      out.push({ rule: ruleById('http/client-protocol-version-missing'), event, pointer: '/headers', message: `${what} after initialization carries no MCP-Protocol-Version header` });
    }
  }
}
