import * as v from 'valibot';
import type { MethodValidators } from './context.ts';
import { checkSchema } from './schema-check.ts';
import { envelopeRules } from './rules/envelope.ts';

const MetaOnlySchema = v.optional(v.strictObject({ _meta: v.optional(v.record(v.string(), v.unknown())) }));

/** `ping`: no params beyond `_meta`, and an empty result. */
export const pingMethods: Readonly<Record<string, MethodValidators>> = {
  ping: {
    params: (params, at) => checkSchema(MetaOnlySchema, params, envelopeRules['params-type'], at, 'ping params'),
    result: (result, at) => checkSchema(MetaOnlySchema, result, envelopeRules['result-type'], at, 'ping result'),
  },
};
