/**
 * Logging: logging/setLevel, whose result is empty, and notifications/message, the log entries a
 * server sends at a syslog severity (RFC 5424) with any JSON data.
 */
import * as v from 'valibot';
import type { MethodValidators, ValidationContext } from './context.ts';
import { RequestMetaSchema } from './pagination.ts';
import { MetaSchema, objectSchema } from './shape.ts';
import { checkSchema } from './schema-check.ts';
import { profileSchemas } from './profile-schemas.ts';
import { ruleById } from './rules/index.ts';

/** The logging levels, from least to most severe. */
export const LOGGING_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;

function schemaSet(strict: boolean) {
  const level = v.picklist(LOGGING_LEVELS);
  return {
    setLevelParams: objectSchema({ level, _meta: v.optional(RequestMetaSchema) }, strict),
    setLevelResult: objectSchema({ _meta: v.optional(MetaSchema) }, strict),
    message: objectSchema(
      {
        level,
        logger: v.optional(v.string()),
        data: v.unknown(),
        _meta: v.optional(MetaSchema),
      },
      strict,
    ),
  };
}

const schemas = profileSchemas((strict) => schemaSet(strict));

/** Validators of logging/setLevel and notifications/message. */
export const loggingMethods: Readonly<Record<string, MethodValidators>> = {
  'logging/setLevel': {
    params: (params, at, ctx) => checkSchema(schemas(ctx).setLevelParams, params, ruleById('logging/set-level-params'), at, 'logging/setLevel params'),
    result: (result, at, _requestParams, ctx) =>
      checkSchema(schemas(ctx).setLevelResult, result, ruleById('logging/set-level-result'), at, 'logging/setLevel result'),
  },
  'notifications/message': {
    params: (params, at, ctx) => checkSchema(schemas(ctx).message, params, ruleById('logging/message-params'), at, 'notifications/message params'),
  },
};
