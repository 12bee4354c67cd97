import type { InspectionEvent } from 'xstate';
import type { Direction, JsonObject } from '../validators/context.ts';
import { idKey, isRequestId, type IdKey } from '../validators/envelope.ts';
import { hasError, type Finding } from '../validators/finding.ts';
import { isJsonObject, NO_FINDINGS, shown } from '../validators/shape.ts';
import { finding } from '../validators/rules/report.ts';
import { discoveryOf } from '../validators/modern-discover.ts';
import { validateModernError } from '../validators/modern-errors.ts';
import { LISTENED_NOTIFICATIONS, subscriptionFilterOf, validateListenedNotification } from '../validators/modern-listen.ts';
import { requestProtocolVersion, subscriptionIdOf } from '../validators/modern-meta.ts';
import { CACHEABLE_METHODS, resultTypeOf } from '../validators/modern-result.ts';
import type { PendingRequest } from './correlation.ts';
import { CursorChart } from './cursor-extension.ts';
import { discoveryMachine, type DiscoveryEvent } from './discovery.ts';
import type { CallEvent, ExtensionFactory, ExtensionView, SessionExtension } from './extension.ts';
import { DeferredCommits, GatedActor } from './gated-actor.ts';
import { describeFilter, listenMachine, type ListenEvent, type ListenFilter } from './listen.ts';
import { ruleById } from '../validators/rules/index.ts';


type Stream = GatedActor<typeof listenMachine>;

/** The filter of listen or acknowledged params, as the listen chart keeps it. */
function listenFilterOf(params: unknown): ListenFilter {
  const filter = subscriptionFilterOf(params);
  return { flags: [...filter.flags], resources: [...filter.resources] };
}

/**
 * The session-wide state of the stateless revision beside the retry loop, as chart events: what
 * server/discover declared (the discovery chart: capabilities that gate later requests, the
 * supported protocol versions), the open subscriptions/listen streams that list-changed and
 * resource-updated notifications must belong to (one listen chart each), and the data of the
 * error codes the revision adds.
 */
class ModernExtension implements SessionExtension {
  readonly name = 'stateless';
  /** What the server declared by server/discover (the discovery chart), fed every request, call and answer. */
  readonly #discovery: GatedActor<typeof discoveryMachine>;
  /** The discovery chart's change an error answer holds until the session takes that answer. */
  readonly #answers = new DeferredCommits();
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

  constructor(defaultVersion: string, inspect?: (event: InspectionEvent) => void) {
    this.#inspect = inspect;
    this.#pages = new CursorChart(inspect);
    this.#discovery = new GatedActor(discoveryMachine, { defaultVersion }, inspect);
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

  /** Judges a discovery event; one the chart accepts is taken when the session accepts the message (unless it would change nothing). */
  #checkDiscovery(event: DiscoveryEvent, out: Finding[]): boolean {
    const { findings, unchanged } = this.#discovery.checkTaking(event);
    for (const f of findings) out.push(f);
    if (hasError(findings)) return false;
    if (!unchanged) this.#deferred.add(() => this.#discovery.send(event));
    return true;
  }

  checkCall(call: CallEvent): readonly Finding[] {
    this.#deferred.hold(call);
    const out: Finding[] = [];
    if (call.direction === 'client_to_server' && call.kind === 'request') this.#checkDiscovery({ type: 'request', version: requestProtocolVersion(call.params) }, out);
    if (!this.#checkDiscovery({ type: 'call', direction: call.direction, method: call.method, params: call.params }, out)) return out;
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
    const missing = validateListenedNotification(call.method, call.params, '/message/params');
    if (missing.length > 0) return missing[0];
    const id = subscriptionIdOf(call.params);
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
   * A result to a request in a version the server's DiscoverResult does not list (the discovery
   * chart): with or without resultType (a server that serves an unknown version as a legacy request
   * answers without one), that is the one defect: the result's shape is not judged.
   */
  refusedResult(pending: PendingRequest, _result: JsonObject, direction: Direction): Finding | undefined {
    if (direction !== 'server_to_client') return undefined;
    return this.#discovery.check({ type: 'served', method: pending.method, version: requestProtocolVersion(pending.params) })[0];
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
    this.#answers.hold(pending);
    const event: DiscoveryEvent = { type: 'error', id: pending.id, method: pending.method, code: error['code'] };
    const { findings, unchanged } = this.#discovery.checkTaking(event);
    if (hasError(findings)) return findings;
    if (!unchanged) this.#answers.add(() => this.#discovery.send(event));
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

  /**
   * Takes an answer on the discovery chart: an error's held change, or a result of the revision
   * (resultType: the server speaks 2026-07-28), which reports a server/discover it refused before.
   */
  #noteModern(pending: PendingRequest, ok: boolean, result: JsonObject | undefined): readonly Finding[] | void {
    if (!ok) {
      this.#answers.commit(pending);
      return;
    }
    const type = resultTypeOf(result);
    if (type === undefined) return;
    const discovery = pending.method === 'server/discover' && type === 'complete' ? discoveryOf(result) : undefined;
    const late = this.#discovery.send({ type: 'answered', method: pending.method, discovery });
    return late.length > 0 ? late : undefined;
  }

  #acceptOwn(pending: PendingRequest, _ok: boolean, _result: JsonObject | undefined): void {
    if (pending.method === 'subscriptions/listen') {
      const stream = this.#streams.get(idKey(pending.id));
      if (stream) this.#take(stream, { type: 'closed' });
    }
  }

  view(): unknown {
    const discovered = this.#discovery.snapshot.context.discovery;
    return {
      discovered: discovered ? { supportedVersions: discovered.supportedVersions, capabilities: discovered.capabilities } : null,
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
    this.#discovery.stop();
  }
}

/** Discovery, protocol versions, listen streams and error data of the stateless revision, for stateless profiles only. */
// Whether the client speaks 2026-07-28 alone changes nothing here: a server/discover answered -32601
// is what a legacy server answers too (stdio page, Backward Compatibility), so it is blamed only once
// the server answers as a 2026-07-28 server.
export const modernExtension: ExtensionFactory = (profile, options) => (profile.stateless ? new ModernExtension(profile.protocolVersion, options?.inspect) : undefined);
