import type { InspectionEvent } from 'xstate';
import { profileFacts } from '../validators/profiles.ts';
import type { Direction, JsonObject, Profile } from '../validators/context.ts';
import type { Finding } from '../validators/finding.ts';
import { NO_FINDINGS } from '../validators/shape.ts';
import type { PendingRequest } from './correlation.ts';
import { cursorMachine } from './cursor.ts';
import type { CallEvent, ExtensionFactory, SessionExtension } from './extension.ts';
import { GatedActor } from './gated-actor.ts';

/** The list requests a client pages through with the cursors a server hands out. */
export const PAGINATED_METHODS: ReadonlySet<string> = new Set(['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list', 'tasks/list']);

/**
 * One session's cursor chart (machines/cursor.ts), fed by the extensions that see its messages:
 * cursors passed back and pages are judged before the session accepts the message, a cursor
 * handed out is recorded once it is accepted. The actor starts with the first event.
 */
export class CursorChart {
  readonly #inspect: ((event: InspectionEvent) => void) | undefined;
  #actor: GatedActor<typeof cursorMachine> | undefined;

  constructor(inspect?: (event: InspectionEvent) => void) {
    this.#inspect = inspect;
  }

  get #chart(): GatedActor<typeof cursorMachine> {
    this.#actor ??= new GatedActor(cursorMachine, undefined, this.#inspect);
    return this.#actor;
  }

  /** The session's start is in view: from now on every cursor the server hands out is seen. */
  start(): void {
    this.#chart.send({ type: 'start' });
  }

  /** Judges `cursor`, passed back by the client in a `method` request. */
  checkCursor(method: string, cursor: string): readonly Finding[] {
    return this.#chart.check({ type: 'cursor', method, cursor });
  }

  /** Judges the cacheScope of the `method` page fetched with `cursor`. */
  checkPage(method: string, cursor: string, scope: string): readonly Finding[] {
    // No cursor recorded yet: the chart has nothing to compare the page with.
    return this.#actor === undefined ? NO_FINDINGS : this.#actor.check({ type: 'page', method, cursor, scope });
  }

  /** Records `cursor`, handed out as the nextCursor of a `method` page of cacheScope `scope`. */
  record(method: string, cursor: string, scope: string | undefined): void {
    this.#chart.send({ type: 'issued', method, cursor, scope });
  }

  /** The cursors remembered, as `method cursor`, and whether some were forgotten. */
  view(): { readonly issued: readonly string[]; readonly forgotten: boolean } {
    const issued = this.#actor?.snapshot.context.issued;
    return { issued: issued?.describe() ?? [], forgotten: issued?.forgotten ?? false };
  }

  stop(): void {
    this.#actor?.stop();
  }
}

/**
 * Feeds the cursor chart the cursors a server issued (nextCursor of a list result) in a session of
 * an initialize-based revision, and the cursors the client passes back: pagination's "Clients MUST
 * treat cursors as opaque tokens: don't parse or modify cursors, don't persist cursors across
 * sessions" leaves a client only the cursors this session's server gave it for the same list. The
 * stateless revision has no session a cursor belongs to (a cached page may be re-fetched by its
 * cursor on another connection), so there an unknown cursor proves nothing and is not judged. Nor
 * is it where the session's start is out of view (a fixture case begins past the handshake): only
 * a session whose initialize request was seen has shown every cursor its server gave (and not an
 * excerpt after a handshake played for it). Where the server is the checker's own (a judging
 * server serving this one connection), every cursor it gave is in view from the start, in either
 * era: a cursor it never gave is the client's making.
 */
class CursorExtension implements SessionExtension {
  readonly name = 'cursors';
  readonly #chart: CursorChart;

  constructor(inView: boolean, inspect?: (event: InspectionEvent) => void) {
    this.#chart = new CursorChart(inspect);
    if (inView) this.#chart.start();
  }

  checkCall(call: CallEvent): readonly Finding[] {
    if (call.kind !== 'request' || call.direction !== 'client_to_server' || !PAGINATED_METHODS.has(call.method)) return NO_FINDINGS;
    const cursor = call.params?.['cursor'];
    return typeof cursor === 'string' ? this.#chart.checkCursor(call.method, cursor) : NO_FINDINGS;
  }

  acceptCall(call: CallEvent): void {
    if (call.kind === 'request' && call.direction === 'client_to_server' && call.method === 'initialize') this.#chart.start();
  }

  acceptResponse(pending: PendingRequest, ok: boolean, result: JsonObject | undefined, direction: Direction): void {
    if (!ok || direction !== 'server_to_client' || !PAGINATED_METHODS.has(pending.method)) return;
    const next = result?.['nextCursor'];
    if (typeof next === 'string') this.#chart.record(pending.method, next, undefined);
  }

  view(): unknown {
    return this.#chart.view();
  }

  stop(): void {
    this.#chart.stop();
  }
}

/** Cursor provenance, for the specification profiles of the initialize-based revisions. */
export const cursorExtension: ExtensionFactory = (profile: Profile, options) => {
  if (profileFacts(profile).coreMachinesOnly || options?.excerpt === true) return undefined;
  if (options?.cursorsInView === true) return new CursorExtension(true, options.inspect);
  return profile.stateless ? undefined : new CursorExtension(false, options?.inspect);
};
