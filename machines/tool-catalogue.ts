// Why: a call to a tool is judged against the tool it names, so the session keeps the catalogue a
// server offers: the tools declared up front, then those its tools/list results list (within
// ToolMemory's bound). The tool calls chart (tool-calls.ts) decides whether that catalogue is
// complete and what a call or its result breaks against it; the listing's own rules (cursors,
// list_changed) are ToolListing's. This file feeds both charts and keeps the bounded memory.
import type { InspectionEvent } from 'xstate';
import type { JsonObject, Profile, ToolCallJudge, ValidationContext } from '../validators/context.ts';
import type { Finding } from '../validators/finding.ts';
import { issueFinding } from './gated-actor.ts';
import { runMachine, type MachineRunner } from './runner.ts';
import { toolCallsMachine, type ToolCallsEvent } from './tool-calls.ts';
import { sameJson } from '../validators/json-equal.ts';
import { profileFacts } from '../validators/profiles.ts';
import { isJsonObject, NO_FINDINGS } from '../validators/shape.ts';
import { foundEqual } from '../validators/tool-descriptor.ts';
import { ToolListing } from './tool-listing.ts';
import { ToolMemory } from './tool-memory.ts';

/** The validation context the session's validators read: its profile, the tools it knows and the judge of calls. */
export interface ToolContext extends ValidationContext {
  readonly tools: Map<string, JsonObject>;
  readonly toolCalls: ToolCallJudge;
}

/**
 * The tool calls chart of one catalogue, started with the session (declared tools are its first
 * event). Judging a call or a result changes nothing, so each is taken at once and what it raised
 * returned.
 */
class ToolCallsChart implements ToolCallJudge {
  readonly #runner: MachineRunner<typeof toolCallsMachine>;
  #raised: Finding[] = [];

  constructor(profile: Profile, tools: ReadonlyMap<string, JsonObject>, declared: boolean, inspect?: (event: InspectionEvent) => void) {
    const runner = runMachine(toolCallsMachine, { profile, tools }, inspect);
    runner.on('issue', (e) => this.#raised.push(issueFinding(e)));
    runner.on('findings', (e) => this.#raised.push(...e.findings));
    runner.start();
    if (declared) runner.send({ type: 'declared' });
    this.#runner = runner;
  }

  /** Takes `event` and returns the findings it raised. */
  send(event: ToolCallsEvent): readonly Finding[] {
    this.#raised = [];
    this.#runner.send(event);
    const raised = this.#raised;
    this.#raised = [];
    return raised.length === 0 ? NO_FINDINGS : raised;
  }

  call(params: JsonObject, at: string): readonly Finding[] {
    const name = params['name'] as string;
    const named = this.send({ type: 'call', params, name, at });
    const task = this.send({ type: 'call.task', params, name, at });
    return task.length === 0 ? named : named.length === 0 ? task : [...named, ...task];
  }

  result(requestParams: unknown, result: JsonObject, at: string): readonly Finding[] {
    return this.send({ type: 'result', requestParams, result, at });
  }
}

/**
 * A validation context whose calls are judged against `tools`, as all the server offers unless
 * `complete` is false: how a client judges the call it would send against the tools a listing gave it.
 */
export function listedToolsContext(profile: Profile, tools: ReadonlyMap<string, JsonObject>, complete = true): ValidationContext {
  return { profile, tools, toolCalls: new ToolCallsChart(profile, tools, complete) };
}

/** The tools a session knows, and the tools/list traffic that teaches them. */
export class ToolCatalogue {
  /** The context validators read; `tools` changes as listings are accepted. */
  readonly context: ToolContext;
  readonly #memory: ToolMemory;
  readonly #calls: ToolCallsChart;
  /** The listing rules; absent where calls are judged against the declared tools only (the course profile). */
  readonly #listing: ToolListing | undefined;

  /**
   * `declared`: descriptors known before any tools/list result (undefined: none declared, so the tools are not known);
   * `inspect` observes the tool listing chart.
   */
  constructor(profile: Profile, declared: readonly JsonObject[] | undefined, inspect?: (event: InspectionEvent) => void) {
    const tools = new Map<string, JsonObject>();
    for (const t of declared ?? []) if (typeof t['name'] === 'string') tools.set(t['name'], t);
    this.#calls = new ToolCallsChart(profile, tools, declared !== undefined, inspect);
    this.context = { profile, tools, toolCalls: this.#calls };
    this.#memory = new ToolMemory(tools);
    this.#listing = profileFacts(profile).declaredToolsOnly ? undefined : new ToolListing(inspect);
  }

  /** Listed tools forgotten to stay within TOOLS_BYTES. */
  get forgotten(): number {
    return this.#memory.forgotten;
  }

  /** The listing rules a tools/list request meets. */
  checkRequest(params: unknown): readonly Finding[] {
    return this.#listing === undefined ? NO_FINDINGS : this.#listing.checkRequest(params);
  }

  /** The listing rules a tools/list result meets against its request's params. */
  checkResult(params: unknown, result: JsonObject): readonly Finding[] {
    return this.#listing === undefined ? NO_FINDINGS : this.#listing.checkResult(params, result);
  }

  /** A notifications/tools/list_changed: what was listed may no longer be. */
  invalidate(): void {
    this.#listing?.invalidate();
  }

  /** A tools/list result accepted: its page is remembered and its tools become callable. */
  accept(params: unknown, result: JsonObject): void {
    // The course profile judges calls against the declared tool only: a listing adds no callable tool.
    if (this.#listing === undefined) return;
    this.#listing.accept(params, result);
    if (!Array.isArray(result['tools'])) return;
    // While a page has a nextCursor, the tools of the pages not listed yet are the server's too:
    // a call naming a tool not seen is not unknown until the listing is complete (a client may
    // call a tool of a page it has not fetched, or not re-fetched since a list change).
    const paging = typeof result['nextCursor'] === 'string';
    const context = this.context;
    let overflowed = this.#memory.forgotten !== 0;
    for (const t of result['tools'] as unknown[]) {
      if (!isJsonObject(t) || typeof t['name'] !== 'string') continue;
      // A descriptor listed again unchanged keeps the known object, whose schemas are compiled already
      // (the result's check has compared them, unless the profile caps the list before this tool).
      const known = context.tools.get(t['name']);
      if (known === undefined || !(foundEqual(t, known) || sameJson(known, t))) {
        // Past the memory's bound, the tools known are no longer all the server listed.
        if (this.#memory.learn(t['name'], t)) overflowed = true;
      }
    }
    this.#calls.send({ type: 'listed', paging, overflowed });
  }
}
