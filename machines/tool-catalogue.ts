// Why: a call to a tool is judged against the tool it names, so the session keeps the catalogue a
// server offers: the tools declared up front, then those its tools/list results list (within
// ToolMemory's bound), and whether that catalogue is complete. The listing's own rules (cursors,
// list_changed) are ToolListing's; this file is the one place that decides what the session knows
// of tools, apart from composing the session.
import type { InspectionEvent } from 'xstate';
import type { JsonObject, Profile } from '../validators/context.ts';
import type { Finding } from '../validators/finding.ts';
import { sameJson } from '../validators/json-equal.ts';
import { profileFacts } from '../validators/profiles.ts';
import { isJsonObject, NO_FINDINGS } from '../validators/shape.ts';
import { foundEqual } from '../validators/tool-descriptor.ts';
import { ToolListing } from './tool-listing.ts';
import { ToolMemory } from './tool-memory.ts';

/** The validation context the session's validators read: its profile and the tools it knows. */
export interface ToolContext {
  readonly profile: Profile;
  readonly tools: Map<string, JsonObject>;
  /** Whether `tools` is all the server offers (see ValidationContext.toolsKnown). */
  toolsKnown: boolean;
}

/** The tools a session knows, and the tools/list traffic that teaches them. */
export class ToolCatalogue {
  /** The context validators read; `tools` and `toolsKnown` change as listings are accepted. */
  readonly context: ToolContext;
  readonly #memory: ToolMemory;
  /** The listing rules; absent where calls are judged against the declared tools only (the course profile). */
  readonly #listing: ToolListing | undefined;

  /**
   * `declared`: descriptors known before any tools/list result (undefined: none declared, so the tools are not known);
   * `inspect` observes the tool listing chart.
   */
  constructor(profile: Profile, declared: readonly JsonObject[] | undefined, inspect?: (event: InspectionEvent) => void) {
    const tools = new Map<string, JsonObject>();
    for (const t of declared ?? []) if (typeof t['name'] === 'string') tools.set(t['name'], t);
    this.context = { profile, tools, toolsKnown: declared !== undefined };
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
    context.toolsKnown = this.#memory.forgotten === 0 && !paging;
    for (const t of result['tools'] as unknown[]) {
      if (!isJsonObject(t) || typeof t['name'] !== 'string') continue;
      // A descriptor listed again unchanged keeps the known object, whose schemas are compiled already
      // (the result's check has compared them, unless the profile caps the list before this tool).
      const known = context.tools.get(t['name']);
      if (known === undefined || !(foundEqual(t, known) || sameJson(known, t))) {
        // Past the memory's bound, the tools known are no longer all the server listed.
        if (this.#memory.learn(t['name'], t)) context.toolsKnown = false;
      }
    }
  }
}
