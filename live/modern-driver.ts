// Why: a check of the stateless revision (2026-07-28) exercises a server as a careful modern client
// would: no handshake, every request carrying its own `_meta` (protocol version, the capabilities
// the checker can answer for, its identity); server/discover first, then only what it declared,
// every list paged to its end, tools only as named, input_required answered (from the canned
// answers, or declined) in a retry with a new id and the requestState echoed; and in the full
// scope what has no side effects plus the deliberately wrong requests whose answers the pages
// prescribe. It decides from what the server answered; the recorder judges, under the one core.
import type { JsonObject } from '../validators/context.ts';
import { hasError } from '../validators/finding.ts';
import { methodTable } from '../validators/methods.ts';
import { SPEC_2026_07_28 } from '../validators/profiles.ts';
import { isJsonObject } from '../validators/shape.ts';
import { isModernError } from '../validators/era.ts';
import { CLIENT_CAPABILITIES_KEY, SUBSCRIPTION_ID_KEY } from '../validators/modern-meta.ts';
import { UNSUPPORTED_PROTOCOL_VERSION } from '../validators/modern-errors.ts';
import type { Answer, Exchange } from './exchange.ts';
import type { ProbeKind } from './live-judge.ts';
import { argumentsOf, completionParams, listAllPages, unlistedTool, type Listed } from './list-items.ts';
import type { LiveRecorder } from './recorder.ts';
import type { ClientAnswers } from './server-requests.ts';
import { listenFilter, MODERN_VERSION, requestMeta, retryParams } from './modern-requests.ts';
import { FOREIGN_ORIGIN } from './http-transport.ts';
import { headerValue } from './http-modern.ts';
import type { ClientTransport, SendOptions } from './transport.ts';
import { stepClient, type StepRunner } from './step-client.ts';


/** A protocol version no server implements, for the unsupported-version probe. */
export const UNSUPPORTED_VERSION = '1900-01-01';
/** A method no MCP revision defines, for the unknown-method probe. */
const UNKNOWN_METHOD = 'mcp-statechart/no-such-method';
/** How many input_required rounds one request is answered through. */
const MAX_INPUT_ROUNDS = 3;
/** How many listed resources the full scope reads, and prompts it gets. */
const FULL_READS = 3;
const FULL_PROMPTS = 5;
/** The longest the full scope waits for a listen stream's acknowledgement (ms). */
const LISTEN_WAIT_MS = 2_000;
/** How long the full scope keeps its listen stream open after its last request, for what the server notifies on it (ms). */
const LISTEN_HOLD_MS = 500;
/** The log level the full scope's tool calls ask for in their _meta (a server may log at it or above it). */
const CALL_LOG_LEVEL = 'info';
/** A log level no revision defines, for the invalid-log-level probe. */
const UNKNOWN_LOG_LEVEL = 'verbose';
/** What the full scope appends to a requestState in the retry it alters (the wrong-request-state probe). */
const ALTERED_STATE = '.altered-by-the-client';

import { LISTS } from './list-items.ts';
import { runExercise, type ExerciseHost, type ExerciseProgress } from './exercise.ts';
import { DEFAULT_EXERCISE_SEED, type ExerciseMode, type ExerciseReport } from './exercise-plan.ts';
import { paramHeaders, toolParamHeaders } from './mcp-param-headers.ts';
import { listedToolsContext } from '../machines/tool-catalogue.ts';

/** How one modern request is sent: the probe, headers, version, log level, whether it owes an answer in time, and whether a timeout is the checker's own stop. */
type ModernSend = SendOptions & {
  readonly version?: string;
  readonly logLevel?: string;
  readonly ownStop?: boolean;
  readonly progress?: boolean;
  /** The request asks for what the server reports while it works: a log level and a progress token of its own (the full scope's tool calls). */
  readonly reports?: boolean;
};

/** A modern request sent with the `_meta` keys left out (all: no `_meta`), for the probes of a missing field. */
type MetaSend = ModernSend & { readonly omitMeta?: readonly string[] | 'all' };

/** What the modern driver is told. */
export interface ModernOptions {
  readonly scope: 'quick' | 'full';
  readonly timeoutMs: number;
  readonly calls: readonly { readonly name: string; readonly args: JsonObject }[];
  readonly answers: ClientAnswers;
  readonly maxPages?: number;
  /** Requests the user wrote (a scenario's steps), run last. */
  readonly steps?: StepRunner;
  /** How much of the server's own surface to exercise after the lists (default none). */
  readonly exercise?: ExerciseMode;
  /** The seed of the exercise's generated values. */
  readonly seed?: number;
  /** Told as the exercise goes (a progress line on a terminal). */
  readonly onExerciseProgress?: ((p: ExerciseProgress) => void) | undefined;
}

/** A named call the modern driver did not carry out, and why. */
export interface ModernSkip {
  readonly name: string;
  readonly reason: string;
  readonly pointer: string;
  /** The rule of the server's own finding that kept the call from being sent (reported by the session: exit 1). */
  readonly blamed?: string;
}

/** A URI no server has a resource at (a scheme of the checker's own): the unknown-resource probe reads it. */
const ABSENT_RESOURCE_URI = 'x-mcp-statechart-absent:///probe';

/** The requests that may answer input_required, answered in a retry. */
const RETRYABLE: ReadonlySet<string> = new Set(['tools/call', 'prompts/get', 'resources/read']);

/** The methods 2026-07-28 removed (changelog: "Remove ping, logging/setLevel"; subscriptions/listen replaces resources/subscribe and unsubscribe). */
const REMOVED_METHODS = ['ping', 'logging/setLevel', 'resources/subscribe', 'resources/unsubscribe'] as const;

/** The MCP-Protocol-Version header of the version-header-mismatch probe: a published revision, not the body's. */
const MISMATCHED_VERSION = '2025-11-25';

/** JSON-RPC's "Method not found". */
const METHOD_NOT_FOUND = -32601;

/** How a request was answered, in a few words. */
function answerShown(answer: Answer): string {
  if (answer.kind === 'result') return 'with a result without resultType';
  if (answer.kind === 'error') return `with error ${String(answer.error['code'])}`;
  if (answer.kind === 'timeout') return 'not at all in time';
  return answer.kind === 'ended' ? 'by ending the connection' : 'not at all';
}

/** Why a modern check could not go on past server/discover, or undefined when it ran (it may end there, judged). */
export function discoverFailure(answer: Answer): string | undefined {
  if (answer.kind === 'ended') return 'the server ended the connection before answering server/discover';
  if (answer.kind === 'failed') return answer.couldNotRun ? answer.reason : undefined;
  if (answer.kind === 'result') {
    // A DiscoverResult is valid in any version; one without 2026-07-28 leaves no version in common.
    const versions = answer.result['supportedVersions'];
    if (!Array.isArray(versions) || versions.includes(MODERN_VERSION)) return undefined;
    return `the server's DiscoverResult names the versions ${versions.map((v) => JSON.stringify(v)).join(', ') || 'none'}, none of which the check speaks (${MODERN_VERSION})`;
  }
  if (answer.kind !== 'error') return undefined;
  const { error } = answer;
  const data = isJsonObject(error['data']) ? error['data'] : {};
  const supported = Array.isArray(data['supported']) ? data['supported'].filter((v): v is string => typeof v === 'string') : [];
  // -32601 is what a legacy server commonly answers (stdio page, Backward Compatibility: "any other
  // error ... the server is legacy"); run() asks one more request to tell a legacy server from a
  // 2026-07-28 server that does not implement server/discover.
  if (error['code'] === METHOD_NOT_FOUND) return undefined;
  if (error['code'] === UNSUPPORTED_PROTOCOL_VERSION) {
    return `the server refused MCP ${MODERN_VERSION} with UnsupportedProtocolVersionError: it supports ${supported.join(', ') || 'no version it names'}`;
  }
  return `the server answered server/discover with error ${String(error['code'])} (${String(error['message'] ?? '')}): it does not speak MCP ${MODERN_VERSION} (a legacy server: check it without --protocol-version ${MODERN_VERSION})`;
}

/** Drives one modern check over a started exchange; `opening` is the era probe's answer to server/discover, when it was sent. */
export class ModernDriver {
  readonly #exchange: Exchange;
  readonly #recorder: LiveRecorder;
  readonly #options: ModernOptions;
  readonly #transport: ClientTransport;
  readonly skipped: ModernSkip[] = [];
  /** What the exercise sent and left out (undefined: none ran). */
  exercise: ExerciseReport | undefined;
  /** The full scope's listen stream, held open until the run's last request (its request id). */
  #held: number | undefined;
  /** Progress tokens given so far (each request its own). */
  #tokens = 0;
  /** Whether the full scope has sent its retry with an altered requestState. */
  #altered = false;
  /** The tools listed (the altered retry goes only to a read-only tool). */
  #tools: readonly JsonObject[] = [];

  constructor(exchange: Exchange, recorder: LiveRecorder, options: ModernOptions, transport: ClientTransport) {
    this.#exchange = exchange;
    this.#recorder = recorder;
    this.#options = options;
    this.#transport = transport;
    exchange.closingCancels();
  }

  /** Runs the check; the error says why it could not run (undefined: it ran). */
  async run(opening?: Answer): Promise<string | undefined> {
    const discover = opening ?? (await this.#request('server/discover'));
    const failure = discoverFailure(discover);
    if (failure !== undefined) return failure;
    if (discover.kind === 'error' && discover.error['code'] === METHOD_NOT_FOUND) return this.#legacyOrModern(discover.error);
    if (discover.kind !== 'result' || discover.result['resultType'] !== 'complete') return undefined;
    const server = isJsonObject(discover.result['capabilities']) ? discover.result['capabilities'] : {};
    if (this.#options.scope === 'full' && this.#transport.kind === 'stdio' && !(await this.#priorRequest())) return undefined;
    const listed: Listed = { tools: [], resources: [], resourceTemplates: [], prompts: [] };
    for (const list of LISTS) {
      if (!isJsonObject(server[list.capability])) continue;
      if (!(await this.#listAll(list.method, list.items, listed))) return undefined;
    }
    this.#tools = listed.tools;
    // The full scope listens from here to its last request, so a notification any of them causes is seen on the stream.
    if (this.#options.scope === 'full' && !(await this.#listen(server, listed))) return undefined;
    const mode = this.#options.exercise ?? 'none';
    if (mode !== 'none') {
      const host: ExerciseHost = {
        request: (method, params) => (method === 'completion/complete' ? this.#request(method, params) : this.#retryable(method, params)),
        callTool: (tool, args) => this.#retryable('tools/call', { name: tool['name'] as string, arguments: args }, { ownStop: true, progress: true, ...this.#reports(), ...this.#paramHeaders(tool, args) }),
        mirrorsHeaders: this.#transport.kind === 'http',
      };
      const named = new Set(this.#options.calls.map((c) => c.name));
      const { ended, report } = await runExercise(host, server, listed, { mode, seed: this.#options.seed ?? DEFAULT_EXERCISE_SEED, named, onProgress: this.#options.onExerciseProgress });
      this.exercise = report;
      if (ended) return undefined;
    }
    if (this.#options.scope === 'full' && !(await this.#full(server, listed))) return undefined;
    for (const [index, call] of this.#options.calls.entries()) {
      if (!isJsonObject(server['tools'])) {
        this.skipped.push({ name: call.name, pointer: `/options/calls/${index}/name`, reason: 'the server declares no tools capability in server/discover, so it lists no tool to call' });
        continue;
      }
      const rejected = this.#rejectedCall(call, listed);
      if (rejected !== undefined) {
        this.skipped.push({ name: call.name, pointer: rejected.pointer, reason: rejected.reason });
        continue;
      }
      const tool = listed.tools.find((t) => t['name'] === call.name) ?? {};
      const refused = this.#transport.kind === 'http' ? paramHeaders(tool) : { headers: [] };
      if ('invalid' in refused) {
        // Custom Headers from Tool Parameters: a Streamable HTTP client "MUST reject tool definitions
        // where any x-mcp-header value violates these constraints"; the listing's finding says why.
        this.skipped.push({ name: call.name, pointer: `/options/calls/${index}/name`, reason: `the tool is rejected, as the Streamable HTTP page requires of a client: ${refused.invalid}`, blamed: refused.finding.rule });
        continue;
      }
      if ((await this.#retryable('tools/call', { name: call.name, arguments: call.args }, { ...this.#reports(), ...this.#paramHeaders(tool, call.args) })).kind === 'ended') return undefined;
    }
    const steps = this.#options.steps;
    if (steps !== undefined) {
      const send = (method: string, params: JsonObject) => (RETRYABLE.has(method) ? this.#retryable(method, params) : this.#request(method, params));
      await steps(stepClient(this.#recorder, listed, SPEC_2026_07_28, send, (params) => ({ ...params, _meta: requestMeta(this.#options.answers) })));
    }
    await this.#release();
    return undefined;
  }

  /** In the full scope, a tool call asks for the server's reports (a log level, a progress token): logging and progress are judged on what comes back. */
  #reports(): { reports?: true } {
    return this.#options.scope === 'full' ? { reports: true } : {};
  }

  /** Over Streamable HTTP, the Mcp-Param-{Name} headers a tool's x-mcp-header properties ask for with these arguments. */
  #paramHeaders(tool: JsonObject, args: JsonObject): { headers?: Record<string, string> } {
    if (this.#transport.kind !== 'http') return {};
    const headers = toolParamHeaders(tool, args);
    return Object.keys(headers).length === 0 ? {} : { headers };
  }

  /**
   * server/discover was answered -32601: a legacy server's usual answer to an unknown method, or a
   * 2026-07-28 server that does not implement server/discover. One read-only tools/list tells them
   * apart: answered as the revision answers (a result with resultType) the server is modern, and
   * the session blames the refused server/discover; anything else is a legacy server, which the
   * check of 2026-07-28 could not run against (exit 2), blamed for nothing.
   */
  async #legacyOrModern(refusal: JsonObject): Promise<string | undefined> {
    const answer = await this.#request('tools/list', {}, { probe: 'era-confirm' });
    if (answer.kind === 'result' && typeof answer.result['resultType'] === 'string') return undefined;
    if (answer.kind === 'error' && isModernError(answer.error)) return undefined;
    if (answer.kind === 'failed' && answer.couldNotRun) return answer.reason;
    return `the server answered server/discover with error ${String(refusal['code'])} (${String(refusal['message'] ?? '')}) and tools/list ${answerShown(answer)}: it does not speak MCP ${MODERN_VERSION} (a legacy server: check it without --protocol-version ${MODERN_VERSION})`;
  }

  #send(method: string, params: JsonObject = {}, options: MetaSend = {}): { id: number; answer: Promise<Answer> } {
    const omit = options.omitMeta;
    const reports = options.reports === true;
    const full = requestMeta(this.#options.answers, options.version, reports ? CALL_LOG_LEVEL : options.logLevel, reports ? `mcp-statechart-progress-${++this.#tokens}` : undefined);
    const meta = Object.fromEntries(Object.entries(full).filter(([key]) => !Array.isArray(omit) || !omit.includes(key)));
    return this.#exchange.send(method, omit === 'all' ? params : { ...params, _meta: meta }, {
      ...(options.probe === undefined ? {} : { probe: options.probe }),
      ...(options.headers === undefined ? {} : { headers: options.headers }),
      ...(options.longLived === true ? { longLived: true } : {}),
      ...(options.ownStop === true ? { ownStop: true } : {}),
      ...(options.progress === true ? { progress: true } : {}),
    });
  }

  #request(method: string, params?: JsonObject, options: MetaSend = {}): Promise<Answer> {
    return this.#send(method, params, options).answer;
  }

  /**
   * basic, Statelessness: "Servers MUST NOT rely on prior requests over the same connection to
   * establish context (e.g., capabilities, protocol version, client identity)", and a dual-era
   * server takes legacy semantics from an `initialize` alone (versioning, Backward Compatibility).
   * Over stdio, before anything else, a server/discover without `_meta` (malformed: -32602 is owed,
   * judged by the session), then server/discover with it again, which must be answered as the first
   * one was (judged by the live judge). A server that took the connection's version from the
   * request without `_meta` would answer every later request that way too: the check ends there,
   * on its one finding. False when it ended.
   */
  async #priorRequest(): Promise<boolean> {
    if ((await this.#request('server/discover', {}, { probe: 'missing-meta', omitMeta: 'all' })).kind === 'ended') return false;
    const again = await this.#request('server/discover', {}, { probe: 'after-legacy-request' });
    if (again.kind === 'ended') return false;
    return !('event' in again) || !this.#recorder.findingsAt(again.event).some((f) => f.rule === 'stateless/relies-on-prior-request');
  }

  /** Reads every page of a list; false when the connection ended. */
  #listAll(method: string, items: keyof Listed, listed: Listed): Promise<boolean> {
    return listAllPages((cursor) => this.#request(method, cursor === undefined ? {} : { cursor }), items, listed, this.#options.maxPages ?? 100);
  }

  /**
   * Sends a request that may answer input_required (tools/call, prompts/get, resources/read) and
   * answers each round: the input requests from the canned answers (elicitation declined without
   * one, roots from --root), in a retry with a new id, the same params, and the requestState echoed.
   * A round it cannot answer (sampling without a canned result), or an input_required result the
   * session rejected (a client would not retry what it cannot read), ends there.
   */
  async #retryable(method: string, params: JsonObject, options: ModernSend = {}): Promise<Answer> {
    let answer = await this.#request(method, params, options);
    for (let round = 0; round < MAX_INPUT_ROUNDS; round++) {
      if (answer.kind !== 'result' || answer.result['resultType'] !== 'input_required') return answer;
      if (hasError(this.#recorder.findingsAt(answer.event))) return answer;
      const retry = retryParams(params, answer.result, this.#options.answers);
      if (retry === undefined) return answer;
      if (typeof retry['requestState'] === 'string' && this.#altersState(method, params)) {
        // Multi Round-Trip Requests, Server Requirements: the server "MUST treat requestState as an
        // attacker-controlled input"; it must reject a state that fails verification only where the
        // state influences authorization, resource access or business logic, which the checker
        // cannot see. So the altered retry's answer is judged as any answer, and nothing more.
        this.#altered = true;
        if ((await this.#request(method, { ...retry, requestState: `${retry['requestState']}${ALTERED_STATE}` }, { ...options, probe: 'wrong-request-state' })).kind === 'ended') return { kind: 'ended' };
      }
      answer = await this.#request(method, retry, options);
    }
    return answer;
  }

  /**
   * Whether the full scope sends, once, a retry of this request with its requestState altered first:
   * only a request without side effects (a read, a prompt, a tool annotated readOnlyHint), as the
   * altered retry may be served.
   */
  #altersState(method: string, params: JsonObject): boolean {
    if (this.#options.scope !== 'full' || this.#altered) return false;
    if (method !== 'tools/call') return true;
    const tool = this.#tools.find((t) => t['name'] === params['name']);
    const annotations = tool === undefined ? undefined : tool['annotations'];
    return isJsonObject(annotations) && annotations['readOnlyHint'] === true;
  }

  /** The reason a named call is not sent (the client does not send what it would reject), or undefined. */
  #rejectedCall(call: { readonly name: string; readonly args: JsonObject }, listed: Listed): { pointer: string; reason: string } | undefined {
    const index = this.#options.calls.indexOf(call);
    const tools = new Map(listed.tools.filter((t) => typeof t['name'] === 'string').map((t) => [t['name'] as string, t]));
    if (!tools.has(call.name)) return { pointer: `/options/calls/${index}/name`, reason: unlistedTool(call.name) };
    const validate = methodTable(SPEC_2026_07_28).get('tools/call')?.validators.params;
    const params = { name: call.name, arguments: call.args, _meta: requestMeta(this.#options.answers) };
    const found = validate === undefined ? [] : validate(params, '/message/params', listedToolsContext(SPEC_2026_07_28, tools));
    const rejected = found.find((f) => f.severity === 'error');
    if (rejected === undefined) return undefined;
    const pointer = rejected.pointer === '/message/params/name' ? `/options/calls/${index}/name`
      : rejected.pointer.startsWith('/message/params/arguments') ? `/options/calls/${index}/args${rejected.pointer.slice('/message/params/arguments'.length)}`
      : `/options/calls/${index}`;
    return { pointer, reason: `${rejected.message} (${rejected.rule} at ${rejected.pointer})` };
  }

  /** The full scope: what has no side effects, the listen stream, a request asking for logs, and the probes. */
  async #full(server: JsonObject, listed: Listed): Promise<boolean> {
    // The exercise read the resources and got the prompts already (more of them, with arguments).
    const exercised = (this.#options.exercise ?? 'none') !== 'none';
    for (const resource of exercised ? [] : listed.resources.slice(0, FULL_READS)) {
      if (typeof resource['uri'] === 'string' && (await this.#retryable('resources/read', { uri: resource['uri'] })).kind === 'ended') return false;
    }
    const optionalOnly = listed.prompts.filter((p) => typeof p['name'] === 'string' && argumentsOf(p).every((a) => a['required'] !== true));
    for (const prompt of exercised ? [] : optionalOnly.slice(0, FULL_PROMPTS)) {
      if ((await this.#retryable('prompts/get', { name: prompt['name'] as string })).kind === 'ended') return false;
    }
    // Logging is asked for once (server/discover with a level): every other request asks for none.
    if (isJsonObject(server['logging']) && (await this.#request('server/discover', {}, { logLevel: 'debug' })).kind === 'ended') return false;
    const completion = isJsonObject(server['completions']) ? completionParams(listed) : undefined;
    if (completion !== undefined && (await this.#request('completion/complete', completion)).kind === 'ended') return false;
    const probes: { method: string; params?: JsonObject; probe: ProbeKind; version?: string; logLevel?: string; headers?: SendOptions['headers']; omitMeta?: readonly string[] }[] = [
      { method: UNKNOWN_METHOD, probe: 'unknown-method' },
    ];
    // The unsupported version goes on a list request: server/discover is how a client learns the
    // versions, and the stdio page counts a DiscoverResult among its answers to a preferred version.
    const list = LISTS.find((l) => isJsonObject(server[l.capability]));
    if (list !== undefined) {
      probes.push({ method: list.method, probe: 'unsupported-version', version: UNSUPPORTED_VERSION });
      probes.push({ method: list.method, params: { cursor: 42 } as unknown as JsonObject, probe: 'invalid-params' });
      // logging, Error Handling: a logLevel that is no recognized level SHOULD be rejected with -32602 (a server that logs).
      if (isJsonObject(server['logging'])) probes.push({ method: list.method, probe: 'invalid-log-level', logLevel: UNKNOWN_LOG_LEVEL });
    }
    // resources, Error Handling: a URI no resource has is answered with -32602 (a scheme no server serves).
    if (isJsonObject(server['resources'])) probes.push({ method: 'resources/read', params: { uri: ABSENT_RESOURCE_URI }, probe: 'unknown-resource' });
    if (this.#transport.kind === 'http') {
      probes.push({ method: 'server/discover', probe: 'header-mismatch', headers: { 'mcp-method': 'tools/list' } });
      probes.push({ method: 'server/discover', probe: 'header-missing', headers: { 'mcp-method': null } });
      // A loopback server MUST validate the Origin header and refuse an invalid one with 403 (Security & Endpoint).
      if (this.#transport.loopback === true) probes.push({ method: 'server/discover', probe: 'foreign-origin', headers: { origin: FOREIGN_ORIGIN } });
    }
    probes.push(...this.#metaProbes(server, listed));
    for (const p of probes) {
      const answer = await this.#request(p.method, p.params, { probe: p.probe, ...(p.version === undefined ? {} : { version: p.version }), ...(p.logLevel === undefined ? {} : { logLevel: p.logLevel }), ...(p.headers === undefined ? {} : { headers: p.headers }), ...(p.omitMeta === undefined ? {} : { omitMeta: p.omitMeta }) });
      if (answer.kind === 'ended') return false;
    }
    return true;
  }

  /**
   * The full scope's probes of the per-request metadata and its HTTP mirrors (2026-07-28):
   * - basic, _meta: a request missing a required field (here clientCapabilities; over stdio the
   *   request without any _meta, sent first (#priorRequest), lacks the protocol version too, which
   *   over HTTP is what the MCP-Protocol-Version header mirrors) MUST be refused -32602, with 400 on HTTP;
   * - the methods the revision removed (changelog: ping, logging/setLevel, resources/subscribe and
   *   resources/unsubscribe): an error answers them -32601, on HTTP with 404 Not Found;
   * - Streamable HTTP, Server Validation: an MCP-Protocol-Version or Mcp-Name header that does not
   *   match the body, or a missing Mcp-Name, is refused 400 with -32020; an Mcp-Name in the Base64
   *   sentinel form of its matching value is decoded (Value Encoding), not refused. A missing
   *   MCP-Protocol-Version is not probed: a server that supports clients older than 2025-06-18 MAY
   *   take it for 2025-03-26.
   */
  #metaProbes(server: JsonObject, listed: Listed): { method: string; params?: JsonObject; probe: ProbeKind; headers?: SendOptions['headers']; omitMeta?: readonly string[] }[] {
    const probes: { method: string; params?: JsonObject; probe: ProbeKind; headers?: SendOptions['headers']; omitMeta?: readonly string[] }[] = [
      { method: 'server/discover', probe: 'missing-meta', omitMeta: [CLIENT_CAPABILITIES_KEY] },
    ];
    const uri = listed.resources.find((r) => typeof r['uri'] === 'string')?.['uri'] as string | undefined;
    for (const method of REMOVED_METHODS) {
      if (method.startsWith('resources/') && uri === undefined) continue;
      probes.push({ method, params: method === 'ping' ? {} : method === 'logging/setLevel' ? { level: 'debug' } : { uri: uri as string }, probe: 'removed-method' });
    }
    if (this.#transport.kind !== 'http') return probes;
    probes.push({ method: 'server/discover', probe: 'version-header-mismatch', headers: { 'mcp-protocol-version': MISMATCHED_VERSION } });
    // The named request, valid but for the header: a listed resource read (no side effects), else a
    // listed prompt whose arguments are all optional got.
    const prompt = listed.prompts.find((p) => typeof p['name'] === 'string' && argumentsOf(p).every((a) => a['required'] !== true))?.['name'] as string | undefined;
    const named = uri !== undefined ? { method: 'resources/read', params: { uri }, value: uri }
      : prompt !== undefined && isJsonObject(server['prompts']) ? { method: 'prompts/get', params: { name: prompt }, value: prompt } : undefined;
    if (named === undefined) return probes;
    probes.push({ method: named.method, params: named.params, probe: 'name-header-mismatch', headers: { 'mcp-name': headerValue(`${named.value}-mismatch`) } });
    probes.push({ method: named.method, params: named.params, probe: 'name-header-missing', headers: { 'mcp-name': null } });
    probes.push({ method: named.method, params: named.params, probe: 'encoded-name', headers: { 'mcp-name': `=?base64?${Buffer.from(named.value, 'utf8').toString('base64')}?=` } });
    return probes;
  }

  /**
   * Opens a subscriptions/listen stream for what the server declared it may notify (list changes,
   * updates of the first listed resource) and waits for its acknowledgement. Over Streamable HTTP
   * the client then closes the SSE stream (subscriptions, Cancellation) and re-sends the listen, as
   * a client that lost its stream does, and the server must serve it as a new subscription
   * (acknowledged first, under the new request's id). The stream open last is held through the
   * run's later requests, so what they change is notified on it, and ended by #release. The
   * session judges the acknowledgements, subscription ids, filters and notifications. False when
   * the connection ended.
   */
  async #listen(server: JsonObject, listed: Listed): Promise<boolean> {
    const first = listed.resources.find((r) => typeof r['uri'] === 'string');
    const filter = listenFilter(server, first === undefined ? undefined : (first['uri'] as string));
    if (Object.keys(filter).length === 0) return true;
    for (let opened = 0; opened < (this.#transport.kind === 'stdio' ? 1 : 2); opened++) {
      if (this.#held !== undefined) await this.#exchange.closeStream(this.#held);
      this.#held = await this.#openListen(filter);
      if (this.#exchange.ended) return false;
    }
    return !this.#exchange.ended;
  }

  /**
   * Ends the held listen stream after a bounded wait (LISTEN_HOLD_MS) for what the server still
   * notifies on it, as the transport ends one: over stdio notifications/cancelled naming the listen
   * request, over Streamable HTTP by closing its SSE stream.
   */
  async #release(): Promise<void> {
    const id = this.#held;
    this.#held = undefined;
    if (id === undefined || this.#exchange.ended || !this.#exchange.inFlight(id)) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(LISTEN_HOLD_MS, this.#options.timeoutMs)));
    if (this.#exchange.ended || !this.#exchange.inFlight(id)) return;
    if (this.#transport.kind === 'stdio') await this.#exchange.cancel(id, 'the check is done listening');
    else await this.#exchange.closeStream(id);
  }

  /** Sends one subscriptions/listen and waits (LISTEN_WAIT_MS at most) for its acknowledgement or its answer; its id. */
  async #openListen(filter: Record<string, unknown>): Promise<number> {
    let timer: NodeJS.Timeout | undefined;
    const acknowledged = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, Math.min(LISTEN_WAIT_MS, this.#options.timeoutMs));
      this.#exchange.onNotification((message) => {
        const params = message['params'];
        const meta = isJsonObject(params) ? params['_meta'] : undefined;
        if (message['method'] === 'notifications/subscriptions/acknowledged' && isJsonObject(meta) && meta[SUBSCRIPTION_ID_KEY] === sent.id) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    // The listen owes no answer in any time (its response ends the subscription): no time limit of the exchange's.
    const sent = this.#send('subscriptions/listen', { notifications: filter }, { longLived: true });
    await Promise.race([acknowledged, sent.answer]);
    clearTimeout(timer);
    this.#exchange.onNotification(undefined);
    return sent.id;
  }
}
