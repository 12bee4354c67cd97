// Why: a generated action means something only in the state the session is in: a list the server
// declared, a request still in flight to cancel, an answered id to reuse, a resource subscribed to.
// The executor keeps that state (what the handshake and the answers told the client) and plays
// each action when the state allows it and skips it otherwise, so the same sequence against the
// same server always sends the same messages. It never judges: the recorder's session does.
import type { Action } from '../trace/action-schema.ts';
import type { JsonObject } from '../validators/context.ts';
import { isJsonObject } from '../validators/shape.ts';
import { UNKNOWN_METHOD } from '../live/driver.ts';
import type { Answer, Exchange } from '../live/exchange.ts';
import type { ProbeKind } from '../live/live-judge.ts';
import { MARKER_PREFIX } from '../live/marker-oracle.ts';
import type { ClientTransport, HttpProbes } from '../live/transport.ts';
import { ACTION_KINDS_IN_ORDER, SURFACE_ACTION_KINDS } from './generator.ts';
import { argumentsOf } from '../live/list-items.ts';
import type { ExerciseMode } from '../exercise/tool-policy.ts';
import { callableTools, simpleTemplate, type Surface } from './surface.ts';
import { listedTools } from '../exercise/tool-pages.ts';
import { expandTemplate } from '../live/exercise-plan.ts';

/** The capability each list method needs. */
const LIST_CAPABILITY: Readonly<Record<string, string>> = {
  'tools/list': 'tools',
  'resources/list': 'resources',
  'resources/templates/list': 'resources',
  'prompts/list': 'prompts',
};

/** Whether the server's capabilities (initialize's or server/discover's) offer a list method. */
export function declaresList(server: JsonObject, method: string): boolean {
  const capability = LIST_CAPABILITY[method];
  return capability !== undefined && isJsonObject(server[capability]);
}

/** How long a resumed stream is given to deliver what it replays before the next action (ms). */
const RESUME_SETTLE_MS = 100;

/** The echo tool the markers travel in: its name and its one string argument. */
interface EchoTool {
  readonly name: string;
  readonly argument: string;
}

interface InFlight {
  readonly id: number;
  readonly answer: Promise<Answer>;
  /** A request the session tracks (not a probe it refused), so that cancelling it is correct. */
  readonly cancellable?: boolean;
}

function hasHttpProbes(transport: ClientTransport): transport is ClientTransport & HttpProbes {
  return typeof (transport as Partial<HttpProbes>).resumeStream === 'function';
}

/** The tool named `echo` with a string property (a required one first), if the list holds one. */
export function echoToolOf(tools: unknown): EchoTool | undefined {
  if (!Array.isArray(tools)) return undefined;
  for (const tool of tools) {
    if (!isJsonObject(tool) || tool['name'] !== 'echo' || !isJsonObject(tool['inputSchema'])) continue;
    const schema = tool['inputSchema'];
    const properties = isJsonObject(schema['properties']) ? schema['properties'] : {};
    const strings = Object.keys(properties).filter((k) => isJsonObject(properties[k]) && properties[k]['type'] === 'string');
    const required = Array.isArray(schema['required']) ? schema['required'] : [];
    const argument = strings.find((k) => required.includes(k)) ?? strings[0];
    if (argument !== undefined) return { name: 'echo', argument };
  }
  return undefined;
}

/** Plays actions on one initialized connection, keeping what the session has told the client. */
export class ActionExecutor {
  readonly #exchange: Exchange;
  readonly #transport: ClientTransport;
  readonly #server: JsonObject;
  readonly #inFlight: InFlight[] = [];
  readonly #answered: number[] = [];
  readonly #cursors = new Map<string, string>();
  #initialized = false;
  #echo: EchoTool | undefined;
  #echoLooked = false;
  #resource: string | undefined;
  #subscribed: string | undefined;
  #markers = 0;
  readonly #exercise: ExerciseMode;
  #tools: JsonObject[] | undefined;
  #prompt: string | undefined;
  #promptLooked = false;
  #resourceLooked = false;
  /** The prompts and resource templates listed (first page each), by name and by uriTemplate. */
  readonly #prompts = new Map<string, JsonObject>();
  readonly #templates = new Map<string, JsonObject>();
  #templatesLooked = false;

  /** `server`: the capabilities the initialize result declared; `exercise`: which of its tools may be called (default none). */
  constructor(exchange: Exchange, transport: ClientTransport, server: JsonObject, exercise: ExerciseMode = 'none') {
    this.#exchange = exchange;
    this.#transport = transport;
    this.#server = server;
    this.#exercise = exercise;
  }

  /** Every listed tool (tools/list, all its pages up to MAX_TOOL_PAGES, see listedTools), listed once a run; none when tools are not declared. */
  async tools(): Promise<readonly JsonObject[]> {
    if (this.#tools !== undefined) return this.#tools;
    this.#tools = [];
    if (!this.#declares('tools/list')) return this.#tools;
    await this.#ensureInitialized();
    this.#tools.push(...await listedTools(async (cursor) => {
      const answer = await this.#await(this.#send('tools/list', cursor === undefined ? undefined : { cursor }));
      return answer.kind === 'result' ? answer.result : undefined;
    }));
    this.#echo ??= echoToolOf(this.#tools);
    return this.#tools;
  }

  /** The tools, and the first page of the prompts and resource templates the server lists (what a search draws gets and reads of). */
  async surface(): Promise<Surface> {
    const tools = await this.tools();
    await this.#learnPrompts();
    await this.#learnTemplates();
    return { tools, prompts: [...this.#prompts.values()], templates: [...this.#templates.values()] };
  }

  /** prompts/list (its first page), once a run, when prompts are declared. */
  async #learnPrompts(): Promise<void> {
    if (this.#promptLooked || !this.#declares('prompts/list')) return;
    this.#promptLooked = true;
    await this.#ensureInitialized();
    const answer = await this.#await(this.#send('prompts/list'));
    if (answer.kind !== 'result' || !Array.isArray(answer.result['prompts'])) return;
    const prompts = answer.result['prompts'].filter(isJsonObject);
    for (const p of prompts) if (typeof p['name'] === 'string' && !this.#prompts.has(p['name'])) this.#prompts.set(p['name'], p);
    this.#prompt = prompts.filter((p) => argumentsOf(p).every((a) => a['required'] !== true)).map((p) => p['name']).find((n): n is string => typeof n === 'string');
  }

  /** resources/templates/list (its first page), once a run, when resources are declared. */
  async #learnTemplates(): Promise<void> {
    if (this.#templatesLooked || !this.#declares('resources/templates/list')) return;
    this.#templatesLooked = true;
    await this.#ensureInitialized();
    const answer = await this.#await(this.#send('resources/templates/list'));
    if (answer.kind !== 'result' || !Array.isArray(answer.result['resourceTemplates'])) return;
    for (const t of answer.result['resourceTemplates'].filter(isJsonObject)) if (typeof t['uriTemplate'] === 'string' && !this.#templates.has(t['uriTemplate'])) this.#templates.set(t['uriTemplate'], t);
  }

  /** Plays one action; false when the state did not allow it (nothing was sent). */
  async play(action: Action): Promise<boolean> {
    if (this.#exchange.ended) return false;
    if (action.kind === 'early') {
      if (this.#initialized || !this.#declares(action.args.method)) return false;
      await this.#await(this.#send(action.args.method, undefined, { probe: 'before-initialized' }));
      return true;
    }
    if (!(ACTION_KINDS_IN_ORDER as readonly string[]).includes(action.kind) && !(this.#exercise !== 'none' && SURFACE_ACTION_KINDS.includes(action.kind))) return false;
    if (!this.#applies(action)) return false;
    await this.#ensureInitialized();
    switch (action.kind) {
      case 'ping':
        this.#track({ ...this.#send('ping'), cancellable: true });
        return true;
      case 'list':
        await this.#list(action.args.method);
        return true;
      case 'echo':
        return this.#sendEcho();
      case 'cancel':
        return this.#cancel(action.args.which);
      case 'settle':
        await this.settle();
        return true;
      case 'duplicate-id':
        return this.#duplicate();
      case 'reuse-id':
        return this.#reuse();
      case 'unknown-method':
        this.#track(this.#send(UNKNOWN_METHOD, {}, { probe: 'unknown-method' }));
        return true;
      case 'invalid-params':
        this.#track(this.#send(action.args.method, { cursor: 42 } as unknown as JsonObject, { probe: 'invalid-params' }));
        return true;
      case 'subscribe':
        return this.#subscribe();
      case 'unsubscribe':
        return this.#unsubscribe();
      case 'reconnect':
        if (!hasHttpProbes(this.#transport)) return false;
        await this.#transport.resumeStream();
        await new Promise((resolve) => setTimeout(resolve, RESUME_SETTLE_MS));
        return true;
      case 'call':
      case 'invalid-call':
        return this.#call(action.args.tool, action.args.arguments, action.kind === 'invalid-call');
      case 'read':
        return action.args === undefined ? this.#read() : this.#readTemplate(action.args.template, action.args.values);
      case 'prompt':
        return action.args === undefined ? this.#getPrompt() : this.#getPromptWith(action.args.name, action.args.arguments);
      default:
        // The kinds of the stateless revision (no handshake) do not apply to a session.
        return false;
    }
  }

  /**
   * A tools/call of a tool the target lists and the policy allows, not awaited (calls overlap, and
   * a later `cancel` may cancel it). Past --timeout it is the checker's own stop. Arguments the
   * schema refuses are a probe: the answer must refuse them.
   */
  async #call(name: string, args: JsonObject, invalid: boolean): Promise<boolean> {
    const tool = callableTools(await this.tools(), this.#exercise).get(name);
    if (tool === undefined) return false;
    const sent = this.#exchange.send('tools/call', { name, arguments: args }, { ownStop: true, ...(invalid ? { probe: 'invalid-arguments' as const } : {}) });
    // A probe is no request the session tracks: cancelling it would be the checker's own fault.
    this.#track(invalid ? sent : { ...sent, cancellable: true });
    return true;
  }

  /** resources/read of the first listed resource, not awaited. */
  async #read(): Promise<boolean> {
    if (this.#resource === undefined && !this.#resourceLooked && this.#declares('resources/list')) {
      this.#resourceLooked = true;
      await this.#list('resources/list');
    }
    const uri = this.#resource;
    if (uri === undefined) return false;
    this.#track({ ...this.#send('resources/read', { uri }), cancellable: true });
    return true;
  }

  /** resources/read of a listed template expanded with these values (a template not listed, or not simple, is not read), not awaited. */
  async #readTemplate(template: string, values: Readonly<Record<string, string>>): Promise<boolean> {
    await this.#learnTemplates();
    if (!this.#templates.has(template) || !simpleTemplate(template)) return false;
    this.#track({ ...this.#send('resources/read', { uri: expandTemplate(template, values) }), cancellable: true });
    return true;
  }

  /** prompts/get of a listed prompt with these arguments (a prompt not listed is not got), not awaited. */
  async #getPromptWith(name: string, args: Readonly<Record<string, string>>): Promise<boolean> {
    await this.#learnPrompts();
    if (!this.#prompts.has(name)) return false;
    this.#track({ ...this.#send('prompts/get', { name, ...(Object.keys(args).length === 0 ? {} : { arguments: { ...args } }) }), cancellable: true });
    return true;
  }

  /** prompts/get of the first listed prompt that needs no argument, not awaited. */
  async #getPrompt(): Promise<boolean> {
    await this.#learnPrompts();
    const name = this.#prompt;
    if (name === undefined) return false;
    this.#track({ ...this.#send('prompts/get', { name }), cancellable: true });
    return true;
  }

  /** Waits for every request in flight to be answered, cancelled or timed out. */
  async settle(): Promise<void> {
    while (this.#inFlight.length > 0) {
      const pending = this.#inFlight.splice(0);
      await Promise.all(pending.map((p) => this.#await(p)));
    }
  }

  /** Whether the state allows an action (beyond the handshake, which any action but `early` completes). */
  #applies(action: Exclude<Action, { kind: 'early' }>): boolean {
    switch (action.kind) {
      case 'list':
      case 'invalid-params':
        return this.#declares(action.args.method);
      case 'echo':
      case 'duplicate-id':
        return this.#declares('tools/list');
      case 'cancel':
        return this.#live().length > 0;
      case 'settle':
        return this.#inFlight.length > 0;
      case 'reuse-id':
        return this.#answered.length > 0;
      case 'subscribe':
        return this.#subscribable() && this.#subscribed === undefined;
      case 'unsubscribe':
        return this.#subscribed !== undefined;
      case 'reconnect':
        return hasHttpProbes(this.#transport);
      case 'call':
      case 'invalid-call':
        return this.#declares('tools/list');
      case 'read':
        return this.#declares('resources/list');
      case 'prompt':
        return this.#declares('prompts/list');
      default:
        return true;
    }
  }

  #declares(method: string): boolean {
    return declaresList(this.#server, method);
  }

  #subscribable(): boolean {
    const resources = this.#server['resources'];
    return isJsonObject(resources) && resources['subscribe'] === true;
  }

  #live(): InFlight[] {
    return this.#inFlight.filter((p) => p.cancellable === true && this.#exchange.inFlight(p.id));
  }

  async #ensureInitialized(): Promise<void> {
    if (this.#initialized) return;
    this.#initialized = true;
    await this.#exchange.notify('notifications/initialized');
  }

  #send(method: string, params?: JsonObject, options: { id?: number; probe?: ProbeKind } = {}): InFlight {
    return this.#exchange.send(method, params, options);
  }

  #track(request: InFlight): void {
    this.#inFlight.push(request);
  }

  /** Awaits one answer and remembers its id as answered (an id a later action may reuse). */
  async #await(request: InFlight): Promise<Answer> {
    const answer = await request.answer;
    if (answer.kind === 'result' || answer.kind === 'error') this.#answered.push(request.id);
    return answer;
  }

  /** The next page of a list (the first after the last), and what it teaches: the echo tool, a resource. */
  async #list(method: string): Promise<Answer> {
    const cursor = this.#cursors.get(method);
    const answer = await this.#await(this.#send(method, cursor === undefined ? undefined : { cursor }));
    if (answer.kind !== 'result') return answer;
    const next = answer.result['nextCursor'];
    if (typeof next === 'string' && next !== '' && next !== cursor) this.#cursors.set(method, next);
    else this.#cursors.delete(method);
    if (method === 'tools/list') this.#echo ??= echoToolOf(answer.result['tools']);
    if (method === 'resources/list' && this.#resource === undefined) {
      const first = Array.isArray(answer.result['resources']) ? answer.result['resources'].find((r) => isJsonObject(r) && typeof r['uri'] === 'string') : undefined;
      if (isJsonObject(first)) this.#resource = first['uri'] as string;
    }
    return answer;
  }

  /** The echo tool, looked up once with tools/list when no listing has shown it yet (never from a server that declares no tools). */
  async #echoTool(): Promise<EchoTool | undefined> {
    if (this.#echo === undefined && !this.#echoLooked && this.#declares('tools/list')) {
      this.#echoLooked = true;
      await this.#list('tools/list');
    }
    return this.#echo;
  }

  /** A request that carries a fresh marker when the server has an echo tool, else a ping. */
  async #markedRequest(options: { id?: number; probe?: ProbeKind } = {}): Promise<InFlight> {
    const echo = await this.#echoTool();
    if (echo === undefined) return this.#send('ping', undefined, options);
    const marker = `${MARKER_PREFIX}${++this.#markers}`;
    return this.#send('tools/call', { name: echo.name, arguments: { [echo.argument]: marker } }, options);
  }

  async #sendEcho(): Promise<boolean> {
    if ((await this.#echoTool()) === undefined) return false;
    this.#track({ ...(await this.#markedRequest()), cancellable: true });
    return true;
  }

  async #cancel(which: 'oldest' | 'latest'): Promise<boolean> {
    const live = this.#live();
    const target = which === 'oldest' ? live[0] : live[live.length - 1];
    if (target === undefined) return false;
    await this.#exchange.cancel(target.id, 'cancelled by the client');
    return true;
  }

  /** Two requests with one fresh id, at once: the second is the deliberate duplicate. */
  async #duplicate(): Promise<boolean> {
    await this.#echoTool();
    const id = this.#exchange.takeId();
    this.#track(await this.#markedRequest({ id }));
    this.#track(await this.#markedRequest({ id, probe: 'duplicate-id' }));
    return true;
  }

  /** A request reusing the id of the latest answered request. */
  async #reuse(): Promise<boolean> {
    const id = this.#answered[this.#answered.length - 1];
    if (id === undefined || this.#exchange.inFlight(id)) return false;
    this.#track(await this.#markedRequest({ id, probe: 'reused-id' }));
    return true;
  }

  async #subscribe(): Promise<boolean> {
    if (this.#resource === undefined) await this.#list('resources/list');
    const uri = this.#resource;
    if (uri === undefined) return false;
    const answer = await this.#await(this.#send('resources/subscribe', { uri }));
    if (answer.kind === 'result') this.#subscribed = uri;
    return true;
  }

  async #unsubscribe(): Promise<boolean> {
    const uri = this.#subscribed;
    if (uri === undefined) return false;
    this.#subscribed = undefined;
    await this.#await(this.#send('resources/unsubscribe', { uri }));
    return true;
  }
}
