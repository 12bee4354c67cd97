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
import {
  page, promptMessages, PROGRESS_TOOL, PROMPTS, RESOURCE_TEMPLATES, RESOURCES, resourceContents, SCENARIOS_TOOL,
  SLOW_DEFAULT_SECONDS, SLOW_MAX_SECONDS, SLOW_TOOL, TOOLS, WATCHED_URI,
} from './catalog.ts';
import { planFor, type Plan, type ScenarioName } from './scenarios.ts';
import {
  CACHE_HINTS, CACHEABLE_METHODS, carriesRequestMeta, discoverResult, honoredFilter, inputRequestsFor, LIST_FLAGS, MODERN_METHODS, MODERN_VERSION,
  RequestStates, requestMetaOf, scenarioOfKey, SUBSCRIPTION_ID_KEY,
} from './stateless-serving.ts';

/** The revisions the judging server speaks with a handshake (the first is its default answer to initialize). */
export const SERVED_VERSIONS = ['2025-11-25', '2025-06-18'] as const;

/** Every revision `--protocol-version` may pin: the handshake ones, and the stateless 2026-07-28. */
export const PINNABLE_VERSIONS = [...SERVED_VERSIONS, MODERN_VERSION] as const;

/** Which era a session serves: the legacy handshake, the stateless revision, or not settled yet. */
export type Era = 'legacy' | 'modern';

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

/** What became of a scenario in one session. */
export type Outcome = string;

interface Waiting {
  readonly method: string;
  resolve(answer: JsonObject | undefined): void;
}

/** The client requests this server serves (beside initialize and ping). */
const SERVED_METHODS: ReadonlySet<string> = new Set(['tools/list', 'resources/list', 'prompts/list', 'resources/templates/list', 'resources/read', 'resources/subscribe', 'resources/unsubscribe', 'prompts/get', 'logging/setLevel', 'tools/call']);

const SERVER_INFO = { name: 'mcp-statechart judging server', version: '0.1.0' };
const INSTRUCTIONS = 'The mcp-statechart judging server: it judges the client. Call wait_for_scenarios last.';

/** A subscriptions/listen stream the client holds open. */
interface Listen {
  readonly id: RequestId;
  readonly filter: JsonObject;
}

/** One connection of the judging server. */
export class JudgingSession {
  readonly recorder: TapRecorder;
  readonly #outlet: Outlet;
  readonly #options: SessionOptions;
  readonly #waiting = new Map<IdKey, Waiting>();
  /** Client requests in progress that can be cancelled, by id. */
  readonly #inProgress = new Map<IdKey, () => void>();
  readonly #outcomes = new Map<ScenarioName, Outcome>();
  readonly #pages = { tools: 0, resources: 0, prompts: 0 };
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
  /** The listen stream dropped after the list changes, and whether the client opened one again since. */
  #dropped: { reopened: boolean } | undefined;

  constructor(outlet: Outlet, options: SessionOptions) {
    this.#outlet = outlet;
    this.#options = options;
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
  #result(id: RequestId, result: JsonObject, method?: string): void {
    const modern = this.#era === 'modern'
      ? { resultType: 'complete', ...result, ...(method !== undefined && CACHEABLE_METHODS.has(method) ? CACHE_HINTS : {}) }
      : result;
    this.#send({ jsonrpc: '2.0', id, result: modern }, id);
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
      case 'tools/list': return this.#list(id, 'tools', TOOLS, params);
      case 'resources/list': return this.#list(id, 'resources', RESOURCES, params);
      case 'prompts/list': return this.#list(id, 'prompts', PROMPTS, params);
      case 'resources/templates/list': return this.#result(id, { resourceTemplates: [...RESOURCE_TEMPLATES] });
      case 'resources/read': return this.#read(id, params);
      case 'resources/subscribe': return this.#subscribe(id, params);
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
      case 'tools/list': return this.#list(id, 'tools', TOOLS, params);
      case 'resources/list': return this.#list(id, 'resources', RESOURCES, params);
      case 'prompts/list': return this.#list(id, 'prompts', PROMPTS, params);
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
    if (this.#dropped !== undefined && !this.#dropped.reopened) {
      this.#dropped.reopened = true;
      this.#outcomes.set('list-changed', 'sent on the listen stream, which was then dropped; the client opened it again');
    }
    const meta = { [SUBSCRIPTION_ID_KEY]: id };
    this.#send({ jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { _meta: meta, notifications: filter } }, id);
    const uris = Array.isArray(filter['resourceSubscriptions']) ? filter['resourceSubscriptions'] as string[] : [];
    if (uris.includes(WATCHED_URI)) {
      this.#watchedVersion += 1;
      this.#outcomes.set('subscribe', `listened to ${WATCHED_URI}; notifications/resources/updated sent on the listen stream`);
      this.#later(50, () => {
        if (this.#listens.has(idKey(id))) this.#send({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { _meta: meta, uri: WATCHED_URI } }, id);
      });
    }
  }

  /**
   * wait_for_scenarios in 2026-07-28: the first attempt is answered input_required, asking for
   * what the client declared, with a request state; the retry must come with a new id, the state
   * echoed and every input answered (the session judges that), and is then answered.
   */
  #retryRound(id: RequestId, params: JsonObject): void {
    const chosen = this.#options.scenarios;
    const note = (name: string, outcome: Outcome) => {
      if (chosen.has(name as ScenarioName)) this.#outcomes.set(name as ScenarioName, outcome);
    };
    if (params['requestState'] === undefined && params['inputResponses'] === undefined) {
      const inputRequests = inputRequestsFor(this.#client, chosen);
      const keys = Object.keys(inputRequests);
      const requestState = this.#states.issue(keys);
      note('retry', 'answered input_required; the client did not retry');
      for (const key of keys) note(scenarioOfKey(key), 'asked in an input_required result; no retry answered it');
      this.#result(id, { resultType: 'input_required', ...(keys.length === 0 ? {} : { inputRequests }), requestState });
      return;
    }
    const keys = this.#states.redeem(params['requestState']);
    if (keys === undefined) {
      note('retry', 'retried with a requestState this server did not issue (or one already used): refused');
      this.#error(id, -32602, 'Invalid params: requestState is not one this server issued for this request');
      return;
    }
    const responses = isJsonObject(params['inputResponses']) ? params['inputResponses'] : {};
    for (const key of keys) {
      const answer = responses[key];
      note(scenarioOfKey(key), answer === undefined ? 'asked in an input_required result; the retry did not answer it' : isJsonObject(answer) && 'action' in answer ? `answered in the retry (${String(answer['action'])})` : 'answered in the retry');
    }
    note('retry', 'retried with the requestState echoed');
    const played = [...this.#outcomes].filter(([n]) => n !== 'list-changed').map(([n, o]) => `${n}: ${o}`).join('\n');
    this.#result(id, { content: [{ type: 'text', text: played === '' ? 'no scenario was played' : played }] });
    this.#listsChanged();
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

  #list(id: RequestId, list: 'tools' | 'resources' | 'prompts', items: readonly JsonObject[], params: JsonObject): void {
    const got = page(`${list}/list`, items, params);
    if (got === undefined) {
      this.#error(id, -32602, 'Invalid params: the cursor is not one this server gave');
      return;
    }
    this.#pages[list] += 1;
    this.#result(id, { [list]: got.items, ...(got.nextCursor === undefined ? {} : { nextCursor: got.nextCursor }) }, `${list}/list`);
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

  #subscribe(id: RequestId, params: JsonObject): void {
    const uri = params['uri'];
    if (typeof uri !== 'string' || resourceContents(uri, 0) === undefined) {
      this.#send({ jsonrpc: '2.0', id, error: { code: -32002, message: 'Resource not found', data: { uri } } }, id);
      return;
    }
    this.#result(id, {});
    this.#watchedVersion += 1;
    this.#outcomes.set('subscribe', `subscribed to ${uri}; notifications/resources/updated sent`);
    this.#later(50, () => this.#send({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri } }, undefined));
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
    const text = (t: string, isError = false): JsonObject => ({ content: [{ type: 'text', text: t }], ...(isError ? { isError: true } : {}) });
    switch (name) {
      case 'echo':
        return this.#result(id, text(typeof args['text'] === 'string' ? args['text'] : '(no text given)'));
      case 'add': {
        const a = args['a'];
        const b = args['b'];
        if (typeof a !== 'number' || typeof b !== 'number') return this.#result(id, text('add takes two numbers, a and b', true));
        return this.#result(id, { content: [{ type: 'text', text: JSON.stringify({ sum: a + b }) }], structuredContent: { sum: a + b } });
      }
      case 'fail':
        return this.#result(id, text('this tool always fails', true));
      case PROGRESS_TOOL: {
        const steps = Number.isInteger(args['steps']) && (args['steps'] as number) >= 1 && (args['steps'] as number) <= 10 ? args['steps'] as number : 3;
        const progressToken = typeof token === 'string' || typeof token === 'number' ? token : undefined;
        for (let step = 1; step <= steps && progressToken !== undefined; step += 1) {
          if (!(await this.#pause(id, 20))) return;
          this.#send({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken, progress: step, total: steps, message: `step ${step} of ${steps}` } }, id);
        }
        this.#outcomes.set('progress', progressToken === undefined ? 'called without a progressToken: no progress sent' : `${steps} notifications/progress sent`);
        return this.#result(id, text(`counted to ${steps}`));
      }
      case SLOW_TOOL: {
        const asked = args['seconds'];
        const seconds = typeof asked === 'number' && asked >= 0 && asked <= SLOW_MAX_SECONDS ? asked : SLOW_DEFAULT_SECONDS;
        this.#outcomes.set('cancel', 'the slow tool was called and not cancelled');
        if (!(await this.#pause(id, seconds * 1000))) {
          if (!this.#closed) this.#outcomes.set('cancel', 'the slow call was cancelled; no answer sent');
          return;
        }
        return this.#result(id, text(`answered after ${seconds} s`));
      }
      case SCENARIOS_TOOL: {
        if (this.#era === 'modern') return this.#retryRound(id, params);
        await (this.#played ?? Promise.resolve());
        const played = [...this.#outcomes].filter(([n]) => n !== 'list-changed').map(([n, o]) => `${n}: ${o}`).join('\n');
        this.#result(id, text(played === '' ? 'no scenario was played' : played));
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
    const chosen = this.#options.scenarios;
    const note = (name: ScenarioName, outcome: Outcome) => {
      if (chosen.has(name)) this.#outcomes.set(name, outcome);
    };
    const asked = async (name: ScenarioName, method: string, params: JsonObject, probe?: ProbeKind) => {
      const answer = await this.#ask(method, params, probe);
      note(name, answer === undefined ? (this.#closed ? 'the client left before answering' : 'no answer within the time limit') : 'error' in answer ? 'answered with an error' : 'answered');
      return answer;
    };
    if (plan.ping) await asked('ping', 'ping', {});
    if (plan.roots) await asked('roots', 'roots/list', {});
    else note('roots', 'not played: the client did not declare roots');
    if (plan.sampling) {
      await asked('sampling', 'sampling/createMessage', {
        messages: [{ role: 'user', content: { type: 'text', text: 'Say "judged" and nothing else.' } }],
        maxTokens: 16,
      });
      if (plan.samplingTools) {
        await asked('sampling', 'sampling/createMessage', {
          messages: [{ role: 'user', content: { type: 'text', text: 'What time is it? Use the clock tool.' } }],
          maxTokens: 64,
          tools: [{ name: 'clock', description: 'The current time.', inputSchema: { type: 'object', properties: {} } }],
          toolChoice: { mode: 'auto' },
        });
      }
    } else note('sampling', 'not played: the client did not declare sampling');
    if (plan.elicitationForm) {
      await asked('elicitation-form', 'elicitation/create', {
        ...(this.#version === '2025-06-18' ? {} : { mode: 'form' }),
        message: 'Which name and how many?',
        requestedSchema: {
          type: 'object',
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 40, description: 'a name' },
            count: { type: 'integer', minimum: 1, maximum: 9 },
            tone: { type: 'string', enum: ['plain', 'warm'] },
          },
          required: ['name'],
        },
      });
    } else note('elicitation-form', 'not played: the client did not declare form elicitation');
    if (plan.elicitationUrl) {
      const elicitationId = `judging-server-${this.#nextId}`;
      const answer = await asked('elicitation-url', 'elicitation/create', { mode: 'url', message: 'Open this page to go on.', url: 'https://example.com/mcp-statechart/consent', elicitationId });
      const result = answer?.['result'];
      if (isJsonObject(result) && result['action'] === 'accept') this.#send({ jsonrpc: '2.0', method: 'notifications/elicitation/complete', params: { elicitationId } }, undefined);
    } else note('elicitation-url', this.#version === '2025-06-18' ? 'not played: URL mode is not in 2025-06-18' : 'not played: the client did not declare URL elicitation');
    if (plan.undeclared === 'roots') await asked('undeclared', 'roots/list', {}, 'undeclared-roots');
    else if (plan.undeclared === 'elicitation-url') {
      await asked('undeclared', 'elicitation/create', { mode: 'url', message: 'Open this page.', url: 'https://example.com/mcp-statechart/undeclared', elicitationId: `judging-server-${this.#nextId}` }, 'undeclared-elicitation-mode');
    } else if (plan.undeclared === 'elicitation-form') {
      await asked('undeclared', 'elicitation/create', { mode: 'form', message: 'A name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } }, 'undeclared-elicitation-mode');
    } else note('undeclared', 'not played: the client declared roots and every elicitation mode it can');
    if (plan.listChanged) note('list-changed', 'not played: the client did not call wait_for_scenarios');
  }

  /**
   * The list changes, sent once the client has called wait_for_scenarios and been answered, when it
   * has listed and called what it meant to: the change then tests what it does next, not what it
   * had in flight (the session does not blame a request that may have been sent before the client
   * read the change: an old cursor, a tool of a page not listed again).
   */
  #listsChanged(): void {
    if (!this.#options.scenarios.has('list-changed')) return;
    if (this.#era === 'modern') {
      this.#listsChangedOnListen();
      return;
    }
    for (const list of ['tools', 'resources', 'prompts']) this.#send({ jsonrpc: '2.0', method: `notifications/${list}/list_changed` }, undefined);
    this.#outcomes.set('list-changed', 'sent after wait_for_scenarios was answered');
  }

  /**
   * The list changes in 2026-07-28 travel on the client's listen streams, each as it asked; then,
   * where the transport has a stream per request (HTTP), the stream is dropped without an answer,
   * and whether the client opens one again is noted: the subscriptions page lets it (a transport
   * that closes without the response "MAY" be treated as a trigger to reconnect), it does not require it.
   */
  #listsChangedOnListen(): void {
    const listens = [...this.#listens.values()];
    if (listens.length === 0) {
      this.#outcomes.set('list-changed', 'not played: no subscriptions/listen stream was open when wait_for_scenarios was answered');
      return;
    }
    let sent = 0;
    for (const { id, filter } of listens) {
      for (const [list, flag] of Object.entries(LIST_FLAGS)) {
        if (filter[flag] === true && this.#send({ jsonrpc: '2.0', method: `notifications/${list}/list_changed`, params: { _meta: { [SUBSCRIPTION_ID_KEY]: id } } }, id)) sent += 1;
      }
    }
    this.#outcomes.set('list-changed', `${sent} list_changed sent on the listen stream${listens.length === 1 ? '' : 's'}`);
    const first = listens[0] as Listen;
    const drop = this.#outlet.drop;
    if (drop === undefined) return;
    this.#later(100, () => {
      if (this.#closed || !this.#listens.has(idKey(first.id)) || !drop.call(this.#outlet, first.id)) return;
      this.#listens.delete(idKey(first.id));
      this.#dropped = { reopened: false };
      this.#outcomes.set('list-changed', `${sent} list_changed sent on the listen stream, which was then dropped; the client did not open it again (it may: no finding)`);
    });
  }

  /** Notes what the client did of the scenarios it starts itself. */
  #noteClientScenarios(): void {
    const chosen = this.#options.scenarios;
    if (chosen.has('pagination')) {
      const { tools, resources, prompts } = this.#pages;
      this.#outcomes.set('pagination', `pages listed: tools ${tools}, resources ${resources}, prompts ${prompts} (of 3 each)`);
    }
    if (this.#era === 'modern') {
      for (const [name, outcome] of [['ping', 'not played: a 2026-07-28 server sends no requests'], ['undeclared', 'not played: a 2026-07-28 server asks only for what the client declared'],
        ['retry', 'not exercised: wait_for_scenarios was not called']] as const) {
        if (chosen.has(name) && !this.#outcomes.has(name)) this.#outcomes.set(name, outcome);
      }
      for (const name of ['roots', 'sampling', 'elicitation-form', 'elicitation-url'] as const) {
        if (chosen.has(name) && !this.#outcomes.has(name)) this.#outcomes.set(name, 'not played: the client did not declare it, or did not call wait_for_scenarios');
      }
    } else if (chosen.has('retry') && !this.#outcomes.has('retry')) this.#outcomes.set('retry', 'not played: input_required is of 2026-07-28');
    for (const [name, outcome] of [['subscribe', 'not exercised: the client did not subscribe'], ['progress', 'not exercised: the progress tool was not called'], ['cancel', 'not exercised: the slow tool was not called']] as const) {
      if (chosen.has(name) && !this.#outcomes.has(name)) this.#outcomes.set(name, outcome);
    }
    for (const [name, outcome] of this.#outcomes) if (!chosen.has(name)) this.#outcomes.delete(name);
  }
}
