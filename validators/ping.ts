import * as v from 'valibot';
import type { MethodValidators } from './context.ts';
import { checkSchema } from './schema-check.ts';
import { profileSchemas } from './profile-schemas.ts';
import { RequestMetaSchema } from './pagination.ts';
import { MetaSchema, objectSchema } from './shape.ts';
import { ruleById } from './rules/index.ts';

/**
 * Params and result of ping: `{_meta?}`, open otherwise (RequestParams, EmptyResult); the course
 * profile (`strict`) takes no params at all (absent or `{}`) and an exact `{_meta?}` result.
 */
const schemas = profileSchemas((strict) => ({
  params: v.optional(strict ? objectSchema({}, true) : objectSchema({ _meta: v.optional(MetaSchema) }, false)),
  result: v.optional(objectSchema({ _meta: v.optional(MetaSchema) }, strict)),
}));

/** `ping`: no params beyond `_meta`, and an empty result. */
export const pingMethods: Readonly<Record<string, MethodValidators>> = {
  ping: {
    params: (params, at, ctx) => checkSchema(schemas(ctx).params, params, ruleById('envelope/params-type'), at, 'ping params'),
    result: (result, at, _requestParams, ctx) => checkSchema(schemas(ctx).result, result, ruleById('envelope/result-type'), at, 'ping result'),
  },
};
