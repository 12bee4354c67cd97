/** Pagination: the `{cursor?}` params of list requests, `nextCursor` in list results, and page sizes. */
import * as v from 'valibot';
import type { ValidationContext } from './context.ts';
import { pointerJoin, type Finding } from './finding.ts';
import { findingsOf, isJsonObject, MetaSchema, NO_FINDINGS, objectSchema, shown } from './shape.ts';
import { finding } from './rules/report.ts';
import { checkSchema } from './schema-check.ts';
import { isProgressToken } from './utilities.ts';
import { ruleById } from './rules/index.ts';

/** The `_meta` of request params: any object whose `progressToken`, when present, is a progress token (a string or a safe integer). */
export const RequestMetaSchema = v.pipe(
  MetaSchema,
  v.check(
    (m) => {
      const token = m['progressToken'];
      return token === undefined || isProgressToken(token);
    },
    'Invalid progressToken: Expected string or integer',
  ),
);

const PARAMS = {
  strict: objectSchema({ cursor: v.optional(v.string()), _meta: v.optional(RequestMetaSchema) }, true),
  loose: objectSchema({ cursor: v.optional(v.string()), _meta: v.optional(RequestMetaSchema) }, false),
};

/** Length in Unicode code points (a lone surrogate counts as one). */
function codePointLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * Pushes findings for a cursor value that is not a string (the schema's Cursor is any string; the
 * course profile also refuses the empty one) within `limits.cursorLength`.
 */
export function collectCursor(value: unknown, at: string, ctx: ValidationContext, out: Finding[], what: string): void {
  if (typeof value !== 'string' || (ctx.profile.strict && value.length === 0)) {
    out.push(finding(ruleById('pagination/invalid-cursor'), at, `Invalid ${what}: Expected a ${ctx.profile.strict ? 'non-empty ' : ''}string but received ${shown(value)}`));
    return;
  }
  const max = ctx.profile.limits.cursorLength;
  // Characters are code points (an astral character is one), as the course's reference counts them.
  const length = max === null || value.length <= max ? 0 : codePointLength(value);
  if (max !== null && length > max) {
    out.push(
      finding(
        ruleById('pagination/cursor-too-long'),
        at,
        `Invalid ${what}: Expected at most ${max} characters (the profile cursor limit) but received ${length}`,
      ),
    );
  }
}

/** Validates list request params: absent, or `{cursor?, _meta?}` with a non-empty cursor within the profile limit. */
export function validateCursorParams(params: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  if (params === undefined) return NO_FINDINGS;
  const shape = checkSchema(
    ctx.profile.strict ? PARAMS.strict : PARAMS.loose,
    params,
    ruleById('pagination/params-shape'),
    at,
    'pagination params',
  );
  if (!isJsonObject(params) || typeof params['cursor'] !== 'string') return shape;
  const out = [...shape];
  collectCursor(params['cursor'], pointerJoin(at, 'cursor'), ctx, out, 'cursor');
  return findingsOf(out);
}

/** Validates a list result's `nextCursor` (`value` is `undefined` when absent); `at` points at it. */
export function validateNextCursor(value: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  if (value === undefined) return NO_FINDINGS;
  const out: Finding[] = [];
  collectCursor(value, at, ctx, out, 'nextCursor');
  return findingsOf(out);
}

/** Pushes a finding when a list page holds more than `limits.listItems` items. */
export function collectPageSize(list: unknown, at: string, ctx: ValidationContext, out: Finding[]): void {
  const max = ctx.profile.limits.listItems;
  if (max !== null && Array.isArray(list) && list.length > max) {
    out.push(
      finding(
        ruleById('pagination/page-too-large'),
        at,
        `Invalid list page: Expected at most ${max} items (the profile page limit) but received ${list.length}`,
      ),
    );
  }
}

/** Validates the size of one list page (`list` is the items array; other values are left to shape rules). */
export function validatePageSize(list: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  const out: Finding[] = [];
  collectPageSize(list, at, ctx, out);
  return findingsOf(out);
}
