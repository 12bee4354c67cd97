/**
 * completion/complete: a reference to a prompt or a resource template, the argument being
 * completed with the values already resolved, and at most 100 completion values in the result.
 */
import * as v from 'valibot';
import type { MethodValidators, ValidationContext } from './context.ts';
import { pointerJoin, type Finding } from './finding.ts';
import { RequestMetaSchema } from './pagination.ts';
import { StringMapSchema } from './prompts.ts';
import { findingsOf, isJsonObject, MetaSchema, objectSchema, shown } from './shape.ts';
import { finding } from './rules/report.ts';
import { checkSchema } from './schema-check.ts';
import { profileSchemas } from './profile-schemas.ts';
import { ruleById } from './rules/index.ts';

/** The most values one completion result may carry. */
export const MAX_COMPLETION_VALUES = 100;

function schemaSet(strict: boolean) {
  return {
    params: objectSchema(
      {
        ref: v.unknown(),
        argument: objectSchema({ name: v.string(), value: v.string() }, strict),
        context: v.optional(objectSchema({ arguments: v.optional(StringMapSchema) }, strict)),
        _meta: v.optional(RequestMetaSchema),
      },
      strict,
    ),
    promptRef: objectSchema({ type: v.literal('ref/prompt'), name: v.string(), title: v.optional(v.string()) }, strict),
    resourceRef: objectSchema({ type: v.literal('ref/resource'), uri: v.string() }, strict),
    result: objectSchema(
      {
        completion: objectSchema(
          { values: v.array(v.string()), total: v.optional(v.pipe(v.number(), v.integer())), hasMore: v.optional(v.boolean()) },
          strict,
        ),
        _meta: v.optional(MetaSchema),
      },
      strict,
    ),
  };
}

const schemas = profileSchemas((strict) => schemaSet(strict));

/** Pushes the findings of a completion ref: a PromptReference or a ResourceTemplateReference. */
function collectRef(ref: unknown, at: string, ctx: ValidationContext, out: Finding[]): void {
  if (!isJsonObject(ref)) {
    out.push(finding(ruleById('completion/ref'), at, `Invalid completion ref: Expected Object but received ${shown(ref)}`));
    return;
  }
  const type = ref['type'];
  const schema = type === 'ref/prompt' ? schemas(ctx).promptRef : type === 'ref/resource' ? schemas(ctx).resourceRef : undefined;
  if (schema === undefined) {
    out.push(finding(ruleById('completion/ref'), pointerJoin(at, 'type'), `Invalid completion ref: Expected type "ref/prompt" | "ref/resource" but received ${shown(type)}`));
    return;
  }
  for (const f of checkSchema(schema, ref, ruleById('completion/ref'), at, 'completion ref')) out.push(f);
}

function validateParams(params: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  const out: Finding[] = [...checkSchema(schemas(ctx).params, params, ruleById('completion/params'), at, 'completion/complete params')];
  if (isJsonObject(params) && Object.hasOwn(params, 'ref')) collectRef(params['ref'], pointerJoin(at, 'ref'), ctx, out);
  return findingsOf(out);
}

function validateResult(result: unknown, at: string, _requestParams: unknown, ctx: ValidationContext): readonly Finding[] {
  const out: Finding[] = [...checkSchema(schemas(ctx).result, result, ruleById('completion/result'), at, 'completion/complete result')];
  const completion = isJsonObject(result) ? result['completion'] : undefined;
  const values = isJsonObject(completion) ? completion['values'] : undefined;
  if (Array.isArray(values) && values.length > MAX_COMPLETION_VALUES) {
    out.push(finding(ruleById('completion/too-many-values'), pointerJoin(at, 'completion', 'values'),
      `Invalid completion/complete result: Expected at most ${MAX_COMPLETION_VALUES} values but received ${values.length}`));
  }
  return findingsOf(out);
}

/** Validators of completion/complete. */
export const completionMethods: Readonly<Record<string, MethodValidators>> = {
  'completion/complete': { params: validateParams, result: validateResult },
};
