/**
 * The shapes of the initialize handshake: initialize params, the InitializeResult, the
 * Implementation info of both sides and notifications/initialized. The negotiated version and the
 * handshake order belong to the lifecycle machine.
 */
import * as v from 'valibot';
import { validateClientCapabilities, validateServerCapabilities } from './capabilities-shape.ts';
import type { MethodValidators, ValidationContext } from './context.ts';
import { descriptorPartSchemas } from './content.ts';
import { pointerJoin, type Finding } from './finding.ts';
import { RequestMetaSchema } from './pagination.ts';
import { findingsOf, isJsonObject, MetaSchema, objectSchema } from './shape.ts';
import { checkSchema } from './schema-check.ts';
import { profileSchemas } from './profile-schemas.ts';
import { ruleById } from './rules/index.ts';

/**
 * `description`, `websiteUrl` and `icons` are Implementation members since 2025-11-25; in
 * 2025-06-18 they are unknown members, left unchecked. The course profile (`strict`) takes the
 * params and result without `_meta`, a non-empty name and version, and no data on
 * notifications/initialized.
 */
function schemaSet(strict: boolean, since20251125: boolean) {
  const text = strict ? v.pipe(v.string(), v.minLength(1)) : v.string();
  return {
    params: objectSchema(
      { protocolVersion: v.string(), capabilities: v.unknown(), clientInfo: v.unknown(), ...(strict ? {} : { _meta: v.optional(RequestMetaSchema) }) },
      strict,
    ),
    result: objectSchema(
      {
        protocolVersion: v.string(),
        capabilities: v.unknown(),
        serverInfo: v.unknown(),
        instructions: v.optional(v.string()),
        ...(strict ? {} : { _meta: v.optional(MetaSchema) }),
      },
      strict,
    ),
    implementation: objectSchema(
      {
        name: text,
        version: text,
        // The course's reference reads an implementation's other members not at all (their names only).
        title: v.optional(strict ? v.unknown() : v.string()),
        ...(since20251125
          ? {
              description: v.optional(strict ? v.unknown() : v.string()),
              websiteUrl: v.optional(strict ? v.unknown() : v.string()),
              icons: v.optional(strict ? v.unknown() : descriptorPartSchemas(strict).icons),
            }
          : {}),
      },
      strict,
    ),
    initialized: v.optional(strict ? objectSchema({}, true) : objectSchema({ _meta: v.optional(MetaSchema) }, false)),
  };
}

const schemas = profileSchemas(schemaSet);

/**
 * Validates clientInfo or serverInfo: name, version, optional title, description, websiteUrl and
 * icons (in the course profile, as its reference reads them: exactly these names, a non-empty name
 * and version, the other members unexamined).
 */
export function validateImplementation(info: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  const out: Finding[] = [...checkSchema(schemas(ctx).implementation, info, ruleById('initialize/implementation'), at, 'implementation info')];
  return findingsOf(out);
}

function collectParts(
  value: unknown,
  at: string,
  ctx: ValidationContext,
  out: Finding[],
  infoKey: string,
  capabilities: (caps: unknown, at: string, ctx: ValidationContext) => readonly Finding[],
): readonly Finding[] {
  if (isJsonObject(value)) {
    if (Object.hasOwn(value, 'capabilities')) for (const f of capabilities(value['capabilities'], pointerJoin(at, 'capabilities'), ctx)) out.push(f);
    if (Object.hasOwn(value, infoKey)) for (const f of validateImplementation(value[infoKey], pointerJoin(at, infoKey), ctx)) out.push(f);
  }
  return findingsOf(out);
}

/** Validators of initialize and notifications/initialized (shapes only). */
export const initializeMethods: Readonly<Record<string, MethodValidators>> = {
  initialize: {
    params: (params, at, ctx) =>
      collectParts(params, at, ctx, [...checkSchema(schemas(ctx).params, params, ruleById('initialize/params'), at, 'initialize params')], 'clientInfo', validateClientCapabilities),
    result: (result, at, _requestParams, ctx) =>
      collectParts(result, at, ctx, [...checkSchema(schemas(ctx).result, result, ruleById('initialize/result'), at, 'initialize result')], 'serverInfo', validateServerCapabilities),
  },
  'notifications/initialized': {
    params: (params, at, ctx) =>
      checkSchema(schemas(ctx).initialized, params, ruleById('initialize/initialized-params'), at, 'notifications/initialized params'),
  },
};
