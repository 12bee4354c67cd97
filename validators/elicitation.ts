/**
 * elicitation/create in form mode (a restricted requestedSchema, no secrets) and URL mode (an
 * absolute https URL in the course profile), and its result: content only for an accepted form,
 * checked against the requestedSchema of the request it answers; and the params of
 * notifications/elicitation/complete.
 */
import * as v from 'valibot';
import type { MethodValidators, ValidationContext } from './context.ts';
import { collectFormContent, collectFormValueTypes } from './elicitation-content.ts';
import { validateRequestedSchema } from './elicitation-schema.ts';
import { pointerJoin, type Finding } from './finding.ts';
import { isAbsoluteUri, isHttpsUrl } from './format.ts';
import { RequestMetaSchema } from './pagination.ts';
import { findingsOf, isJsonObject, MetaSchema, objectSchema, shown } from './shape.ts';
import { finding } from './rules/report.ts';
import { checkSchema } from './schema-check.ts';
import { isTaskAugmented, validateCreateTaskResult, validateTaskMetadata } from './tasks.ts';
import { validateToolSchema } from './toolschema.ts';
import { profileSchemas, since20251125 } from './profile-schemas.ts';
import { revisionFacts } from './profiles.ts';
import { ruleById } from './rules/index.ts';

/**
 * An elicitation id: an opaque string in the specification (the schema sets no length), non-empty
 * in the strict course profile.
 */
function elicitationId(strict: boolean) {
  return strict ? v.pipe(v.string(), v.minLength(1)) : v.string();
}

/**
 * `mode` and `task` are params members since 2025-11-25; in 2025-06-18 every request is a form
 * without them. The course profile (`strict`) wants a non-empty message and leaves the result
 * object open, as its reference does.
 */
function schemaSet(strict: boolean, since20251125: boolean) {
  const common = { message: strict ? v.pipe(v.string(), v.minLength(1)) : v.string(), task: v.optional(v.unknown()), _meta: v.optional(RequestMetaSchema) };
  return {
    form: since20251125
      ? objectSchema({ mode: v.optional(v.literal('form')), requestedSchema: v.unknown(), ...common }, strict)
      : objectSchema({ message: v.string(), requestedSchema: v.unknown(), _meta: v.optional(RequestMetaSchema) }, strict),
    url: objectSchema({ mode: v.literal('url'), url: v.string(), elicitationId: elicitationId(strict), ...common }, strict),
    /** 2026-07-28: URL-mode params are {mode, url, message}; elicitationId is no longer required. */
    url2026: objectSchema({ mode: v.literal('url'), url: v.string(), elicitationId: v.optional(elicitationId(strict)), ...common }, strict),
    result: objectSchema(
      { action: v.picklist(['accept', 'decline', 'cancel']), content: v.optional(MetaSchema), _meta: v.optional(MetaSchema) },
      false,
    ),
  };
}

const schemas = profileSchemas(schemaSet);

/** The findings of params that use what 2025-06-18 lacks: URL mode and task augmentation. */
function collectNewerParams(params: { readonly [key: string]: unknown }, at: string, ctx: ValidationContext, out: Finding[]): void {
  const revision = ctx.profile.revision;
  if (params['mode'] === 'url') {
    out.push(finding(ruleById('elicitation/params'), pointerJoin(at, 'mode'), `Invalid elicitation/create params: Expected a form request (MCP ${revision} has no URL-mode elicitation) but received mode "url"`));
  }
  if (params['task'] !== undefined) {
    out.push(finding(ruleById('elicitation/params'), pointerJoin(at, 'task'), `Invalid elicitation/create params: Expected no task (MCP ${revision} has no task augmentation) but received ${shown(params['task'])}`));
  }
}

function collectUrl(url: unknown, at: string, ctx: ValidationContext, out: Finding[]): void {
  if (typeof url !== 'string') return;
  if (!isAbsoluteUri(url)) {
    out.push(finding(ruleById('elicitation/url-invalid'), at, `Invalid url: Expected an absolute URI but received ${shown(url)}`));
  } else if (ctx.profile.strict && !isHttpsUrl(url)) {
    out.push(finding(ruleById('elicitation/url-not-https'), at, `Invalid url: Expected an absolute https URL (course profile) but received ${shown(url)}`));
  }
}

function validateParams(params: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  if (!since20251125(ctx)) return validateParams20250618(params, at, ctx);
  const mode = isJsonObject(params) ? params['mode'] : undefined;
  if (mode !== undefined && mode !== 'form' && mode !== 'url') {
    return [finding(ruleById('elicitation/params'), pointerJoin(at, 'mode'), `Invalid elicitation/create params: Expected mode "form" | "url" but received ${shown(mode)}`)];
  }
  const url = mode === 'url';
  const urlSchema = revisionFacts(ctx.profile).optionalElicitationId ? schemas(ctx).url2026 : schemas(ctx).url;
  const out: Finding[] = [...checkSchema(url ? urlSchema : schemas(ctx).form, params, ruleById('elicitation/params'), at, 'elicitation/create params')];
  if (!isJsonObject(params)) return out;
  if (url) collectUrl(params['url'], pointerJoin(at, 'url'), ctx, out);
  else if (Object.hasOwn(params, 'requestedSchema')) {
    const schemaAt = pointerJoin(at, 'requestedSchema');
    for (const f of validateRequestedSchema(params['requestedSchema'], schemaAt, ctx)) out.push(f);
    // The course profile's reference reads a requestedSchema as a tool schema of its executed subset.
    if (ctx.profile.strict && isJsonObject(params['requestedSchema'])) for (const f of validateToolSchema(params['requestedSchema'], schemaAt, ctx)) out.push(f);
  }
  if (params['task'] !== undefined) for (const f of validateTaskMetadata(params['task'], pointerJoin(at, 'task'), ctx)) out.push(f);
  return findingsOf(out);
}

/** 2025-06-18: a form request whose `mode` is an unknown member, except that URL mode and tasks are refused. */
function validateParams20250618(params: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  const out: Finding[] = [];
  if (isJsonObject(params)) collectNewerParams(params, at, ctx, out);
  if (out.length > 0) return out;
  for (const f of checkSchema(schemas(ctx).form, params, ruleById('elicitation/params'), at, 'elicitation/create params')) out.push(f);
  if (isJsonObject(params) && Object.hasOwn(params, 'requestedSchema')) {
    for (const f of validateRequestedSchema(params['requestedSchema'], pointerJoin(at, 'requestedSchema'), ctx)) out.push(f);
  }
  return findingsOf(out);
}

function validateResult(result: unknown, at: string, requestParams: unknown, ctx: ValidationContext): readonly Finding[] {
  const taskAugmented = since20251125(ctx) && isTaskAugmented(requestParams);
  if (taskAugmented && !ctx.profile.strict) return validateCreateTaskResult(result, at, ctx);
  const out: Finding[] = [...checkSchema(schemas(ctx).result, result, ruleById('elicitation/result'), at, 'elicitation/create result')];
  // The course profile reads every answer as an elicitation result, task-augmented or not, as its
  // reference does: a plain result answers a task-augmented request there.
  if (!isJsonObject(result)) return out;
  const action = result['action'];
  const content = result['content'];
  const contentAt = pointerJoin(at, 'content');
  const request = isJsonObject(requestParams) ? requestParams : undefined;
  const urlMode = request?.['mode'] === 'url';
  if (ctx.profile.strict) {
    // The course profile: a URL-mode answer exposes no content; an accepted form answer carries its
    // content object, whose values keep the schema's types; nothing else is held against the request.
    if (urlMode && content !== undefined) {
      out.push(finding(ruleById('elicitation/unexpected-content'), contentAt, 'Invalid elicitation/create result: URL elicitation result must not expose secret content'));
    } else if (!urlMode && action === 'accept') {
      if (content === undefined) out.push(finding(ruleById('elicitation/result'), contentAt, 'Invalid elicitation/create result: accepted form elicitation needs content'));
      else if (isJsonObject(content)) collectFormValueTypes(content, contentAt, out);
    } else if (isJsonObject(content)) collectFormValueTypes(content, contentAt, out);
    return findingsOf(out);
  }
  if (content !== undefined && (action !== 'accept' || urlMode)) {
    const why = urlMode ? 'a URL-mode request' : `action ${shown(action)}`;
    out.push(finding(ruleById('elicitation/unexpected-content'), contentAt, `Invalid elicitation/create result: Expected no content for ${why} but received some`));
  } else if (action === 'accept' && !urlMode) {
    const schema = request?.['requestedSchema'];
    if (isJsonObject(schema)) collectFormContent(schema, content, contentAt, out);
    else if (isJsonObject(content)) collectFormValueTypes(content, contentAt, out);
  }
  return findingsOf(out);
}

/** The params of notifications/elicitation/complete: the elicitationId (exactly that, in the course profile). */
const completeSchemas = profileSchemas((strict) =>
  strict ? objectSchema({ elicitationId: v.string() }, true) : objectSchema({ elicitationId: v.string(), _meta: v.optional(MetaSchema) }, false));

function validateCompleteParams(params: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  return checkSchema(completeSchemas(ctx), params, ruleById('elicitation/complete-params'), at, 'elicitation complete params');
}

/** Validators of elicitation/create and notifications/elicitation/complete. */
export const elicitationMethods: Readonly<Record<string, MethodValidators>> = {
  'elicitation/create': { params: validateParams, result: validateResult },
  'notifications/elicitation/complete': { params: validateCompleteParams },
};
