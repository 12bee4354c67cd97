// Why: a live check must exercise a server the way a careful client would, and nothing more: the
// handshake, then only what the server declared, never a tool the user did not name, and (in the
// full scope) only what has no side effects plus two deliberately wrong requests whose answers
// the specification prescribes. It decides from what the server answered; the recorder judges.
import { hasCapability } from '../validators/capabilities.ts';
import type { JsonObject } from '../validators/context.ts';
import { hasError } from '../validators/finding.ts';
import { methodTable } from '../validators/methods.ts';
import { isJsonObject } from '../validators/shape.ts';
import { Exchange, type Answer } from './exchange.ts';
import { initialize } from './handshake.ts';
import { argumentsOf, completionParams, LISTS, listAllPages, unlistedTool, type Listed } from './list-items.ts';
import type { LiveRecorder } from './recorder.ts';
import type { Era } from '../validators/era.ts';
import { probeEra } from './era-probe.ts';
import { ModernDriver } from './modern-driver.ts';
import { MODERN_VERSION } from './modern-requests.ts';
import { replyTo, type ClientAnswers, type ResultCheck } from './server-requests.ts';
import type { ClientTransport, HttpProbes } from './transport.ts';
import { stepClient, type StepRunner } from './step-client.ts';
import { runExercise, type ExerciseHost, type ExerciseProgress } from './exercise.ts';
import { DEFAULT_EXERCISE_SEED, type ExerciseMode, type ExerciseReport } from './exercise-plan.ts';
import { listedToolsContext } from '../machines/tool-catalogue.ts';

/** How much a check exercises. */
export type Scope = 'quick' | 'full';

/** A tool call the user named. */
export interface NamedCall {
  readonly name: string;
  readonly args: JsonObject;
}

/** What the driver is told to do. */
export interface DriverOptions {
  readonly scope: Scope;
  /** Each request's time limit, in milliseconds. */
  readonly timeoutMs: number;
  /** The protocol version the client offers in initialize (the legacy era). */
  readonly protocolVersion: string;
  /**
   * Which era to speak: `modern` (2026-07-28 only), `legacy` (initialize with protocolVersion), or
   * `auto`: as a client of both eras, server/discover first and initialize when it shows a legacy server.
   */
  readonly era?: EraChoice;
  readonly calls: readonly NamedCall[];
  readonly answers: ClientAnswers;
  /** The most pages read of one list (default 100). */
  readonly maxPages?: number;
  /** The era probe's own time limit, in ms (default ERA_PROBE_MS in live/era-probe.ts; never more than timeoutMs). */
  readonly eraProbeMs?: number;
  /** Requests the user wrote (a scenario's steps), run last, in either era. */
  readonly steps?: StepRunner;
  /** How much of the server's own surface to exercise after the lists (default none: the library's callers ask for it). */
  readonly exercise?: ExerciseMode;
  /** The seed of the exercise's generated values (default DEFAULT_EXERCISE_SEED). */
  readonly seed?: number;
  /** Told as the exercise goes (a progress line on a terminal). */
  readonly onExerciseProgress?: ((p: ExerciseProgress) => void) | undefined;
}

/** Which era a check speaks: one, or (auto) the one the server/discover probe shows. */
export type EraChoice = 'auto' | 'modern' | 'legacy';

/** The era a run spoke and why, as its trace records it. */
export interface EraUsed {
  readonly used: Era;
  readonly why: string;
}

/** How the run went, beyond its findings. */
export interface DriveOutcome {
  /** The era spoken and why (absent when the run ended before it was known). */
  readonly era?: EraUsed;
  /** The server ended the connection on the era probe, before answering it (a legacy server may). */
  readonly probeEnded?: boolean;
  /** Why the check could not be carried out (the server went away or refused the handshake). */
  readonly error?: string;
  /**
   * Named calls that were not sent, and why (the client does not send what it would reject), or
   * (`sent`) were sent as a task that did not finish in time.
   */
  readonly skipped: readonly SkippedCall[];
  /** What the exercise sent and left out (absent under --exercise none, or when the run ended before it). */
  readonly exercise?: ExerciseReport;
}

/** A named call the driver did not carry out to its end. */
export interface SkippedCall {
  readonly name: string;
  readonly reason: string;
  /** Sent, as a task that did not finish in time; otherwise never sent. */
  readonly sent?: boolean;
  /** Where in the trace's options the call is that could not be sent (`/options/calls/0/name`). */
  readonly pointer?: string;
  /**
   * The rule of the server's own finding that kept the call from being sent (a tool definition a
   * client must reject): the run reports that finding (exit 1), not a check that could not run.
   */
  readonly blamed?: string;
}

/**
 * Where in the recorded options (`/options/calls/N/...`) a finding on the tools/call request a
 * named call would have become rests: its name, one of its arguments, or the call as a whole.
 */
export function callPointer(index: number, requestPointer: string): string {
  const call = `/options/calls/${index}`;
  if (requestPointer === '/message/params/name') return `${call}/name`;
  if (requestPointer === '/message/params/arguments' || requestPointer.startsWith('/message/params/arguments/')) {
    return `${call}/args${requestPointer.slice('/message/params/arguments'.length)}`;
  }
  return call;
}

/** The ttl a task-augmented call asks for (ms); the server may grant another. */
export const TASK_TTL_MS = 60_000;
/** How often a task is polled when the server suggests no pollInterval (ms), and the bounds of any interval. */
const POLL_DEFAULT_MS = 200;
const POLL_MIN_MS = 20;
const POLL_MAX_MS = 2_000;
/** Task statuses after which nothing changes. */
const TERMINAL: ReadonlySet<unknown> = new Set(['completed', 'failed', 'cancelled']);

/** How many listed resources the full scope reads, and prompts it gets. */
const FULL_READS = 3;
const FULL_PROMPTS = 5;
/** A method no MCP revision defines, for the unknown-method probe. */
export const UNKNOWN_METHOD = 'mcp-statechart/no-such-method';


function isHttpProbes(transport: ClientTransport): transport is ClientTransport & HttpProbes {
  return typeof (transport as Partial<HttpProbes>).terminateAndProbe === 'function';
}

/** Drives one check over a started-but-unconnected transport, and closes it; the recorder has everything. */
export async function drive(transport: ClientTransport, recorder: LiveRecorder, options: DriverOptions): Promise<DriveOutcome & { cleanup: Record<string, boolean | number | string | null> }> {
  const accepts: ResultCheck = (method, params, result) => {
    const { profile } = recorder.negotiation();
    const validate = methodTable(profile).get(method)?.validators.result;
    return validate === undefined || !hasError(validate(result, '/message/result', params, { profile, tools: new Map() }));
  };
  const exchange = new Exchange(transport, recorder, options.timeoutMs, (method, params) => replyTo(method, params, options.answers, accepts));
  const driver = new Driver(exchange, recorder, options, transport);
  try {
    await exchange.start();
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    return { error: error.message, skipped: [], cleanup: await transport.close() };
  }
  let outcome: DriveOutcome;
  try {
    outcome = await runInEra(exchange, recorder, driver, transport, options);
  } finally {
    await exchange.settle();
  }
  if (isHttpProbes(transport) && !exchange.ended && outcome.error === undefined) {
    await transport.terminateAndProbe({ jsonrpc: '2.0', id: exchange.takeId(), method: 'ping' });
  }
  const cleanup = await transport.close();
  return { ...outcome, cleanup };
}

/** Speaks the era asked for, or (auto) opens with the era probe and speaks the era its answer shows. */
async function runInEra(exchange: Exchange, recorder: LiveRecorder, driver: Driver, transport: ClientTransport, options: DriverOptions): Promise<DriveOutcome> {
  const modern = async (why: string, opening?: Answer): Promise<DriveOutcome> => {
    const m = new ModernDriver(exchange, recorder, options, transport);
    const error = await m.run(opening);
    const era: EraUsed = { used: 'modern', why };
    const exercised = m.exercise === undefined ? {} : { exercise: m.exercise };
    return error === undefined ? { era, skipped: m.skipped, ...exercised } : { era, error, skipped: m.skipped, ...exercised };
  };
  const legacy = async (why: string): Promise<DriveOutcome> => ({ ...(await driver.run()), era: { used: 'legacy', why } });
  const choice = options.era ?? 'legacy';
  if (choice === 'modern') return modern(`asked for (--protocol-version ${MODERN_VERSION})`);
  if (choice === 'legacy') return legacy(`asked for (--protocol-version ${options.protocolVersion})`);
  const probe = await probeEra(exchange, options.answers, options.timeoutMs, options.protocolVersion, options.eraProbeMs);
  if (probe.kind === 'ended') return { error: probe.error, skipped: [], probeEnded: true };
  if (probe.kind === 'failed') return { error: probe.error, skipped: [] };
  if (probe.kind === 'modern') return modern(probe.why, probe.opening);
  return legacy(probe.why);
}

class Driver {
  readonly #exchange: Exchange;
  readonly #recorder: LiveRecorder;
  readonly #options: DriverOptions;
  readonly #transport: ClientTransport;
  readonly #skipped: SkippedCall[] = [];
  #exercise: ExerciseReport | undefined;

  constructor(exchange: Exchange, recorder: LiveRecorder, options: DriverOptions, transport: ClientTransport) {
    this.#exchange = exchange;
    this.#recorder = recorder;
    this.#options = options;
    this.#transport = transport;
  }

  async run(): Promise<DriveOutcome> {
    const handshake = await initialize(this.#exchange, this.#recorder, this.#options.protocolVersion, this.#options.answers);
    if (!handshake.ok) return this.#done(handshake.error);
    const server = handshake.server;
    await this.#exchange.notify('notifications/initialized');
    if (!(await this.#ok(this.#exchange.request('ping')))) return this.#done();

    const listed: Listed = { tools: [], resources: [], resourceTemplates: [], prompts: [] };
    for (const list of LISTS) {
      if (!isJsonObject(server[list.capability])) continue;
      if (!(await this.#listAll(list.method, list.items, listed))) return this.#done();
    }
    const mode = this.#options.exercise ?? 'none';
    if (mode !== 'none') {
      const host: ExerciseHost = {
        request: (method, params) => this.#exchange.request(method, params),
        callTool: (tool, args) => this.#callTool(tool, args, server),
        mirrorsHeaders: false,
      };
      const named = new Set(this.#options.calls.map((c) => c.name));
      const { ended, report } = await runExercise(host, server, listed, { mode, seed: this.#options.seed ?? DEFAULT_EXERCISE_SEED, named, onProgress: this.#options.onExerciseProgress });
      this.#exercise = report;
      if (ended) return this.#done();
    }
    if (this.#options.scope === 'full' && !(await this.#full(server, listed))) return this.#done();
    for (const [index, call] of this.#options.calls.entries()) {
      if (!(await this.#call(call, index, server, listed))) return this.#done();
    }
    const steps = this.#options.steps;
    if (steps !== undefined) await steps(stepClient(this.#recorder, listed, this.#recorder.negotiation().profile, (method, params) => this.#exchange.request(method, params)));
    return this.#done();
  }

  #done(error?: string): DriveOutcome {
    const exercised = this.#exercise === undefined ? {} : { exercise: this.#exercise };
    return error === undefined ? { skipped: this.#skipped, ...exercised } : { error, skipped: this.#skipped, ...exercised };
  }

  /** An exercised call of a listed tool (as a task when it requires one and the server takes them); its answer, `ended` when the connection ended. */
  async #callTool(tool: JsonObject, args: JsonObject, server: JsonObject): Promise<Answer> {
    const name = tool['name'] as string;
    const execution = tool['execution'];
    const asTask = isJsonObject(execution) && execution['taskSupport'] === 'required' && hasCapability(server, 'tasks.requests.tools.call');
    const params: JsonObject = { name, arguments: args, ...(asTask ? { task: { ttl: TASK_TTL_MS } } : {}) };
    const answer = await this.#exchange.send('tools/call', params, { ownStop: true, progress: true }).answer;
    if (!asTask || answer.kind !== 'result') return answer;
    const task = answer.result['task'];
    if (!isJsonObject(task) || typeof task['taskId'] !== 'string') return answer;
    return (await this.#followTask(name, task['taskId'], task, server)) ? answer : { kind: 'ended' };
  }

  /** Whether the connection is still worth using after an answer (it has not ended). */
  async #ok(answer: Promise<Answer>): Promise<boolean> {
    const a = await answer;
    return a.kind !== 'ended';
  }

  /** Reads every page of a list; false when the connection ended. */
  #listAll(method: string, items: keyof Listed, listed: Listed): Promise<boolean> {
    return listAllPages((cursor) => this.#exchange.request(method, cursor === undefined ? undefined : { cursor }), items, listed, this.#options.maxPages ?? 100);
  }

  /** The full scope: what has no side effects, and the two probes. */
  async #full(server: JsonObject, listed: Listed): Promise<boolean> {
    const ex = this.#exchange;
    // The exercise read the resources and got the prompts already (more of them, with arguments).
    const exercised = (this.#options.exercise ?? 'none') !== 'none';
    for (const resource of exercised ? [] : listed.resources.slice(0, FULL_READS)) {
      if (typeof resource['uri'] === 'string' && !(await this.#ok(ex.request('resources/read', { uri: resource['uri'] })))) return false;
    }
    const optionalOnly = listed.prompts.filter((p) => typeof p['name'] === 'string' && argumentsOf(p).every((a) => a['required'] !== true));
    for (const prompt of exercised ? [] : optionalOnly.slice(0, FULL_PROMPTS)) {
      if (!(await this.#ok(ex.request('prompts/get', { name: prompt['name'] as string })))) return false;
    }
    const resources = server['resources'];
    const first = listed.resources.find((r) => typeof r['uri'] === 'string');
    if (isJsonObject(resources) && resources['subscribe'] === true && first !== undefined) {
      const subscribed = await ex.request('resources/subscribe', { uri: first['uri'] as string });
      if (subscribed.kind === 'ended') return false;
      if (subscribed.kind === 'result' && !(await this.#ok(ex.request('resources/unsubscribe', { uri: first['uri'] as string })))) return false;
    }
    if (isJsonObject(server['logging']) && !(await this.#ok(ex.request('logging/setLevel', { level: 'error' })))) return false;
    const completion = isJsonObject(server['completions']) ? completionParams(listed) : undefined;
    if (completion !== undefined && !(await this.#ok(ex.request('completion/complete', completion)))) return false;
    if (!(await this.#ok(ex.request(UNKNOWN_METHOD, {}, 'unknown-method')))) return false;
    const list = LISTS.find((l) => isJsonObject(server[l.capability]));
    if (list !== undefined && !(await this.#ok(ex.request(list.method, { cursor: 42 } as unknown as JsonObject, 'invalid-params')))) return false;
    if (isHttpProbes(this.#transport)) {
      await this.#transport.openGetStream();
      await this.#transport.resumeStream();
      await this.#transport.probeForeignOrigin({ jsonrpc: '2.0', id: ex.takeId(), method: 'ping' });
    }
    return true;
  }

  /** Calls a tool the user named, unless the client would reject its own request. */
  async #call(call: NamedCall, index: number, server: JsonObject, listed: Listed): Promise<boolean> {
    if (!isJsonObject(server['tools'])) {
      this.#skipped.push({ name: call.name, pointer: `/options/calls/${index}/name`, reason: 'the server declares no tools capability, so it lists no tool to call' });
      return true;
    }
    const { profile } = this.#recorder.negotiation();
    const tools = new Map(listed.tools.filter((t) => typeof t['name'] === 'string').map((t) => [t['name'] as string, t]));
    if (!tools.has(call.name)) {
      this.#skipped.push({ name: call.name, pointer: `/options/calls/${index}/name`, reason: unlistedTool(call.name) });
      return true;
    }
    // A tool that requires a task is called as one when the server accepts task-augmented calls.
    const execution = tools.get(call.name)?.['execution'];
    const asTask = isJsonObject(execution) && execution['taskSupport'] === 'required' && hasCapability(server, 'tasks.requests.tools.call');
    const params: JsonObject = { name: call.name, arguments: call.args, ...(asTask ? { task: { ttl: TASK_TTL_MS } } : {}) };
    const validate = methodTable(profile).get('tools/call')?.validators.params;
    const found = validate === undefined ? [] : validate(params, '/message/params', listedToolsContext(profile, tools));
    const rejected = found.find((f) => f.severity === 'error');
    if (rejected !== undefined) {
      this.#skipped.push({ name: call.name, pointer: callPointer(index, rejected.pointer), reason: `${rejected.message} (${rejected.rule} at ${rejected.pointer})` });
      return true;
    }
    if (!asTask) return this.#ok(this.#exchange.request('tools/call', params));
    const created = await this.#exchange.request('tools/call', params);
    if (created.kind !== 'result') return created.kind !== 'ended';
    const task = created.result['task'];
    // A CreateTaskResult without a task id was judged already; there is nothing to follow.
    if (!isJsonObject(task) || typeof task['taskId'] !== 'string') return true;
    return this.#followTask(call.name, task['taskId'], task, server);
  }

  /**
   * Follows a task as its requestor does: polls tasks/get (at the server's pollInterval, within
   * bounds) until the task is terminal or needs input, then fetches its result with tasks/result
   * (which also carries any request the task has for the client); a task not done within the
   * request time limit is cancelled when the server offers tasks/cancel.
   */
  async #followTask(name: string, taskId: string, first: JsonObject, server: JsonObject): Promise<boolean> {
    let task = first;
    const deadline = Date.now() + this.#options.timeoutMs;
    while (!TERMINAL.has(task['status']) && task['status'] !== 'input_required') {
      if (Date.now() >= deadline) {
        if (hasCapability(server, 'tasks.cancel') && !(await this.#ok(this.#exchange.request('tasks/cancel', { taskId })))) return false;
        this.#skipped.push({ name, sent: true, reason: `its task (${taskId}) did not finish within the time limit (${this.#options.timeoutMs / 1000} s)` });
        return true;
      }
      const interval = typeof task['pollInterval'] === 'number' ? task['pollInterval'] : POLL_DEFAULT_MS;
      await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MAX_MS, Math.max(POLL_MIN_MS, interval))));
      const polled = await this.#exchange.request('tasks/get', { taskId });
      if (polled.kind !== 'result') return polled.kind !== 'ended';
      task = polled.result;
    }
    if (task['status'] === 'cancelled') return true;
    return this.#ok(this.#exchange.request('tasks/result', { taskId }));
  }
}
