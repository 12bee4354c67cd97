import type { Profile, ProfileLimits } from './context.ts';
import { X_MCP_HEADER } from './mcp-header.ts';

const NO_LIMITS: ProfileLimits = { itemBytes: null, readBytes: null, contentItems: null, listItems: null, cursorLength: null };

/** The strict course profile: MCP 2025-11-25 subset with tightened rules and a 64 KiB budget. */
export const COURSE_PROFILE: Profile = {
  id: 'course',
  name: 'offline-mcp-teaching-profile-v2',
  protocolVersion: '2025-11-25',
  revision: '2025-11-25',
  strict: true,
  stateless: false,
  limits: {
    itemBytes: 64 * 1024,
    readBytes: 64 * 1024,
    contentItems: 64,
    listItems: 256,
    cursorLength: 1024,
  },
};

/** MCP 2025-11-25 exactly as specified: unknown fields where the schema allows them, no course limits. */
export const SPEC_2025_11_25: Profile = {
  id: '2025-11-25',
  name: 'mcp-2025-11-25',
  protocolVersion: '2025-11-25',
  revision: '2025-11-25',
  strict: false,
  stateless: false,
  limits: NO_LIMITS,
};

/** MCP 2025-06-18 exactly as specified (no tasks, no URL elicitation, no sampling tools). */
export const SPEC_2025_06_18: Profile = {
  id: '2025-06-18',
  name: 'mcp-2025-06-18',
  protocolVersion: '2025-06-18',
  revision: '2025-06-18',
  strict: false,
  stateless: false,
  limits: NO_LIMITS,
};

/** MCP 2026-07-28: stateless, no initialize handshake; every request carries its version and capabilities. */
export const SPEC_2026_07_28: Profile = {
  id: '2026-07-28',
  name: 'mcp-2026-07-28',
  protocolVersion: '2026-07-28',
  revision: '2026-07-28',
  strict: false,
  stateless: true,
  limits: NO_LIMITS,
};

/**
 * What differs between specification revisions, as data in one place: a validator asks the facts
 * of its profile's revision rather than comparing revision strings, so adding a revision is adding
 * a row.
 */
export interface RevisionFacts {
  /** A tool's outputSchema may have any JSON Schema 2020-12 root and structuredContent may be any JSON value (not only an object). */
  readonly anyStructuredOutput: boolean;
  /** URL-mode elicitation may leave out elicitationId. */
  readonly optionalElicitationId: boolean;
  /** No initialize handshake: every request names the revision and the client's capabilities in its own `_meta`. */
  readonly perRequestMeta: boolean;
  /** Keywords the revision's pages define inside a tool's inputSchema beside JSON Schema's own (2026-07-28, tools page: x-mcp-header). */
  readonly toolSchemaExtensions: readonly string[];
}

const REVISION_FACTS: Readonly<Record<Profile['revision'], RevisionFacts>> = {
  '2025-06-18': { anyStructuredOutput: false, optionalElicitationId: false, perRequestMeta: false, toolSchemaExtensions: [] },
  '2025-11-25': { anyStructuredOutput: false, optionalElicitationId: false, perRequestMeta: false, toolSchemaExtensions: [] },
  '2026-07-28': { anyStructuredOutput: true, optionalElicitationId: true, perRequestMeta: true, toolSchemaExtensions: [X_MCP_HEADER] },
};

/**
 * The tool-schema keywords any revision defines. None is an unknown keyword in any profile: a server
 * serving both eras sends the same tool definitions in either, so a keyword of a later revision is
 * an annotation an earlier client ignores, not a schema mistake.
 */
export const TOOL_SCHEMA_EXTENSIONS: ReadonlySet<string> = new Set(Object.values(REVISION_FACTS).flatMap((f) => f.toolSchemaExtensions));

/** The facts of the revision a profile judges. */
export function revisionFacts(profile: Pick<Profile, 'revision'>): RevisionFacts {
  return REVISION_FACTS[profile.revision];
}

/** Every profile id, as fixtures, transcript headers and `--profile` name them. */
export const PROFILE_IDS = ['course', '2025-11-25', '2025-06-18', '2026-07-28'] as const;

/** Every profile, by id (in the order of PROFILE_IDS). */
export const PROFILES: ReadonlyMap<string, Profile> = new Map(
  [COURSE_PROFILE, SPEC_2025_11_25, SPEC_2025_06_18, SPEC_2026_07_28].map((p) => [p.id, p]),
);

/** The course profile speaking `protocolVersion` (the course fixture names the version it teaches). */
export function courseProfile(protocolVersion: string | undefined): Profile {
  return protocolVersion === undefined ? COURSE_PROFILE : { ...COURSE_PROFILE, protocolVersion };
}

/** The spec profile a negotiated protocol version selects, if any. */
export function profileForVersion(version: string): Profile | undefined {
  for (const p of PROFILES.values()) if (p.id !== 'course' && p.protocolVersion === version) return p;
  return undefined;
}

/**
 * Where the course profile's reference judges otherwise than the specification does, one named
 * fact per behaviour: the session, the validators and the runner ask the fact they depend on
 * rather than comparing profile ids (docs/course-reference.md says why the course differs).
 */
export interface ProfileFacts {
  /** Only the methods the course teaches are taken; another is refused before it is pending (profile/unsupported-method). */
  readonly refusesUntaughtMethods: boolean;
  /** The charts and the message checks read messages the reference's tightened way (their `strict` input). */
  readonly tightenedReading: boolean;
  /** An authorization revision switch needs a ready session (auth/revision-before-ready). */
  readonly revisionSwitchNeedsReady: boolean;
  /** A transport_context belongs on authorization-bound requests and notifications only (auth/unexpected-context). */
  readonly contextOnBoundCallsOnly: boolean;
  /** Authorization is judged over stdio too (the authorization page: stdio implementations SHOULD NOT follow it). */
  readonly authorizesStdio: boolean;
  /** An integer beyond ±(2^53-1) is warned about (json/unsafe-integer). */
  readonly warnsUnsafeIntegers: boolean;
  /** Decimal spellings are read as the reference reads them (course-decimals), not only judged for overflow. */
  readonly referenceDecimals: boolean;
  /** Calls are judged against the declared tool only: a tools/list result adds no callable tool and meets no listing rule. */
  readonly declaredToolsOnly: boolean;
  /** The capability gate applies before the initialize result too (the specification judges that time by the lifecycle alone). */
  readonly gatesBeforeInitializeResult: boolean;
  /** What a request beyond the pending limit meets: refused, or the oldest pending forgotten with a warning. */
  readonly pendingOverflow: 'reject' | 'forget';
  /** An unsubscribe answered after a revision switch revoked its subscription ends nothing (subscription rules). */
  readonly unsubscribeAfterRevokeRefused: boolean;
  /** A root names a location by any absolute file URI (file:/srv), rather than a file:// URI. */
  readonly rootsAnyFileUri: boolean;
  /** The steps one fixture case may play (null: no bound). */
  readonly caseStepLimit: number | null;
  /** A fixture may carry an escaped unpaired surrogate (as the reference's JSON reader takes it). */
  readonly takesLoneSurrogates: boolean;
  /**
   * Only the core machines judge (lifecycle, correlation, authorization, subscriptions): the reference
   * teaches no progress, cancellation, task, cursor, request-id or prompt rule, so no extension runs.
   */
  readonly coreMachinesOnly: boolean;
}

const COURSE_FACTS: ProfileFacts = {
  refusesUntaughtMethods: true,
  tightenedReading: true,
  revisionSwitchNeedsReady: true,
  contextOnBoundCallsOnly: true,
  authorizesStdio: true,
  warnsUnsafeIntegers: false,
  referenceDecimals: true,
  declaredToolsOnly: true,
  gatesBeforeInitializeResult: true,
  pendingOverflow: 'reject',
  unsubscribeAfterRevokeRefused: true,
  rootsAnyFileUri: true,
  caseStepLimit: 512,
  takesLoneSurrogates: true,
  coreMachinesOnly: true,
};

const SPECIFICATION_FACTS: ProfileFacts = {
  refusesUntaughtMethods: false,
  tightenedReading: false,
  revisionSwitchNeedsReady: false,
  contextOnBoundCallsOnly: false,
  authorizesStdio: false,
  warnsUnsafeIntegers: true,
  referenceDecimals: false,
  declaredToolsOnly: false,
  gatesBeforeInitializeResult: false,
  // The specification sets no limit: the oldest pending request is forgotten, the newest stay judged.
  pendingOverflow: 'forget',
  unsubscribeAfterRevokeRefused: false,
  rootsAnyFileUri: false,
  caseStepLimit: null,
  takesLoneSurrogates: false,
  coreMachinesOnly: false,
};

/** The facts of how `profile` judges (the course profile's, or the specification's). */
export function profileFacts(profile: Pick<Profile, 'id'>): ProfileFacts {
  return profile.id === COURSE_PROFILE.id ? COURSE_FACTS : SPECIFICATION_FACTS;
}
