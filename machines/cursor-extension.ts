import type { Direction, JsonObject, Profile } from '../validators/context.ts';
import type { Finding } from '../validators/finding.ts';
import { NO_FINDINGS, shown } from '../validators/shape.ts';
import { finding } from '../validators/rules/report.ts';
import { ruleById } from '../validators/rules/index.ts';
import { BoundedMap } from './bounded-map.ts';
import type { PendingRequest } from './correlation.ts';
import type { CallEvent, ExtensionFactory, SessionExtension } from './extension.ts';

/** The list requests a client pages through with the cursors a server hands out. */
export const PAGINATED_METHODS: ReadonlySet<string> = new Set(['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list', 'tasks/list']);

/** Cursors remembered (per method and value); past this the oldest are forgotten, and an unknown cursor is then not reported. */
export const CURSOR_LIMIT = 4096;

const key = (method: string, cursor: string): string => `${method}\u0000${cursor}`;

/**
 * The cursors a server issued (nextCursor of a list result) in a session of an initialize-based
 * revision, and the cursors the client passes back: pagination's "Clients MUST treat cursors as
 * opaque tokens: don't parse or modify cursors, don't persist cursors across sessions" leaves a
 * client only the cursors this session's server gave it for the same list. The stateless
 * revision has no session a cursor belongs to (a cached page may be re-fetched by its cursor on
 * another connection), so there an unknown cursor proves nothing and is not judged. Nor is it
 * where the session's start is out of view (a fixture case begins past the handshake): only a
 * session whose initialize request was seen has shown every cursor its server gave (and not an
 * excerpt after a handshake played for it). Where the server is the checker's own (a judging
 * server serving this one connection), every cursor it gave is in view from the start, in either
 * era: a cursor it never gave is the client's making.
 */
class CursorExtension implements SessionExtension {
  readonly name = 'cursors';
  readonly #issued = new BoundedMap<string, true>(CURSOR_LIMIT);
  /** True once the client's initialize request was seen: from then on every cursor the server gave is in view. */
  #fromStart: boolean;

  constructor(inView: boolean) {
    this.#fromStart = inView;
  }

  checkCall(call: CallEvent): readonly Finding[] {
    if (call.kind !== 'request' || call.direction !== 'client_to_server' || !PAGINATED_METHODS.has(call.method)) return NO_FINDINGS;
    const cursor = call.params?.['cursor'];
    if (typeof cursor !== 'string' || !this.#fromStart || this.#issued.has(key(call.method, cursor)) || this.#issued.forgotten) return NO_FINDINGS;
    return [finding(ruleById('pagination/cursor-not-issued'), '/message/params/cursor',
      `cursor ${shown(cursor)} is no nextCursor the server gave for ${call.method} in this session: a client passes cursors back unchanged and does not keep them across sessions`)];
  }

  acceptCall(call: CallEvent): void {
    if (call.kind === 'request' && call.direction === 'client_to_server' && call.method === 'initialize') this.#fromStart = true;
  }

  acceptResponse(pending: PendingRequest, ok: boolean, result: JsonObject | undefined, direction: Direction): void {
    if (!ok || direction !== 'server_to_client' || !PAGINATED_METHODS.has(pending.method)) return;
    const next = result?.['nextCursor'];
    if (typeof next === 'string') this.#issued.set(key(pending.method, next), true);
  }

  view(): unknown {
    return { issued: [...this.#issued.entries()].map(([k]) => k.replace('\u0000', ' ')), forgotten: this.#issued.forgotten };
  }
}

/** Cursor provenance, for the specification profiles of the initialize-based revisions. */
export const cursorExtension: ExtensionFactory = (profile: Profile, options) => {
  if (profile.id === 'course' || options?.excerpt === true) return undefined;
  if (options?.cursorsInView === true) return new CursorExtension(true);
  return profile.stateless ? undefined : new CursorExtension(false);
};
