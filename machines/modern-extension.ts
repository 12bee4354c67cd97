import { checkCapabilities } from '../validators/capabilities.ts';
import type { InspectionEvent } from 'xstate';
import type { Direction, JsonObject } from '../validators/context.ts';
import { describeId, idKey, isRequestId, type IdKey, type RequestId } from '../validators/envelope.ts';
import { hasError, pointerJoin, type Finding } from '../validators/finding.ts';
import { isJsonObject, NO_FINDINGS, shown } from '../validators/shape.ts';
import { finding } from '../validators/rules/report.ts';
import { discoveryOf, type Discovery } from '../validators/modern-discover.ts';
import { validateModernError } from '../validators/modern-errors.ts';
import { LISTENED_NOTIFICATIONS, subscriptionFilterOf } from '../validators/modern-listen.ts';
import { PROTOCOL_VERSION_KEY, requestProtocolVersion, SUBSCRIPTION_ID_KEY, subscriptionIdOf } from '../validators/modern-meta.ts';
import { CACHEABLE_METHODS, resultTypeOf } from '../validators/modern-result.ts';
import type { PendingRequest } from './correlation.ts';
import { CursorChart } from './cursor-extension.ts';
import type { CallEvent, ExtensionFactory, ExtensionView, SessionExtension } from './extension.ts';
import { DeferredCommits, GatedActor } from './gated-actor.ts';
import { describeFilter, listenMachine, type ListenEvent, type ListenFilter } from './listen.ts';
import { ruleById } from '../validators/rules/index.ts';

/** JSON-RPC's "Method not found". */
const METHOD_NOT_FOUND = -32601;

function discoverRefusedFinding(id: RequestId, pointer: string, since: string): Finding {
  return finding(ruleById('stateless/discover-not-implemented'), pointer,
    `the server answered server/discover (request ${describeId(id)}) with -32601 (method not found), ${since}; a 2026-07-28 server must implement server/discover`);
}

type Stream = GatedActor<typeof listenMachine>;

/** The filter of listen or acknowledged params, as the listen chart keeps it. */
function listenFilterOf(params: unknown): ListenFilter {
  const filter = subscriptionFilterOf(params);
  return { flags: [...filter.flags], resources: [...filter.resources] };
}

/**
 * The session-wide state of the stateless revision beside the retry loop: what server/discover
 * declared (capabilities that gate later requests, the supported protocol versions), the open
 * subscriptions/listen streams that list-changed and resource-updated notifications must belong
 * to, and the data of the error codes the revision adds.
 */
class ModernExtension implements SessionExtension {
  readonly name = 'stateless';
  #discovery: Discovery | undefined;
  readonly #inspect: ((event: InspectionEvent) => void) | undefined;
  /**
   * One listen machine per stream, by its listen request's id; a stream back in `idle` is dropped.
   * Not bounded here: a stream forgotten would blame its later messages on the server.
   */
  readonly #streams = new Map<IdKey, Stream>();
  /** Judges the messages naming an id no stream holds (it stays `idle`: each of them is rejected there). */
  #unheld: Stream | undefined;
  readonly #deferred = new DeferredCommits();
  /** The cursor chart, fed the cursors pages hand out with their cacheScope: the next page must carry it too. */
  readonly #pages: CursorChart;
  /** True once the server answered a request the revision's way (a result with resultType): it is a 2026-07-28 server. */
  #modern = false;
  /** A server/discover the server answered -32601 before it showed itself modern; reported when it does. */
  #discoverRefused: RequestId | undefined;

  constructor(inspect?: (event: InspectionEvent) => void) {
    this.#inspect = inspect;
    this.#pages = new CursorChart(inspect);
  }

  /** The stream an id names, or the idle machine when none holds it. */
  #stream(id: unknown): Stream {
    const held = isRequestId(id) ? this.#streams.get(idKey(id)) : undefined;
    if (held) return held;
    this.#unheld ??= new GatedActor(listenMachine, undefined, this.#inspect);
    return this.#unheld;
  }

  /** Judges a listen event on its stream; an accepted one is taken when the session accepts the message. */
  #checkListen(event: ListenEvent): Finding | undefined {
    const stream = this.#stream('id' in event ? event.id : undefined);
    const found = stream.check(event);
    if (!hasError(found)) this.#deferred.add(() => this.#take(stream, event));
    return found[0];
  }

  /** Takes `event` on `stream`; a stream back in `idle` holds nothing and is dropped. */
  #take(stream: Stream, event: ListenEvent): void {
    if (stream === this.#unheld) return; // nothing it accepts changes it
    stream.send(event);
    if (stream.snapshot.value === 'idle') {
      for (const [key, s] of this.#streams.entries()) {
        if (s === stream) {
          this.#streams.delete(key);
          break;
        }
      }
      stream.stop();
    }
  }

  #supported(defaultVersion: string): readonly string[] {
    return this.#discovery?.supportedVersions ?? [defaultVersion];
  }

  checkCall(call: CallEvent, view: ExtensionView): readonly Finding[] {
    this.#deferred.hold(call);
    const out: Finding[] = [];
    if (call.direction === 'client_to_server' && call.kind === 'request') {
      const version = requestProtocolVersion(call.params);
      const supported = this.#supported(view.profile.protocolVersion);
      if (version !== undefined && !supported.includes(version)) {
        out.push(finding(ruleById('stateless/protocol-version-unsupported'), pointerJoin('/message/params/_meta', PROTOCOL_VERSION_KEY),
          `protocol version ${shown(version)} is not one the server supports (${supported.join(', ')})${this.#discovery ? ', as server/discover declared' : ''}`));
      }
    }
    if (this.#discovery) {
      const gate = checkCapabilities(call.method, call.params, call.direction, undefined, this.#discovery.capabilities, '/message/method');
      if (gate && gate.rule === 'capability/server-not-declared') {
        out.push({ ...gate, message: `${gate.message}, as server/discover declared` });
        return out;
      }
    }
    if (call.kind === 'notification' && call.method === 'notifications/cancelled') {
      const found = this.#checkListen({ type: 'cancelled', id: call.params?.['requestId'], by: call.direction });
      if (found) out.push(found);
    } else if (call.direction === 'server_to_client' && call.kind === 'notification') {
      const found = this.#checkServerNotification(call);
      if (found) out.push(found);
    }
    return out.length > 0 ? out : NO_FINDINGS;
  }

  #checkServerNotification(call: CallEvent): Finding | undefined {
    if (call.method === 'notifications/subscriptions/acknowledged') {
      return this.#checkListen({ type: 'acknowledged', id: subscriptionIdOf(call.params), agreed: listenFilterOf(call.params) });
    }
    const flag = LISTENED_NOTIFICATIONS.get(call.method);
    if (flag === undefined) return undefined;
    const id = subscriptionIdOf(call.params);
    if (id === undefined) {
      return finding(ruleById('stateless/subscription-id-missing'), '/message/params',
        `${call.method} is sent only on a subscriptions/listen stream, so its _meta must carry ${SUBSCRIPTION_ID_KEY}`);
    }
    const uri = call.params?.['uri'];
    return this.#checkListen({ type: 'notification', id, method: call.method, flag, uri: typeof uri === 'string' ? uri : undefined });
  }

  acceptCall(call: CallEvent): void {
    this.#deferred.commit(call);
    if (call.kind === 'request' && call.method === 'subscriptions/listen' && call.id !== undefined) {
      const key = idKey(call.id);
      let stream = this.#streams.get(key);
      if (!stream) {
        stream = new GatedActor(listenMachine, undefined, this.#inspect);
        this.#streams.set(key, stream);
      }
      stream.send({ type: 'listen', id: call.id, requested: listenFilterOf(call.params) });
    }
  }

  /**
   * A result to a request in a version the server's DiscoverResult does not list: it had to be
   * refused with -32022. With or without resultType (a server that serves an unknown version as a
   * legacy request answers without one), that is the one defect: the result's shape is not judged.
   */
  refusedResult(pending: PendingRequest, _result: JsonObject, direction: Direction): Finding | undefined {
    if (direction !== 'server_to_client') return undefined;
    const version = requestProtocolVersion(pending.params);
    // A DiscoverResult is a valid answer in any version (stdio page, Backward Compatibility: "The
    // server returns a DiscoverResult: the server is modern. Select a mutually supported version
    // from supportedVersions"): only the other requests must be refused with -32022.
    const discovered = pending.method === 'server/discover' ? undefined : this.#discovery;
    if (version === undefined || !discovered || discovered.supportedVersions.includes(version)) return undefined;
    return finding(ruleById('stateless/unsupported-version-not-rejected'), '/message/result',
      `the request spoke protocol version ${shown(version)}, which the server does not support (${discovered.supportedVersions.join(', ') || 'none'}); it must answer with error -32022, not a result`);
  }

  checkResult(pending: PendingRequest, result: JsonObject, direction: Direction): readonly Finding[] {
    if (direction !== 'server_to_client' || resultTypeOf(result) === undefined) return NO_FINDINGS;
    const scope = this.#checkPage(pending, result);
    if (scope.length > 0) return scope;
    if (pending.method === 'subscriptions/listen') {
      const found = this.#stream(pending.id).check({ type: 'result', id: pending.id, subscriptionId: subscriptionIdOf(result) });
      if (found.length > 0) return found;
    }
    return NO_FINDINGS;
  }

  /** A page fetched with a cursor, for the cursor chart to compare its cacheScope with the page that handed out that cursor. */
  #checkPage(pending: PendingRequest, result: JsonObject): readonly Finding[] {
    const cursor = isJsonObject(pending.params) ? pending.params['cursor'] : undefined;
    const scope = result['cacheScope'];
    if (typeof cursor !== 'string' || typeof scope !== 'string' || !CACHEABLE_METHODS.has(pending.method)) return NO_FINDINGS;
    return this.#pages.checkPage(pending.method, cursor, scope);
  }

  checkError(pending: PendingRequest, error: JsonObject, direction: Direction, view: ExtensionView): readonly Finding[] {
    if (direction !== 'server_to_client') return NO_FINDINGS;
    if (pending.method === 'server/discover' && error['code'] === METHOD_NOT_FOUND) {
      if (this.#modern) return [discoverRefusedFinding(pending.id, '/message/error/code', 'though it answers the revision\'s other requests')];
      this.#discoverRefused ??= pending.id;
    }
    return validateModernError(error, '/message/error', pending.params, view.ctx);
  }

  acceptResponse(pending: PendingRequest, ok: boolean, result: JsonObject | undefined, direction: Direction): readonly Finding[] | void {
    if (direction !== 'server_to_client') return;
    if (ok && resultTypeOf(result) !== undefined) {
      const next = result?.['nextCursor'];
      const scope = result?.['cacheScope'];
      if (typeof next === 'string' && typeof scope === 'string' && CACHEABLE_METHODS.has(pending.method)) this.#pages.record(pending.method, next, scope);
    }
    const late = this.#noteModern(pending, ok, result);
    this.#acceptOwn(pending, ok, result);
    return late;
  }

  /** Notes a result of the revision (resultType); the first one reports a server/discover refused earlier. */
  #noteModern(pending: PendingRequest, ok: boolean, result: JsonObject | undefined): readonly Finding[] | void {
    if (!ok || resultTypeOf(result) === undefined || this.#modern) return;
    this.#modern = true;
    const refused = this.#discoverRefused;
    this.#discoverRefused = undefined;
    if (refused === undefined || pending.method === 'server/discover') return;
    return [discoverRefusedFinding(refused, '/message/result/resultType', `yet answers ${pending.method} as a 2026-07-28 server (resultType)`)];
  }

  #acceptOwn(pending: PendingRequest, ok: boolean, result: JsonObject | undefined): void {
    if (pending.method === 'server/discover' && ok && resultTypeOf(result) === 'complete') {
      this.#discovery = discoveryOf(result) ?? this.#discovery;
    } else if (pending.method === 'subscriptions/listen') {
      const stream = this.#streams.get(idKey(pending.id));
      if (stream) this.#take(stream, { type: 'closed' });
    }
  }

  view(): unknown {
    return {
      discovered: this.#discovery ? { supportedVersions: this.#discovery.supportedVersions, capabilities: this.#discovery.capabilities } : null,
      streams: [...this.#streams.entries()].map(([key, s]) => {
        const c = s.snapshot.context;
        return { id: c.id ?? key, state: String(s.snapshot.value), requested: describeFilter(c.requested), acknowledged: c.acknowledged ? describeFilter(c.acknowledged) : null };
      }),
    };
  }

  stop(): void {
    for (const s of this.#streams.values()) s.stop();
    this.#streams.clear();
    this.#unheld?.stop();
    this.#pages.stop();
  }
}

/** Discovery, protocol versions, listen streams and error data of the stateless revision, for stateless profiles only. */
// Whether the client speaks 2026-07-28 alone changes nothing here: a server/discover answered -32601
// is what a legacy server answers too (stdio page, Backward Compatibility), so it is blamed only once
// the server answers as a 2026-07-28 server.
export const modernExtension: ExtensionFactory = (profile, options) => (profile.stateless ? new ModernExtension(options?.inspect) : undefined);
