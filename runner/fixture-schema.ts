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

/** Out-of-wire transport context of a step (merged over the fixture's defaults). */
export const TransportContextSchema = v.strictObject({
  transport: v.optional(v.string()),
  token_active: v.optional(v.boolean()),
  token_audience: v.optional(v.string()),
  resource: v.optional(v.string()),
  subject: v.optional(v.string()),
  tenant: v.optional(v.string()),
  scopes: v.optional(v.array(v.string())),
  authorization_revision: v.optional(v.string()),
});

/** A wire step: the sender and one JSON-RPC message (judged by the session, not here). */
export const WireStepSchema = v.strictObject({
  direction: v.picklist(['client_to_server', 'server_to_client']),
  message: v.unknown(),
  transport_context: v.optional(TransportContextSchema),
});

/** A control-plane step. */
export const ControlStepSchema = v.strictObject({
  control_event: v.strictObject({
    type: v.literal('activate_authorization_revision'),
    revision: v.string(),
  }),
});

/** One case: setup, steps and the expected outcome. */
export const CaseSchema = v.strictObject({
  name: v.pipe(v.string(), v.minLength(1)),
  description: v.optional(v.string()),
  expect: v.picklist(['pass', 'fail']),
  error_contains: v.optional(v.pipe(v.string(), v.minLength(1))),
  expect_rule: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9]+\/[a-z0-9-]+$/))),
  setup: v.optional(v.picklist(['ready', 'initialize_request_only', 'none'])),
  client_capabilities: v.optional(JsonObjectSchema),
  server_capabilities: v.optional(JsonObjectSchema),
  steps: v.array(v.union([WireStepSchema, ControlStepSchema], 'Invalid step: Expected a wire step {direction, message, transport_context?} or a control step {control_event}')),
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

/** A fixture as parsed. */
export type Fixture = v.InferOutput<typeof FixtureSchema>;
/** One case of a fixture. */
export type FixtureCase = v.InferOutput<typeof CaseSchema>;
