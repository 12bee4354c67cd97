import { checkCapabilities } from '../validators/capabilities.ts';
import type { Direction, JsonObject } from '../validators/context.ts';
import { describeId, idKey, isRequestId, type IdKey, type RequestId } from '../validators/envelope.ts';
import { pointerJoin, type Finding } from '../validators/finding.ts';
import { isJsonObject, NO_FINDINGS, shown } from '../validators/shape.ts';
import { finding } from '../validators/rules/report.ts';
import { discoveryOf, type Discovery } from '../validators/stateless-discover.ts';
import { validateStatelessError } from '../validators/stateless-errors.ts';
import { LISTENED_NOTIFICATIONS, subscriptionFilterOf, type SubscriptionFilter } from '../validators/stateless-listen.ts';
import { PROTOCOL_VERSION_KEY, requestProtocolVersion, SUBSCRIPTION_ID_KEY, subscriptionIdOf } from '../validators/stateless-meta.ts';
import { CACHEABLE_METHODS, resultTypeOf } from '../validators/stateless-result.ts';
import { BoundedMap } from './bounded-map.ts';
import type { PendingRequest } from './correlation.ts';
import type { CallEvent, ExtensionFactory, ExtensionView, SessionExtension } from './extension.ts';
import { ruleById } from '../validators/rules/index.ts';

/** Cursors whose page's cacheScope is remembered; past this the oldest are forgotten (their next page is then not compared). */
const PAGE_SCOPE_LIMIT = 4096;

/** JSON-RPC's "Method not found". */
const METHOD_NOT_FOUND = -32601;

const pageKey = (method: string, cursor: string): string => `${method}\u0000${cursor}`;

function discoverRefusedFinding(id: RequestId, pointer: string, since: string): Finding {
  return finding(ruleById('stateless/discover-not-implemented'), pointer,
    `the server answered server/discover (request ${describeId(id)}) with -32601 (method not found), ${since}; a 2026-07-28 server must implement server/discover`);
}

/** One subscriptions/listen stream: what the client asked for and what the server agreed to. */
interface ListenStream {
  readonly id: RequestId;
  readonly requested: SubscriptionFilter;
  /** Set by the acknowledgement, the stream's first message; later messages need it. */
  acknowledged: SubscriptionFilter | undefined;
}

const SUB_ID_AT = pointerJoin('/message/params/_meta', SUBSCRIPTION_ID_KEY);

function describeFilter(filter: SubscriptionFilter): string {
  return [...filter.flags, ...[...filter.resources].map((u) => `resource ${u}`)].join(', ') || 'nothing';
}

/**
 * The session-wide state of the stateless revision beside the retry loop: what server/discover
 * declared (capabilities that gate later requests, the supported protocol versions), the open
 * subscriptions/listen streams that list-changed and resource-updated notifications must belong
 * to, and the data of the error codes the revision adds.
 */
class StatelessExtension implements SessionExtension {
  readonly name = 'stateless';
  #discovery: Discovery | undefined;
  readonly #streams = new Map<IdKey, ListenStream>();
  /** Listens closed by a result before any acknowledgement (already blamed: a late acknowledgement is the same defect). */
  readonly #closedUnacknowledged = new Set<IdKey>();
  /** The cacheScope of the page that handed out each cursor, by list method and cursor: the next page must carry it too. */
  readonly #pageScopes = new BoundedMap<string, string>(PAGE_SCOPE_LIMIT);
  /** True once the server answered a request the revision's way (a result with resultType): it is a 2026-07-28 server. */
  #modern = false;
  /** A server/discover the server answered -32601 before it showed itself modern; reported when it does. */
  #discoverRefused: RequestId | undefined;

  #supported(defaultVersion: string): readonly string[] {
    return this.#discovery?.supportedVersions ?? [defaultVersion];
  }

  checkCall(call: CallEvent, view: ExtensionView): readonly Finding[] {
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
    if (call.direction === 'server_to_client' && call.kind === 'notification') {
      const found = this.#checkServerNotification(call);
      if (found) out.push(found);
    }
    return out.length > 0 ? out : NO_FINDINGS;
  }

  #checkServerNotification(call: CallEvent): Finding | undefined {
    if (call.method === 'notifications/subscriptions/acknowledged') return this.#checkAcknowledged(call.params);
    if (call.method === 'notifications/cancelled') {
      const id = call.params?.['requestId'];
      if (isRequestId(id) && this.#streams.has(idKey(id))) return undefined;
      return finding(ruleById('stateless/server-cancel-not-listen'), '/message/params/requestId',
        `a server sends notifications/cancelled only to end a subscriptions/listen stream, but ${shown(id)} names none`);
    }
    const flag = LISTENED_NOTIFICATIONS.get(call.method);
    if (flag === undefined) return undefined;
    const id = subscriptionIdOf(call.params);
    if (id === undefined) {
      return finding(ruleById('stateless/subscription-id-missing'), '/message/params',
        `${call.method} is sent only on a subscriptions/listen stream, so its _meta must carry ${SUBSCRIPTION_ID_KEY}`);
    }
    const stream = isRequestId(id) ? this.#streams.get(idKey(id)) : undefined;
    if (!stream) return finding(ruleById('stateless/subscription-unknown'), SUB_ID_AT, `${call.method} names subscription ${shown(id)}, which is no open subscriptions/listen stream`);
    if (!stream.acknowledged) {
      return finding(ruleById('stateless/not-acknowledged'), SUB_ID_AT, `${call.method} was sent on subscription ${shown(id)} before notifications/subscriptions/acknowledged`);
    }
    if (flag === 'resourceSubscriptions') {
      const uri = call.params?.['uri'];
      if (typeof uri === 'string' && !stream.acknowledged.resources.has(uri)) {
        return finding(ruleById('stateless/resource-not-listened'), '/message/params/uri',
          `notifications/resources/updated for ${shown(uri)}, which subscription ${shown(id)} does not include (it covers ${describeFilter(stream.acknowledged)})`);
      }
      return undefined;
    }
    if (!stream.acknowledged.flags.has(flag)) {
      return finding(ruleById('stateless/not-listened'), '/message/method', `${call.method} on subscription ${shown(id)}, which did not opt in to ${flag} (it covers ${describeFilter(stream.acknowledged)})`);
    }
    return undefined;
  }

  #checkAcknowledged(params: JsonObject | undefined): Finding | undefined {
    const id = subscriptionIdOf(params);
    const stream = isRequestId(id) ? this.#streams.get(idKey(id)) : undefined;
    if (!stream) {
      if (isRequestId(id) && this.#closedUnacknowledged.has(idKey(id))) return undefined;
      return finding(ruleById('stateless/acknowledged-unknown-subscription'), SUB_ID_AT, `acknowledges subscription ${shown(id)}, which is no open subscriptions/listen request`);
    }
    if (stream.acknowledged) {
      return finding(ruleById('stateless/acknowledged-not-first'), SUB_ID_AT, `subscription ${shown(id)} was already acknowledged; the acknowledgement is its first message, sent once`);
    }
    const agreed = subscriptionFilterOf(params);
    for (const flag of agreed.flags) {
      if (!stream.requested.flags.has(flag)) {
        return finding(ruleById('stateless/acknowledged-not-requested'), pointerJoin('/message/params/notifications', flag), `acknowledges ${flag}, which listen request ${shown(id)} did not ask for`);
      }
    }
    for (const uri of agreed.resources) {
      if (!stream.requested.resources.has(uri)) {
        return finding(ruleById('stateless/acknowledged-not-requested'), '/message/params/notifications/resourceSubscriptions',
          `acknowledges resource ${shown(uri)}, which listen request ${shown(id)} did not subscribe to`);
      }
    }
    return undefined;
  }

  acceptCall(call: CallEvent): void {
    if (call.kind === 'request' && call.method === 'subscriptions/listen' && call.id !== undefined) {
      this.#streams.set(idKey(call.id), { id: call.id, requested: subscriptionFilterOf(call.params), acknowledged: undefined });
      this.#closedUnacknowledged.delete(idKey(call.id));
      return;
    }
    if (call.method === 'notifications/cancelled') {
      const id = call.params?.['requestId'];
      if (isRequestId(id)) this.#streams.delete(idKey(id));
      return;
    }
    if (call.method !== 'notifications/subscriptions/acknowledged') return;
    const id = subscriptionIdOf(call.params);
    const stream = isRequestId(id) ? this.#streams.get(idKey(id)) : undefined;
    if (stream) stream.acknowledged = subscriptionFilterOf(call.params);
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
    const scope = this.#scopeChanged(pending, result);
    if (scope) return [scope];
    if (pending.method === 'subscriptions/listen') {
      const id = subscriptionIdOf(result);
      if (id !== undefined && (!isRequestId(id) || idKey(id) !== idKey(pending.id))) {
        return [finding(ruleById('stateless/listen-result'), pointerJoin('/message/result/_meta', SUBSCRIPTION_ID_KEY),
          `the listen result closes subscription ${shown(id)}, but it answers listen request ${shown(pending.id)}`)];
      }
      // Subscriptions, Acknowledgment: the acknowledgement MUST be "the first message carrying the
      // subscription's ID"; the closing result carries it "like every other message on the stream".
      // An error answer carries no subscription id: refusing a listen breaks no line of the page.
      const stream = this.#streams.get(idKey(pending.id));
      if (id !== undefined && stream !== undefined && stream.acknowledged === undefined) {
        this.#closedUnacknowledged.add(idKey(pending.id));
        return [finding(ruleById('stateless/acknowledged-not-first'), pointerJoin('/message/result/_meta', SUBSCRIPTION_ID_KEY),
          `the listen result carries subscription ${shown(id)}, which was never acknowledged: notifications/subscriptions/acknowledged is the first message carrying a subscription id`)];
      }
    }
    return NO_FINDINGS;
  }

  /** A page fetched with a cursor whose cacheScope differs from the page that handed out that cursor. */
  #scopeChanged(pending: PendingRequest, result: JsonObject): Finding | undefined {
    const cursor = isJsonObject(pending.params) ? pending.params['cursor'] : undefined;
    const scope = result['cacheScope'];
    if (typeof cursor !== 'string' || typeof scope !== 'string' || !CACHEABLE_METHODS.has(pending.method)) return undefined;
    const before = this.#pageScopes.get(pageKey(pending.method, cursor));
    if (before === undefined || before === scope) return undefined;
    return finding(ruleById('stateless/cache-scope-changed'), '/message/result/cacheScope',
      `this ${pending.method} page has cacheScope ${shown(scope)}, but the page whose nextCursor ${shown(cursor)} it continues had ${shown(before)}: every page of one list carries the same cacheScope`);
  }

  checkError(pending: PendingRequest, error: JsonObject, direction: Direction, view: ExtensionView): readonly Finding[] {
    if (direction !== 'server_to_client') return NO_FINDINGS;
    if (pending.method === 'server/discover' && error['code'] === METHOD_NOT_FOUND) {
      if (this.#modern) return [discoverRefusedFinding(pending.id, '/message/error/code', 'though it answers the revision\'s other requests')];
      this.#discoverRefused ??= pending.id;
    }
    return validateStatelessError(error, '/message/error', pending.params, view.ctx);
  }

  acceptResponse(pending: PendingRequest, ok: boolean, result: JsonObject | undefined, direction: Direction): readonly Finding[] | void {
    if (direction !== 'server_to_client') return;
    if (ok && resultTypeOf(result) !== undefined) {
      const next = result?.['nextCursor'];
      const scope = result?.['cacheScope'];
      if (typeof next === 'string' && typeof scope === 'string' && CACHEABLE_METHODS.has(pending.method)) this.#pageScopes.set(pageKey(pending.method, next), scope);
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
      this.#streams.delete(idKey(pending.id));
    }
  }

  view(): unknown {
    return {
      discovered: this.#discovery ? { supportedVersions: this.#discovery.supportedVersions, capabilities: this.#discovery.capabilities } : null,
      streams: [...this.#streams.values()].map((s) => ({
        id: s.id,
        requested: describeFilter(s.requested),
        acknowledged: s.acknowledged ? describeFilter(s.acknowledged) : null,
      })),
    };
  }
}

/** Discovery, protocol versions, listen streams and error data of the stateless revision, for stateless profiles only. */
// Whether the client speaks 2026-07-28 alone changes nothing here: a server/discover answered -32601
// is what a legacy server answers too (stdio page, Backward Compatibility), so it is blamed only once
// the server answers as a 2026-07-28 server.
export const statelessExtension: ExtensionFactory = (profile) => (profile.stateless ? new StatelessExtension() : undefined);
