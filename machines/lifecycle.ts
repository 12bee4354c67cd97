import { and, assign, emit, not, setup } from 'xstate';
import type { Direction, JsonObject } from '../validators/context.ts';
import { checkCapabilities } from '../validators/capabilities.ts';
import type { Finding } from '../validators/finding.ts';
import { lifecycleRules } from '../validators/rules/lifecycle.ts';
import type { IssueEvent } from './issue.ts';

/** What the lifecycle machine remembers: the expected revision and the negotiated capabilities. */
export interface LifecycleContext {
  readonly protocolVersion: string;
  /** The version the client's initialize request carries (the negotiated one unless the server answered another). */
  readonly offeredVersion: string;
  readonly clientCapabilities: JsonObject | undefined;
  readonly serverCapabilities: JsonObject | undefined;
}

/**
 * Events the session sends the lifecycle machine. `strict` marks the course profile's reading of
 * the handshake: no ping before it completes, an initialize error fails the exchange, and an
 * authorization revision switch (a control step, `revision.activate`) waits for a ready session, and
 * so does a transport_context on a request or notification (`context.placed`).
 */
export type LifecycleEvent =
  | { readonly type: 'request'; readonly direction: Direction; readonly method: string; readonly params: JsonObject | undefined; readonly strict?: boolean }
  | { readonly type: 'notification'; readonly direction: Direction; readonly method: string; readonly strict?: boolean }
  | { readonly type: 'initialize.result'; readonly result: JsonObject }
  | { readonly type: 'initialize.error'; readonly strict?: boolean }
  | { readonly type: 'revision.activate'; readonly strict?: boolean }
  | { readonly type: 'context.placed'; readonly strict?: boolean }
  | GateEvent;

/**
 * A request or notification about to be handled, at the capability gate: it must not need a
 * capability its receiver (or, for notifications about its own features, its sender) did not
 * declare in the handshake. `early`: the profile gates before the initialize result too (the course
 * profile); `tightened`: the needs as the course profile reads them.
 */
export interface GateEvent {
  readonly type: 'gate';
  readonly kind: 'request' | 'notification';
  readonly method: string;
  readonly params: JsonObject | undefined;
  readonly direction: Direction;
  readonly early: boolean;
  readonly tightened: boolean;
}

/** The first capability the gated message needs that the handshake did not declare, as a finding. */
function undeclared(context: LifecycleContext, event: LifecycleEvent): Finding | undefined {
  if (event.type !== 'gate') return undefined;
  return checkCapabilities(event.method, event.params, event.direction, context.clientCapabilities, context.serverCapabilities, '/message/method', event.tightened);
}

/**
 * How a lifecycle starts: the revision the session is judged under and, when the client offered
 * another one that the server then negotiated down or up, the version its initialize request carries.
 */
export interface LifecycleInput {
  readonly protocolVersion: string;
  readonly offeredVersion?: string | undefined;
}

/** Rule ids the lifecycle machine can raise. */
export type LifecycleRule = (typeof lifecycleRules)[keyof typeof lifecycleRules]['id'] | 'auth/revision-before-ready' | 'auth/unexpected-context';

function explain(rule: string, context: LifecycleContext, event: LifecycleEvent): Omit<IssueEvent, 'type' | 'rule'> {
  const method = 'method' in event ? event.method : 'initialize';
  switch (rule) {
    case 'lifecycle/initialize-first':
      return { message: `initialize request must be the first interaction; received ${method} first` };
    case 'lifecycle/duplicate-initialize':
      return { message: 'initialize may be sent only once per session', pointer: '/message/method' };
    case 'lifecycle/initialized-out-of-order':
      return { message: 'notifications/initialized may only follow a successful initialize response, once', pointer: '/message/method' };
    case 'lifecycle/request-before-initialized':
      return { message: `the client sent ${method} before notifications/initialized` };
    case 'lifecycle/request-before-initialize-result':
      return { message: `the client sent ${method} before the server answered initialize (the client SHOULD NOT send requests other than pings before then)` };
    case 'lifecycle/server-request-early':
      return { message: `the server sent ${method} before the client sent notifications/initialized (the server SHOULD NOT send requests other than pings and logging before then)` };
    case 'lifecycle/server-request-before-initialized':
      return { message: `the server sent ${method} before the client sent notifications/initialized` };
    case 'lifecycle/notification-before-initialized':
      return { message: `${method} was sent before the initialize handshake completed` };
    case 'lifecycle/ping-before-initialized':
      return { message: `${'direction' in event && event.direction === 'server_to_client' ? 'the server' : 'the client'} sent ping before the handshake completed; the course profile admits nothing but the initialize result and notifications/initialized there` };
    case 'auth/unexpected-context':
      return { message: 'transport_context is not part of MCP lifecycle messages; transport_context is only used by resource teaching cases', pointer: '/transport_context' };
    case 'auth/revision-before-ready':
      return { message: 'authorization control events require a ready session: the initialize handshake has not completed', pointer: '/control_event' };
    case 'lifecycle/initialize-error':
      return { message: 'initialize failed: the initialize request was answered with an error, so the session cannot enter operation', pointer: '/message/error' };
    case 'lifecycle/protocol-version-mismatch': {
      const got = event.type === 'initialize.result' ? event.result['protocolVersion']
        : event.type === 'request' ? event.params?.['protocolVersion'] : undefined;
      const at = event.type === 'initialize.result' ? '/message/result/protocolVersion' : '/message/params/protocolVersion';
      const expected = event.type === 'initialize.result' ? context.protocolVersion : context.offeredVersion;
      return { message: `protocolVersion must be ${expected} but is ${JSON.stringify(got)}`, pointer: at };
    }
    default:
      return { message: 'the initialize request failed; the session has to start over' };
  }
}

/**
 * Requests while the handshake is under way. The course profile refuses all but initialize's
 * answer and notifications/initialized. The specification profiles hold each side to its SHOULD
 * NOT (lifecycle: the client sends no request but ping before the initialize result; the server
 * none but ping and logging before notifications/initialized), as warnings; a second initialize
 * is refused in every profile.
 */
const STRICT_HANDSHAKE_REQUESTS = [
  { guard: { type: 'isInitializeRequest' }, actions: { type: 'reportIssue', params: { rule: 'lifecycle/duplicate-initialize' } } },
  { guard: and([{ type: 'isPing' }, { type: 'isStrict' }]), actions: { type: 'reportIssue', params: { rule: 'lifecycle/ping-before-initialized' } } },
  { guard: { type: 'isPing' } },
  { guard: and([{ type: 'isFromClient' }, { type: 'isStrict' }]), actions: { type: 'reportIssue', params: { rule: 'lifecycle/request-before-initialized' } } },
  { guard: { type: 'isStrict' }, actions: { type: 'reportIssue', params: { rule: 'lifecycle/server-request-before-initialized' } } },
] as const;
const SERVER_REQUEST_EARLY = { guard: not({ type: 'isFromClient' }), actions: { type: 'reportIssue', params: { rule: 'lifecycle/server-request-early' } } } as const;
const REQUESTS_BEFORE_RESULT = [
  ...STRICT_HANDSHAKE_REQUESTS,
  { guard: { type: 'isFromClient' }, actions: { type: 'reportIssue', params: { rule: 'lifecycle/request-before-initialize-result' } } },
  SERVER_REQUEST_EARLY,
] as const;
const REQUESTS_BEFORE_INITIALIZED = [...STRICT_HANDSHAKE_REQUESTS, SERVER_REQUEST_EARLY] as const;

/** Notifications during the handshake other than notifications/initialized: the course profile's refusal (the specification forbids none). */
const STRICT_EARLY_NOTIFICATION = { guard: { type: 'isStrict' }, actions: { type: 'reportIssue', params: { rule: 'lifecycle/notification-before-initialized' } } } as const;

/**
 * An authorization revision switch before the handshake completes: the course profile's reference
 * activates a revision only in a ready session (the specification has no control events).
 */
const STRICT_EARLY_REVISION_SWITCH = { guard: { type: 'isStrict' }, actions: { type: 'reportIssue', params: { rule: 'auth/revision-before-ready' } } } as const;

/**
 * A transport_context on a request or notification before the handshake completes: the course
 * profile's reference binds one to resource calls of a ready session only.
 */
/** A message needing a capability the handshake did not declare is refused (capability/*-not-declared). */
const GATE = [{ guard: { type: 'isUndeclared' }, actions: { type: 'reportUndeclared' } }] as const;

/**
 * Before the initialize result the server has declared nothing yet: the specification profiles
 * judge a client request or a server notification then by the lifecycle alone (a client request
 * is its SHOULD NOT; a server's log is allowed). A server request is still held to the client's
 * capabilities, which its initialize request declared; the course profile gates everything.
 */
const GATE_BEFORE_RESULT = [{ guard: and([not({ type: 'isLeftToLifecycle' }), { type: 'isUndeclared' }]), actions: { type: 'reportUndeclared' } }] as const;

const STRICT_EARLY_CONTEXT = { guard: { type: 'isStrict' }, actions: { type: 'reportIssue', params: { rule: 'auth/unexpected-context' } } } as const;

/**
 * A server's log message (notifications/message) after its initialize result, before the client's
 * notifications/initialized: the lifecycle page lets a server send "pings and logging" before it
 * receives notifications/initialized. (Before the result no capability is declared yet, so the
 * capability check refuses it; the course profile has no logging at all.)
 */
const SERVER_LOG_BEFORE_INITIALIZED = { guard: { type: 'isServerLog' } } as const;

/**
 * The initialize lifecycle: new -> waiting_for_initialize_response ->
 * waiting_for_initialized_notification -> ready. Nothing skips the handshake.
 */
export const lifecycleMachine = setup({
  types: {
    context: {} as LifecycleContext,
    events: {} as LifecycleEvent,
    input: {} as LifecycleInput,
    emitted: {} as IssueEvent,
  },
  guards: {
    isInitializeRequest: ({ event }) => event.type === 'request' && event.method === 'initialize',
    isPing: ({ event }) => event.type === 'request' && event.method === 'ping',
    isStrict: ({ event }) => 'strict' in event && event.strict === true,
    isFromClient: ({ event }) => 'direction' in event && event.direction === 'client_to_server',
    isServerLog: ({ event }) => event.type === 'notification' && event.direction === 'server_to_client' && event.method === 'notifications/message',
    isUndeclared: ({ context, event }) => undeclared(context, event) !== undefined,
    isLeftToLifecycle: ({ event }) => event.type === 'gate' && !event.early && !(event.kind === 'request' && event.direction === 'server_to_client'),
    isInitializedNotification: ({ event }) => event.type === 'notification' && event.method === 'notifications/initialized',
    hasExpectedRequestVersion: ({ context, event }) =>
      event.type === 'request' && event.params?.['protocolVersion'] === context.offeredVersion,
    hasExpectedResultVersion: ({ context, event }) =>
      event.type === 'initialize.result' && event.result['protocolVersion'] === context.protocolVersion,
  },
  actions: {
    recordClientCapabilities: assign({
      clientCapabilities: ({ event }) =>
        event.type === 'request' ? (event.params?.['capabilities'] as JsonObject | undefined) : undefined,
    }),
    recordServerCapabilities: assign({
      serverCapabilities: ({ event }) =>
        event.type === 'initialize.result' ? (event.result['capabilities'] as JsonObject | undefined) : undefined,
    }),
    reportUndeclared: emit(({ context, event }) => {
      const f = undeclared(context, event) as Finding;
      return { type: 'issue' as const, rule: f.rule, pointer: f.pointer, message: f.message };
    }),
    reportIssue: emit(({ context, event }, params: { rule: LifecycleRule }) => ({
      type: 'issue' as const,
      rule: params.rule,
      ...explain(params.rule, context, event),
    })),
  },
}).createMachine({
  id: 'lifecycle',
  context: ({ input }) => ({
    protocolVersion: input.protocolVersion,
    offeredVersion: input.offeredVersion ?? input.protocolVersion,
    clientCapabilities: undefined,
    serverCapabilities: undefined,
  }),
  initial: 'new',
  states: {
    new: {
      on: {
        request: [
          {
            guard: and([{ type: 'isInitializeRequest' }, { type: 'hasExpectedRequestVersion' }]),
            target: 'waiting_for_initialize_response',
            actions: { type: 'recordClientCapabilities' },
          },
          { guard: { type: 'isInitializeRequest' }, actions: { type: 'reportIssue', params: { rule: 'lifecycle/protocol-version-mismatch' } } },
          { actions: { type: 'reportIssue', params: { rule: 'lifecycle/initialize-first' } } },
        ],
        notification: { actions: { type: 'reportIssue', params: { rule: 'lifecycle/initialize-first' } } },
        'revision.activate': STRICT_EARLY_REVISION_SWITCH,
        'context.placed': STRICT_EARLY_CONTEXT,
      },
    },
    waiting_for_initialize_response: {
      on: {
        request: REQUESTS_BEFORE_RESULT,
        notification: [
          { guard: { type: 'isInitializedNotification' }, actions: { type: 'reportIssue', params: { rule: 'lifecycle/initialized-out-of-order' } } },
          STRICT_EARLY_NOTIFICATION,
        ],
        'initialize.result': [
          {
            guard: { type: 'hasExpectedResultVersion' },
            target: 'waiting_for_initialized_notification',
            actions: { type: 'recordServerCapabilities' },
          },
          { actions: { type: 'reportIssue', params: { rule: 'lifecycle/protocol-version-mismatch' } } },
        ],
        'initialize.error': [
          { guard: { type: 'isStrict' }, target: 'new', actions: { type: 'reportIssue', params: { rule: 'lifecycle/initialize-error' } } },
          { target: 'new', actions: { type: 'reportIssue', params: { rule: 'lifecycle/initialize-failed' } } },
        ],
        'revision.activate': STRICT_EARLY_REVISION_SWITCH,
        'context.placed': STRICT_EARLY_CONTEXT,
        gate: GATE_BEFORE_RESULT,
      },
    },
    waiting_for_initialized_notification: {
      on: {
        request: REQUESTS_BEFORE_INITIALIZED,
        notification: [
          { guard: { type: 'isInitializedNotification' }, target: 'ready' },
          SERVER_LOG_BEFORE_INITIALIZED,
          STRICT_EARLY_NOTIFICATION,
        ],
        'revision.activate': STRICT_EARLY_REVISION_SWITCH,
        'context.placed': STRICT_EARLY_CONTEXT,
        gate: GATE,
      },
    },
    ready: {
      on: {
        request: { guard: { type: 'isInitializeRequest' }, actions: { type: 'reportIssue', params: { rule: 'lifecycle/duplicate-initialize' } } },
        notification: {
          guard: { type: 'isInitializedNotification' },
          actions: { type: 'reportIssue', params: { rule: 'lifecycle/initialized-out-of-order' } },
        },
        gate: GATE,
      },
    },
  },
});
