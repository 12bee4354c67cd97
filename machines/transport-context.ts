// Why: a step's transport context (the authorization facts of the request that carried it) may
// name only what differs from the session's defaults; the checks read one whole context. What the
// session does with one (where it is misplaced, which check of the authorization chart a call
// meets) is decided here too, so that the session only composes.
import type { TransportContext } from '../validators/authorization.ts';
import type { JsonObject } from '../validators/context.ts';
import type { Finding } from '../validators/finding.ts';
import type { ProfileFacts } from '../validators/profiles.ts';
import { ruleById } from '../validators/rules/index.ts';
import { finding } from '../validators/rules/report.ts';

/** The step's own transport context over the session's defaults, member by member. */
export function mergeTransportContext(defaults: TransportContext | undefined, own: TransportContext | undefined): TransportContext {
  if (!own) return defaults ?? {};
  if (!defaults) return own;
  // One fixed shape (the step's members over the defaults): cheaper than spreading two objects.
  return {
    transport: own.transport !== undefined ? own.transport : defaults.transport,
    token_active: own.token_active !== undefined ? own.token_active : defaults.token_active,
    token_audience: own.token_audience !== undefined ? own.token_audience : defaults.token_audience,
    resource: own.resource !== undefined ? own.resource : defaults.resource,
    subject: own.subject !== undefined ? own.subject : defaults.subject,
    tenant: own.tenant !== undefined ? own.tenant : defaults.tenant,
    scopes: own.scopes !== undefined ? own.scopes : defaults.scopes,
    authorization_revision: own.authorization_revision !== undefined ? own.authorization_revision : defaults.authorization_revision,
  };
}

/** The methods whose `uri` param names the resource an authorization check is about. */
const RESOURCE_URI_METHODS = new Set(['resources/read', 'resources/subscribe', 'resources/unsubscribe', 'notifications/resources/updated']);

/** What the authorization chart checks of a call (its `context.check` input). */
export interface AuthorizationCheck {
  readonly context: TransportContext;
  readonly method: string;
  readonly scope: string;
  readonly uri: string | undefined;
  readonly strict: boolean;
}

/**
 * The authorization check a call of an authorization-bound method (one with a `scope`) meets, if
 * any. Outside the course profile authorization applies over HTTP only: stdio implementations
 * "SHOULD NOT follow this specification" (authorization page) and take credentials from the environment.
 */
export function authorizationCheckOf(method: string, scope: string | undefined, context: TransportContext, params: JsonObject | undefined,
  facts: Pick<ProfileFacts, 'authorizesStdio' | 'tightenedReading'>): AuthorizationCheck | undefined {
  if (scope === undefined) return undefined;
  if (!facts.authorizesStdio && context.transport === 'stdio') return undefined;
  const uri = RESOURCE_URI_METHODS.has(method) && typeof params?.['uri'] === 'string' ? params['uri'] : undefined;
  return { context, method, scope, uri, strict: facts.tightenedReading };
}

/**
 * Where a profile takes a transport_context on authorization-bound calls only (the course
 * profile): the reason one on this message is misplaced, if the message alone says so (a response
 * never carries one; a call whose method is not authorization-bound, `bound` false, neither). One
 * on a call before the handshake completes is the lifecycle chart's to refuse (`context.placed`).
 */
export function misplacedContextReason(kind: 'request' | 'notification' | 'result' | 'error', method?: string, bound?: boolean): string | undefined {
  if (kind === 'result' || kind === 'error') return 'responses use the authorization snapshot bound to the request';
  if (bound === false) return `${method} carries no resource authorization context`;
  return undefined;
}

/** The auth/unexpected-context finding for a misplaced transport_context. */
export function unexpectedContext(why: string): Finding {
  return finding(ruleById('auth/unexpected-context'), '/transport_context', `${why}; transport_context is only used by resource teaching cases`);
}
