import { assign, emit, setup } from 'xstate';
import { shown } from '../validators/shape.ts';
import type { IssueEvent } from './issue.ts';
import { IssuedCursors } from './issued-cursors.ts';

/** What the cursor chart remembers: every cursor the server handed out, with its page's cacheScope. */
export interface CursorContext {
  readonly issued: IssuedCursors;
}

/** Events of the cursor chart; `method` is the list the cursor belongs to. */
export type CursorEvent =
  /** The session's start came into view: the client's initialize request, or a server whose every cursor the checker sees. */
  | { readonly type: 'start' }
  /** The client passes `cursor` back in a list request. */
  | { readonly type: 'cursor'; readonly method: string; readonly cursor: string }
  /** A result handed out `cursor` as its nextCursor, on a page of cacheScope `scope` (undefined: none the revision defines). */
  | { readonly type: 'issued'; readonly method: string; readonly cursor: string; readonly scope: string | undefined }
  /** The page fetched with `cursor` carries cacheScope `scope`. */
  | { readonly type: 'page'; readonly method: string; readonly cursor: string; readonly scope: string };

/** Rules the cursor chart raises. */
export type CursorRule = 'pagination/cursor-not-issued' | 'stateless/cache-scope-changed';

function issueFor(rule: CursorRule, context: CursorContext, event: CursorEvent): IssueEvent {
  const method = 'method' in event ? event.method : '';
  const cursor = 'cursor' in event ? shown(event.cursor) : '';
  switch (rule) {
    case 'pagination/cursor-not-issued':
      return { type: 'issue', rule, pointer: '/message/params/cursor',
        message: `cursor ${cursor} is no nextCursor the server gave for ${method} in this session: a client passes cursors back unchanged and does not keep them across sessions` };
    case 'stateless/cache-scope-changed': {
      const scope = event.type === 'page' ? event.scope : undefined;
      const before = event.type === 'page' ? context.issued.scopeOf(method, event.cursor) : undefined;
      return { type: 'issue', rule, pointer: '/message/result/cacheScope',
        message: `this ${method} page has cacheScope ${shown(scope)}, but the page whose nextCursor ${cursor} it continues had ${shown(before)}: every page of one list carries the same cacheScope` };
    }
  }
}

const SETUP = setup({
  types: {
    context: {} as CursorContext,
    events: {} as CursorEvent,
    input: {} as { readonly limit?: number } | undefined,
    emitted: {} as IssueEvent,
  },
  guards: {
    /** Pagination: "Clients MUST treat cursors as opaque tokens" (not modified, not kept across sessions); a table that forgot some proves nothing. */
    isNotIssued: ({ context, event }) =>
      event.type === 'cursor' && !context.issued.forgotten && !context.issued.has(event.method, event.cursor),
    /** Caching, Interaction with Pagination: "Servers MUST apply the same cacheScope to all response pages". */
    isScopeChanged: ({ context, event }) => {
      if (event.type !== 'page') return false;
      const before = context.issued.scopeOf(event.method, event.cursor);
      return before !== undefined && before !== event.scope;
    },
  },
  actions: {
    recordIssued: assign(({ context, event }) => (event.type === 'issued' ? { issued: context.issued.with(event.method, event.cursor, event.scope) } : {})),
    reportIssue: emit(({ context, event }, params: { rule: CursorRule }) => issueFor(params.rule, context, event)),
  },
});

/**
 * The cursors of one session: every nextCursor the server hands out is recorded with its page's
 * cacheScope, in any state. A page fetched with a recorded cursor must carry that cacheScope
 * (judged in any state: both pages are in view). A cursor the client passes back is judged only
 * `in_view`, once the session's start is seen (its initialize request, or a server whose every
 * cursor is in view): before that, in an `excerpt`, the server may have handed it out out of view.
 * Every rule is raised by a targetless transition that assigns nothing, so a rejected message
 * changes nothing.
 */
export const cursorMachine = SETUP.createMachine({
  id: 'cursors',
  context: ({ input }) => ({ issued: IssuedCursors.empty(input?.limit) }),
  initial: 'excerpt',
  on: {
    issued: { actions: 'recordIssued' },
    page: { guard: 'isScopeChanged', actions: { type: 'reportIssue', params: { rule: 'stateless/cache-scope-changed' } } },
  },
  states: {
    excerpt: {
      description: 'The session\'s start is not in view (or the revision has no session a cursor belongs to): a cursor the client passes back is not judged.',
      on: {
        start: { target: 'in_view' },
      },
    },
    in_view: {
      description: 'Every cursor the server handed out in this session is in view: the client passes back only those.',
      on: {
        cursor: { guard: 'isNotIssued', actions: { type: 'reportIssue', params: { rule: 'pagination/cursor-not-issued' } } },
      },
    },
  },
});
