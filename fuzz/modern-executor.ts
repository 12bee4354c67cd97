// Why: in the stateless revision (2026-07-28) there is no session to get into a state, yet what a
// server does can still hang on what came before: requests that overlap, the retry of an
// input_required result (with the state echoed, altered or replayed), a listen stream dropped and
// re-opened, a list paged on with a cursor the list has moved past or one never given. The executor
// keeps what the server told the client (server/discover's capabilities, the lists, the cursors,
// the results that asked for input) and plays each action when that allows it and skips it
// otherwise, so the same sequence against the same server sends the same messages. Every request
// carries the per-request `_meta` of the revision, built by the same code as check's. It never
// judges: the recorder's session does.
import type { Action } from '../trace/action-schema.ts';
import type { JsonObject } from '../validators/context.ts';
import { hasError } from '../validators/finding.ts';
import { isJsonObject } from '../validators/shape.ts';
import { SUBSCRIPTION_ID_KEY } from '../validators/modern-meta.ts';
import { requestStateOf } from '../validators/modern-input.ts';
import { UNKNOWN_METHOD } from '../live/driver.ts';
import type { Answer, Exchange } from '../live/exchange.ts';
import { argumentsOf } from '../live/list-items.ts';
import type { ProbeKind } from '../live/live-judge.ts';
import { MARKER_PREFIX } from '../live/marker-oracle.ts';
import type { LiveRecorder } from '../live/recorder.ts';
import type { ClientAnswers } from '../live/server-requests.ts';
import { listenFilter, requestMeta, retryParams } from '../live/modern-requests.ts';
import type { ClientTransport } from '../live/transport.ts';
import { declaresList, echoToolOf } from './executor.ts';
import type { ExerciseMode } from '../exercise/tool-policy.ts';
import { callableTools, simpleTemplate, type Surface } from './surface.ts';
import { listedTools } from '../exercise/tool-pages.ts';
import { expandTemplate } from '../live/exercise-plan.ts';
import { paramHeaders, paramHeaderValues } from '../live/mcp-param-headers.ts';

/** The longest a listen stream's acknowledgement is waited for (ms). */
const LISTEN_WAIT_MS = 2_000;
/** A cursor no server gave: the forged-cursor probe's. */
export const FORGED_CURSOR = 'mcp-statechart-forged-cursor';
/** What an altered requestState ends with (the state given, changed; or one where none was given). */
const ALTERED_STATE = '.altered-by-the-client';

interface InFlight {
  readonly id: number;
  readonly answer: Promise<Answer>;
  /** A request the session tracks (not a probe it refused), so that cancelling it is correct. */
  readonly cancellable?: boolean;
}

/** A request that may answer input_required (tools/call, prompts/get, resources/read), kept until retried. */
interface Retryable extends InFlight {
  readonly method: string;
  readonly params: JsonObject;
  /** The Mcp-Param headers of a tools/call over Streamable HTTP (its retry carries them too). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** `{ headers }` when there are any (an options object stays as it was without them). */
function withHeaders(headers: Readonly<Record<string, string>> | undefined): { headers?: Readonly<Record<string, string>> } {
  return headers === undefined || Object.keys(headers).length === 0 ? {} : { headers };
}

/** Plays actions of the stateless revision on one connection, keeping what the server told the client. */
export class ModernExecutor {
  readonly #exchange: Exchange;
  readonly #transport: ClientTransport;
  readonly #recorder: LiveRecorder;
  readonly #answers: ClientAnswers;
  readonly #timeoutMs: number;
  readonly #server: JsonObject;
  readonly #inFlight: InFlight[] = [];
  readonly #retryable: Retryable[] = [];
  /** The next cursor of each list, and the cursors already used (a stale cursor is one of those). */
  readonly #cursors = new Map<string, string>();
  readonly #used = new Map<string, string>();
  readonly #looked = new Set<string>();
  #echo: ReturnType<typeof echoToolOf>;
  /** The echo tool's descriptor as listed (its x-mcp-header properties decide the headers of its calls over HTTP). */
  #echoDescriptor: JsonObject | undefined;
  #resource: string | undefined;
  #prompt: string | undefined;
  /** The prompts and resource templates listed (every page read so far), by name and by uriTemplate. */
  readonly #prompts = new Map<string, JsonObject>();
  readonly #templates = new Map<string, JsonObject>();
  #lastRetry: { readonly method: string; readonly params: JsonObject; readonly headers?: Readonly<Record<string, string>> } | undefined;
  #listen: InFlight | undefined;
  #markers = 0;
  readonly #exercise: ExerciseMode;
  #tools: JsonObject[] | undefined;

  /** `server`: the capabilities server/discover declared; `exercise`: which of its tools may be called (default none). */
  constructor(exchange: Exchange, transport: ClientTransport, recorder: LiveRecorder, options: { readonly server: JsonObject; readonly answers: ClientAnswers; readonly timeoutMs: number; readonly exercise?: ExerciseMode }) {
    this.#exchange = exchange;
    this.#transport = transport;
    this.#recorder = recorder;
    this.#server = options.server;
    this.#answers = options.answers;
    this.#timeoutMs = options.timeoutMs;
    this.#exercise = options.exercise ?? 'none';
  }

  /** Every listed tool (tools/list, all its pages up to MAX_TOOL_PAGES, see listedTools), listed once a run; none when tools are not declared. */
  async tools(): Promise<readonly JsonObject[]> {
    if (this.#tools !== undefined) return this.#tools;
    this.#tools = [];
    if (!this.#declares('tools/list')) return this.#tools;
    this.#tools.push(...await listedTools(async (cursor) => {
      const answer = await this.#send('tools/list', cursor === undefined ? {} : { cursor }).answer;
      return answer.kind === 'result' ? answer.result : undefined;
    }));
    this.#echo ??= echoToolOf(this.#tools);
    this.#echoDescriptor ??= this.#tools.find((t) => t['name'] === 'echo');
    return this.#tools;
  }

  /** The tools, and the first page of the prompts and resource templates the server lists (what a search draws gets and reads of). */
  async surface(): Promise<Surface> {
    const tools = await this.tools();
    await this.#learn('prompts/list', () => undefined);
    await this.#learn('resources/templates/list', () => undefined);
    return { tools, prompts: [...this.#prompts.values()], templates: [...this.#templates.values()] };
  }

  /** A tools/call of a tool the target lists and the policy allows, not awaited; refused arguments are a probe. */
  async #call(name: string, args: JsonObject, invalid: boolean): Promise<boolean> {
    if (this.#exercise === 'none') return false;
    const tool = callableTools(await this.tools(), this.#exercise).get(name);
    if (tool === undefined) return false;
    const headers = this.#paramHeaders(tool, args);
    if (headers === undefined) return false;
    const params = { name, arguments: args };
    const sent = this.#exchange.send('tools/call', { ...params, _meta: requestMeta(this.#answers) }, { ownStop: true, ...withHeaders(headers), ...(invalid ? { probe: 'invalid-arguments' as const } : {}) });
    // A probe is no request the session tracks: cancelling it would be the checker's own fault.
    const request = invalid ? sent : { ...sent, cancellable: true };
    this.#track(request);
    if (!invalid) this.#retryable.push({ ...request, method: 'tools/call', params, ...withHeaders(headers) });
    return true;
  }

  /**
   * Over Streamable HTTP, the Mcp-Param-{Name} headers the tool's x-mcp-header properties ask for
   * with these arguments, built as check builds them; undefined for a tool the transport page says a
   * client must set aside (it is not called). Over stdio: none.
   */
  #paramHeaders(tool: JsonObject, args: JsonObject): Readonly<Record<string, string>> | undefined {
    if (this.#transport.kind !== 'http') return {};
    const annotated = paramHeaders(tool);
    if ('invalid' in annotated) return undefined;
    return paramHeaderValues(annotated.headers, args);
  }

  /** Plays one action; false when what the server told the client did not allow it (nothing was sent). */
  async play(action: Action): Promise<boolean> {
    if (this.#exchange.ended) return false;
    switch (action.kind) {
      case 'discover':
        this.#track(this.#send('server/discover'));
        return true;
      case 'echo':
        return this.#sendEcho();
      case 'list':
        if (!this.#declares(action.args.method)) return false;
        await this.#list(action.args.method);
        return true;
      case 'stale-cursor': {
        const cursor = this.#used.get(action.args.method);
        if (cursor === undefined || this.#cursors.get(action.args.method) === cursor) return false;
        await this.#send(action.args.method, { cursor }).answer;
        return true;
      }
      case 'forged-cursor':
        if (!this.#declares(action.args.method)) return false;
        await this.#send(action.args.method, { cursor: FORGED_CURSOR }, 'invalid-params').answer;
        return true;
      case 'invalid-params':
        if (!this.#declares(action.args.method)) return false;
        await this.#send(action.args.method, { cursor: 42 } as unknown as JsonObject, 'invalid-params').answer;
        return true;
      case 'read':
        return action.args === undefined ? this.#read() : this.#readTemplate(action.args.template, action.args.values);
      case 'prompt':
        return action.args === undefined ? this.#getPrompt() : this.#getPromptWith(action.args.name, action.args.arguments);
      case 'retry':
        return this.#retry(action.args.state);
      case 'listen':
        return this.#openListen();
      case 'drop-listen':
        return this.#dropListen();
      case 'cancel':
        return this.#cancel(action.args.which);
      case 'settle':
        if (this.#inFlight.length === 0) return false;
        await this.settle();
        return true;
      case 'unknown-method':
        this.#track(this.#send(UNKNOWN_METHOD, {}, 'unknown-method'));
        return true;
      case 'call':
      case 'invalid-call':
        return this.#call(action.args.tool, action.args.arguments, action.kind === 'invalid-call');
      default:
        // The kinds of the legacy era (a handshake, ping, ids reused, resources/subscribe) do not apply.
        return false;
    }
  }

  /** Waits for every request in flight to be answered, cancelled or timed out. */
  async settle(): Promise<void> {
    while (this.#inFlight.length > 0) {
      const pending = this.#inFlight.splice(0);
      await Promise.all(pending.map((p) => p.answer));
    }
  }

  /** The end of the run: the listen stream dropped, then what is in flight settled. */
  async finish(): Promise<void> {
    await this.#dropListen();
    await this.settle();
  }

  #declares(method: string): boolean {
    return declaresList(this.#server, method);
  }

  #send(method: string, params: JsonObject = {}, probe?: ProbeKind, headers: Readonly<Record<string, string>> = {}): InFlight {
    const sent = this.#exchange.send(method, { ...params, _meta: requestMeta(this.#answers) }, { ...(probe === undefined ? {} : { probe }), ...withHeaders(headers) });
    return probe === undefined ? { ...sent, cancellable: true } : sent;
  }

  #track(request: InFlight): void {
    this.#inFlight.push(request);
  }

  /** Sends a request that may answer input_required, not awaited, and keeps it for a retry. */
  #sendRetryable(method: string, params: JsonObject, probe?: ProbeKind, headers: Readonly<Record<string, string>> = {}): void {
    const sent = this.#send(method, params, probe, headers);
    this.#track(sent);
    this.#retryable.push({ ...sent, method, params, ...withHeaders(headers) });
  }

  /** The next page of a list (the first after the last), and what it teaches: the echo tool, a resource, a prompt. */
  async #list(method: string): Promise<Answer> {
    this.#looked.add(method);
    const cursor = this.#cursors.get(method);
    if (cursor !== undefined) this.#used.set(method, cursor);
    const answer = await this.#send(method, cursor === undefined ? {} : { cursor }).answer;
    if (answer.kind !== 'result') return answer;
    const next = answer.result['nextCursor'];
    if (typeof next === 'string' && next !== '' && next !== cursor) this.#cursors.set(method, next);
    else this.#cursors.delete(method);
    const items = (member: string): JsonObject[] => (Array.isArray(answer.result[member]) ? (answer.result[member] as unknown[]).filter(isJsonObject) : []);
    if (method === 'tools/list') {
      this.#echo ??= echoToolOf(answer.result['tools']);
      this.#echoDescriptor ??= items('tools').find((t) => t['name'] === 'echo');
    }
    if (method === 'resources/list') this.#resource ??= items('resources').map((r) => r['uri']).find((u): u is string => typeof u === 'string');
    for (const p of method === 'prompts/list' ? items('prompts') : []) if (typeof p['name'] === 'string' && !this.#prompts.has(p['name'])) this.#prompts.set(p['name'], p);
    for (const t of method === 'resources/templates/list' ? items('resourceTemplates') : []) if (typeof t['uriTemplate'] === 'string' && !this.#templates.has(t['uriTemplate'])) this.#templates.set(t['uriTemplate'], t);
    if (method === 'prompts/list') {
      this.#prompt ??= items('prompts').filter((p) => argumentsOf(p).every((a) => a['required'] !== true)).map((p) => p['name']).find((n): n is string => typeof n === 'string');
    }
    return answer;
  }

  /** What a list shows, looked up once (its first page) when no listing has shown it yet. */
  async #learn<T>(method: string, known: () => T | undefined): Promise<T | undefined> {
    if (known() === undefined && !this.#looked.has(method) && this.#declares(method)) await this.#list(method);
    return known();
  }

  async #sendEcho(): Promise<boolean> {
    if (!this.#declares('tools/list')) return false;
    const echo = await this.#learn('tools/list', () => this.#echo);
    if (echo === undefined) return false;
    const marker = `${MARKER_PREFIX}${++this.#markers}`;
    const args = { [echo.argument]: marker };
    const headers = this.#paramHeaders(this.#echoDescriptor ?? {}, args);
    if (headers === undefined) return false;
    this.#sendRetryable('tools/call', { name: echo.name, arguments: args }, undefined, headers);
    return true;
  }

  async #read(): Promise<boolean> {
    const uri = await this.#learn('resources/list', () => this.#resource);
    if (uri === undefined) return false;
    this.#sendRetryable('resources/read', { uri });
    return true;
  }

  /** resources/read of a listed template expanded with these values (a template not listed, or not simple, is not read). */
  async #readTemplate(template: string, values: Readonly<Record<string, string>>): Promise<boolean> {
    await this.#learn('resources/templates/list', () => (this.#templates.has(template) ? true : undefined));
    if (!this.#templates.has(template) || !simpleTemplate(template)) return false;
    this.#sendRetryable('resources/read', { uri: expandTemplate(template, values) });
    return true;
  }

  /** prompts/get of a listed prompt with these arguments (a prompt not listed is not got). */
  async #getPromptWith(name: string, args: Readonly<Record<string, string>>): Promise<boolean> {
    await this.#learn('prompts/list', () => (this.#prompts.has(name) ? true : undefined));
    if (!this.#prompts.has(name)) return false;
    this.#sendRetryable('prompts/get', { name, ...(Object.keys(args).length === 0 ? {} : { arguments: { ...args } }) });
    return true;
  }

  async #getPrompt(): Promise<boolean> {
    const name = await this.#learn('prompts/list', () => this.#prompt);
    if (name === undefined) return false;
    this.#sendRetryable('prompts/get', { name });
    return true;
  }

  /**
   * Retries the oldest request not yet retried whose answer is input_required (the answers of the
   * older ones are awaited in turn, in the order sent, so the choice does not hang on timing). A
   * result the session rejected is not retried (a client would not retry what it cannot read).
   */
  async #retry(state: 'echoed' | 'altered' | 'replayed'): Promise<boolean> {
    if (state === 'replayed') {
      const last = this.#lastRetry;
      if (last === undefined) return false;
      this.#track(this.#send(last.method, last.params, 'wrong-request-state', last.headers));
      return true;
    }
    while (this.#retryable.length > 0) {
      const request = this.#retryable.shift() as Retryable;
      const answer = await request.answer;
      if (answer.kind !== 'result' || answer.result['resultType'] !== 'input_required') continue;
      if (hasError(this.#recorder.findingsAt(answer.event))) continue;
      const retry = retryParams(request.params, answer.result, this.#answers);
      if (retry === undefined) continue;
      this.#lastRetry = { method: request.method, params: retry, ...withHeaders(request.headers) };
      if (state === 'echoed') {
        this.#sendRetryable(request.method, retry, undefined, request.headers);
        return true;
      }
      const given = requestStateOf(answer.result);
      this.#sendRetryable(request.method, { ...retry, requestState: `${given ?? ''}${ALTERED_STATE}` }, 'wrong-request-state', request.headers);
      return true;
    }
    return false;
  }

  /**
   * Opens a subscriptions/listen stream (stdio) for what server/discover declared it may notify and
   * waits for its acknowledgement (bounded); one stream at a time: an open one is dropped first and
   * re-established with a new listen, as a client whose stream went away does.
   */
  async #openListen(): Promise<boolean> {
    if (this.#transport.kind !== 'stdio') return false;
    const filter = listenFilter(this.#server, this.#resource);
    if (Object.keys(filter).length === 0) return false;
    await this.#dropListen();
    let sent: InFlight | undefined;
    const acknowledged = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.min(LISTEN_WAIT_MS, this.#timeoutMs));
      this.#exchange.onNotification((message) => {
        const params = message['params'];
        const meta = isJsonObject(params) ? params['_meta'] : undefined;
        if (message['method'] === 'notifications/subscriptions/acknowledged' && isJsonObject(meta) && sent !== undefined && meta[SUBSCRIPTION_ID_KEY] === sent.id) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    sent = this.#send('subscriptions/listen', { notifications: filter });
    this.#listen = sent;
    await Promise.race([acknowledged, sent.answer]);
    this.#exchange.onNotification(undefined);
    return true;
  }

  /** Ends the open listen stream: over stdio, notifications/cancelled naming its request. */
  async #dropListen(): Promise<boolean> {
    const listen = this.#listen;
    if (listen === undefined) return false;
    this.#listen = undefined;
    if (this.#exchange.inFlight(listen.id)) await this.#exchange.cancel(listen.id, 'the client stopped listening');
    return true;
  }

  /** notifications/cancelled for the oldest or latest request in flight (stdio: over HTTP, closing the stream is the signal). */
  async #cancel(which: 'oldest' | 'latest'): Promise<boolean> {
    if (this.#transport.kind !== 'stdio') return false;
    const live = this.#inFlight.filter((p) => p.cancellable === true && this.#exchange.inFlight(p.id));
    const target = which === 'oldest' ? live[0] : live[live.length - 1];
    if (target === undefined) return false;
    await this.#exchange.cancel(target.id, 'cancelled by the client');
    return true;
  }
}
