// Why: a client is checked by serving it: this is one connection of the judging server. It answers
// the client's requests from the catalog, plays the server's scenarios once the client has sent
// notifications/initialized, and records every message in both directions through the one
// recorder and judge the tap uses (a message is recorded before it is written, and judged as it
// is recorded), so the trace of a session is judged again the same way. The transport (stdio
// lines, Streamable HTTP) only says where a message can travel; the protocol lives here.
import type { JsonObject } from '../validators/context.ts';
import { idKey, isRequestId, type IdKey, type RequestId } from '../validators/envelope.ts';
import { isJsonObject } from '../validators/shape.ts';
import { ruleById } from '../validators/rules/index.ts';
import type { ProbeKind } from '../live/live-judge.ts';
import { TapRecorder, TAP_LIMITS, type TapFinding } from '../live/tap-recorder.ts';
import type { WirePlace } from '../live/transport.ts';
import type { RunBudget } from '../live/recording-bounds.ts';
import { promptMessages, PROGRESS_TOOL, PROMPTS, RESOURCE_TEMPLATES, RESOURCES, resourceContents, SCENARIOS_TOOL, SLOW_TOOL, TOOLS } from './catalog.ts';
import { callSlow } from './scenarios/cancel.ts';
import { textResult, type Era, type Outcome, type ScenarioContext } from './scenarios/context.ts';
import { playElicitationForm } from './scenarios/elicitation-form.ts';
import { playElicitationUrl } from './scenarios/elicitation-url.ts';
import { invalidOfferProbe } from './scenarios/invalid-header-tool.ts';
import { modernTools, planFor, type Plan, type ScenarioName } from './scenarios/index.ts';
import { ListChanges, type Listen } from './scenarios/list-changed.ts';
import { PageCounts } from './scenarios/pagination.ts';
import { playPing } from './scenarios/ping.ts';
import { callProgress } from './scenarios/progress.ts';
import { RequestStates, retryRound } from './scenarios/retry.ts';
import { playRoots } from './scenarios/roots.ts';
import { playSampling } from './scenarios/sampling.ts';
import { listenWatched, serveSubscribe } from './scenarios/subscribe.ts';
import { playUndeclared } from './scenarios/undeclared.ts';
import {
  CACHE_HINTS, CACHEABLE_METHODS, carriesRequestMeta, discoverResult, honoredFilter, MODERN_METHODS, MODERN_VERSION, requestMetaOf, SUBSCRIPTION_ID_KEY,
} from './modern-serving.ts';

export type { Era, Outcome } from './scenarios/context.ts';

/** The revisions the judging server speaks with a handshake (the first is its default answer to initialize). */
export const SERVED_VERSIONS = ['2025-11-25', '2025-06-18'] as const;

/** Every revision `--protocol-version` may pin: the handshake ones, and the stateless 2026-07-28. */
export const PINNABLE_VERSIONS = [...SERVED_VERSIONS, MODERN_VERSION] as const;

/** Where a message can travel now. */
export interface Route {
  /** Where it travels (its HTTP exchange), recorded with it. */
  readonly place?: WirePlace;
  write(text: string): void;
}

/** The transport under a session: where a server message can go. */
export interface Outlet {
  /**
   * The route for a message related to the client request `related` (its answer, `final`, or its
   * progress), or for an unrelated one; undefined: none is open yet.
   */
  route(related: RequestId | undefined, final?: boolean, message?: JsonObject): Route | undefined;
  /** Resolves when a route may have opened (HTTP: a stream was opened), or at once when routes never change. */
  changed(): Promise<void>;
  /** Ends the stream of the client request `related` without an answer (a dropped listen stream); false: this transport has no such stream. */
  drop?(related: RequestId): boolean;
}

/** How a session is run. */
export interface SessionOptions {
  readonly scenarios: ReadonlySet<ScenarioName>;
  /**
   * The version the server answers whatever the client offers (default: the client's, when served,
   * else the first served); 2026-07-28 serves only the stateless revision, and without it both eras
   * are served (an initialize opens a legacy session, a request with the per-request `_meta` a stateless one).
   */
  readonly protocolVersion?: string | undefined;
  /** Time limit of each server request to the client, and of the wait for notifications/initialized (ms). */
  readonly timeoutMs: number;
  /** Told every finding as it is placed. */
  readonly onFinding?: (finding: TapFinding) => void;
  /** The run's budget of kept message text, shared by its sessions (default: each session's own limits alone). */
  readonly budget?: RunBudget;
}

interface Waiting {
  readonly method: string;
  resolve(answer: JsonObject | undefined): void;
}

/** The client requests this server serves (beside initialize and ping). */
const SERVED_METHODS: ReadonlySet<string> = new Set(['tools/list', 'resources/list', 'prompts/list', 'resources/templates/list', 'resources/read', 'resources/subscribe', 'resources/unsubscribe', 'prompts/get', 'logging/setLevel', 'tools/call']);

const SERVER_INFO = { name: 'mcp-statechart judging server', version: '0.1.0' };
const INSTRUCTIONS = 'The mcp-statechart judging server: it judges the client. Call wait_for_scenarios last.';

/** One connection of the judging server. */
export class JudgingSession {
  readonly recorder: TapRecorder;
  readonly #outlet: Outlet;
  readonly #options: SessionOptions;
  readonly #waiting = new Map<IdKey, Waiting>();
  /** Client requests in progress that can be cancelled, by id. */
  readonly #inProgress = new Map<IdKey, () => void>();
  readonly #outcomes = new Map<ScenarioName, Outcome>();
  readonly #pages = new PageCounts();
  #nextId = 1;
  #initializeAnswered = false;
  #initialized = false;
  #closed = false;
  #version: string = SERVED_VERSIONS[0];
  #client: JsonObject | null = null;
  #watchedVersion = 0;
  #played: Promise<void> | undefined;
  #initializedTimer: NodeJS.Timeout | undefined;
  readonly #timers = new Set<NodeJS.Timeout>();
  #messages = 0;
  /** The era served, once the client's first request told it (or the pinned version did). */
  #era: Era | undefined;
  readonly #states = new RequestStates();
  readonly #listens = new Map<IdKey, Listen>();
  readonly #listChanges = new ListChanges();
  /** The tools of the 2026-07-28 offer (annotated as the chosen scenarios ask). */
  readonly #modernTools: readonly JsonObject[];
  /** What the scenarios may do with this session. */
  readonly #ctx: ScenarioContext;

  constructor(outlet: Outlet, options: SessionOptions) {
    this.#outlet = outlet;
    this.#options = options;
    this.#ctx = this.#scenarioContext();
    this.#modernTools = modernTools(options.scenarios);
    if (options.protocolVersion === MODERN_VERSION) this.#era = 'modern';
    else if (options.protocolVersion !== undefined) this.#era = 'legacy';
    this.recorder = new TapRecorder({
      limits: TAP_LIMITS,
      ...(options.budget === undefined ? {} : { budget: options.budget }),
      // The server is the checker's own: only the client's silence is judged at the end.
      unanswered: ['server_to_client'],
      cursorsInView: true,
      ...(options.onFinding === undefined ? {} : { onFinding: options.onFinding }),
    });
  }

  /** Messages received from the client so far. */
  get messages(): number {
    return this.#messages;
  }

  /** Whether the client sent initialize. */
  get initialized(): boolean {
    return this.#initializeAnswered;
  }

  /** The era served (undefined: no request told it yet). */
  get era(): Era | undefined {
    return this.#era;
  }

  /** What became of each chosen scenario (after `close`). */
  outcomes(): ReadonlyMap<ScenarioName, Outcome> {
    return this.#outcomes;
  }

  /** One message text from the client: recorded, judged, then served. */
  receive(text: string, place?: WirePlace): void {
    if (this.#closed) return;
    this.#messages += 1;
    const { message } = this.recorder.message('client_to_server', text, place, this.#messages === 1 ? this.#eraProbe(text) : undefined);
    if (message === undefined) {
      // Not strict JSON (the recorder said so): JSON-RPC's answer is a parse error without an id.
      this.#send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }, undefined);
      return;
    }
    this.handle(message);
  }

  /** Serves one parsed client message (already recorded). */
  handle(message: unknown): void {
    if (!isJsonObject(message)) {
      this.#send({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: not one JSON-RPC message object' } }, undefined);
      return;
    }
    const method = message['method'];
    const id = message['id'];
    if (typeof method !== 'string') {
      if (isRequestId(id)) this.#answered(id, message);
      return;
    }
    if (!isRequestId(id)) {
      this.#notification(method, message['params']);
      return;
    }
    this.#request(id, method, isJsonObject(message['params']) ? message['params'] : {});
  }

  /**
   * A first message that is a server/discover the judging server will not answer as a 2026-07-28
   * server (it serves the legacy era, or the request lacks the revision's `_meta`) is a dual-era
   * client's probe: the session is judged in the era the client goes on in, not in 2026-07-28 for
   * having probed.
   */
  #eraProbe(text: string): ProbeKind | undefined {
    if (this.#era === 'modern') return undefined;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return undefined;
    }
    if (!isJsonObject(message) || message['method'] !== 'server/discover' || !isRequestId(message['id'])) return undefined;
    return this.#era === 'legacy' || !carriesRequestMeta(message['params']) ? 'era-probe' : undefined;
  }

  /** The client closed the stream of its request `id` before the answer (HTTP, 2026-07-28): that is its cancellation. */
  streamClosed(id: RequestId): void {
    this.#cancelled(id);
  }

  #cancelled(id: RequestId): void {
    const cancel = this.#inProgress.get(idKey(id));
    if (cancel !== undefined) {
      this.#inProgress.delete(idKey(id));
      cancel();
    }
    this.#listens.delete(idKey(id));
  }

  /** Ends the session (the client left): whatever waits is released, and what the client never did is recorded. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const timer of this.#timers) clearTimeout(timer);
    clearTimeout(this.#initializedTimer);
    for (const cancel of this.#inProgress.values()) cancel();
    this.#inProgress.clear();
    for (const w of this.#waiting.values()) w.resolve(undefined);
    this.#waiting.clear();
    if (this.#initializeAnswered && !this.#initialized) this.#missingInitialized('the session ended');
    this.#noteClientScenarios();
  }

  #missingInitialized(when: string): void {
    if (this.#outcomes.has('ping') && this.#outcomes.get('ping') === 'not played: no notifications/initialized') return;
    const rule = ruleById('lifecycle/initialized-missing');
    this.recorder.finding(rule, null, '', `the server answered initialize, and ${when} without the client's notifications/initialized`);
    for (const name of this.#options.scenarios) if (!this.#outcomes.has(name)) this.#outcomes.set(name, 'not played: no notifications/initialized');
  }

  #send(message: JsonObject, related: RequestId | undefined, probe?: ProbeKind): boolean {
    if (this.#closed) return false;
    const route = this.#outlet.route(related, related !== undefined && !('method' in message), message);
    if (route === undefined) return false;
    const text = JSON.stringify(message);
    this.recorder.message('server_to_client', text, route.place, probe);
    route.write(text);
    return true;
  }

  /** Answers `id`; in 2026-07-28 the result says its resultType ("complete" unless given) and a cacheable one carries cache hints. */
  #result(id: RequestId, result: JsonObject, method?: string, probe?: ProbeKind): void {
    const modern = this.#era === 'modern'
      ? { resultType: 'complete', ...result, ...(method !== undefined && CACHEABLE_METHODS.has(method) ? CACHE_HINTS : {}) }
      : result;
    this.#send({ jsonrpc: '2.0', id, result: modern }, id, probe);
  }

  #error(id: RequestId, code: number, message: string, data?: unknown): void {
    this.#send({ jsonrpc: '2.0', id, error: { code, message, ...(data === undefined ? {} : { data }) } }, id);
  }

  #notification(method: string, params: unknown): void {
    if (method === 'notifications/initialized') {
      if (!this.#initializeAnswered || this.#initialized) return;
      this.#initialized = true;
      clearTimeout(this.#initializedTimer);
      this.#played = this.#play();
      return;
    }
    if (method === 'notifications/cancelled' && isJsonObject(params) && isRequestId(params['requestId'])) this.#cancelled(params['requestId']);
  }

  #request(id: RequestId, method: string, params: JsonObject): void {
    // A dual-era server selects its behaviour from how the client opens: initialize, or a request with the per-request _meta.
    if (this.#era === undefined) {
      if (method === 'initialize') this.#era = 'legacy';
      else if (carriesRequestMeta(params)) this.#era = 'modern';
      else if (method === 'server/discover') {
        this.#error(id, -32602, 'Invalid params: params._meta must carry io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities');
        return;
      }
    }
    if (this.#era === 'modern') {
      this.#modernRequest(id, method, params);
      return;
    }
    if (method === 'initialize') {
      this.#initialize(id, params);
      return;
    }
    if (method === 'ping') {
      this.#result(id, {});
      return;
    }
    if (!this.#initializeAnswered) {
      // A method this server does not serve is unknown whenever it comes (a client probing for server/discover, say).
      if (SERVED_METHODS.has(method)) this.#error(id, -32600, 'Invalid Request: the session is not initialized (send initialize first)');
      else this.#error(id, -32601, `Method not found: ${method}`);
      return;
    }
    switch (method) {
      case 'tools/list': return this.#pages.list(this.#ctx, id, 'tools', TOOLS, params);
      case 'resources/list': return this.#pages.list(this.#ctx, id, 'resources', RESOURCES, params);
      case 'prompts/list': return this.#pages.list(this.#ctx, id, 'prompts', PROMPTS, params);
      case 'resources/templates/list': return this.#result(id, { resourceTemplates: [...RESOURCE_TEMPLATES] });
      case 'resources/read': return this.#read(id, params);
      case 'resources/subscribe': return serveSubscribe(this.#ctx, id, params, () => { this.#watchedVersion += 1; });
      case 'resources/unsubscribe': return this.#result(id, {});
      case 'prompts/get': return this.#prompt(id, params);
      case 'logging/setLevel': return this.#result(id, {});
      case 'tools/call': return void this.#call(id, params);
      default: return this.#error(id, -32601, `Method not found: ${method}`);
    }
  }

  /** A request of the stateless revision: its `_meta` checked, then served with resultType (and cache hints). */
  #modernRequest(id: RequestId, method: string, params: JsonObject): void {
    if (method === 'initialize') {
      this.#error(id, -32601, `Method not found: initialize (this server speaks MCP ${MODERN_VERSION} only; its supported versions: ${MODERN_VERSION})`);
      return;
    }
    if (!MODERN_METHODS.has(method)) {
      this.#error(id, -32601, `Method not found: ${method}`);
      return;
    }
    const meta = requestMetaOf(params);
    if ('error' in meta) {
      const { code, message, data } = meta.error as { code: number; message: string; data?: unknown };
      this.#error(id, code, message, data);
      return;
    }
    this.#client = meta.capabilities;
    switch (method) {
      case 'server/discover': return this.#result(id, discoverResult(SERVER_INFO, INSTRUCTIONS), method);
      case 'tools/list': return this.#pages.list(this.#ctx, id, 'tools', this.#modernTools, params, invalidOfferProbe);
      case 'resources/list': return this.#pages.list(this.#ctx, id, 'resources', RESOURCES, params);
      case 'prompts/list': return this.#pages.list(this.#ctx, id, 'prompts', PROMPTS, params);
      case 'resources/templates/list': return this.#result(id, { resourceTemplates: [...RESOURCE_TEMPLATES] }, method);
      case 'resources/read': return this.#read(id, params);
      case 'prompts/get': return this.#prompt(id, params);
      case 'subscriptions/listen': return this.#listen(id, params);
      default: return void this.#call(id, params);
    }
  }

  /** Opens a listen stream: the acknowledgement first, then (for the watched resource) its update. */
  #listen(id: RequestId, params: JsonObject): void {
    const filter = honoredFilter(params);
    this.#listens.set(idKey(id), { id, filter });
    this.#listChanges.listened(this.#ctx);
    const meta = { [SUBSCRIPTION_ID_KEY]: id };
    this.#send({ jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { _meta: meta, notifications: filter } }, id);
    listenWatched(this.#ctx, id, filter, () => { this.#watchedVersion += 1; }, () => this.#listens.has(idKey(id)));
  }

  /** What wait_for_scenarios answers: what became of each scenario played so far. */
  #playedText(): string {
    const played = [...this.#outcomes].filter(([n]) => n !== 'list-changed').map(([n, o]) => `${n}: ${o}`).join('\n');
    return played === '' ? 'no scenario was played' : played;
  }

  /** Sends the list changes, once wait_for_scenarios was answered. */
  #listsChanged(): void {
    const drop = this.#outlet.drop;
    this.#listChanges.send(this.#ctx, this.#listens, drop === undefined ? undefined : (id) => drop.call(this.#outlet, id));
  }

  #initialize(id: RequestId, params: JsonObject): void {
    if (this.#initializeAnswered) {
      this.#error(id, -32600, 'Invalid Request: initialize was already answered');
      return;
    }
    const offered = params['protocolVersion'];
    const pinned = this.#options.protocolVersion;
    this.#version = pinned ?? ((SERVED_VERSIONS as readonly unknown[]).includes(offered) ? offered as string : SERVED_VERSIONS[0]);
    this.#client = isJsonObject(params['capabilities']) ? params['capabilities'] : null;
    this.#initializeAnswered = this.#send({
      jsonrpc: '2.0',
      id,
      result: {
        protocolVersion: this.#version,
        capabilities: {
          tools: { listChanged: true },
          resources: { subscribe: true, listChanged: true },
          prompts: { listChanged: true },
          logging: {},
        },
        serverInfo: SERVER_INFO,
        instructions: INSTRUCTIONS,
      },
    }, id);
    if (!this.#initializeAnswered) return;
    this.#initializedTimer = setTimeout(() => {
      if (!this.#initialized && !this.#closed) this.#missingInitialized(`${this.#options.timeoutMs / 1000} s passed`);
    }, this.#options.timeoutMs);
  }

  #read(id: RequestId, params: JsonObject): void {
    const uri = params['uri'];
    const contents = typeof uri === 'string' ? resourceContents(uri, this.#watchedVersion) : undefined;
    if (contents === undefined) {
      // 2026-07-28 retired -32002: an unknown resource is invalid params there.
      this.#error(id, this.#era === 'modern' ? -32602 : -32002, 'Resource not found', { uri });
      return;
    }
    this.#result(id, { contents: [contents] }, 'resources/read');
  }

  #prompt(id: RequestId, params: JsonObject): void {
    const name = params['name'];
    const args = isJsonObject(params['arguments']) ? params['arguments'] : {};
    const messages = typeof name === 'string' ? promptMessages(name, args) : 'params.name must be a string';
    if (typeof messages === 'string') {
      this.#error(id, -32602, `Invalid params: ${messages}`);
      return;
    }
    this.#result(id, { messages });
  }

  async #call(id: RequestId, params: JsonObject): Promise<void> {
    const name = params['name'];
    const args = isJsonObject(params['arguments']) ? params['arguments'] : {};
    const meta = params['_meta'];
    const token = isJsonObject(meta) ? meta['progressToken'] : undefined;
    switch (name) {
      case 'echo':
        if (this.#era === 'modern') this.#ctx.note('param-headers', 'echo was called (over HTTP its Mcp-Param-Text is judged)');
        return this.#result(id, textResult(typeof args['text'] === 'string' ? args['text'] : '(no text given)'));
      case 'add': {
        const a = args['a'];
        const b = args['b'];
        if (typeof a !== 'number' || typeof b !== 'number') return this.#result(id, textResult('add takes two numbers, a and b', true));
        return this.#result(id, { content: [{ type: 'text', text: JSON.stringify({ sum: a + b }) }], structuredContent: { sum: a + b } });
      }
      case 'fail':
        if (this.#era === 'modern') this.#ctx.note('invalid-header-tool', 'the client called fail, whose x-mcp-header annotation is invalid (over HTTP a finding; over stdio a client may ignore the annotation)');
        return this.#result(id, textResult('this tool always fails', true));
      case PROGRESS_TOOL:
        return callProgress(this.#ctx, id, args, token);
      case SLOW_TOOL:
        return callSlow(this.#ctx, id, args);
      case SCENARIOS_TOOL: {
        if (this.#era === 'modern') return retryRound(this.#ctx, this.#states, id, params, () => this.#playedText(), () => this.#listsChanged());
        await (this.#played ?? Promise.resolve());
        this.#result(id, textResult(this.#playedText()));
        this.#listsChanged();
        return;
      }
      default:
        return this.#error(id, -32602, `Unknown tool: ${String(name)}`);
    }
  }

  /** Waits `ms` for the client request `id`; false when it was cancelled or the session closed first. */
  #pause(id: RequestId, ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = this.#later(ms, () => {
        this.#inProgress.delete(idKey(id));
        resolve(true);
      });
      this.#inProgress.set(idKey(id), () => {
        clearTimeout(timer);
        this.#timers.delete(timer);
        resolve(false);
      });
    });
  }

  #later(ms: number, body: () => void): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      body();
    }, ms);
    this.#timers.add(timer);
    return timer;
  }

  #answered(id: RequestId, message: JsonObject): void {
    const waiting = this.#waiting.get(idKey(id));
    if (waiting === undefined) return;
    this.#waiting.delete(idKey(id));
    waiting.resolve(message);
  }

  /** Sends a server request and waits for its answer within the time limit (undefined: none came; a timeout is recorded and the request cancelled). */
  async #ask(method: string, params: JsonObject, probe?: ProbeKind): Promise<JsonObject | undefined> {
    let route = this.#outlet.route(undefined);
    const deadline = Date.now() + this.#options.timeoutMs;
    while (route === undefined && !this.#closed && Date.now() < deadline) {
      await Promise.race([this.#outlet.changed(), new Promise((resolve) => this.#later(Math.max(1, deadline - Date.now()), () => resolve(undefined)))]);
      route = this.#outlet.route(undefined);
    }
    if (this.#closed) return undefined;
    const id = this.#nextId++;
    const answer = new Promise<JsonObject | undefined>((resolve) => this.#waiting.set(idKey(id), { method, resolve }));
    if (!this.#send({ jsonrpc: '2.0', id, method, params }, undefined, probe)) {
      this.#waiting.delete(idKey(id));
      return undefined;
    }
    const timer = this.#later(this.#options.timeoutMs, () => {
      const waiting = this.#waiting.get(idKey(id));
      if (waiting === undefined) return;
      this.#waiting.delete(idKey(id));
      const at = this.recorder.event({ kind: 'timeout', operation: `${method} (id ${id}, sent by the judging server)`, limit_ms: this.#options.timeoutMs });
      this.recorder.finding(ruleById('transport/timeout'), at, '', `the client did not answer the server's ${method} request (id ${id}) within ${this.#options.timeoutMs / 1000} s`);
      // The cancellation of a probe is part of the probe (the session did not take the probe as a request to answer).
      this.#send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'no answer within the time limit' } }, undefined, probe);
      waiting.resolve(undefined);
    });
    const got = await answer;
    clearTimeout(timer);
    this.#timers.delete(timer);
    return got;
  }

  /** Plays the server's scenarios that apply, one at a time, then lets wait_for_scenarios answer. */
  async #play(): Promise<void> {
    const plan: Plan = planFor(this.#options.scenarios, this.#client, this.#version);
    const ctx = this.#ctx;
    if (plan.ping) await playPing(ctx);
    await playRoots(ctx, plan.roots);
    await playSampling(ctx, plan.sampling, plan.samplingTools);
    await playElicitationForm(ctx, plan.elicitationForm);
    await playElicitationUrl(ctx, plan.elicitationUrl);
    await playUndeclared(ctx, plan.undeclared);
    if (plan.listChanged) ctx.note('list-changed', 'not played: the client did not call wait_for_scenarios');
  }

  /** The session as its scenarios see it (the getters read its live state). */
  #scenarioContext(): ScenarioContext {
    const read = {
      version: () => this.#version,
      era: () => this.#era,
      client: () => this.#client,
      closed: () => this.#closed,
      nextId: () => this.#nextId,
    };
    const chosen = this.#options.scenarios as ReadonlySet<string>;
    return {
      chosen,
      get version() { return read.version(); },
      get era() { return read.era(); },
      get client() { return read.client(); },
      get closed() { return read.closed(); },
      get nextId() { return read.nextId(); },
      note: (name, outcome) => {
        if (chosen.has(name)) this.#outcomes.set(name as ScenarioName, outcome);
      },
      outcome: (name, outcome) => this.#outcomes.set(name as ScenarioName, outcome),
      ask: (method, params, probe) => this.#ask(method, params, probe),
      send: (message, related, probe) => this.#send(message, related, probe),
      result: (id, result, method, probe) => this.#result(id, result, method, probe),
      error: (id, code, message, data) => this.#error(id, code, message, data),
      later: (ms, body) => void this.#later(ms, body),
      pause: (id, ms) => this.#pause(id, ms),
    };
  }

  /** Notes what the client did of the scenarios it starts itself. */
  #noteClientScenarios(): void {
    const chosen = this.#options.scenarios;
    this.#pages.note(this.#ctx);
    if (this.#era === 'modern') {
      for (const [name, outcome] of [['ping', 'not played: a 2026-07-28 server sends no requests'], ['undeclared', 'not played: a 2026-07-28 server asks only for what the client declared'],
        ['retry', 'not exercised: wait_for_scenarios was not called'], ['param-headers', 'not exercised: echo was not called'],
        ['invalid-header-tool', 'fail was not called (a client over HTTP must exclude it)']] as const) {
        if (chosen.has(name) && !this.#outcomes.has(name)) this.#outcomes.set(name, outcome);
      }
      for (const name of ['roots', 'sampling', 'elicitation-form', 'elicitation-url'] as const) {
        if (chosen.has(name) && !this.#outcomes.has(name)) this.#outcomes.set(name, 'not played: the client did not declare it, or did not call wait_for_scenarios');
      }
    } else {
      for (const name of ['retry', 'param-headers', 'invalid-header-tool'] as const) {
        if (chosen.has(name) && !this.#outcomes.has(name)) this.#outcomes.set(name, `not played: ${name === 'retry' ? 'input_required' : 'x-mcp-header'} is of 2026-07-28`);
      }
    }
    for (const [name, outcome] of [['subscribe', 'not exercised: the client did not subscribe'], ['progress', 'not exercised: the progress tool was not called'], ['cancel', 'not exercised: the slow tool was not called']] as const) {
      if (chosen.has(name) && !this.#outcomes.has(name)) this.#outcomes.set(name, outcome);
    }
    for (const [name, outcome] of this.#outcomes) if (!chosen.has(name)) this.#outcomes.delete(name);
  }
}
