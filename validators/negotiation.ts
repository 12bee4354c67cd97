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
  /** The server answered a published revision other than the offer, which no profile judges. */
  | { readonly kind: 'not-judged'; readonly version: string };

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
  if (profile !== undefined && typeof offeredVersion === 'string') {
    return { kind: 'judged', profile, offeredVersion: offeredVersion === profile.protocolVersion ? undefined : offeredVersion };
  }
  const version = typeof answered === 'string' ? answered : offeredVersion;
  if (typeof version === 'string' && PUBLISHED_REVISIONS.includes(version) && profileForVersion(version) === undefined) {
    return { kind: 'not-judged', version };
  }
  return { kind: 'judged', profile: offered, offeredVersion: undefined };
}

/** The versions a handshake can be judged in, for messages: "2025-06-18 and 2025-11-25". */
export function judgedVersions(): string {
  const versions = PUBLISHED_REVISIONS.filter((version) => handshakeProfile(version) !== undefined);
  return versions.length < 2 ? versions.join('') : `${versions.slice(0, -1).join(', ')} and ${versions.at(-1)}`;
}
