import * as v from 'valibot';
import { PROFILE_IDS } from '../validators/profiles.ts';

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/**
 * A JSON object whose members all match `value`, with every key kept. valibot's record skips the
 * keys `__proto__`, `constructor` and `prototype` (they would pollute a prototype), so a
 * principal, revision or capability of that name would silently vanish: the members are checked
 * as a Map instead, and set on the output as own data properties, never through a setter.
 */
export function ownRecord<const S extends v.GenericSchema>(value: S) {
  return v.pipe(
    v.custom<Record<string, unknown>>(isObject, (issue) => `Invalid type: Expected Object but received ${issue.received}`),
    v.transform((object) => new Map(Object.entries(object))),
    v.map(v.string(), value),
    v.transform((map) => {
      const out: Record<string, v.InferOutput<S>> = {};
      for (const [key, member] of map) Object.defineProperty(out, key, { value: member, enumerable: true, writable: true, configurable: true });
      return out;
    }),
  );
}

/** Any JSON object, every member kept. */
export const JsonObjectSchema = ownRecord(v.unknown());

import { ControlStepSchema, StepSchema, TransportContextSchema, WireStepSchema } from '../validators/step-schema.ts';

export { ControlStepSchema, TransportContextSchema, WireStepSchema };

/**
 * One case: setup, steps and the expected outcome. Its setup, capabilities and steps are checked
 * when the case is played (runner/case-steps.ts), so that a malformed one fails its case alone.
 */
export const CaseSchema = v.strictObject({
  name: v.pipe(v.string(), v.minLength(1)),
  description: v.optional(v.string()),
  expect: v.picklist(['pass', 'fail']),
  error_contains: v.optional(v.pipe(v.string(), v.minLength(1))),
  expect_rule: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9]+\/[a-z0-9-]+$/))),
  setup: v.optional(v.unknown()),
  client_capabilities: v.optional(v.unknown()),
  server_capabilities: v.optional(v.unknown()),
  steps: v.optional(v.unknown()),
});

const PrincipalSchema = v.strictObject({
  tenant: v.string(),
  scopes: v.array(v.string()),
  enabled: v.optional(v.boolean()),
});

const RevisionSchema = v.strictObject({
  principals: ownRecord(PrincipalSchema),
  resources: v.array(v.strictObject({ uri: v.string(), tenant: v.string(), children: v.optional(v.array(v.string())) })),
  resourceTemplates: v.array(v.strictObject({ uriTemplate: v.string(), tenant: v.string() })),
});

const PeerSchema = v.strictObject({ info: JsonObjectSchema, capabilities: JsonObjectSchema });

/** The fixture file format (schema_version 3), shared with the public course fixture. */
export const FixtureSchema = v.strictObject({
  schema_version: v.literal(3),
  description: v.optional(v.string()),
  profile: v.optional(v.picklist(PROFILE_IDS)),
  protocol_version: v.string(),
  /** Optional outside the course profile (which requires it, see checkCourseFixture). */
  transport_context_defaults: v.optional(TransportContextSchema),
  /** The authorization policy: optional outside the course profile; without it no authorization check applies. */
  authorization: v.optional(v.strictObject({
    protected_resource: v.string(),
    initial_revision: v.string(),
    revisions: ownRecord(RevisionSchema),
  })),
  client: PeerSchema,
  server: PeerSchema,
  /** A tool known before any tools/list result: optional outside the course profile. */
  tool: v.optional(JsonObjectSchema),
  cases: v.array(CaseSchema),
});

/**
 * The fixture format as a course fixture (no `profile`, or `course`) is read: a case member the
 * format does not know is ignored, as the course's reference ignores it, rather than refusing the
 * file; fixtures for a specification profile keep every case exact.
 */
export const CourseFixtureSchema = v.strictObject({
  ...FixtureSchema.entries,
  cases: v.array(v.object(CaseSchema.entries)),
});

/** A fixture as parsed. */
export type Fixture = v.InferOutput<typeof FixtureSchema>;
/** One case of a fixture. */
export type FixtureCase = v.InferOutput<typeof CaseSchema>;
