/**
 * Which era a server speaks, as a client that supports both finds out (2026-07-28, versioning
 * "Backward Compatibility with Initialization-Based Versions"; stdio and Streamable HTTP
 * "Backward Compatibility"): it opens with `server/discover` in the modern revision; a
 * DiscoverResult or a recognized modern JSON-RPC error identifies a modern server, anything else
 * (another error, no answer, a 4xx without a modern error body) a legacy one, which the client
 * then opens with `initialize`. The fallback is never keyed to one error code.
 */
import { isJsonObject } from './shape.ts';

/** The eras of the protocol: per-request metadata (2026-07-28 on), or the initialize handshake. */
export type Era = 'modern' | 'legacy';

/** The error codes only the modern revision defines: HeaderMismatch, MissingRequiredClientCapability, UnsupportedProtocolVersion. */
export const MODERN_ERROR_CODES: ReadonlySet<number> = new Set([-32020, -32021, -32022]);

/** Whether a JSON-RPC error object is a recognized modern error. */
export function isModernError(error: unknown): boolean {
  return isJsonObject(error) && typeof error['code'] === 'number' && MODERN_ERROR_CODES.has(error['code']);
}

/** The one modern revision judged and spoken (its requests carry their own `_meta`); named here once. */
export const MODERN_VERSION = '2026-07-28';

/**
 * The era a response to the `server/discover` probe identifies: a result that is a
 * DiscoverResult (it lists supportedVersions) naming 2026-07-28, or a recognized modern error, is
 * modern; any other response is legacy. (No response at all is legacy too; the caller knows when
 * none came.) A DiscoverResult without 2026-07-28 names no modern version in common ("Select a
 * mutually supported version from supportedVersions", stdio page): the run is not a 2026-07-28 one.
 */
export function eraOfProbeAnswer(response: unknown): Era {
  if (!isJsonObject(response)) return 'legacy';
  const result = response['result'];
  if (isJsonObject(result) && Array.isArray(result['supportedVersions'])) return result['supportedVersions'].includes(MODERN_VERSION) ? 'modern' : 'legacy';
  return isModernError(response['error']) ? 'modern' : 'legacy';
}
