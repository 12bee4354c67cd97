/**
 * Shapes of the five resources methods and two resources notifications. Tenant policy,
 * authorization and subscription state are judged elsewhere; this file only checks messages.
 */
import * as v from 'valibot';
import {
  checkDescriptorSize,
  collectAnnotationsFormat,
  collectIconsFormat,
  descriptorPartSchemas,
} from './content.ts';
import type { MethodValidators, ValidationContext } from './context.ts';
import { pointerJoin, type Finding } from './finding.ts';
import { isUriTemplate } from './uri-template.ts';
import { collectCursor, collectPageSize, RequestMetaSchema, validateCursorParams } from './pagination.ts';
import { collectResourceContents, resourceContentsBytes } from './resource-contents.ts';
import { checkItemBytes, checkItemCount, checkMimeTypeFormat, checkUriFormat } from './format-checks.ts';
import { findingsOf, isJsonObject, MetaSchema, NO_FINDINGS, objectSchema, shown } from './shape.ts';
import { finding } from './rules/report.ts';
import { checkSchema } from './schema-check.ts';
import { profileSchemas } from './profile-schemas.ts';
import { ruleById } from './rules/index.ts';

/** Length in Unicode code points. */
function codePointLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * `icons` is a Resource and ResourceTemplate member since 2025-11-25; in 2025-06-18 it is an
 * unknown member, left unchecked. The course profile (`strict`) bounds a name to 1-255
 * characters and takes a title or description only non-empty.
 */
function schemas(strict: boolean, withIcons: boolean) {
  const { annotations, icons, name } = descriptorPartSchemas(strict);
  const text = strict ? v.pipe(v.string(), v.minLength(1)) : v.string();
  const described = {
    name: strict
      ? v.pipe(v.string(), v.check((s) => s.length > 0 && codePointLength(s) <= 255, (i) => `Invalid name: Expected 1 to 255 characters but received ${shown(i.input)}`))
      : name,
    title: v.optional(text),
    description: v.optional(text),
    mimeType: v.optional(v.string()),
    annotations: v.optional(annotations),
    ...(withIcons ? { icons: v.optional(icons) } : {}),
    _meta: v.optional(MetaSchema),
  };
  const page = { nextCursor: v.optional(v.unknown()), _meta: v.optional(MetaSchema) };
  return {
    descriptor: objectSchema(
      { uri: v.string(), size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))), ...described },
      strict,
    ),
    template: objectSchema({ uriTemplate: v.string(), ...described }, strict),
    listResult: objectSchema({ resources: v.array(v.unknown()), ...page }, strict),
    templatesResult: objectSchema({ resourceTemplates: v.array(v.unknown()), ...page }, strict),
    requestUri: objectSchema({ uri: v.string(), _meta: v.optional(RequestMetaSchema) }, strict),
    notificationUri: objectSchema({ uri: v.string(), _meta: v.optional(MetaSchema) }, strict),
    readResult: objectSchema({ contents: v.array(v.unknown()), _meta: v.optional(MetaSchema) }, strict),
    empty: objectSchema({ _meta: v.optional(MetaSchema) }, strict),
  };
}

const pick = profileSchemas(schemas);

/** Pushes a duplicate finding when `key` (a URI or URI template) was already seen in this page. */
/** Course profile only: the resources page calls a URI a resource's unique identifier and requires nothing of a list. */
function checkUnique(key: unknown, seen: Set<string>, at: string, out: Finding[], what: string, strict: boolean): void {
  if (typeof key !== 'string') return;
  if (!strict) return;
  if (seen.has(key)) {
    out.push(finding(ruleById('resources/duplicate-uri'), at, `Invalid ${what}: Expected unique values in one page but received ${shown(key)} again`));
  } else seen.add(key);
}

/** Pushes findings of the parts every descriptor shares: mimeType, annotations, icons. */
function collectDescribed(item: { readonly [key: string]: unknown }, at: string, ctx: ValidationContext, out: Finding[]): void {
  checkMimeTypeFormat(item['mimeType'], pointerJoin(at, 'mimeType'), ctx, out);
  collectAnnotationsFormat(item['annotations'], pointerJoin(at, 'annotations'), ctx, out);
  collectIconsFormat(item['icons'], pointerJoin(at, 'icons'), ctx, out);
}

/** Validates a resources/list result: page shape, descriptors, unique URIs, page size and nextCursor. */
export function validateListResourcesResult(result: unknown, at: string, _req: unknown, ctx: ValidationContext): readonly Finding[] {
  const s = pick(ctx);
  const out = [...checkSchema(s.listResult, result, ruleById('resources/list-result-shape'), at, 'resources/list result')];
  if (!isJsonObject(result)) return findingsOf(out);
  const list = result['resources'];
  if (Array.isArray(list)) {
    const listAt = pointerJoin(at, 'resources');
    collectPageSize(list, listAt, ctx, out);
    const seen = new Set<string>();
    for (let i = 0; i < list.length; i++) {
      const item: unknown = list[i];
      const itemAt = pointerJoin(listAt, i);
      for (const f of checkSchema(s.descriptor, item, ruleById('resources/descriptor-shape'), itemAt, 'resource descriptor')) out.push(f);
      if (!isJsonObject(item)) continue;
      const uriAt = pointerJoin(itemAt, 'uri');
      checkUriFormat(item['uri'], uriAt, ctx, out);
      checkUnique(item['uri'], seen, uriAt, out, 'resource uri', ctx.profile.strict);
      checkDescriptorSize(item['size'], pointerJoin(itemAt, 'size'), ctx, out);
      collectDescribed(item, itemAt, ctx, out);
    }
  }
  if (Object.hasOwn(result, 'nextCursor')) collectCursor(result['nextCursor'], pointerJoin(at, 'nextCursor'), ctx, out, 'nextCursor');
  return findingsOf(out);
}

/** Validates a resources/templates/list result: page shape, templates, unique URI templates, page size and nextCursor. */
export function validateListResourceTemplatesResult(
  result: unknown,
  at: string,
  _req: unknown,
  ctx: ValidationContext,
): readonly Finding[] {
  const s = pick(ctx);
  const out = [...checkSchema(s.templatesResult, result, ruleById('resources/templates-list-result-shape'), at, 'resources/templates/list result')];
  if (!isJsonObject(result)) return findingsOf(out);
  const list = result['resourceTemplates'];
  if (Array.isArray(list)) {
    const listAt = pointerJoin(at, 'resourceTemplates');
    collectPageSize(list, listAt, ctx, out);
    const seen = new Set<string>();
    for (let i = 0; i < list.length; i++) {
      const item: unknown = list[i];
      const itemAt = pointerJoin(listAt, i);
      for (const f of checkSchema(s.template, item, ruleById('resources/template-shape'), itemAt, 'resource template')) out.push(f);
      if (!isJsonObject(item)) continue;
      const template = item['uriTemplate'];
      const templateAt = pointerJoin(itemAt, 'uriTemplate');
      if (ctx.profile.strict && typeof template === 'string' && !isUriTemplate(template)) {
        out.push(
          finding(ruleById('format/uri-template'), templateAt, `Invalid uriTemplate: Expected an absolute RFC 6570 URI template but received ${shown(template)}`),
        );
      } else if (ctx.profile.strict && typeof template === 'string' && !/\{[^{}]+\}/.test(template)) {
        out.push(
          finding(ruleById('format/uri-template'), templateAt, `Invalid uriTemplate: a URI template must contain at least one RFC 6570 expression but received ${shown(template)}`),
        );
      }
      checkUnique(template, seen, templateAt, out, 'uriTemplate', ctx.profile.strict);
      collectDescribed(item, itemAt, ctx, out);
    }
  }
  if (Object.hasOwn(result, 'nextCursor')) collectCursor(result['nextCursor'], pointerJoin(at, 'nextCursor'), ctx, out, 'nextCursor');
  return findingsOf(out);
}

/** Validates `{uri, _meta?}` params of resources/read, subscribe and unsubscribe. */
export function validateResourceUriParams(params: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  const out = [...checkSchema(pick(ctx).requestUri, params, ruleById('resources/uri-params-shape'), at, 'resource request params')];
  if (isJsonObject(params)) checkUriFormat(params['uri'], pointerJoin(at, 'uri'), ctx, out);
  return findingsOf(out);
}

/** Validates notifications/resources/updated params: `{uri, _meta?}`. */
export function validateResourceUpdatedParams(params: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  const out = [...checkSchema(pick(ctx).notificationUri, params, ruleById('resources/uri-params-shape'), at, 'resource updated params')];
  if (isJsonObject(params)) checkUriFormat(params['uri'], pointerJoin(at, 'uri'), ctx, out);
  return findingsOf(out);
}

/**
 * Validates a resources/read result: each text or blob contents item, at most `limits.contentItems`
 * items, each within `limits.itemBytes`, and all together within the shared `limits.readBytes` budget.
 */
export function validateReadResourceResult(result: unknown, at: string, _req: unknown, ctx: ValidationContext): readonly Finding[] {
  const out = [...checkSchema(pick(ctx).readResult, result, ruleById('resources/read-result-shape'), at, 'resources/read result')];
  if (!isJsonObject(result) || !Array.isArray(result['contents'])) return findingsOf(out);
  const contents: readonly unknown[] = result['contents'];
  const listAt = pointerJoin(at, 'contents');
  const { readBytes } = ctx.profile.limits;
  checkItemCount(contents.length, listAt, ctx, out, 'contents');
  // The course profile lists each URI once in one result.
  const seen = ctx.profile.strict ? new Set<string>() : undefined;
  let total = 0;
  for (let i = 0; i < contents.length; i++) {
    const itemAt = pointerJoin(listAt, i);
    collectResourceContents(contents[i], itemAt, ctx, out);
    const item: unknown = contents[i];
    const uri = isJsonObject(item) ? item['uri'] : undefined;
    if (seen !== undefined && typeof uri === 'string') {
      if (seen.has(uri)) {
        out.push(finding(ruleById('resources/duplicate-content-uri'), pointerJoin(itemAt, 'uri'), `resources/read contains duplicate content URI: ${uri} is already in contents`));
      } else seen.add(uri);
    }
    const bytes = resourceContentsBytes(contents[i]);
    checkItemBytes(bytes, itemAt, ctx, out);
    total += bytes;
  }
  if (readBytes !== null && total > readBytes) {
    out.push(
      finding(
        ruleById('resources/read-budget'),
        listAt,
        `Invalid contents: Expected at most ${readBytes} bytes in total (the profile read size limit) but received ${total}`,
      ),
    );
  }
  return findingsOf(out);
}

/** Validates a resources/subscribe or resources/unsubscribe result: an empty object (`_meta` allowed). */
export function validateEmptyResult(result: unknown, at: string, _req: unknown, ctx: ValidationContext): readonly Finding[] {
  return checkSchema(pick(ctx).empty, result, ruleById('resources/empty-result'), at, 'empty result');
}

/** Validates notifications/resources/list_changed params: absent or `{_meta?}`. */
export function validateResourceListChangedParams(params: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  if (params === undefined) return NO_FINDINGS;
  return checkSchema(pick(ctx).empty, params, ruleById('resources/list-changed-params-shape'), at, 'list_changed params');
}

/** Params and result validators of the resources methods and notifications, by method name. */
export const resourcesMethods: Readonly<Record<string, MethodValidators>> = Object.freeze({
  'resources/list': { params: validateCursorParams, result: validateListResourcesResult },
  'resources/templates/list': { params: validateCursorParams, result: validateListResourceTemplatesResult },
  'resources/read': { params: validateResourceUriParams, result: validateReadResourceResult },
  'resources/subscribe': { params: validateResourceUriParams, result: validateEmptyResult },
  'resources/unsubscribe': { params: validateResourceUriParams, result: validateEmptyResult },
  'notifications/resources/updated': { params: validateResourceUpdatedParams },
  'notifications/resources/list_changed': { params: validateResourceListChangedParams },
});
