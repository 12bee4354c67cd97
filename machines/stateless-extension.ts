import { checkCapabilities } from '../validators/capabilities.ts';
import type { Direction, JsonObject } from '../validators/context.ts';
import { idKey, isRequestId, type IdKey, type RequestId } from '../validators/envelope.ts';
import { pointerJoin, type Finding } from '../validators/finding.ts';
import { NO_FINDINGS, shown } from '../validators/shape.ts';
import { finding } from '../validators/rules/report.ts';
import { discoveryOf, type Discovery } from '../validators/stateless-discover.ts';
import { validateStatelessError } from '../validators/stateless-errors.ts';
import { LISTENED_NOTIFICATIONS, subscriptionFilterOf, type SubscriptionFilter } from '../validators/stateless-listen.ts';
import { PROTOCOL_VERSION_KEY, requestProtocolVersion, SUBSCRIPTION_ID_KEY, subscriptionIdOf } from '../validators/stateless-meta.ts';
import { resultTypeOf } from '../validators/stateless-result.ts';
import type { PendingRequest } from './correlation.ts';
import type { CallEvent, ExtensionFactory, ExtensionView, SessionExtension } from './extension.ts';
import { ruleById } from '../validators/rules/index.ts';

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

  checkResult(pending: PendingRequest, result: JsonObject, direction: Direction): readonly Finding[] {
    if (direction !== 'server_to_client' || resultTypeOf(result) === undefined) return NO_FINDINGS;
    const version = requestProtocolVersion(pending.params);
    const discovered = pending.method === 'server/discover' ? discoveryOf(result) : this.#discovery;
    if (version !== undefined && discovered && !discovered.supportedVersions.includes(version)) {
      return [finding(ruleById('stateless/unsupported-version-not-rejected'), '/message/result',
        `the request spoke protocol version ${shown(version)}, which the server does not support (${discovered.supportedVersions.join(', ') || 'none'}); it must answer with error -32022, not a result`)];
    }
    if (pending.method === 'subscriptions/listen') {
      const id = subscriptionIdOf(result);
      if (id !== undefined && (!isRequestId(id) || idKey(id) !== idKey(pending.id))) {
        return [finding(ruleById('stateless/listen-result'), pointerJoin('/message/result/_meta', SUBSCRIPTION_ID_KEY),
          `the listen result closes subscription ${shown(id)}, but it answers listen request ${shown(pending.id)}`)];
      }
    }
    return NO_FINDINGS;
  }

  checkError(pending: PendingRequest, error: JsonObject, direction: Direction, view: ExtensionView): readonly Finding[] {
    if (direction !== 'server_to_client') return NO_FINDINGS;
    return validateStatelessError(error, '/message/error', pending.params, view.ctx);
  }

  acceptResponse(pending: PendingRequest, ok: boolean, result: JsonObject | undefined, direction: Direction): void {
    if (direction !== 'server_to_client') return;
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
export const statelessExtension: ExtensionFactory = (profile) => (profile.stateless ? new StatelessExtension() : undefined);
