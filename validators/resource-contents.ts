/**
 * Text and blob resource contents, shared by embedded resources (content blocks) and
 * resources/read results.
 */
import * as v from 'valibot';
import type { ValidationContext } from './context.ts';
import { pointerJoin, type Finding } from './finding.ts';
import { base64DecodedLength, utf8ByteLength } from './format.ts';
import { finding } from './rules/report.ts';
import { checkSchema } from './schema-check.ts';
import { checkBase64Format, checkItemBytes, checkMimeTypeFormat, checkUriFormat } from './format-checks.ts';
import { findingsOf, isJsonObject, MetaSchema, objectSchema, shown } from './shape.ts';
import { strictOrLoose } from './profile-schemas.ts';
import { ruleById } from './rules/index.ts';

function contentsSchemas(strict: boolean) {
  const common = { uri: v.string(), mimeType: v.optional(v.string()), _meta: v.optional(MetaSchema) };
  return {
    text: objectSchema({ ...common, text: v.string() }, strict),
    blob: objectSchema({ ...common, blob: v.string() }, strict),
  };
}

/** The schemas of the profile's strictness, built on first use. */
const pick = strictOrLoose(contentsSchemas);

/** Pushes the findings of one text or blob resource contents object onto `out`. */
export function collectResourceContents(value: unknown, at: string, ctx: ValidationContext, out: Finding[]): void {
  const rule = ruleById('content/resource-contents-shape');
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
    const schemas = pick(ctx);
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
  return findingsOf(out);
}

/** Bytes a resource contents object carries: UTF-8 bytes of `text`, or decoded bytes of `blob`. */
export function resourceContentsBytes(value: unknown): number {
  if (!isJsonObject(value)) return 0;
  const text = value['text'];
  if (typeof text === 'string') return utf8ByteLength(text);
  const blob = value['blob'];
  return typeof blob === 'string' ? base64DecodedLength(blob) : 0;
}
