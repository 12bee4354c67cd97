import { runMachine, type MachineRunner } from './runner.ts';
import { CapabilityGate } from './capability-gate.ts';
import { type Direction, type JsonObject, OPPOSITE, type ValidationContext } from '../validators/context.ts';
import { idKey, type Envelope, type RequestId } from '../validators/envelope.ts';
import { hasError, type Finding } from '../validators/finding.ts';
import type { MethodSpec } from '../validators/methods.ts';
import { profileFacts, type ProfileFacts } from '../validators/profiles.ts';
import { RULES } from '../validators/rules/index.ts';
import { authorizationMachine } from './authorization.ts';
import { correlationMachine, PENDING_LIMIT, type PendingRequest } from './correlation.ts';
import { sizeEstimate } from './byte-budget.ts';
import type { IssueEvent } from './issue.ts';
import { lifecycleMachine, type LifecycleEvent } from './lifecycle.ts';
import { subscriptionMachine } from './subscription.ts';
import { Subscriptions } from './subscriptions.ts';
import { refusesSubscriptionCall, settleSubscriptionCall, subscriptionCallOf, unsubscribeResultFindings } from './subscription-calls.ts';
import { UntrackedRequests } from './untracked-requests.ts';
import { resourceEventsOf } from './resource-policy.ts';
import { judgeUntrackedAnswer } from './refused-answers.ts';
import type { CallEvent, ExtensionView, SessionExtension } from './extension.ts';
import { extensionsFor, hooksOf, type ExtensionHooks } from './session-extensions.ts';
import { issueFinding } from './gated-actor.ts';
import { isJsonObject, NO_FINDINGS } from '../validators/shape.ts';
import { judgeNumberSpellings } from './number-spellings.ts';
import { authorizationCheckOf, mergeTransportContext, misplacedContextReason, unexpectedContext } from './transport-context.ts';
import { MethodAdmission } from './method-admission.ts';
import { ToolCatalogue } from './tool-catalogue.ts';
import { keepPendingWithinBytes } from './pending-bytes.ts';
import type { TransportContext } from '../validators/authorization.ts';
import type { Forgotten, SessionConfig, SessionView } from './session-config.ts';

import type { Step, WireStep } from '../validators/step-schema.ts';

export type { ControlStep, Step, WireStep } from '../validators/step-schema.ts';
export type { Forgotten, SessionConfig, SessionView } from './session-config.ts';
export { TOOLS_BYTES } from './tool-memory.ts';

const NO_CONTEXT: TransportContext = Object.freeze({});

/**
 * One MCP session as a composition of statecharts: the lifecycle, one request-correlation
 * machine per sending direction, the authorization revision machine, one subscription machine
 * per (principal, tenant, URI) and the profile's extensions. Fixtures, transcripts and live
 * traffic all enter here. This class only composes: what it asks beside the charts (the method
 * table, the transport context, the capability gate, the tool catalogue, the profile's facts)
 * lives in a file of its own (docs/architecture.md lists them).
 */
export class Session {
  readonly #config: SessionConfig;
  /** What the profile judges otherwise than the specification (the course profile's reference). */
  readonly #facts: ProfileFacts;
  /** The tools the server offers, and the validation context that carries them. */
  readonly #tools: ToolCatalogue;
  readonly #ctx: ValidationContext;
  readonly #lifecycle: MachineRunner<typeof lifecycleMachine>;
  readonly #correlation: Record<Direction, MachineRunner<typeof correlationMachine>>;
  readonly #authorization: MachineRunner<typeof authorizationMachine> | undefined;
  readonly #subscriptions: Subscriptions;
  /** Requests that crossed the wire but are not pending (rejected, or forgotten beyond the pending limit), per sender. */
  readonly #untracked: Record<Direction, UntrackedRequests> = {
    client_to_server: new UntrackedRequests(),
    server_to_client: new UntrackedRequests(),
  };
  readonly #methods: MethodAdmission;
  readonly #extensions: readonly SessionExtension[];
  /** Each hook of the extensions that have it, bound once, in the extensions' order. */
  readonly #hooks: ExtensionHooks;
  readonly #extensionView: ExtensionView;
  /** Refuses what needs a capability its receiver did not declare. */
  readonly #capabilities: CapabilityGate;
  #sink: Finding[] = [];

  constructor(config: SessionConfig) {
    this.#config = config;
    const facts = profileFacts(config.profile);
    this.#facts = facts;
    this.#methods = new MethodAdmission(config.profile);
    this.#tools = new ToolCatalogue(config.profile, config.tools, config.inspect);
    this.#ctx = this.#tools.context;
    this.#extensions = extensionsFor(config);
    this.#hooks = hooksOf(this.#extensions);
    this.#capabilities = new CapabilityGate(config.profile, config.capabilities, facts);
    this.#extensionView = {
      profile: config.profile,
      ctx: this.#ctx,
      pending: (direction, id) => this.#correlation[direction].getSnapshot().context.pending.get(idKey(id)),
    };
    this.#subscriptions = new Subscriptions((input) => this.#watch(runMachine(subscriptionMachine, input, config.inspect)), facts.tightenedReading);
    this.#lifecycle = this.#watch(runMachine(lifecycleMachine, { protocolVersion: config.profile.protocolVersion, offeredVersion: config.offeredVersion }, config.inspect));
    const correlation = (direction: Direction) => {
      const actor = this.#watch(runMachine(correlationMachine, { direction, limit: PENDING_LIMIT }, config.inspect));
      actor.on('result.invalid', (e) => this.#sink.push(...e.findings));
      actor.on('pending.forgotten', (e) => this.#untracked[direction].add(e.key, e.entry));
      return actor;
    };
    this.#correlation = { client_to_server: correlation('client_to_server'), server_to_client: correlation('server_to_client') };
    if (config.policy) {
      const auth = this.#watch(runMachine(authorizationMachine, { policy: config.policy }, config.inspect));
      auth.on('revision.changed', () => {
        this.#subscriptions.revokeAll();
      });
      this.#authorization = auth;
    }
  }

  /** The validation context family validators see. */
  get validationContext(): ValidationContext {
    return this.#ctx;
  }

  #watch<A extends MachineRunner<any>>(actor: A): A {
    (actor as unknown as MachineRunner<typeof lifecycleMachine>).on('issue', (e: IssueEvent) => {
      this.#sink.push(issueFinding(e));
    });
    actor.start();
    return actor;
  }

  /** Feeds one step and returns what it broke (errors reject the message; warnings do not). */
  feed(step: Step): readonly Finding[] {
    this.#sink = [];
    if ('control_event' in step) {
      // The lifecycle refuses a switch before the handshake completes (in the course profile's reading); the authorization chart takes the rest.
      this.#lifecycle.send({ type: 'revision.activate', strict: this.#facts.revisionSwitchNeedsReady });
      if (this.#sink.length === 0) this.#authorization?.send({ type: 'revision.activate', revision: step.control_event.revision });
      return this.#sink.length === 0 ? NO_FINDINGS : this.#sink;
    }
    if (judgeNumberSpellings(step.message, this.#facts, this.#config.tools?.[0], this.#sink)) return this.#sink;
    const classified = this.#methods.classify(step.message);
    if (classified.envelope === undefined) return this.#sink.length === 0 ? classified.findings : [...this.#sink, ...classified.findings];
    const env = classified.envelope;
    if (this.#facts.contextOnBoundCallsOnly && step.transport_context !== undefined) {
      const misplaced = misplacedContextReason(env.kind);
      if (misplaced !== undefined) {
        this.#sink.push(unexpectedContext(misplaced));
        return this.#sink;
      }
      // The lifecycle refuses a transport_context before the handshake completes (the course profile's reading).
      this.#lifecycle.send({ type: 'context.placed', strict: true });
      if (this.#sink.length > 0) return this.#sink;
    }
    if (env.kind === 'request' || env.kind === 'notification') {
      this.#feedCall(step, env);
      // A rejected request still crossed the wire, and its peer may answer it: remember it, so that
      // the answer is checked against its method but not reported as answering nothing.
      if (env.kind === 'request' && hasError(this.#sink)) this.#untracked[step.direction].addRefused(env.id, env.method, env.params);
    } else {
      this.#feedResponse(step, env);
    }
    return this.#sink.length === 0 ? NO_FINDINGS : this.#sink;
  }

  #feedCall(step: WireStep, env: Extract<Envelope, { kind: 'request' | 'notification' }>): void {
    const sink = this.#sink;
    const admission = this.#methods.admit(step.direction, env);
    if (admission.kind === 'refused') {
      sink.push(admission.finding);
      return;
    }
    if (admission.kind === 'extension') {
      // Its answer answers something; its shape is the extension's.
      if (env.kind === 'request') this.#untracked[step.direction].addRefused(env.id, env.method, env.params);
      return;
    }
    const spec = admission.spec;
    const params = isJsonObject(env.params) ? env.params : undefined;
    if (this.#facts.contextOnBoundCallsOnly && step.transport_context !== undefined) {
      const misplaced = misplacedContextReason(env.kind, env.method, spec.scope !== undefined);
      if (misplaced !== undefined) {
        sink.push(unexpectedContext(misplaced));
        return;
      }
    }
    // Only authorization-bound methods (the resource methods) read the transport context.
    const context = spec.scope === undefined ? NO_CONTEXT : mergeTransportContext(this.#config.transportDefaults, step.transport_context);
    if (!this.#checkAuthorization(spec, context, params)) return;

    const stateless = this.#ctx.profile.stateless;
    // The lifecycle gate is judged first but taken last, so that a message another check rejects
    // (invalid initialize params, a duplicate id) leaves the handshake where it was.
    const lifecycleEvent: LifecycleEvent | undefined = stateless ? undefined : env.kind === 'request'
      ? { type: 'request', direction: step.direction, method: env.method, params, strict: this.#facts.tightenedReading }
      : { type: 'notification', direction: step.direction, method: env.method, strict: this.#facts.tightenedReading };
    // A judgement that changes nothing and reports nothing (any message in `ready`) need not be taken again.
    let lifecycleNoop = false;
    if (lifecycleEvent !== undefined) {
      const judged = this.#lifecycle.judge(lifecycleEvent);
      for (const e of judged.emitted) {
        if (RULES.get(e.rule)?.severity !== 'warning') {
          this.#lifecycle.send(lifecycleEvent); // the rejecting transition keeps the state and reports
          return;
        }
      }
      lifecycleNoop = judged.unchanged;
    }

    const declared = this.#capabilities.checkDeclared(env.method, params, step.direction);
    if (declared) {
      sink.push(declared);
      return;
    }
    const gate = this.#capabilities.gateEvent(env.kind, env.method, params, step.direction);
    if (gate !== undefined) {
      // The lifecycle chart judges the call against the capabilities the handshake declared.
      const before = sink.length;
      this.#lifecycle.send(gate);
      if (sink.length > before) return;
    }
    const validate = spec.validators.params;
    if (validate) {
      const found = validate(env.params, '/message/params', this.#ctx);
      if (found.length > 0) sink.push(...found);
      if (hasError(found)) return;
    }
    if (env.method === 'tools/list') {
      const found = this.#tools.checkRequest(env.params);
      if (found.length > 0) {
        sink.push(...found);
        return;
      }
    }
    const call: CallEvent | undefined = this.#extensions.length === 0 ? undefined
      : { direction: step.direction, kind: env.kind, id: env.kind === 'request' ? env.id : undefined, method: env.method, params };
    if (call) for (const checkCall of this.#hooks.checkCall) {
      const found = checkCall(call, this.#extensionView);
      if (found.length > 0) sink.push(...found);
      if (hasError(found)) return;
    }

    // A subscribe or unsubscribe the subscription refuses is refused before it becomes pending.
    const subscription = subscriptionCallOf(env.method, params, context, this.#facts.tightenedReading);
    if (subscription !== undefined && refusesSubscriptionCall(this.#subscriptions, subscription)) return;

    if (env.kind === 'request') {
      const bound = spec.scope !== undefined && this.#authorization !== undefined;
      this.#correlation[step.direction].send({
        type: 'request',
        key: idKey(env.id),
        overflow: this.#facts.pendingOverflow,
        entry: {
          id: env.id,
          method: env.method,
          params: env.params,
          revision: bound ? this.#authorization!.getSnapshot().context.revision : undefined,
          subject: typeof context.subject === 'string' ? context.subject : undefined,
          tenant: typeof context.tenant === 'string' ? context.tenant : undefined,
          bytes: env.params === undefined ? 0 : sizeEstimate(env.params),
        },
      });
      if (hasError(sink)) return;
      keepPendingWithinBytes(this.#correlation[step.direction], this.#untracked[step.direction], step.direction, sink);
      this.#untracked[step.direction].drop(idKey(env.id));
      if (lifecycleEvent !== undefined && !lifecycleNoop) this.#lifecycle.send(lifecycleEvent);
      if (call) for (const acceptCall of this.#hooks.acceptCall) acceptCall(call, this.#extensionView);
      if (subscription !== undefined) this.#subscriptions.send(subscription.uri, subscription.context, subscription.event);
      return;
    }
    if (lifecycleEvent !== undefined && !lifecycleNoop) this.#lifecycle.send(lifecycleEvent);
    if (env.method === 'notifications/resources/updated' && !stateless) { // stateless: a listen stream, checked by its extension
      const auth = this.#authorization?.getSnapshot().context;
      this.#subscriptions.deliverUpdate(String(params?.['uri']), context, auth ? auth.policy.revisions[auth.revision] : undefined);
      if (hasError(sink)) return;
    } else if (env.method === 'notifications/tools/list_changed') {
      this.#tools.invalidate();
    }
    if (call) for (const acceptCall of this.#hooks.acceptCall) acceptCall(call, this.#extensionView);
  }

  #feedResponse(step: WireStep, env: Extract<Envelope, { kind: 'result' | 'error' }>): void {
    if (env.id === undefined) return; // an error that could not be tied to a request (e.g. a parse error)
    const requestDirection = OPPOSITE[step.direction];
    const correlation = this.#correlation[requestDirection];
    const key = idKey(env.id);
    const pending = correlation.getSnapshot().context.pending.get(key);
    if (!pending) {
      // The answer to a rejected or forgotten request answers something (once): only its result's own shape is judged.
      const answer = this.#untracked[requestDirection].take(key);
      if (answer.untracked) {
        if (answer.entry) {
          const found = judgeUntrackedAnswer(answer.entry, requestDirection, env.kind === 'result' ? { result: env.result } : { error: env.error },
            this.#methods, this.#ctx, this.#capabilities.clientCapabilities(this.#lifecycle.getSnapshot().context));
          if (found.length > 0) this.#sink.push(...found);
        }
        return;
      }
    }
    if (env.kind === 'error') {
      if (pending) {
        for (const checkError of this.#hooks.checkError) {
          const found = checkError(pending, env.error, step.direction, this.#extensionView);
          if (found.length > 0) this.#sink.push(...found);
        }
        if (hasError(this.#sink)) return;
      }
      correlation.send({ type: 'error', key, id: env.id });
      if (pending) this.#afterResponse(pending, false, undefined, step.direction);
      return;
    }
    const findings = pending ? this.#checkResult(pending, env.result, step.direction) : NO_FINDINGS;
    if (pending?.method === 'initialize' && !hasError(findings)) {
      this.#lifecycle.send({ type: 'initialize.result', result: env.result });
      if (hasError(this.#sink)) return;
    }
    correlation.send({ type: 'result', key, id: env.id, findings });
    if (pending && !hasError(this.#sink)) {
      if (findings.length > 0) this.#sink.push(...findings); // warnings of an accepted result
      this.#afterResponse(pending, true, env.result, step.direction);
    }
  }

  #afterResponse(pending: PendingRequest, ok: boolean, result: JsonObject | undefined, direction: Direction): void {
    for (const acceptResponse of this.#hooks.acceptResponse) {
      const late = acceptResponse(pending, ok, result, direction, this.#extensionView);
      if (late && late.length > 0) this.#sink.push(...late);
    }
    switch (pending.method) {
      case 'initialize':
        if (!ok) this.#lifecycle.send({ type: 'initialize.error', strict: this.#facts.tightenedReading });
        return;
      case 'resources/subscribe':
      case 'resources/unsubscribe':
        settleSubscriptionCall(this.#subscriptions, pending, ok);
        return;
      case 'tools/list':
        if (ok && result) this.#tools.accept(pending.params, result);
        return;
      default:
    }
  }

  /** A successful result, checked against its pending request before it may consume it. */
  #checkResult(pending: PendingRequest, result: JsonObject, direction: Direction): readonly Finding[] {
    const spec = this.#methods.spec(pending.method);
    const out: Finding[] = [];
    const auth = this.#authorization?.getSnapshot().context;
    if (auth && pending.revision !== undefined) {
      // The authorization chart fails a result pending under an old revision closed; its finding goes to the correlation, not the sink.
      const before = this.#sink.length;
      this.#authorization!.send({ type: 'result.check', method: pending.method, revision: pending.revision });
      if (this.#sink.length > before) return this.#sink.splice(before);
    }
    for (const refusedResult of this.#hooks.refusedResult) {
      const refused = refusedResult(pending, result, direction, this.#extensionView);
      if (refused) return [refused];
    }
    const validate = spec?.validators.result;
    if (validate) out.push(...validate(result, '/message/result', pending.params, this.#ctx));
    // Course profile: an unsubscribe answered after a switch revoked its subscription ends nothing.
    if (this.#facts.unsubscribeAfterRevokeRefused && pending.method === 'resources/unsubscribe') out.push(...unsubscribeResultFindings(this.#subscriptions, pending));
    if (pending.method === 'tools/list') out.push(...this.#tools.checkResult(pending.params, result));
    for (const checkResult of this.#hooks.checkResult) {
      const found = checkResult(pending, result, direction, this.#extensionView);
      if (found.length > 0) out.push(...found);
    }
    if (auth && pending.tenant !== undefined) {
      // The authorization chart judges each resource the result names against the revision in force.
      const before = this.#sink.length;
      for (const e of resourceEventsOf(pending, result, this.#facts.tightenedReading)) this.#authorization!.send(e);
      if (this.#sink.length > before) out.push(...this.#sink.splice(before));
    }
    return out.length === 0 ? NO_FINDINGS : out;
  }

  /** Runs the transport-context checks of an authorization-bound method; false rejects the message. */
  #checkAuthorization(spec: MethodSpec, context: TransportContext, params: JsonObject | undefined): boolean {
    if (this.#authorization === undefined) return true;
    const input = authorizationCheckOf(spec.method, spec.scope, context, params, this.#facts);
    if (input === undefined) return true;
    this.#authorization.send({ type: 'context.check', input });
    return !hasError(this.#sink);
  }

  /** The request `id` sent in `direction` that is still unanswered, if any. */
  pendingRequest(direction: Direction, id: RequestId): PendingRequest | undefined {
    return this.#extensionView.pending(direction, id);
  }

  /** The lifecycle machine's state (`new`, ..., `ready`); cheaper than view() for one question. */
  get lifecycleState(): string {
    return String(this.#lifecycle.getSnapshot().value);
  }

  /** What the session forgot so far to stay within its bounds: subscriptions (SUBSCRIPTION_LIMIT, SUBSCRIPTION_CHARS) and listed tools (TOOLS_BYTES). */
  forgotten(): Forgotten {
    return { subscriptions: this.#subscriptions.forgotten, tools: this.#tools.forgotten };
  }

  /** A read-only picture of every machine's state. */
  view(): SessionView {
    const pending = (d: Direction) =>
      [...this.#correlation[d].getSnapshot().context.pending.values()].map((p) => ({ id: typeof p.id === 'bigint' ? Number(p.id) : p.id, method: p.method }));
    return {
      lifecycle: String(this.#lifecycle.getSnapshot().value),
      revision: this.#authorization?.getSnapshot().context.revision,
      pending: { client_to_server: pending('client_to_server'), server_to_client: pending('server_to_client') },
      subscriptions: this.#subscriptions.view(),
      extensions: Object.fromEntries(this.#extensions.filter((e) => e.view).map((e) => [e.name, e.view!()])),
    };
  }

  /** Stops every actor. */
  stop(): void {
    this.#lifecycle.stop();
    this.#correlation.client_to_server.stop();
    this.#correlation.server_to_client.stop();
    this.#authorization?.stop();
    this.#subscriptions.stop();
    for (const e of this.#extensions) e.stop?.();
  }
}
