/**
 * Results of the stateless revision: every result says by `resultType` how to read it. A
 * `complete` result goes to its family's validator (the 2026 keys resultType, ttlMs, cacheScope
 * and `_meta` serverInfo are accounted for here); an `input_required` one is an InputRequiredResult.
 */
import * as v from 'valibot';
import type { ResultValidator, ValidationContext } from './context.ts';
import { pointerJoin, type Finding } from './finding.ts';
import { findingsOf, isJsonObject, NO_FINDINGS, shown } from './shape.ts';
import { finding } from './rules/report.ts';
import { checkSchema } from './schema-check.ts';
import { RETRYABLE_METHODS, validateInputRequiredResult } from './modern-input.ts';
import { advertisesExtensions, validateResultMeta } from './modern-meta.ts';
import { ruleById } from './rules/index.ts';

/** The values of `resultType`. */
export const RESULT_TYPES = ['complete', 'input_required'] as const;

/** Methods whose complete result is a CacheableResult (ttlMs and cacheScope required). */
export const CACHEABLE_METHODS: ReadonlySet<string> = new Set([
  'server/discover',
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
]);

const CacheableSchema = v.looseObject({
  ttlMs: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
  cacheScope: v.picklist(['public', 'private']),
});

/** The `resultType` of a result, when it is one of the known values. */
export function resultTypeOf(result: unknown): (typeof RESULT_TYPES)[number] | undefined {
  const type = isJsonObject(result) ? result['resultType'] : undefined;
  return type === 'complete' || type === 'input_required' ? type : undefined;
}

function validateCacheable(result: unknown, at: string, method: string): readonly Finding[] {
  return checkSchema(CacheableSchema, result, ruleById('stateless/cacheable-result'), at, `${method} result`);
}

/**
 * Wraps a method's family result validator for the stateless revision: resultType first, then
 * either the InputRequiredResult checks or the family validator plus the CacheableResult keys.
 */
export function modernResultValidator(method: string, family: ResultValidator | undefined): ResultValidator {
  return (result: unknown, at: string, requestParams: unknown, ctx: ValidationContext): readonly Finding[] => {
    if (!isJsonObject(result)) return family ? family(result, at, requestParams, ctx) : NO_FINDINGS;
    const type = result['resultType'];
    const typeAt = pointerJoin(at, 'resultType');
    // An extension the client advertised may add resultType values whose results it defines.
    if (typeof type === 'string' && type !== 'complete' && type !== 'input_required' && advertisesExtensions(requestParams)) return NO_FINDINGS;
    if (type !== 'complete' && type !== 'input_required') {
      const got = type === undefined ? 'none' : shown(type);
      return [finding(ruleById('stateless/result-type'), typeAt, `Invalid ${method} result: Expected resultType "complete" or "input_required" but received ${got}`)];
    }
    const out: Finding[] = [...validateResultMeta(result, at, ctx)];
    if (type === 'input_required') {
      if (!RETRYABLE_METHODS.has(method)) {
        out.push(finding(ruleById('stateless/input-required-not-allowed'), typeAt,
          `Invalid ${method} result: Expected resultType "complete" (only tools/call, prompts/get and resources/read can be retried with input) but received "input_required"`));
        return out;
      }
      for (const f of validateInputRequiredResult(result, at, requestParams, ctx)) out.push(f);
      return findingsOf(out);
    }
    if (family) for (const f of family(result, at, requestParams, ctx)) out.push(f);
    if (CACHEABLE_METHODS.has(method)) for (const f of validateCacheable(result, at, method)) out.push(f);
    return findingsOf(out);
  };
}
