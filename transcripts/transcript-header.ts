import * as v from 'valibot';
import { FixtureSchema, TransportContextSchema } from '../runner/fixture-schema.ts';
import type { SessionConfig } from '../machines/session.ts';
import type { AuthorizationPolicy } from '../validators/authorization.ts';
import type { JsonObject, Profile } from '../validators/context.ts';
import { COURSE_PROFILE } from '../validators/profiles.ts';

/** The member that marks a transcript's optional first line as its header. */
export const HEADER_MARK = 'mcp_statechart_transcript';

/**
 * The optional first line of a transcript: format version 1, the profile, and what the session
 * needs to know that is not on the wire (authorization policy, transport-context defaults,
 * tool descriptors known in advance).
 */
export const TranscriptHeaderSchema = v.strictObject({
  [HEADER_MARK]: v.literal(1),
  description: v.optional(v.string()),
  profile: v.optional(v.picklist(['course'])),
  protocol_version: v.optional(v.string()),
  authorization: v.optional(FixtureSchema.entries.authorization),
  transport_context_defaults: v.optional(TransportContextSchema),
  tools: v.optional(v.array(v.record(v.string(), v.unknown()))),
});

/** A transcript header as parsed. */
export type TranscriptHeader = v.InferOutput<typeof TranscriptHeaderSchema>;

/** True when a parsed first line is meant as a header (it carries the header mark). */
export function isHeaderLine(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.hasOwn(value, HEADER_MARK);
}

/** The profile a transcript is judged under. */
export function profileForHeader(header: TranscriptHeader | undefined): Profile {
  const version = header?.protocol_version;
  return version === undefined ? COURSE_PROFILE : { ...COURSE_PROFILE, protocolVersion: version };
}

/**
 * The session set-up a header describes; without a header: the course profile, no authorization
 * policy (authorization-bound checks are skipped), no transport defaults, no tools.
 */
export function sessionConfigFor(header: TranscriptHeader | undefined): SessionConfig {
  return {
    profile: profileForHeader(header),
    policy: header?.authorization as AuthorizationPolicy | undefined,
    transportDefaults: header?.transport_context_defaults,
    tools: header?.tools as readonly JsonObject[] | undefined,
  };
}
