/**
 * Content blocks (text, image, audio, resource_link, resource) and content lists, with the
 * annotations and icons that blocks and resource descriptors share.
 */
import * as v from 'valibot';
import type { ValidationContext } from './context.ts';
import { pointerJoin, type Finding } from './finding.ts';
import { base64DecodedLength, isAbsoluteUri, isCourseUri, isIsoTimestamp, utf8ByteLength } from './format.ts';
import { collectResourceContents, resourceContentsBytes } from './resource-contents.ts';
import { checkBase64Format, checkCourseUriLimits, checkItemBytes, checkItemCount, checkMimeTypeFormat, checkUriFormat } from './format-checks.ts';
import { findingsOf, isJsonObject, MetaSchema, objectSchema, shown } from './shape.ts';
import { finding } from './rules/report.ts';
import { profileSchemas } from './profile-schemas.ts';
import { checkSchema } from './schema-check.ts';
import { ruleById } from './rules/index.ts';

/** The type of a content block. */
export type ContentType = 'text' | 'image' | 'audio' | 'resource_link' | 'resource';

const CONTENT_TYPES: ReadonlySet<string> = new Set<ContentType>(['text', 'image', 'audio', 'resource_link', 'resource']);
const TYPE_LIST = [...CONTENT_TYPES].map((t) => JSON.stringify(t)).join(' | ');

/** The course profile (`strict`) also takes each audience role once, a non-empty lastModified and non-empty icon sizes. */
function sharedSchemas(strict: boolean) {
  const audience = v.array(v.picklist(['user', 'assistant']));
  const nonEmpty = v.pipe(v.string(), v.minLength(1));
  const annotations = objectSchema(
    {
      audience: v.optional(strict
        ? v.pipe(audience, v.check((roles) => new Set(roles).size === roles.length, 'Invalid audience: Expected each role once but received a role twice'))
        : audience),
      priority: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
      lastModified: v.optional(strict ? nonEmpty : v.string()),
    },
    strict,
  );
  const icon = objectSchema(
    {
      src: v.string(),
      mimeType: v.optional(v.string()),
      sizes: v.optional(v.array(strict ? nonEmpty : v.string())),
      theme: v.optional(v.picklist(['light', 'dark'])),
    },
    strict,
  );
  return { annotations, icons: v.array(icon), name: strict ? v.pipe(v.string(), v.minLength(1)) : v.string() };
}

const SHARED = { strict: sharedSchemas(true), loose: sharedSchemas(false) };

/** Schemas of `annotations`, `icons` and a descriptor `name` for the profile's strictness. */
export function descriptorPartSchemas(strict: boolean): ReturnType<typeof sharedSchemas> {
  return strict ? SHARED.strict : SHARED.loose;
}

/** `icons` is a ResourceLink member since 2025-11-25; in 2025-06-18 it is an unknown member, left unchecked. */
function blockSchemas(strict: boolean, withIcons: boolean): Readonly<Record<ContentType, v.GenericSchema>> {
  const { annotations, icons, name } = descriptorPartSchemas(strict);
  const common = { annotations: v.optional(annotations), _meta: v.optional(MetaSchema) };
  const binary = { data: v.string(), mimeType: v.string(), ...common };
  return {
    text: objectSchema({ type: v.literal('text'), text: v.string(), ...common }, strict),
    image: objectSchema({ type: v.literal('image'), ...binary }, strict),
    audio: objectSchema({ type: v.literal('audio'), ...binary }, strict),
    resource_link: objectSchema(
      {
        type: v.literal('resource_link'),
        uri: v.string(),
        name,
        title: v.optional(v.string()),
        description: v.optional(v.string()),
        mimeType: v.optional(v.string()),
        size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
        ...(withIcons ? { icons: v.optional(icons) } : {}),
        ...common,
      },
      strict,
    ),
    resource: objectSchema({ type: v.literal('resource'), resource: v.unknown(), ...common }, strict),
  };
}

const blocks: (ctx: ValidationContext) => Readonly<Record<ContentType, v.GenericSchema>> = profileSchemas(blockSchemas);

/**
 * Warns of an annotations `lastModified` that is not an ISO 8601 timestamp (the schema: "Should
 * be an ISO 8601 formatted string"). The course profile asks only for a non-empty string.
 */
export function collectAnnotationsFormat(value: unknown, at: string, ctx: ValidationContext, out: Finding[]): void {
  if (ctx.profile.strict || !isJsonObject(value)) return;
  const lastModified = value['lastModified'];
  if (typeof lastModified === 'string' && !isIsoTimestamp(lastModified)) {
    out.push(
      finding(
        ruleById('format/timestamp'),
        pointerJoin(at, 'lastModified'),
        `Invalid lastModified: Expected an ISO 8601 timestamp but received ${shown(lastModified)}`,
      ),
    );
  }
}

/** Reports icons whose `src` is not an absolute URI or whose `mimeType` is malformed (strict profiles). */
export function collectIconsFormat(value: unknown, at: string, ctx: ValidationContext, out: Finding[]): void {
  if (!ctx.profile.strict || !Array.isArray(value)) return;
  for (let i = 0; i < value.length; i++) {
    const icon: unknown = value[i];
    if (!isJsonObject(icon)) continue;
    const src = icon['src'];
    if (typeof src === 'string' && !isCourseUri(src)) {
      out.push(
        finding(
          ruleById('format/absolute-uri'),
          pointerJoin(at, i, 'src'),
          `Invalid icon src: Expected an absolute RFC 3986 URI but received ${shown(src)}`,
        ),
      );
    } else {
      checkCourseUriLimits(src, pointerJoin(at, i, 'src'), ctx, out);
    }
    checkMimeTypeFormat(icon['mimeType'], pointerJoin(at, i, 'mimeType'), ctx, out);
  }
}

/** Reports a descriptor `size` above `limits.itemBytes` (strict profiles). */
export function checkDescriptorSize(value: unknown, at: string, ctx: ValidationContext, out: Finding[]): void {
  const limit = ctx.profile.limits.itemBytes;
  if (ctx.profile.strict && limit !== null && typeof value === 'number' && value > limit) {
    out.push(
      finding(
        ruleById('resources/size-limit'),
        at,
        `Invalid size: Expected at most ${limit} bytes (the profile size limit) but received ${value}`,
      ),
    );
  }
}

/** Bytes one content block carries: UTF-8 text, decoded image/audio data, or embedded contents. */
export function contentBlockBytes(block: unknown): number {
  if (!isJsonObject(block)) return 0;
  switch (block['type']) {
    case 'text':
      return typeof block['text'] === 'string' ? utf8ByteLength(block['text']) : 0;
    case 'image':
    case 'audio':
      return typeof block['data'] === 'string' ? base64DecodedLength(block['data']) : 0;
    case 'resource':
      return resourceContentsBytes(block['resource']);
    default:
      return 0;
  }
}

/** Pushes the findings of one content block (shape, formats and item size) onto `out`. */
export function collectContentBlock(
  block: unknown,
  at: string,
  ctx: ValidationContext,
  out: Finding[],
  allowed?: ReadonlyArray<ContentType>,
): void {
  const type = isJsonObject(block) ? block['type'] : undefined;
  if (allowed && typeof type === 'string' && CONTENT_TYPES.has(type) && !allowed.includes(type as ContentType)) {
    out.push(
      finding(
        ruleById('content/type-not-allowed'),
        pointerJoin(at, 'type'),
        `Invalid content block: Expected type ${allowed.map((t) => JSON.stringify(t)).join(' | ')} but received ${shown(type)}`,
      ),
    );
    return;
  }
  const rule = ruleById('content/block-shape');
  if (!isJsonObject(block)) {
    out.push(finding(rule, at, `Invalid content block: Expected Object but received ${shown(block)}`));
    return;
  }
  if (typeof type !== 'string' || !CONTENT_TYPES.has(type)) {
    const expected = allowed ? allowed.map((t) => JSON.stringify(t)).join(' | ') : TYPE_LIST;
    out.push(finding(rule, pointerJoin(at, 'type'), `Invalid content block: Expected type ${expected} but received ${shown(type)}`));
    return;
  }
  const schema = blocks(ctx)[type as ContentType];
  for (const f of checkSchema(schema, block, rule, at, 'content block')) out.push(f);
  collectAnnotationsFormat(block['annotations'], pointerJoin(at, 'annotations'), ctx, out);
  switch (type) {
    case 'image':
    case 'audio':
      checkBase64Format(block['data'], pointerJoin(at, 'data'), ctx, out, `${type} data`);
      checkMimeTypeFormat(block['mimeType'], pointerJoin(at, 'mimeType'), ctx, out);
      break;
    case 'resource_link':
      checkUriFormat(block['uri'], pointerJoin(at, 'uri'), ctx, out);
      checkMimeTypeFormat(block['mimeType'], pointerJoin(at, 'mimeType'), ctx, out);
      checkDescriptorSize(block['size'], pointerJoin(at, 'size'), ctx, out);
      collectIconsFormat(block['icons'], pointerJoin(at, 'icons'), ctx, out);
      break;
    case 'resource':
      if (Object.hasOwn(block, 'resource')) collectResourceContents(block['resource'], pointerJoin(at, 'resource'), ctx, out);
      break;
  }
  checkItemBytes(contentBlockBytes(block), at, ctx, out);
}

/** Validates one content block: shape per type, formats (URI, base64, MIME) and the item size limit. */
export function validateContentBlock(
  block: unknown,
  at: string,
  ctx: ValidationContext,
  allowed?: ReadonlyArray<ContentType>,
): readonly Finding[] {
  const out: Finding[] = [];
  collectContentBlock(block, at, ctx, out, allowed);
  return findingsOf(out);
}

/** Validates a content array: at most `limits.contentItems` items, each a valid block within `limits.itemBytes`. */
export function validateContentList(
  list: unknown,
  at: string,
  ctx: ValidationContext,
  allowed?: ReadonlyArray<ContentType>,
): readonly Finding[] {
  if (!Array.isArray(list)) {
    return [finding(ruleById('content/list-shape'), at, `Invalid content: Expected Array but received ${shown(list)}`)];
  }
  const out: Finding[] = [];
  checkItemCount(list.length, at, ctx, out, 'content');
  for (let i = 0; i < list.length; i++) collectContentBlock(list[i], pointerJoin(at, i), ctx, out, allowed);
  return findingsOf(out);
}
