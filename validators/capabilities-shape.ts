/**
 * The shapes of ClientCapabilities and ServerCapabilities (2025-11-25 schema). Whether a feature
 * is declared before use is a capability gate checked elsewhere; this file checks only shapes.
 */
import * as v from 'valibot';
import type { ValidationContext } from './context.ts';
import type { Finding } from './finding.ts';
import { MetaSchema, objectSchema } from './shape.ts';
import { checkSchema } from './schema-check.ts';
import { strictOrLoose } from './profile-schemas.ts';
import { ruleById } from './rules/index.ts';

/**
 * Capabilities are an open set (the schema says so), and their known members keep the schema's
 * types in the specification profiles. The course profile (`course`) reads them as its reference
 * does: client capabilities are an object whose members are read only where a feature is used
 * (a member of the wrong type declares nothing), and of the server's only the resources capability
 * is examined, an exact object of subscribe and listChanged flags.
 */
function capabilitySchemas(course: boolean) {
  /** A capability object whose contents the schema leaves open (`additionalProperties: true`). */
  const open = v.optional(MetaSchema);
  if (course) {
    return {
      client: MetaSchema,
      server: objectSchema({ resources: v.optional(objectSchema({ subscribe: v.optional(v.boolean()), listChanged: v.optional(v.boolean()) }, true)) }, false),
    };
  }
  const flag = v.optional(v.boolean());
  const experimental = v.optional(v.pipe(MetaSchema, v.record(v.string(), MetaSchema)));
  const tasks = (requests: v.ObjectEntries) =>
    v.optional(objectSchema({ list: open, cancel: open, requests: v.optional(objectSchema(requests, false)) }, false));
  return {
    client: objectSchema(
      {
        roots: v.optional(objectSchema({ listChanged: flag }, false)),
        sampling: v.optional(objectSchema({ context: open, tools: open }, false)),
        elicitation: v.optional(objectSchema({ form: open, url: open }, false)),
        tasks: tasks({
          sampling: v.optional(objectSchema({ createMessage: open }, false)),
          elicitation: v.optional(objectSchema({ create: open }, false)),
        }),
        experimental,
      },
      false,
    ),
    server: objectSchema(
      {
        logging: open,
        completions: open,
        prompts: v.optional(objectSchema({ listChanged: flag }, false)),
        resources: v.optional(objectSchema({ subscribe: flag, listChanged: flag }, course)),
        tools: v.optional(objectSchema({ listChanged: flag }, false)),
        tasks: tasks({ tools: v.optional(objectSchema({ call: open }, false)) }),
        experimental,
      },
      false,
    ),
  };
}

/** The schemas of the profile's strictness, built on first use. */
const pick = strictOrLoose(capabilitySchemas);

/** Validates the shape of client capabilities (in initialize params or a fixture's declaration). */
export function validateClientCapabilities(caps: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  return checkSchema(pick(ctx).client, caps, ruleById('initialize/client-capabilities'), at, 'client capabilities');
}

/** Validates the shape of server capabilities (in an initialize result or a fixture's declaration). */
export function validateServerCapabilities(caps: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  return checkSchema(pick(ctx).server, caps, ruleById('initialize/server-capabilities'), at, 'server capabilities');
}
