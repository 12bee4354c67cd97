/**
 * The stateless 2026-07-28 revision in the method table: its own methods (`server/discover`,
 * `subscriptions/listen` and the acknowledgement), and the wrapper that gives every client
 * request its per-request `_meta` check and every result its `resultType` check.
 */
import type { MethodValidators, ParamsValidator, ValidationContext } from './context.ts';
import type { Finding } from './finding.ts';
import { findingsOf } from './shape.ts';
import { validateDiscoverResult } from './modern-discover.ts';
import { RETRYABLE_METHODS, validateRetryParams } from './modern-input.ts';
import { validateAcknowledgedParams, validateListenParams, validateListenResult } from './modern-listen.ts';
import { validateRequestMeta } from './modern-meta.ts';
import { modernResultValidator } from './modern-result.ts';

/** The methods only the stateless 2026-07-28 revision defines: `server/discover`, `subscriptions/listen` and its acknowledgement. */
export const modernMethods: Readonly<Record<string, MethodValidators>> = {
  'server/discover': { result: validateDiscoverResult },
  'subscriptions/listen': { params: validateListenParams, result: validateListenResult },
  'notifications/subscriptions/acknowledged': { params: validateAcknowledgedParams },
};

/** What the wrapper needs to know of a method-table row. */
export interface ModernRow {
  readonly method: string;
  readonly kind: 'request' | 'notification';
  readonly sender: 'client' | 'server' | 'both';
  readonly validators: MethodValidators;
}

function requestParamsValidator(method: string, family: ParamsValidator | undefined): ParamsValidator {
  return (params: unknown, at: string, ctx: ValidationContext): readonly Finding[] => {
    const out: Finding[] = [...validateRequestMeta(params, at, ctx)];
    if (RETRYABLE_METHODS.has(method)) for (const f of validateRetryParams(params, at)) out.push(f);
    if (family) for (const f of family(params, at, ctx)) out.push(f);
    return findingsOf(out);
  };
}

/**
 * The validators a method-table row has under the stateless revision: client requests check
 * their `_meta` (and retry keys) before the family's params validator, and their results check
 * `resultType` before the family's result validator. Notifications keep their validators.
 */
export function modernValidators(row: ModernRow): MethodValidators {
  if (row.kind !== 'request' || row.sender !== 'client') return row.validators;
  return {
    params: requestParamsValidator(row.method, row.validators.params),
    result: modernResultValidator(row.method, row.validators.result),
  };
}
