/**
 * `notifications/progress` and `notifications/cancelled` shapes. Whether a token or request id
 * names something in flight is the machines' business (machines/progress.ts, cancellation.ts).
 */
import * as v from 'valibot';
import type { MethodValidators, ValidationContext } from './context.ts';
import { pointerJoin, type Finding } from './finding.ts';
import { isRequestId, RequestIdSchema } from './envelope.ts';
import { isJsonObject, MetaSchema, objectSchema } from './shape.ts';
import { finding } from './rules/report.ts';
import { checkSchema } from './schema-check.ts';
import { strictOrLoose } from './profile-schemas.ts';
import { ruleById } from './rules/index.ts';

/** Whether `token` is a valid progress token (a string or a safe integer, as a request id). */
export function isProgressToken(token: unknown): token is string | number {
  return isRequestId(token);
}

/**
 * A request's `_meta.progressToken`, when present, is a ProgressToken (a string or an integer): the
 * one message decides, whatever came before. `params` are the request's params.
 */
export function validateRequestProgressToken(params: unknown): Finding | undefined {
  const meta = isJsonObject(params) ? params['_meta'] : undefined;
  if (!isJsonObject(meta) || !Object.hasOwn(meta, 'progressToken')) return undefined;
  const token = meta['progressToken'];
  if (isProgressToken(token)) return undefined;
  return finding(ruleById('progress/invalid-token'), '/message/params/_meta/progressToken',
    `Invalid progressToken: Expected string or integer but received ${JSON.stringify(token)}`);
}

/** A progress token: a string or an integer. */
export const ProgressTokenSchema = v.custom<string | number>(
  isProgressToken,
  (i) => `Invalid progressToken: Expected string or integer but received ${JSON.stringify(i.input)}`,
);

function schemas(strict: boolean) {
  return {
    progress: objectSchema(
      {
        progressToken: ProgressTokenSchema,
        progress: v.number(),
        total: v.optional(v.number()),
        message: v.optional(v.string()),
        _meta: v.optional(MetaSchema),
      },
      strict,
    ),
    cancelled: objectSchema(
      { requestId: v.optional(RequestIdSchema), reason: v.optional(v.string()), _meta: v.optional(MetaSchema) },
      strict,
    ),
  };
}

/**
 * Open, as the schema has them, in the specification profiles; the course profile's reference
 * reads no member of either, so there the params need only be an object.
 */
const pick = strictOrLoose((strict): { progress: v.GenericSchema; cancelled: v.GenericSchema } =>
  strict ? { progress: MetaSchema, cancelled: MetaSchema } : schemas(false));

/** Validates notifications/progress params: `{progressToken, progress, total?, message?, _meta?}`. */
export function validateProgressParams(params: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  return checkSchema(pick(ctx).progress, params, ruleById('progress/params'), at, 'notifications/progress params');
}

/**
 * Validates notifications/cancelled params: `{requestId, reason?, _meta?}`. The 2025-11-25 schema
 * leaves requestId optional only because tasks are cancelled otherwise; its text requires it for
 * every request, so its absence is reported there as its own rule.
 */
export function validateCancelledParams(params: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  const found = checkSchema(pick(ctx).cancelled, params, ruleById('cancellation/params'), at, 'notifications/cancelled params');
  // The course profile takes the schema's optional requestId as it is.
  if (found.length > 0 || !isJsonObject(params) || params['requestId'] !== undefined || ctx.profile.strict) return found;
  const rule = ctx.profile.revision === '2025-11-25' ? ruleById('cancellation/missing-request-id') : ruleById('cancellation/params');
  return [finding(rule, pointerJoin(at, 'requestId'), 'Invalid notifications/cancelled params: Expected a requestId naming the request to cancel but received none')];
}

/** Validators of notifications/progress and notifications/cancelled. */
export const utilityMethods: Readonly<Record<string, MethodValidators>> = {
  'notifications/progress': { params: validateProgressParams },
  'notifications/cancelled': { params: validateCancelledParams },
};
