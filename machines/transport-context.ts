// Why: a step's transport context (the authorization facts of the request that carried it) may
// name only what differs from the session's defaults; the checks read one whole context.
import type { TransportContext } from '../validators/authorization.ts';

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
