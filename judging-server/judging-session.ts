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
import {
  page, promptMessages, PROGRESS_TOOL, PROMPTS, RESOURCE_TEMPLATES, RESOURCES, resourceContents, SCENARIOS_TOOL,
  SLOW_DEFAULT_SECONDS, SLOW_MAX_SECONDS, SLOW_TOOL, TOOLS,
} from './catalog.ts';
import { planFor, type Plan, type ScenarioName } from './scenarios.ts';

/** The revisions the judging server speaks (the first is its default answer). */
export const SERVED_VERSIONS = ['2025-11-25', '2025-06-18'] as const;

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
  route(related: RequestId | undefined, final?: boolean): Route | undefined;
  /** Resolves when a route may have opened (HTTP: a stream was opened), or at once when routes never change. */
  changed(): Promise<void>;
}

/** How a session is run. */
export interface SessionOptions {
  readonly scenarios: ReadonlySet<ScenarioName>;
  /** The version the server answers whatever the client offers (default: the client's, when served, else the first served). */
  readonly protocolVersion?: string | undefined;
  /** Time limit of each server request to the client, and of the wait for notifications/initialized (ms). */
  readonly timeoutMs: number;
  /** Told every finding as it is placed. */
  readonly onFinding?: (finding: TapFinding) => void;
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

  constructor(outlet: Outlet, options: SessionOptions) {
    this.#outlet = outlet;
    this.#options = options;
    this.recorder = new TapRecorder({
      limits: TAP_LIMITS,
      // The server is the checker's own: only the client's silence is judged at the end.
      unanswered: ['server_to_client'],
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

  /** What became of each chosen scenario (after `close`). */
  outcomes(): ReadonlyMap<ScenarioName, Outcome> {
    return this.#outcomes;
  }

  /** One message text from the client: recorded, judged, then served. */
  receive(text: string, place?: WirePlace): void {
    if (this.#closed) return;
    this.#messages += 1;
    const { message } = this.recorder.message('client_to_server', text, place);
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
    const route = this.#outlet.route(related, related !== undefined && !('method' in message));
    if (route === undefined) return false;
    const text = JSON.stringify(message);
    this.recorder.message('server_to_client', text, route.place, probe);
    route.write(text);
    return true;
  }

  #result(id: RequestId, result: JsonObject): void {
    this.#send({ jsonrpc: '2.0', id, result }, id);
  }

  #error(id: RequestId, code: number, message: string): void {
    this.#send({ jsonrpc: '2.0', id, error: { code, message } }, id);
  }

  #notification(method: string, params: unknown): void {
    if (method === 'notifications/initialized') {
      if (!this.#initializeAnswered || this.#initialized) return;
      this.#initialized = true;
      clearTimeout(this.#initializedTimer);
      this.#played = this.#play();
      return;
    }
    if (method === 'notifications/cancelled' && isJsonObject(params) && isRequestId(params['requestId'])) {
      const cancel = this.#inProgress.get(idKey(params['requestId']));
      if (cancel !== undefined) {
        this.#inProgress.delete(idKey(params['requestId']));
        cancel();
      }
    }
  }

  #request(id: RequestId, method: string, params: JsonObject): void {
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
        instructions: 'The mcp-statechart judging server: it judges the client. Call wait_for_scenarios last.',
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
    this.#result(id, { [list]: got.items, ...(got.nextCursor === undefined ? {} : { nextCursor: got.nextCursor }) });
  }

  #read(id: RequestId, params: JsonObject): void {
    const uri = params['uri'];
    const contents = typeof uri === 'string' ? resourceContents(uri, this.#watchedVersion) : undefined;
    if (contents === undefined) {
      this.#send({ jsonrpc: '2.0', id, error: { code: -32002, message: 'Resource not found', data: { uri } } }, id);
      return;
    }
    this.#result(id, { contents: [contents] });
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
      this.#send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'no answer within the time limit' } }, undefined);
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
   * The list changes, sent once the client has called wait_for_scenarios and been answered: sent
   * while the client lists or calls, they would race its requests in flight (a cursor or a tool
   * name it sent before it read the change), and the race would be the server's doing.
   */
  #listsChanged(): void {
    if (!this.#options.scenarios.has('list-changed')) return;
    for (const list of ['tools', 'resources', 'prompts']) this.#send({ jsonrpc: '2.0', method: `notifications/${list}/list_changed` }, undefined);
    this.#outcomes.set('list-changed', 'sent after wait_for_scenarios was answered');
  }

  /** Notes what the client did of the scenarios it starts itself. */
  #noteClientScenarios(): void {
    const chosen = this.#options.scenarios;
    if (chosen.has('pagination')) {
      const { tools, resources, prompts } = this.#pages;
      this.#outcomes.set('pagination', `pages listed: tools ${tools}, resources ${resources}, prompts ${prompts} (of 3 each)`);
    }
    for (const [name, outcome] of [['subscribe', 'not exercised: the client did not subscribe'], ['progress', 'not exercised: the progress tool was not called'], ['cancel', 'not exercised: the slow tool was not called']] as const) {
      if (chosen.has(name) && !this.#outcomes.has(name)) this.#outcomes.set(name, outcome);
    }
    for (const [name, outcome] of this.#outcomes) if (!chosen.has(name)) this.#outcomes.delete(name);
  }
}
