import { assign, emit, setup, type InspectionEvent } from 'xstate';
import type { JsonObject } from '../validators/context.ts';
import { pointerJoin, type Finding } from '../validators/finding.ts';
import { isJsonObject, NO_FINDINGS } from '../validators/shape.ts';
import { BoundedIndex, type IndexLimits } from './bounded-index.ts';
import { GatedActor } from './gated-actor.ts';
import type { IssueEvent } from './issue.ts';

/** Names, cursors or answered cursors a listing keeps at most, and the characters each set may take. */
export const LISTING_ENTRIES = 65_536;
export const LISTING_CHARS = 4 * 1024 * 1024;

/** A set of strings within LISTING_ENTRIES and LISTING_CHARS: past them the oldest are forgotten (a name or cursor forgotten is not reported). */
type Strings = BoundedIndex<true>;

const LIMITS: IndexLimits<true> = { entries: LISTING_ENTRIES, weight: LISTING_CHARS, weigh: (key) => key.length };
const NONE: Strings = BoundedIndex.empty(LIMITS);

/** What the client knows of the current tools/list listing. */
export interface ToolListingContext {
  /** The tool names the listing's pages gave. */
  readonly names: Strings;
  /** Every nextCursor the listing gave. */
  readonly cursors: Strings;
  /** The cursors whose pages were taken. */
  readonly answered: Strings;
  /** The nextCursor of the listing's latest page. */
  readonly next: string | undefined;
}

/** Events of the tool listing; `cursor` is the tools/list request's (undefined: none, which starts a new listing). */
export type ToolListingEvent =
  /** One tool of a tools/list result, judged before the result is taken: `index` is its place in the result's tools. */
  | { readonly type: 'tool'; readonly cursor: string | undefined; readonly index: number; readonly name: string }
  /** A tools/list result the session took: its tool names and its nextCursor. */
  | { readonly type: 'page'; readonly cursor: string | undefined; readonly names: readonly string[]; readonly nextCursor: string | undefined }
  /** notifications/tools/list_changed. */
  | { readonly type: 'list_changed' };

const EMPTY: ToolListingContext = { names: NONE, cursors: NONE, answered: NONE, next: undefined };

/**
 * Whether a request with `cursor` fetches a further page of the listing: the latest page's
 * nextCursor does; a cursor already answered fetches that page again (the caching page: "re-fetch
 * that page using its cursor"), not a further one; a cursor the listing never gave, while it gave
 * others, names no page of it. A listing that gave no cursor (or none known) takes any cursor as
 * its continuation.
 */
function continues(context: ToolListingContext, cursor: string | undefined): boolean {
  if (cursor === undefined) return false;
  if (cursor === context.next) return true;
  if (context.answered.has(cursor)) return false;
  return context.cursors.has(cursor) || (context.next === undefined && context.cursors.size === 0);
}

const SETUP = setup({
  types: {
    context: {} as ToolListingContext,
    events: {} as ToolListingEvent,
    emitted: {} as IssueEvent,
  },
  guards: {
    /** The tools page's SHOULD: names stay unique across the pages of one listing. */
    isNameRepeated: ({ context, event }) => event.type === 'tool' && continues(context, event.cursor) && context.names.has(event.name),
    startsListing: ({ event }) => event.type === 'page' && event.cursor === undefined,
    continuesListing: ({ context, event }) => event.type === 'page' && continues(context, event.cursor),
  },
  actions: {
    startListing: assign(() => EMPTY),
    recordPage: assign(({ context, event }) => {
      if (event.type !== 'page') return {};
      return {
        names: context.names.withAll(event.names.map((name) => [name, true] as const)),
        cursors: event.nextCursor === undefined ? context.cursors : context.cursors.withAll([[event.nextCursor, true]]),
        answered: event.cursor === undefined ? context.answered : context.answered.withAll([[event.cursor, true]]),
        next: event.nextCursor,
      };
    }),
    forgetListing: assign(() => EMPTY),
    reportIssue: emit(({ event }, params: { rule: 'tools/name-not-unique' }): IssueEvent => ({
      type: 'issue',
      rule: params.rule,
      pointer: pointerJoin('/message/result/tools', event.type === 'tool' ? event.index : 0, 'name'),
      message: `tool name ${JSON.stringify(event.type === 'tool' ? event.name : '')} was already listed on an earlier page of this listing`,
    })),
  },
});

/**
 * The client's view of a paged tools/list listing: no_listing -> listing (a request without a
 * cursor starts a new one; a further page adds its names) -> invalidated when
 * notifications/tools/list_changed makes the cached list invalid, so pages fetched with the old
 * listing's cursors are not judged against it. Names should stay unique across the pages of one
 * listing (the tools page's SHOULD): a tool of a further page that repeats a name is reported by a
 * targetless transition, so judging a page changes nothing; the page is taken once the session
 * accepts it.
 */
export const toolListingMachine = SETUP.createMachine({
  id: 'toolListing',
  context: EMPTY,
  initial: 'no_listing',
  states: {
    no_listing: {
      description: 'The client has not listed the tools yet: a page (of a listing begun unseen, when it has a cursor) starts what is known.',
      on: {
        page: { target: 'listing', actions: 'recordPage' },
      },
    },
    listing: {
      description: 'Pages of one listing were taken: a further page must not repeat their names; a request without a cursor starts over.',
      on: {
        tool: { guard: 'isNameRepeated', actions: { type: 'reportIssue', params: { rule: 'tools/name-not-unique' } } },
        page: [
          { guard: 'startsListing', actions: ['startListing', 'recordPage'] },
          { guard: 'continuesListing', actions: 'recordPage' },
        ],
        list_changed: { target: 'invalidated', actions: 'forgetListing' },
      },
    },
    invalidated: {
      description: 'notifications/tools/list_changed made the cached listing invalid: its names and cursors are forgotten, and the next page taken starts what is known.',
      on: {
        page: { target: 'listing', actions: 'recordPage' },
      },
    },
  },
});

/** The string cursor of tools/list request params, if any. */
function cursorOf(params: unknown): string | undefined {
  const cursor = isJsonObject(params) ? params['cursor'] : undefined;
  return typeof cursor === 'string' ? cursor : undefined;
}

/**
 * The session's wiring of the tool listing chart: tools/list results and list changes become its
 * events. A result's tools are judged before the session accepts it (each a targetless
 * transition, so a result the session then rejects changed nothing) and the page is taken once it
 * does. The chart starts with the first call, so a session that never lists tools runs none.
 */
export class ToolListing {
  readonly #inspect: ((event: InspectionEvent) => void) | undefined;
  #actor: GatedActor<typeof toolListingMachine> | undefined;

  constructor(inspect?: (event: InspectionEvent) => void) {
    this.#inspect = inspect;
  }

  #chart(): GatedActor<typeof toolListingMachine> {
    this.#actor ??= new GatedActor(toolListingMachine, undefined, this.#inspect);
    return this.#actor;
  }

  /** Checks a tools/list request's cursor. */
  checkRequest(_params: unknown): readonly Finding[] {
    // A cursor of a listing notifications/tools/list_changed made old is no finding: the pagination
    // page asks only that cursors be opaque and passed back as given, so a client may finish paging.
    return NO_FINDINGS;
  }

  /** Checks a tools/list result against the pages of the same listing seen so far. */
  checkResult(requestParams: unknown, result: JsonObject): readonly Finding[] {
    const tools = result['tools'];
    if (!Array.isArray(tools)) return NO_FINDINGS;
    const chart = this.#chart();
    const cursor = cursorOf(requestParams);
    let out: Finding[] | undefined;
    for (let index = 0; index < tools.length; index++) {
      const tool: unknown = tools[index];
      const name = isJsonObject(tool) ? tool['name'] : undefined;
      if (typeof name !== 'string') continue;
      const found = chart.send({ type: 'tool', cursor, index, name });
      if (found.length > 0) (out ??= []).push(...found);
    }
    return out ?? NO_FINDINGS;
  }

  /** Records an accepted page. */
  accept(requestParams: unknown, result: JsonObject): void {
    const tools: unknown = result['tools'];
    const names: string[] = [];
    if (Array.isArray(tools)) {
      for (const tool of tools as unknown[]) if (isJsonObject(tool) && typeof tool['name'] === 'string') names.push(tool['name']);
    }
    const next = result['nextCursor'];
    this.#chart().send({ type: 'page', cursor: cursorOf(requestParams), names, nextCursor: typeof next === 'string' ? next : undefined });
  }

  /** notifications/tools/list_changed: the cached listing is invalid from now on. */
  invalidate(): void {
    this.#chart().send({ type: 'list_changed' });
  }
}
