import type { InspectionEvent } from 'xstate';
import { runMachine, type MachineRunner } from './runner.ts';
import type { AuthorizationPolicy, TransportContext } from '../validators/authorization.ts';
import { checkCapabilities } from '../validators/capabilities.ts';
import { type Direction, type JsonObject, OPPOSITE, type Profile, type ValidationContext } from '../validators/context.ts';
import { classifyMessage, describeId, idKey, type Envelope, type IdKey, type RequestId } from '../validators/envelope.ts';
import { hasError, type Finding } from '../validators/finding.ts';
import { isNotificationMethod, isRequestMethod, mayBeSentIn, methodTable, type MethodSpec } from '../validators/methods.ts';
import { RULES, ruleById } from '../validators/rules/index.ts';
import { finding } from '../validators/rules/report.ts';
import { sameJson } from '../validators/json-equal.ts';
import { foundEqual } from '../validators/tool-descriptor.ts';
import { authorizationMachine } from './authorization.ts';
import { correlationMachine, PENDING_BYTES, PENDING_LIMIT, type PendingOverflow, type PendingRequest } from './correlation.ts';
import { sizeEstimate } from './byte-budget.ts';
import type { IssueEvent } from './issue.ts';
import { lifecycleMachine, type LifecycleEvent } from './lifecycle.ts';
import { subscriptionMachine } from './subscription.ts';
import { Subscriptions } from './subscriptions.ts';
import { ToolListing } from './tool-listing.ts';
import { UntrackedRequests } from './untracked-requests.ts';
import { checkResultPolicy } from './resource-policy.ts';
import { judgeRefusedAnswer } from './refused-answers.ts';
import type { CallEvent, ExtensionView, SessionExtension } from './extension.ts';
import { EXTENSIONS } from './extensions.ts';
import { issueFinding } from './gated-actor.ts';
import { isJsonObject, NO_FINDINGS } from '../validators/shape.ts';
import { holdsExactIntegers } from '../validators/exact-integer.ts';
import { decimalSpellingsIn } from '../validators/decimal-spelling.ts';
import { decimalFindings, unsafeIntegerFindings } from './number-spellings.ts';
import { ToolMemory } from './tool-memory.ts';
import { mergeTransportContext } from './transport-context.ts';
import { advertisesExtensions } from '../validators/modern-meta.ts';
import { holderOf } from './subscriptions.ts';
import type { SubscriptionEvent } from './subscription.ts';

import type { Step, WireStep } from '../validators/step-schema.ts';

export type { ControlStep, Step, WireStep } from '../validators/step-schema.ts';

/** How a session is set up. */
export interface SessionConfig {
  readonly profile: Profile;
  /** The authorization policy; without it, authorization-bound checks are skipped. */
  readonly policy?: AuthorizationPolicy | undefined;
  readonly transportDefaults?: TransportContext | undefined;
  /** Tool descriptors known before any tools/list result. */
  readonly tools?: readonly JsonObject[] | undefined;
  /** Capabilities known without a handshake (stateless profiles: declared by the fixture or discovered). */
  readonly capabilities?: { readonly client?: JsonObject | undefined; readonly server?: JsonObject | undefined } | undefined;
  /**
   * The protocolVersion the client's initialize request carries when the server answered with
   * another supported one (the session is then judged under the answer's profile); default: the profile's.
   */
  readonly offeredVersion?: string | undefined;
  /** Receives every actor inspection event (used for transition coverage). */
  readonly inspect?: ((event: InspectionEvent) => void) | undefined;
  /**
   * The steps are an excerpt of a session (a fixture case after a played handshake), not all of
   * it: what only a whole session shows (every cursor its server handed out) is not judged.
   */
  readonly excerpt?: boolean | undefined;
  /**
   * The client speaks the stateless revision alone (a check asked for 2026-07-28). Recorded with the
   * session; it does not make a server/discover answered -32601 a finding by itself, since a legacy
   * server answers so too (stdio page, Backward Compatibility).
   */
  readonly modernOnly?: boolean | undefined;
  /**
   * Every cursor the server gave the client is in view, in either era: the server is the checker's
   * own and issues cursors only on this connection (a judging server), so in the stateless revision
   * too a cursor it never gave is one the client made or changed.
   */
  readonly cursorsInView?: boolean | undefined;
  /**
   * The steps were recorded away from the client (a tap between the peers, a judging server at the
   * server): a client message recorded after a server notification may have been sent before the
   * client read it, so what rests on the client having read it waits for the client to show it did.
   */
  readonly awayFromClient?: boolean | undefined;
}

/** A read-only picture of the session, for inspectors and reports. */
export interface SessionView {
  readonly lifecycle: string;
  readonly revision: string | undefined;
  /** Pending requests by sending direction; an id beyond ±(2^53-1) is shown as the nearest double. */
  readonly pending: Readonly<Record<Direction, readonly { id: string | number; method: string }[]>>;
  readonly subscriptions: readonly { uri: string; subject: string; tenant: string; state: string }[];
  /** What each extension shows of its state, by name. */
  readonly extensions?: Readonly<Record<string, unknown>>;
}

const NO_CONTEXT: TransportContext = Object.freeze({});

export { TOOLS_BYTES } from './tool-memory.ts';

/** Counts of what a session forgot to stay within its bounds (see Session.forgotten). */
export interface Forgotten {
  readonly subscriptions: number;
  readonly tools: number;
}
const RESOURCE_URI_METHODS = new Set(['resources/read', 'resources/subscribe', 'resources/unsubscribe', 'notifications/resources/updated']);

/** The hooks of a list of extensions, each bound to its extension, in order; extensions without a hook are left out of its list. */
type ExtensionHooks = { readonly [K in HookName]: readonly NonNullable<SessionExtension[K]>[] };
type HookName = 'checkCall' | 'acceptCall' | 'refusedResult' | 'checkResult' | 'checkError' | 'acceptResponse';

/** The hooks of no extension (the course profile's sessions): shared, so such a session binds and allocates none. */
const NO_HOOKS: ExtensionHooks = Object.freeze({
  checkCall: Object.freeze([]),
  acceptCall: Object.freeze([]),
  refusedResult: Object.freeze([]),
  checkResult: Object.freeze([]),
  checkError: Object.freeze([]),
  acceptResponse: Object.freeze([]),
});

function hooksOf(extensions: readonly SessionExtension[]): ExtensionHooks {
  if (extensions.length === 0) return NO_HOOKS;
  const bind = <K extends HookName>(name: K): NonNullable<SessionExtension[K]>[] =>
    extensions.filter((e) => e[name] !== undefined).map((e) => (e[name] as (...args: never[]) => unknown).bind(e) as NonNullable<SessionExtension[K]>);
  return {
    checkCall: bind('checkCall'),
    acceptCall: bind('acceptCall'),
    refusedResult: bind('refusedResult'),
    checkResult: bind('checkResult'),
    checkError: bind('checkError'),
    acceptResponse: bind('acceptResponse'),
  };
}

/**
 * One MCP session as a composition of statecharts: the lifecycle, one request-correlation
 * machine per sending direction, the authorization revision machine and one subscription
 * machine per (principal, tenant, URI). Fixtures, transcripts and live traffic all enter here.
 */
export class Session {
  readonly #config: SessionConfig;
  readonly #ctx: { profile: Profile; tools: Map<string, JsonObject>; toolsKnown: boolean };
  readonly #lifecycle: MachineRunner<typeof lifecycleMachine>;
  readonly #correlation: Record<Direction, MachineRunner<typeof correlationMachine>>;
  readonly #authorization: MachineRunner<typeof authorizationMachine> | undefined;
  readonly #subscriptions: Subscriptions;
  readonly #toolListing: ToolListing;
  /** Requests that crossed the wire but are not pending (rejected, or forgotten beyond the pending limit), per sender. */
  readonly #untracked: Record<Direction, UntrackedRequests> = {
    client_to_server: new UntrackedRequests(),
    server_to_client: new UntrackedRequests(),
  };
  readonly #methods: ReadonlyMap<string, MethodSpec>;
  readonly #isNotification: (method: string) => boolean;
  readonly #isRequest: (method: string) => boolean;
  readonly #extensions: readonly SessionExtension[];
  /** Each hook of the extensions that have it, bound once, in the extensions' order. */
  readonly #hooks: ExtensionHooks;
  readonly #extensionView: ExtensionView;
  /**
   * Whether messages pass the capability gate: stateless sessions without declared capabilities
   * learn them from server/discover (its extension gates then).
   */
  readonly #gated: boolean;
  /** The capabilities a stateless session declares; stateful ones take them from the handshake. */
  readonly #declaredCapabilities: { readonly clientCapabilities: JsonObject | undefined; readonly serverCapabilities: JsonObject | undefined } | undefined;
  /** The course profile, whose reference judges some things its own way (see docs/course-reference.md). */
  readonly #course: boolean;
  #sink: Finding[] = [];
  /** The listed tool descriptors kept, within TOOLS_BYTES. */
  readonly #toolMemory: ToolMemory;
  /** What a request beyond the pending limit meets in this session's profile. */
  readonly #overflow: PendingOverflow;

  constructor(config: SessionConfig) {
    this.#config = config;
    this.#toolListing = new ToolListing(config.inspect);
    const methods = methodTable(config.profile);
    this.#methods = methods;
    this.#isNotification = (m) => isNotificationMethod(m, methods);
    this.#isRequest = (m) => isRequestMethod(m, methods);
    const tools = new Map<string, JsonObject>();
    for (const t of config.tools ?? []) if (typeof t['name'] === 'string') tools.set(t['name'], t);
    this.#ctx = { profile: config.profile, tools, toolsKnown: config.tools !== undefined };
    this.#toolMemory = new ToolMemory(tools);
    this.#course = config.profile.id === 'course';
    const extensionOptions = { ...(config.inspect ? { inspect: config.inspect } : {}), ...(config.excerpt === true ? { excerpt: true } : {}),
      ...(config.cursorsInView === true ? { cursorsInView: true } : {}), ...(config.modernOnly === true ? { modernOnly: true } : {}) };
    this.#extensions = EXTENSIONS.map((make) => make(config.profile, extensionOptions)).filter((e): e is SessionExtension => e !== undefined);
    this.#hooks = hooksOf(this.#extensions);
    const stateless = config.profile.stateless;
    this.#gated = !stateless || config.capabilities !== undefined;
    this.#declaredCapabilities = stateless
      ? { clientCapabilities: config.capabilities?.client, serverCapabilities: config.capabilities?.server }
      : undefined;
    this.#extensionView = {
      profile: config.profile,
      ctx: this.#ctx,
      pending: (direction, id) => this.#correlation[direction].getSnapshot().context.pending.get(idKey(id)),
    };
    this.#subscriptions = new Subscriptions((input) => this.#watch(runMachine(subscriptionMachine, input, config.inspect)), this.#course);
    this.#lifecycle = this.#watch(runMachine(lifecycleMachine, { protocolVersion: config.profile.protocolVersion, offeredVersion: config.offeredVersion }, config.inspect));
    // The course reference rejects a request beyond the limit; the specification sets none, so
    // there the oldest pending request is forgotten (with a warning) and the newest stay judged.
    this.#overflow = config.profile.id === 'course' ? 'reject' : 'forget';
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
      if (this.#course && this.#lifecycle.getSnapshot().value !== 'ready') {
        this.#sink.push(finding(ruleById('auth/revision-before-ready'), '/control_event',
          'authorization control events require a ready session: the initialize handshake has not completed'));
      } else {
        this.#authorization?.send({ type: 'revision.activate', revision: step.control_event.revision });
      }
      return this.#sink.length === 0 ? NO_FINDINGS : this.#sink;
    }
    if (!this.#course && holdsExactIntegers(step.message)) for (const f of unsafeIntegerFindings(step.message)) this.#sink.push(f);
    const spelled = decimalSpellingsIn(step.message);
    if (spelled.length > 0) {
      const refused = decimalFindings(step.message as JsonObject, spelled, this.#course, this.#config.tools?.[0]);
      if (refused.length > 0) return [...this.#sink, ...refused];
    }
    const classified = classifyMessage(step.message, '/message', this.#isNotification, this.#isRequest, this.#course);
    if (classified.envelope === undefined) return this.#sink.length === 0 ? classified.findings : [...this.#sink, ...classified.findings];
    const env = classified.envelope;
    if (this.#course && step.transport_context !== undefined && (env.kind === 'result' || env.kind === 'error' || this.#lifecycle.getSnapshot().value !== 'ready')) {
      this.#sink.push(this.#unexpectedContext(env.kind === 'result' || env.kind === 'error'
        ? 'responses use the authorization snapshot bound to the request'
        : 'transport_context is not part of MCP lifecycle messages'));
      return this.#sink;
    }
    if (env.kind === 'request' || env.kind === 'notification') {
      this.#feedCall(step, env);
      // A rejected request still crossed the wire, and its peer may answer it: remember it, so that
      // the answer is checked against its method but not reported as answering nothing.
      if (env.kind === 'request' && hasError(this.#sink)) {
        this.#untracked[step.direction].add(idKey(env.id), {
          id: env.id, method: env.method, params: env.params, revision: undefined, subject: undefined, tenant: undefined,
        });
      }
    } else {
      this.#feedResponse(step, env);
    }
    return this.#sink.length === 0 ? NO_FINDINGS : this.#sink;
  }

  #unexpectedContext(why: string): Finding {
    return finding(ruleById('auth/unexpected-context'), '/transport_context', `${why}; transport_context is only used by resource teaching cases`);
  }

  /** A client request advertised an extension (2026-07-28): methods that extension adds are not unknown. */
  #clientExtensions = false;

  #feedCall(step: WireStep, env: Extract<Envelope, { kind: 'request' | 'notification' }>): void {
    const sink = this.#sink;
    if (env.kind === 'request' && step.direction === 'server_to_client' && this.#ctx.profile.stateless) {
      sink.push(finding(ruleById('direction/server-request-stateless'), '/message/method',
        `the server sent a ${env.method} request, but a ${this.#ctx.profile.protocolVersion} server initiates no requests (it asks for input with an input_required result)`));
      return;
    }
    const spec = this.#methods.get(env.method);
    if (this.#ctx.profile.stateless && step.direction === 'client_to_server' && advertisesExtensions(env.params)) this.#clientExtensions = true;
    // A method of an extension the client advertised (versioning, Extension Negotiation): its
    // requests, and the server's notifications once the client advertised one, are the extension's.
    if (spec === undefined && this.#ctx.profile.stateless && (step.direction === 'client_to_server' ? advertisesExtensions(env.params) : this.#clientExtensions)) {
      // Its answer answers something; its shape is the extension's.
      if (env.kind === 'request') this.#untracked[step.direction].add(idKey(env.id), { id: env.id, method: env.method, params: env.params, revision: undefined, subject: undefined, tenant: undefined });
      return;
    }
    if (spec === undefined) {
      sink.push(finding(ruleById('envelope/unknown-method'), '/message/method', `unknown method ${env.method} for MCP ${this.#ctx.profile.protocolVersion}`));
      return;
    }
    if (this.#ctx.profile.id === 'course' && !spec.course) {
      sink.push(finding(ruleById('profile/unsupported-method'), '/message/method',
        `${env.method} is not supported by the course profile; rejected before creating pending state`));
      return;
    }
    if (!mayBeSentIn(spec, step.direction)) {
      sink.push(finding(ruleById('direction/wrong-direction'), '/message/method',
        `wrong direction: ${env.method} is sent by the ${spec.sender}, not ${step.direction}`));
      return;
    }
    const params = isJsonObject(env.params) ? env.params : undefined;
    if (this.#course && spec.scope === undefined && step.transport_context !== undefined) {
      sink.push(this.#unexpectedContext(`${env.method} carries no resource authorization context`));
      return;
    }
    // Only authorization-bound methods (the resource methods) read the transport context.
    const context = spec.scope === undefined ? NO_CONTEXT : mergeTransportContext(this.#config.transportDefaults, step.transport_context);
    if (!this.#checkAuthorization(spec, context, params)) return;

    const stateless = this.#ctx.profile.stateless;
    // The lifecycle gate is judged first but taken last, so that a message another check rejects
    // (invalid initialize params, a duplicate id) leaves the handshake where it was.
    const lifecycleEvent: LifecycleEvent | undefined = stateless ? undefined : env.kind === 'request'
      ? { type: 'request', direction: step.direction, method: env.method, params, strict: this.#course }
      : { type: 'notification', direction: step.direction, method: env.method, strict: this.#course };
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

    // Before the initialize result the server has declared nothing yet: the specification profiles
    // judge a client request or a server notification then by the lifecycle alone (a client request
    // is its SHOULD NOT; a server's log is allowed). A server request is still held to the client's
    // capabilities, which its initialize request declared.
    const serverRequest = env.kind === 'request' && step.direction === 'server_to_client';
    const undeclared = !this.#course && !serverRequest && this.#lifecycle.getSnapshot().value === 'waiting_for_initialize_response';
    if (this.#gated && !undeclared && env.method !== 'initialize' && env.method !== 'notifications/initialized' && env.method !== 'ping') {
      const life = this.#declaredCapabilities ?? this.#lifecycle.getSnapshot().context;
      const gate = checkCapabilities(env.method, params, step.direction, life.clientCapabilities, life.serverCapabilities, '/message/method', this.#course);
      if (gate) {
        sink.push(gate);
        return;
      }
    }
    const validate = spec.validators.params;
    if (validate) {
      const found = validate(env.params, '/message/params', this.#ctx);
      if (found.length > 0) sink.push(...found);
      if (hasError(found)) return;
    }
    if (env.method === 'tools/list' && !this.#course) {
      const found = this.#toolListing.checkRequest(env.params);
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

    // A subscribe or unsubscribe the subscription refuses (the course profile's rules) is refused
    // before it becomes pending; one it accepts changes the subscription once it is recorded.
    const subscription: SubscriptionEvent | undefined = env.method === 'resources/subscribe' || env.method === 'resources/unsubscribe'
      ? { type: env.method === 'resources/subscribe' ? 'subscribe.sent' : 'unsubscribe.sent', who: holderOf(context), strict: this.#course }
      : undefined;
    const subscriptionUri = String(params?.['uri']);
    if (subscription !== undefined) {
      const judged = this.#subscriptions.judge(subscriptionUri, context, subscription);
      if (judged.emitted.some((e) => RULES.get(e.rule)?.severity !== 'warning')) {
        this.#subscriptions.send(subscriptionUri, context, subscription);
        return;
      }
    }

    if (env.kind === 'request') {
      const bound = spec.scope !== undefined && this.#authorization !== undefined;
      this.#correlation[step.direction].send({
        type: 'request',
        key: idKey(env.id),
        overflow: this.#overflow,
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
      this.#keepPendingWithinBytes(step.direction);
      this.#untracked[step.direction].drop(idKey(env.id));
      if (lifecycleEvent !== undefined && !lifecycleNoop) this.#lifecycle.send(lifecycleEvent);
      if (call) for (const acceptCall of this.#hooks.acceptCall) acceptCall(call, this.#extensionView);
      if (subscription !== undefined) this.#subscriptions.send(subscriptionUri, context, subscription);
      return;
    }
    if (lifecycleEvent !== undefined && !lifecycleNoop) this.#lifecycle.send(lifecycleEvent);
    if (env.method === 'notifications/resources/updated' && !stateless) { // stateless: a listen stream, checked by its extension
      const auth = this.#authorization?.getSnapshot().context;
      this.#subscriptions.deliverUpdate(String(params?.['uri']), context, auth ? auth.policy.revisions[auth.revision] : undefined);
      if (hasError(sink)) return;
    } else if (env.method === 'notifications/tools/list_changed' && !this.#course) {
      this.#toolListing.invalidate();
    }
    if (call) for (const acceptCall of this.#hooks.acceptCall) acceptCall(call, this.#extensionView);
  }

  /**
   * Past PENDING_BYTES of params pending from one sender, its oldest requests are no longer
   * tracked (the newest stays): each ends as an error answer would end it, is remembered as
   * untracked (its answer is judged by its result's shape alone, never as answering nothing) and
   * is said with a warning of the checker's own.
   */
  #keepPendingWithinBytes(direction: Direction): void {
    const correlation = this.#correlation[direction];
    for (let table = correlation.getSnapshot().context.pending; table.bytes > PENDING_BYTES && table.size > 1; table = correlation.getSnapshot().context.pending) {
      const [key, entry] = table.oldest() as [IdKey, PendingRequest];
      correlation.send({ type: 'error', key, id: entry.id });
      this.#untracked[direction].add(key, entry);
      this.#sink.push(finding(ruleById('correlation/pending-bytes-limit'), '/message/id',
        `the params of the requests sent by the ${direction === 'client_to_server' ? 'client' : 'server'} that are unanswered weigh more than the checker keeps (${PENDING_BYTES / 1024 / 1024} MiB); `
        + `the oldest (id ${describeId(entry.id)}, ${entry.method}) is no longer tracked, and its answer will be judged by its shape alone`));
    }
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
        if (env.kind === 'result' && answer.entry) this.#checkUntrackedResult(answer.entry, env.result);
        if (answer.entry) {
          const clientCapabilities = this.#declaredCapabilities?.clientCapabilities ?? this.#lifecycle.getSnapshot().context.clientCapabilities;
          const found = judgeRefusedAnswer(answer.entry, requestDirection, env.kind === 'result' ? { result: env.result } : { error: env.error },
            { profile: this.#ctx.profile, clientCapabilities, knownMethod: this.#methods.get(answer.entry.method)?.kind === 'request' });
          if (found) this.#sink.push(found);
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
        if (!ok) this.#lifecycle.send({ type: 'initialize.error', strict: this.#course });
        return;
      case 'resources/subscribe':
      case 'resources/unsubscribe': {
        const uri = String((pending.params as JsonObject | undefined)?.['uri']);
        const verb = pending.method === 'resources/subscribe' ? 'subscribe' : 'unsubscribe';
        this.#subscriptions.send(uri, { subject: pending.subject, tenant: pending.tenant }, { type: `${verb}.${ok ? 'succeeded' : 'failed'}` });
        return;
      }
      case 'tools/list':
        // The course profile judges calls against the declared tool only: a listing adds no callable tool.
        if (this.#course) return;
        if (ok && result) this.#toolListing.accept(pending.params, result);
        if (ok && Array.isArray(result?.['tools'])) {
          // While a page has a nextCursor, the tools of the pages not listed yet are the server's too:
          // a call naming a tool not seen is not unknown until the listing is complete (a client may
          // call a tool of a page it has not fetched, or not re-fetched since a list change).
          const paging = typeof result?.['nextCursor'] === 'string';
          this.#ctx.toolsKnown = this.#toolMemory.forgotten === 0 && !paging;
          for (const t of result['tools'] as unknown[]) {
            if (!isJsonObject(t) || typeof t['name'] !== 'string') continue;
            // A descriptor listed again unchanged keeps the known object, whose schemas are compiled already
            // (the result's check has compared them, unless the profile caps the list before this tool).
            const known = this.#ctx.tools.get(t['name']);
            if (known === undefined || !(foundEqual(t, known) || sameJson(known, t))) this.#learnTool(t['name'], t);
          }
        }
        return;
      default:
    }
  }

  /** Keeps a listed descriptor (see ToolMemory); past the bound, the tools known are no longer all the server listed. */
  #learnTool(name: string, tool: JsonObject): void {
    if (this.#toolMemory.learn(name, tool)) this.#ctx.toolsKnown = false;
  }

  /** A successful result, checked against its pending request before it may consume it. */
  #checkResult(pending: PendingRequest, result: JsonObject, direction: Direction): readonly Finding[] {
    const spec = this.#methods.get(pending.method);
    const out: Finding[] = [];
    const auth = this.#authorization?.getSnapshot().context;
    if (auth && pending.revision !== undefined && pending.revision !== auth.revision) {
      out.push(finding(ruleById('auth/stale-revision'), '/message/result',
        `a pending ${pending.method} result bound to authorization revision ${pending.revision} fails closed after the switch to ${auth.revision}`));
      return out;
    }
    for (const refusedResult of this.#hooks.refusedResult) {
      const refused = refusedResult(pending, result, direction, this.#extensionView);
      if (refused) return [refused];
    }
    const validate = spec?.validators.result;
    if (validate) out.push(...validate(result, '/message/result', pending.params, this.#ctx));
    // Course profile: an unsubscribe answered after a switch revoked its subscription ends nothing.
    if (this.#course && pending.method === 'resources/unsubscribe') {
      const uri = String((pending.params as JsonObject | undefined)?.['uri']);
      const judged = this.#subscriptions.judge(uri, { subject: pending.subject, tenant: pending.tenant }, { type: 'unsubscribe.succeeded' });
      for (const e of judged.emitted) out.push({ rule: e.rule, severity: 'error', pointer: '/message/result', message: e.message });
    }
    if (pending.method === 'tools/list' && !this.#course) out.push(...this.#toolListing.checkResult(pending.params, result));
    for (const checkResult of this.#hooks.checkResult) {
      const found = checkResult(pending, result, direction, this.#extensionView);
      if (found.length > 0) out.push(...found);
    }
    if (auth && pending.tenant !== undefined) out.push(...checkResultPolicy(pending, result, auth.policy.revisions[auth.revision], this.#course));
    return out.length === 0 ? NO_FINDINGS : out;
  }

  /**
   * The result of a request that is not pending, against its method's result shape alone: the
   * request changed no state, so nothing that depends on state is judged, and a method this
   * profile does not handle (unknown, or refused by the course profile) has nothing to judge by.
   */
  #checkUntrackedResult(entry: PendingRequest, result: JsonObject): void {
    const spec = this.#methods.get(entry.method);
    if (spec === undefined || spec.kind !== 'request' || (this.#ctx.profile.id === 'course' && !spec.course)) return;
    const found = spec.validators.result?.(result, '/message/result', entry.params, this.#ctx);
    if (found !== undefined && found.length > 0) this.#sink.push(...found);
  }

  /** Runs the transport-context checks of an authorization-bound method; false rejects the message. */
  #checkAuthorization(spec: MethodSpec, context: TransportContext, params: JsonObject | undefined): boolean {
    if (spec.scope === undefined || this.#authorization === undefined) return true;
    // Outside the course profile authorization applies over HTTP only: stdio implementations
    // "SHOULD NOT follow this specification" (authorization page) and take credentials from the environment.
    if (!this.#course && context.transport === 'stdio') return true;
    const uri = RESOURCE_URI_METHODS.has(spec.method) && typeof params?.['uri'] === 'string' ? params['uri'] : undefined;
    this.#authorization.send({ type: 'context.check', input: { context, method: spec.method, scope: spec.scope, uri, strict: this.#course } });
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
    return { subscriptions: this.#subscriptions.forgotten, tools: this.#toolMemory.forgotten };
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
