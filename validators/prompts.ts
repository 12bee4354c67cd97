/**
 * Prompts: prompts/list pages of prompt descriptors, prompts/get params and the messages it
 * returns (one content block of any type each), and notifications/prompts/list_changed.
 * prompts/get arguments are checked for their shape only (an object of strings): matching them
 * against the arguments a listed prompt declares would need the session to remember the listing.
 */
import * as v from 'valibot';
import { collectContentBlock, collectIconsFormat, descriptorPartSchemas } from './content.ts';
import type { MethodValidators, ValidationContext } from './context.ts';
import { pointerJoin, type Finding } from './finding.ts';
import { collectPageSize, RequestMetaSchema, validateCursorParams, validateNextCursor } from './pagination.ts';
import { findingsOf, isJsonObject, MetaSchema, objectSchema, shown } from './shape.ts';
import { finding } from './rules/report.ts';
import { checkSchema } from './schema-check.ts';
import { profileSchemas } from './profile-schemas.ts';
import { ruleById } from './rules/index.ts';

/** An object whose every member is a string: prompts/get arguments, completion context arguments. */
export const StringMapSchema = v.pipe(MetaSchema, v.record(v.string(), v.string()));

/** `icons` is a Prompt member since 2025-11-25; in 2025-06-18 it is an unknown member, left unchecked. */
function schemaSet(strict: boolean, icons: boolean) {
  const parts = descriptorPartSchemas(strict);
  const argument = objectSchema(
    {
      name: parts.name,
      title: v.optional(v.string()),
      description: v.optional(v.string()),
      required: v.optional(v.boolean()),
    },
    strict,
  );
  return {
    prompt: objectSchema(
      {
        name: parts.name,
        title: v.optional(v.string()),
        description: v.optional(v.string()),
        arguments: v.optional(v.array(argument)),
        ...(icons ? { icons: v.optional(parts.icons) } : {}),
        _meta: v.optional(MetaSchema),
      },
      strict,
    ),
    listResult: objectSchema(
      { prompts: v.array(v.unknown()), nextCursor: v.optional(v.unknown()), _meta: v.optional(MetaSchema) },
      strict,
    ),
    getParams: objectSchema({ name: v.string(), arguments: v.optional(StringMapSchema), _meta: v.optional(RequestMetaSchema) }, strict),
    getResult: objectSchema(
      { description: v.optional(v.string()), messages: v.array(v.unknown()), _meta: v.optional(MetaSchema) },
      strict,
    ),
    message: objectSchema({ role: v.picklist(['user', 'assistant']), content: v.unknown() }, strict),
    listChanged: v.optional(objectSchema({ _meta: v.optional(MetaSchema) }, strict)),
  };
}

const schemas = profileSchemas(schemaSet);

/** Pushes the findings of one prompt descriptor (shape and, in strict profiles, icon formats). */
function collectPrompt(prompt: unknown, at: string, ctx: ValidationContext, out: Finding[]): void {
  for (const f of checkSchema(schemas(ctx).prompt, prompt, ruleById('prompts/descriptor'), at, 'prompt')) out.push(f);
  if (isJsonObject(prompt)) collectIconsFormat(prompt['icons'], pointerJoin(at, 'icons'), ctx, out);
}

function validateListResult(result: unknown, at: string, _requestParams: unknown, ctx: ValidationContext): readonly Finding[] {
  const out: Finding[] = [...checkSchema(schemas(ctx).listResult, result, ruleById('prompts/list-result'), at, 'prompts/list result')];
  if (!isJsonObject(result)) return findingsOf(out);
  for (const f of validateNextCursor(result['nextCursor'], pointerJoin(at, 'nextCursor'), ctx)) out.push(f);
  const list = result['prompts'];
  if (!Array.isArray(list)) return findingsOf(out);
  collectPageSize(list, pointerJoin(at, 'prompts'), ctx, out);
  // A name listed twice is no finding: the page calls a name the prompt's "Unique identifier" and
  // requires nothing of it (no MUST, no SHOULD).
  list.forEach((prompt: unknown, i) => collectPrompt(prompt, pointerJoin(at, 'prompts', i), ctx, out));
  return findingsOf(out);
}

function validateGetParams(params: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  return checkSchema(schemas(ctx).getParams, params, ruleById('prompts/get-params'), at, 'prompts/get params');
}

/** Pushes the findings of one prompt message: its role and its single content block of any type. */
function collectMessage(message: unknown, at: string, ctx: ValidationContext, out: Finding[]): void {
  for (const f of checkSchema(schemas(ctx).message, message, ruleById('prompts/message'), at, 'prompt message')) out.push(f);
  if (!isJsonObject(message) || !Object.hasOwn(message, 'content')) return;
  const content = message['content'];
  const contentAt = pointerJoin(at, 'content');
  if (Array.isArray(content)) {
    out.push(finding(ruleById('prompts/message'), contentAt, 'Invalid prompt message: Expected one content block but received an array'));
    return;
  }
  collectContentBlock(content, contentAt, ctx, out);
}

function validateGetResult(result: unknown, at: string, _requestParams: unknown, ctx: ValidationContext): readonly Finding[] {
  const out: Finding[] = [...checkSchema(schemas(ctx).getResult, result, ruleById('prompts/get-result'), at, 'prompts/get result')];
  if (!isJsonObject(result)) return findingsOf(out);
  const messages = result['messages'];
  if (Array.isArray(messages)) messages.forEach((m: unknown, i) => collectMessage(m, pointerJoin(at, 'messages', i), ctx, out));
  return findingsOf(out);
}

/** Validators of prompts/list, prompts/get and notifications/prompts/list_changed. */
export const promptsMethods: Readonly<Record<string, MethodValidators>> = {
  'prompts/list': { params: validateCursorParams, result: validateListResult },
  'prompts/get': { params: validateGetParams, result: validateGetResult },
  'notifications/prompts/list_changed': {
    params: (params, at, ctx) =>
      checkSchema(schemas(ctx).listChanged, params, ruleById('prompts/list-changed-params'), at, 'notifications/prompts/list_changed params'),
  },
};
