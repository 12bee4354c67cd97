import { assign, emit, setup } from 'xstate';
import { checkCapabilities } from '../validators/capabilities.ts';
import type { Direction, JsonObject } from '../validators/context.ts';
import { describeId, type RequestId } from '../validators/envelope.ts';
import { pointerJoin } from '../validators/finding.ts';
import type { Discovery } from '../validators/modern-discover.ts';
import { PROTOCOL_VERSION_KEY } from '../validators/modern-meta.ts';
import { shown } from '../validators/shape.ts';
import type { IssueEvent } from './issue.ts';

/** JSON-RPC's "Method not found". */
const METHOD_NOT_FOUND = -32601;

/** What a session of the stateless revision knows of the server's versions and capabilities. */
export interface DiscoveryContext {
  /** The profile's protocol version: the one version known to be supported before a DiscoverResult. */
  readonly defaultVersion: string;
  /** The last well-formed DiscoverResult taken (its supportedVersions and capabilities). */
  readonly discovery: Discovery | undefined;
  /** The server/discover the server answered -32601 before it showed itself a 2026-07-28 server. */
  readonly refusedId: RequestId | undefined;
}

/** The chart's input: the profile's protocol version. */
export interface DiscoveryInput {
  readonly defaultVersion: string;
}

/** Events of the session's discovery, each for one message (a request, a call, an answer). */
export type DiscoveryEvent =
  /** A client request, with the protocol version its `_meta` names (undefined: none). */
  | { readonly type: 'request'; readonly version: string | undefined }
  /** A request or notification past the session's own checks: once discovered, the DiscoverResult's capabilities gate it. */
  | { readonly type: 'call'; readonly direction: Direction; readonly method: string; readonly params: JsonObject | undefined }
  /** A result to a client request, judged before it is taken: `version` is what the request named. */
  | { readonly type: 'served'; readonly method: string; readonly version: string | undefined }
  /** An error answering a client request (its `code`, the request's id and method). */
  | { readonly type: 'error'; readonly id: RequestId; readonly method: string; readonly code: unknown }
  /**
   * A result of the revision (it carries resultType) taken: the server showed itself a 2026-07-28
   * server; `discovery` is what a complete, well-formed server/discover result declares.
   */
  | { readonly type: 'answered'; readonly method: string; readonly discovery: Discovery | undefined };

/** Rules the discovery chart raises. */
export type DiscoveryRule =
  | 'stateless/protocol-version-unsupported'
  | 'stateless/unsupported-version-not-rejected'
  | 'stateless/discover-not-implemented'
  | 'capability/server-not-declared';

/** The versions the server is known to support: the DiscoverResult's, else the profile's. */
export function supportedVersions(context: DiscoveryContext): readonly string[] {
  return context.discovery?.supportedVersions ?? [context.defaultVersion];
}

/** The discovered capability gate's finding for a call (the gate names client capabilities too; only the server's are known here). */
function undeclared(context: DiscoveryContext, event: DiscoveryEvent): ReturnType<typeof checkCapabilities> {
  if (event.type !== 'call' || context.discovery === undefined) return undefined;
  const gate = checkCapabilities(event.method, event.params, event.direction, undefined, context.discovery.capabilities, '/message/method');
  return gate?.rule === 'capability/server-not-declared' ? gate : undefined;
}

const refusal = (id: RequestId | undefined, since: string): string =>
  `the server answered server/discover (request ${id === undefined ? '?' : describeId(id)}) with -32601 (method not found), ${since}; a 2026-07-28 server must implement server/discover`;

function issueFor(rule: DiscoveryRule, context: DiscoveryContext, event: DiscoveryEvent): IssueEvent {
  switch (rule) {
    case 'stateless/protocol-version-unsupported':
      return { type: 'issue', rule, pointer: pointerJoin('/message/params/_meta', PROTOCOL_VERSION_KEY),
        message: `protocol version ${shown(event.type === 'request' ? event.version : undefined)} is not one the server supports (${supportedVersions(context).join(', ')})${context.discovery ? ', as server/discover declared' : ''}` };
    case 'capability/server-not-declared': {
      const gate = undeclared(context, event);
      return { type: 'issue', rule, pointer: gate?.pointer ?? '/message/method', message: `${gate?.message ?? 'server did not declare the capability'}, as server/discover declared` };
    }
    case 'stateless/unsupported-version-not-rejected':
      return { type: 'issue', rule, pointer: '/message/result',
        message: `the request spoke protocol version ${shown(event.type === 'served' ? event.version : undefined)}, which the server does not support (${context.discovery?.supportedVersions.join(', ') || 'none'}); it must answer with error -32022, not a result` };
    case 'stateless/discover-not-implemented':
      return event.type === 'answered'
        ? { type: 'issue', rule, pointer: '/message/result/resultType', message: refusal(context.refusedId, `yet answers ${event.method} as a 2026-07-28 server (resultType)`) }
        : { type: 'issue', rule, pointer: '/message/error/code', message: refusal(event.type === 'error' ? event.id : undefined, 'though it answers the revision\'s other requests') };
  }
}

const SETUP = setup({
  types: {
    context: {} as DiscoveryContext,
    events: {} as DiscoveryEvent,
    input: {} as DiscoveryInput,
    emitted: {} as IssueEvent,
  },
  guards: {
    /** A client request naming a version the server is not known to support (a request naming none is the `_meta` validator's). */
    isVersionUnsupported: ({ context, event }) => event.type === 'request' && event.version !== undefined && !supportedVersions(context).includes(event.version),
    /**
     * A result to a request in a version the DiscoverResult does not list: it had to be refused with
     * -32022. A DiscoverResult is a valid answer in any version (stdio page, Backward Compatibility:
     * "The server returns a DiscoverResult: the server is modern. Select a mutually supported version
     * from supportedVersions"): only the other requests must be refused.
     */
    servesUnsupportedVersion: ({ context, event }) =>
      event.type === 'served' && event.method !== 'server/discover' && event.version !== undefined
      && context.discovery !== undefined && !context.discovery.supportedVersions.includes(event.version),
    isDiscoverRefused: ({ event }) => event.type === 'error' && event.method === 'server/discover' && event.code === METHOD_NOT_FOUND,
    isCapabilityUndeclared: ({ context, event }) => undeclared(context, event) !== undefined,
    carriesDiscovery: ({ event }) => event.type === 'answered' && event.discovery !== undefined,
    answersOtherMethod: ({ event }) => event.type === 'answered' && event.method !== 'server/discover',
  },
  actions: {
    recordDiscovery: assign(({ event }) => (event.type === 'answered' && event.discovery ? { discovery: event.discovery, refusedId: undefined } : {})),
    recordRefusal: assign(({ event }) => (event.type === 'error' ? { refusedId: event.id } : {})),
    forgetRefusal: assign(() => ({ refusedId: undefined })),
    reportIssue: emit(({ context, event }, params: { rule: DiscoveryRule }) => issueFor(params.rule, context, event)),
  },
});

/** server/discover answered -32601 by a server known to speak 2026-07-28: reported on the refusal. */
const REFUSED_NOW = { guard: 'isDiscoverRefused', actions: { type: 'reportIssue', params: { rule: 'stateless/discover-not-implemented' } } } as const;

/**
 * What a session of the stateless revision knows of the server: undiscovered (the profile's
 * version alone; nothing shows the server speaks 2026-07-28) -> discovered (a DiscoverResult taken:
 * its supportedVersions and capabilities judge later requests and results), or first modern (it
 * answered a request the revision's way, with resultType). A server/discover answered -32601 is
 * what a legacy server answers too (stdio page, Backward Compatibility), so before the server
 * shows its era the refusal is held (`refused`) and blamed only if it then answers as a 2026-07-28
 * server; once it has, the refusal is blamed at once. Every rejecting transition is targetless and
 * assigns nothing.
 */
export const discoveryMachine = SETUP.createMachine({
  id: 'discovery',
  context: ({ input }) => ({ defaultVersion: input.defaultVersion, discovery: undefined, refusedId: undefined }),
  initial: 'undiscovered',
  on: {
    request: { guard: 'isVersionUnsupported', actions: { type: 'reportIssue', params: { rule: 'stateless/protocol-version-unsupported' } } },
  },
  states: {
    undiscovered: {
      description: 'No DiscoverResult taken and no result of the revision seen: the profile\'s version is the one known.',
      on: {
        error: { guard: 'isDiscoverRefused', target: 'refused', actions: 'recordRefusal' },
        answered: [
          { guard: 'carriesDiscovery', target: 'discovered', actions: 'recordDiscovery' },
          { target: 'modern' },
        ],
      },
    },
    refused: {
      description: 'server/discover was answered -32601 before the server showed its era: blamed if it answers as a 2026-07-28 server.',
      on: {
        answered: [
          // Refused, then implemented after all: the server does implement it.
          { guard: 'carriesDiscovery', target: 'discovered', actions: 'recordDiscovery' },
          // (A server/discover result of the revision that declares nothing is refused by its schema, so never taken.)
          { guard: 'answersOtherMethod', target: 'modern', actions: [{ type: 'reportIssue', params: { rule: 'stateless/discover-not-implemented' } }, 'forgetRefusal'] },
        ],
      },
    },
    modern: {
      description: 'The server answers as a 2026-07-28 server, but no DiscoverResult was taken: the profile\'s version is the one known.',
      on: {
        error: REFUSED_NOW,
        answered: { guard: 'carriesDiscovery', target: 'discovered', actions: 'recordDiscovery' },
      },
    },
    discovered: {
      description: 'A DiscoverResult was taken: its supportedVersions and capabilities hold until another replaces them.',
      on: {
        call: { guard: 'isCapabilityUndeclared', actions: { type: 'reportIssue', params: { rule: 'capability/server-not-declared' } } },
        served: { guard: 'servesUnsupportedVersion', actions: { type: 'reportIssue', params: { rule: 'stateless/unsupported-version-not-rejected' } } },
        error: REFUSED_NOW,
        answered: { guard: 'carriesDiscovery', actions: 'recordDiscovery' },
      },
    },
  },
});
