/**
 * Text and blob resource contents, shared by embedded resources (content blocks) and
 * resources/read results, plus the format findings every content-like value reuses.
 */
import * as v from 'valibot';
import type { ValidationContext } from './context.ts';
import { pointerJoin, type Finding } from './finding.ts';
import {
  base64DecodedLength,
  isAbsoluteUri,
  isBase64,
  isCanonicalBase64,
  isMimeType,
  utf8ByteLength,
} from './format.ts';
import { contentRules } from './rules/content.ts';
import { formatRules } from './rules/format.ts';
import { finding } from './rules/report.ts';
import { checkSchema } from './schema-check.ts';

/** The shared result of a clean validation. */
export const NO_FINDINGS: readonly Finding[] = Object.freeze([]);

/** The `_meta` object that params, results and content may carry: any JSON object. */
export const MetaSchema = v.custom<{ readonly [key: string]: unknown }>(
  (x) => isJsonObject(x),
  (issue) => `Invalid type: Expected Object but received ${issue.received}`,
);

/** An exact-keys object in strict profiles, an open one otherwise; arrays are never objects here. */
export function objectSchema<E extends v.ObjectEntries>(entries: E, strict: boolean): v.GenericSchema {
  return v.pipe(MetaSchema, strict ? v.strictObject(entries) : v.looseObject(entries));
}

/** Whether `x` is a JSON object (not null, not an array). */
export function isJsonObject(x: unknown): x is { readonly [key: string]: unknown } {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** A value as shown in messages: JSON, cut to 60 characters. */
export function shown(value: unknown): string {
  const s = value === undefined ? 'undefined' : (JSON.stringify(value) ?? String(value));
  return s.length > 60 ? s.slice(0, 57) + '...' : s;
}

/** Reports a string that is not an absolute URI (strict profiles). */
export function checkUriFormat(value: unknown, at: string, ctx: ValidationContext, out: Finding[]): void {
  if (ctx.profile.strict && typeof value === 'string' && !isAbsoluteUri(value)) {
    out.push(
      finding(formatRules['absolute-uri'], at, `Invalid URI: Expected an absolute RFC 3986 URI but received ${shown(value)}`),
    );
  }
}

/** Reports a string that is not an RFC 6838 media type (strict profiles). */
export function checkMimeTypeFormat(value: unknown, at: string, ctx: ValidationContext, out: Finding[]): void {
  if (ctx.profile.strict && typeof value === 'string' && !isMimeType(value)) {
    out.push(
      finding(formatRules['mime-type'], at, `Invalid mimeType: Expected an RFC 6838 type/subtype but received ${shown(value)}`),
    );
  }
}

/** Reports a string that is not valid base64 (canonical in strict profiles, padded RFC 4648 otherwise). */
export function checkBase64Format(
  value: unknown,
  at: string,
  ctx: ValidationContext,
  out: Finding[],
  what: string,
): void {
  if (typeof value !== 'string') return;
  if (ctx.profile.strict ? isCanonicalBase64(value) : isBase64(value)) return;
  out.push(
    finding(formatRules.base64, at, `Invalid ${what}: Expected valid base64 (RFC 4648, padded, canonical) but received ${shown(value)}`),
  );
}

/** Reports an item whose size exceeds `limits.itemBytes`. */
export function checkItemBytes(bytes: number, at: string, ctx: ValidationContext, out: Finding[]): void {
  const limit = ctx.profile.limits.itemBytes;
  if (limit !== null && bytes > limit) {
    out.push(
      finding(
        contentRules['item-too-large'],
        at,
        `Invalid content item: Expected at most ${limit} bytes (the profile size limit) but received ${bytes}`,
      ),
    );
  }
}

function contentsSchemas(strict: boolean) {
  const common = { uri: v.string(), mimeType: v.optional(v.string()), _meta: v.optional(MetaSchema) };
  return {
    text: objectSchema({ ...common, text: v.string() }, strict),
    blob: objectSchema({ ...common, blob: v.string() }, strict),
  };
}

const STRICT = contentsSchemas(true);
const LOOSE = contentsSchemas(false);

/** Pushes the findings of one text or blob resource contents object onto `out`. */
export function collectResourceContents(value: unknown, at: string, ctx: ValidationContext, out: Finding[]): void {
  const rule = contentRules['resource-contents-shape'];
  if (!isJsonObject(value)) {
    out.push(finding(rule, at, `Invalid resource contents: Expected Object but received ${shown(value)}`));
    return;
  }
  const hasText = Object.hasOwn(value, 'text');
  const hasBlob = Object.hasOwn(value, 'blob');
  if (hasText === hasBlob) {
    out.push(
      finding(
        rule,
        at,
        `Invalid resource contents: Expected exactly one of text or blob but received ${hasText ? 'both' : 'neither'}`,
      ),
    );
  } else {
    const schemas = ctx.profile.strict ? STRICT : LOOSE;
    const issues = checkSchema(hasText ? schemas.text : schemas.blob, value, rule, at, 'resource contents');
    for (const f of issues) out.push(f);
  }
  checkUriFormat(value['uri'], pointerJoin(at, 'uri'), ctx, out);
  checkMimeTypeFormat(value['mimeType'], pointerJoin(at, 'mimeType'), ctx, out);
  if (hasBlob) checkBase64Format(value['blob'], pointerJoin(at, 'blob'), ctx, out, 'blob');
}

/** Validates one text or blob resource contents object (shape and formats, not size). */
export function validateResourceContents(value: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  const out: Finding[] = [];
  collectResourceContents(value, at, ctx, out);
  return out.length > 0 ? out : NO_FINDINGS;
}

/** Bytes a resource contents object carries: UTF-8 bytes of `text`, or decoded bytes of `blob`. */
export function resourceContentsBytes(value: unknown): number {
  if (!isJsonObject(value)) return 0;
  const text = value['text'];
  if (typeof text === 'string') return utf8ByteLength(text);
  const blob = value['blob'];
  return typeof blob === 'string' ? base64DecodedLength(blob) : 0;
}
