// Why: in 2026-07-28 a server holds no session: every request names its revision and the client's
// capabilities in its own `_meta`, results say their resultType (lists and reads with cache hints),
// and what a legacy server asked of the client with its own requests comes back as an
// input_required result the client answers by retrying. The judging server serves that revision
// with what is here: the check of a request's `_meta` (a malformed request is refused -32602, an
// unsupported version -32022), the discovery result and the listen filter it honours (the input
// requests and request states of the retry are the retry scenario's, scenarios/retry.ts).
import type { JsonObject } from '../validators/context.ts';
import { isJsonObject } from '../validators/shape.ts';
import { RESOURCES } from './catalog.ts';

/** The modern revision the judging server speaks. */
import { MODERN_VERSION } from '../validators/era.ts';

export { MODERN_VERSION };

const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
const CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';
/** The `_meta` key naming the listen request a notification belongs to. */
export const SUBSCRIPTION_ID_KEY = 'io.modelcontextprotocol/subscriptionId';

/** How long a client may keep a list or read result (ms), and for whom: the offer is the same for everyone. */
export const CACHE_HINTS = { ttlMs: 60_000, cacheScope: 'public' } as const;

/** The results that carry cache hints (server/discover, the lists, resources/read). */
export const CACHEABLE_METHODS: ReadonlySet<string> = new Set(['server/discover', 'tools/list', 'resources/list', 'prompts/list', 'resources/templates/list', 'resources/read']);

/** The client requests of the revision this server serves. */
export const MODERN_METHODS: ReadonlySet<string> = new Set([...CACHEABLE_METHODS, 'prompts/get', 'tools/call', 'subscriptions/listen']);

/** Whether a request's params carry the revision's per-request `_meta` (its protocol version key). */
export function carriesRequestMeta(params: unknown): boolean {
  const meta = isJsonObject(params) ? params['_meta'] : undefined;
  return isJsonObject(meta) && Object.hasOwn(meta, PROTOCOL_VERSION_KEY);
}

/** What a request's `_meta` says: the client's capabilities, or the error the request is refused with. */
export function requestMetaOf(params: JsonObject): { capabilities: JsonObject } | { error: JsonObject } {
  const meta = params['_meta'];
  const version = isJsonObject(meta) ? meta[PROTOCOL_VERSION_KEY] : undefined;
  const capabilities = isJsonObject(meta) ? meta[CAPABILITIES_KEY] : undefined;
  if (typeof version !== 'string' || !isJsonObject(capabilities)) {
    const missing = [typeof version === 'string' ? [] : [PROTOCOL_VERSION_KEY], isJsonObject(capabilities) ? [] : [CAPABILITIES_KEY]].flat().join(' and ');
    return { error: { code: -32602, message: `Invalid params: params._meta must carry ${missing}` } };
  }
  if (version !== MODERN_VERSION) {
    return { error: { code: -32022, message: 'Unsupported protocol version', data: { supported: [MODERN_VERSION], requested: version } } };
  }
  return { capabilities };
}

/** The server/discover result (its cache hints are added with every cacheable result). */
export function discoverResult(serverInfo: JsonObject, instructions: string): JsonObject {
  return {
    supportedVersions: [MODERN_VERSION],
    capabilities: { tools: { listChanged: true }, resources: { subscribe: true, listChanged: true }, prompts: { listChanged: true } },
    instructions,
    _meta: { 'io.modelcontextprotocol/serverInfo': serverInfo },
  };
}

/** What a subscriptions/listen filter asks that this server honours: the list changes, and resources of its offer. */
export function honoredFilter(params: JsonObject): JsonObject {
  const asked = isJsonObject(params['notifications']) ? params['notifications'] : {};
  const out: Record<string, unknown> = {};
  for (const flag of ['toolsListChanged', 'promptsListChanged', 'resourcesListChanged']) if (asked[flag] === true) out[flag] = true;
  const uris = Array.isArray(asked['resourceSubscriptions']) ? asked['resourceSubscriptions'] : [];
  const known = uris.filter((u): u is string => typeof u === 'string' && RESOURCES.some((r) => r['uri'] === u));
  if (known.length > 0) out['resourceSubscriptions'] = [...new Set(known)];
  return out as JsonObject;
}

/** The flag of a listen filter that opts in to a list's list_changed. */
export const LIST_FLAGS = { tools: 'toolsListChanged', resources: 'resourcesListChanged', prompts: 'promptsListChanged' } as const;
