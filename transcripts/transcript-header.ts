import * as v from 'valibot';
import { FixtureSchema, JsonObjectSchema, TransportContextSchema } from '../runner/fixture-schema.ts';
import type { SessionConfig } from '../machines/session.ts';
import type { AuthorizationPolicy } from '../validators/authorization.ts';
import type { JsonObject, Profile } from '../validators/context.ts';
import { courseProfile, PROFILE_IDS, PROFILES, SPEC_2025_11_25, profileForVersion } from '../validators/profiles.ts';
import { negotiatedProfile } from '../judge/profile-choice.ts';
import type { Step } from '../machines/session.ts';
import { isJsonObject } from '../validators/shape.ts';
import { HEADER_MARK } from '../runner/input-kind.ts';
import { handshakeSteps } from '../runner/handshake.ts';

/**
 * The optional first line of a transcript: format version 1, the profile, and what the session
 * needs to know that is not on the wire (authorization policy, transport-context defaults,
 * tool descriptors known in advance, and whether the capture starts after the handshake).
 */
export const TranscriptHeaderSchema = v.strictObject({
  [HEADER_MARK]: v.literal(1),
  description: v.optional(v.string()),
  profile: v.optional(v.picklist(['auto', ...PROFILE_IDS])),
  protocol_version: v.optional(v.string()),
  authorization: v.optional(FixtureSchema.entries.authorization),
  transport_context_defaults: v.optional(TransportContextSchema),
  tools: v.optional(v.array(JsonObjectSchema)),
  /**
   * Capabilities known without a handshake: for stateless traffic that starts without
   * server/discover, and for a capture that starts mid-session (`setup: ready`).
   */
  capabilities: v.optional(v.strictObject({
    client: v.optional(JsonObjectSchema),
    server: v.optional(JsonObjectSchema),
  })),
  /** `ready`: the capture starts after the handshake, which is played from this header first. */
  setup: v.optional(v.picklist(['ready', 'none'])),
});

/** A transcript header as parsed. */
export type TranscriptHeader = v.InferOutput<typeof TranscriptHeaderSchema>;

/** True when a parsed first line is meant as a header (it carries the header mark). */
export function isHeaderLine(value: unknown): boolean {
  return isJsonObject(value) && Object.hasOwn(value, HEADER_MARK);
}

export { negotiatedProfile };

/**
 * The profile a transcript is judged under: the header's, else (no header, or `auto`) the one the
 * traffic negotiates in its first step.
 */
export function profileForHeader(header: TranscriptHeader | undefined, first?: Step): Profile {
  const id = header?.profile ?? 'auto';
  if (id === 'auto') {
    // A capture that starts mid-session has no initialize to negotiate from: the header says the version.
    const version = header?.setup === 'ready' ? header.protocol_version : undefined;
    return (version === undefined ? undefined : profileForVersion(version)) ?? negotiatedProfile(first);
  }
  if (id === 'course') return courseProfile(header?.protocol_version);
  return PROFILES.get(id) ?? SPEC_2025_11_25;
}

/**
 * The session set-up a header describes; without a header: the profile the traffic negotiates, no
 * authorization policy (authorization-bound checks are skipped), no transport defaults, no tools.
 */
export function sessionConfigFor(header: TranscriptHeader | undefined, first?: Step): SessionConfig {
  const caps = header?.capabilities;
  return {
    profile: profileForHeader(header, first),
    capabilities: caps === undefined ? undefined : { client: caps.client, server: caps.server },
    policy: header?.authorization as AuthorizationPolicy | undefined,
    transportDefaults: header?.transport_context_defaults,
    tools: header?.tools as readonly JsonObject[] | undefined,
  };
}

/** The id of the initialize request a header's `setup: ready` plays (never one a real capture uses). */
export const SETUP_REQUEST_ID = 'mcp-statechart:setup';

const UNRECORDED = { name: 'unrecorded', version: '0.0.0' };

/**
 * The handshake a header with `setup: ready` stands for, under `profile`: initialize with the
 * header's version and declared capabilities, its result, notifications/initialized. None for
 * stateless profiles (they have no handshake) or without `setup: ready`.
 */
export function headerSetupSteps(header: TranscriptHeader | undefined, profile: Profile): Step[] {
  if (header?.setup !== 'ready' || profile.stateless) return [];
  const caps = header.capabilities;
  return handshakeSteps(profile.protocolVersion, SETUP_REQUEST_ID,
    { info: UNRECORDED, capabilities: (caps?.client ?? {}) as JsonObject },
    { info: UNRECORDED, capabilities: (caps?.server ?? {}) as JsonObject }, 'ready');
}
