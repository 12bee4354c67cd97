// Why: version negotiation is the server's to settle (lifecycle, "Version Negotiation"): it answers
// the offered version when it supports it, otherwise another version it supports. So the answer to
// initialize decides which profile judges the session, for a live run, a re-read trace and a
// transcript alike. An answer naming a published revision this tool has no profile for is the
// server's right, not its fault: that session cannot be judged, and is reported as such.
import type { Profile } from './context.ts';
import { profileForVersion } from './profiles.ts';
import { isJsonObject } from './shape.ts';

/** Every published revision of the Model Context Protocol, oldest first. */
export const PUBLISHED_REVISIONS: readonly string[] = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'];

/** The stateful profile a negotiated version selects (the stateless revision has no handshake to negotiate in). */
export function handshakeProfile(version: unknown): Profile | undefined {
  const profile = typeof version === 'string' ? profileForVersion(version) : undefined;
  return profile !== undefined && !profile.stateless ? profile : undefined;
}

/** What the answer to initialize settles. */
export type Settlement =
  /** Judged under `profile`; `offeredVersion` is the client's offer when the server answered another version. */
  | { readonly kind: 'judged'; readonly profile: Profile; readonly offeredVersion: string | undefined }
  /**
   * The session is in a published revision no profile judges: the one answered, the one an
   * UnsupportedProtocolVersionError names as the only one supported (`error`: a modern server
   * refusing the handshake, whose revision has none), or (none answered) the one offered.
   */
  | { readonly kind: 'not-judged'; readonly version: string; readonly from: 'answer' | 'offer' | 'error' };

/** The UnsupportedProtocolVersionError code (2026-07-28 schema: `code` const -32022). */
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/**
 * The revision a modern-only server speaks, when it refused initialize with an
 * UnsupportedProtocolVersionError (code -32022, `data.supported`) naming no version a handshake
 * profile judges: the first published one it lists, else undefined.
 */
export function onlyUnofferedRevision(answer: unknown): string | undefined {
  const error = isJsonObject(answer) ? answer['error'] : undefined;
  if (!isJsonObject(error) || error['code'] !== UNSUPPORTED_PROTOCOL_VERSION || !isJsonObject(error['data'])) return undefined;
  const supported = error['data']['supported'];
  if (!Array.isArray(supported) || supported.some((v) => handshakeProfile(v) !== undefined)) return undefined;
  return supported.find((v): v is string => typeof v === 'string' && PUBLISHED_REVISIONS.includes(v));
}

/**
 * Settles the profile from the initialize request and the message answering it (undefined when
 * none came): the answered version's profile when there is one; a published revision no profile
 * has (2024-11-05, 2025-03-26), answered (or offered, when no version was answered), is
 * `not-judged`; anything else (the stateless revision, which has no handshake, an error
 * answer, a malformed result, a version no revision has) leaves `offered`, whose lifecycle then
 * reports what is wrong.
 */
export function settleProfile(request: unknown, answer: unknown, offered: Profile): Settlement {
  const params = isJsonObject(request) && isJsonObject(request['params']) ? request['params'] : undefined;
  const offeredVersion = params?.['protocolVersion'];
  const result = isJsonObject(answer) ? answer['result'] : undefined;
  const answered = isJsonObject(result) ? result['protocolVersion'] : undefined;
  const profile = handshakeProfile(answered);
  const modern = onlyUnofferedRevision(answer);
  if (modern !== undefined) return { kind: 'not-judged', version: modern, from: 'error' };
  if (profile !== undefined && typeof offeredVersion === 'string') {
    return { kind: 'judged', profile, offeredVersion: offeredVersion === profile.protocolVersion ? undefined : offeredVersion };
  }
  const [version, from] = typeof answered === 'string' ? [answered, 'answer' as const] : [offeredVersion, 'offer' as const];
  if (typeof version === 'string' && PUBLISHED_REVISIONS.includes(version) && profileForVersion(version) === undefined) {
    return { kind: 'not-judged', version, from };
  }
  return { kind: 'judged', profile: offered, offeredVersion: undefined };
}

/** Why a session in `version` is not judged, worded once for every command: "MCP 2024-11-05, a revision mcp-statechart does not judge (...)". */
export function notJudgedText(version: string): string {
  if (profileForVersion(version)?.stateless === true) {
    return `MCP ${version} only, which has no initialize handshake (a check speaks it with --protocol-version ${version})`;
  }
  return `MCP ${version}, a revision mcp-statechart does not judge (it judges ${judgedVersions()} sessions)`;
}

/** Where the version of a session not judged is, in the message that carries it. */
export function notJudgedPointer(from: 'answer' | 'offer' | 'error'): string {
  if (from === 'error') return '/message/error/data/supported';
  return from === 'answer' ? '/message/result/protocolVersion' : '/message/params/protocolVersion';
}

/** The versions a handshake can be judged in, for messages: "2025-06-18 and 2025-11-25". */
export function judgedVersions(): string {
  const versions = PUBLISHED_REVISIONS.filter((version) => handshakeProfile(version) !== undefined);
  return versions.length < 2 ? versions.join('') : `${versions.slice(0, -1).join(', ')} and ${versions.at(-1)}`;
}
