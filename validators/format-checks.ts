/** Format findings every content-like value reuses: URIs, media types, base64 and the per-item size limit. */
import type { ValidationContext } from './context.ts';
import type { Finding } from './finding.ts';
import { COURSE_URI_MAX_LENGTH, courseUriLimit, isAbsoluteUri, isBase64, isCanonicalBase64, isMimeType } from './format.ts';
import { finding } from './rules/report.ts';
import { shown } from './shape.ts';
import { ruleById } from './rules/index.ts';

/** Reports a string that is not an absolute URI, or one beyond the course's URI limits (strict profiles). */
export function checkUriFormat(value: unknown, at: string, ctx: ValidationContext, out: Finding[]): void {
  if (ctx.profile.strict && typeof value === 'string' && !isAbsoluteUri(value)) {
    out.push(
      finding(ruleById('format/absolute-uri'), at, `Invalid URI: Expected an absolute RFC 3986 URI but received ${shown(value)}`),
    );
    return;
  }
  checkCourseUriLimits(value, at, ctx, out);
}

/** Reports an absolute URI longer than 2048 characters or with a port beyond 65535 (strict profiles). */
export function checkCourseUriLimits(value: unknown, at: string, ctx: ValidationContext, out: Finding[]): void {
  if (!ctx.profile.strict || typeof value !== 'string') return;
  const problem = courseUriLimit(value);
  if (problem !== undefined) out.push(finding(ruleById('format/uri-limits'), at, `Invalid URI: Expected at most ${COURSE_URI_MAX_LENGTH} characters and a port up to 65535 but received ${problem}`));
}

/** Reports a string that is not an RFC 6838 media type (strict profiles). */
export function checkMimeTypeFormat(value: unknown, at: string, ctx: ValidationContext, out: Finding[]): void {
  if (ctx.profile.strict && typeof value === 'string' && !isMimeType(value)) {
    out.push(
      finding(ruleById('format/mime-type'), at, `Invalid mimeType: Expected an RFC 6838 type/subtype but received ${shown(value)}`),
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
    finding(ruleById('format/base64'), at, `Invalid ${what}: Expected valid base64 (RFC 4648, padded, canonical) but received ${shown(value)}`),
  );
}

/** Reports an item whose size exceeds `limits.itemBytes`. */
export function checkItemBytes(bytes: number, at: string, ctx: ValidationContext, out: Finding[]): void {
  const limit = ctx.profile.limits.itemBytes;
  if (limit !== null && bytes > limit) {
    out.push(
      finding(
        ruleById('content/item-too-large'),
        at,
        `Invalid content item: Expected at most ${limit} bytes (the profile size limit) but received ${bytes}`,
      ),
    );
  }
}

/** Reports a content list longer than `limits.contentItems`. */
export function checkItemCount(count: number, at: string, ctx: ValidationContext, out: Finding[], what: string): void {
  const max = ctx.profile.limits.contentItems;
  if (max !== null && count > max) {
    out.push(finding(ruleById('content/too-many-items'), at, `Invalid ${what}: Expected at most ${max} items (the profile item limit) but received ${count}`));
  }
}
