// Why: two errors of the 2026-07-28 revision owe an HTTP status of their own (basic, `_meta`): a
// request missing a required per-request field is malformed, refused -32602 "On HTTP, the response
// status MUST be 400 Bad Request"; a MissingRequiredClientCapabilityError (-32021) likewise. The
// JSON-RPC code is judged by the session (stateless/malformed-request-served); the status only the
// HTTP side sees, so it is judged here, from what the request carried and how it was answered.
import type { RuleSpec } from '../validators/rules/rule.ts';
import { ruleById } from '../validators/rules/index.ts';
import { isJsonObject } from '../validators/shape.ts';
import { CLIENT_CAPABILITIES_KEY, PROTOCOL_VERSION_KEY } from '../validators/modern-meta.ts';

const INVALID_PARAMS = -32602;
const MISSING_REQUIRED_CLIENT_CAPABILITY = -32021;

/** The required per-request `_meta` keys a request's params lack (none: the request is well formed there). */
export function missingRequiredMeta(params: unknown): readonly string[] {
  const meta = isJsonObject(params) ? params['_meta'] : undefined;
  return [PROTOCOL_VERSION_KEY, CLIENT_CAPABILITIES_KEY].filter((key) => !isJsonObject(meta) || !Object.hasOwn(meta, key));
}

/** A status finding: the rule, and what to say. */
export interface MetaStatusFinding {
  readonly rule: RuleSpec;
  readonly message: string;
}

/**
 * The status finding of a 2026-07-28 request's error answer, if it owes 400 and got another status:
 * -32602 to a request missing a required `_meta` field, or -32021. Other errors are judged elsewhere.
 */
export function metaErrorStatus(request: { readonly method: string | undefined; readonly missingMeta: readonly string[] }, code: unknown, status: number): MetaStatusFinding | undefined {
  if (status === 400) return undefined;
  const method = request.method ?? 'a request';
  if (code === INVALID_PARAMS && request.missingMeta.length > 0) {
    return { rule: ruleById('http/malformed-request-not-400'),
      message: `${method} lacked ${request.missingMeta.join(' and ')} in _meta and was refused -32602 (invalid params) with HTTP ${status}; a 2026-07-28 server answers a malformed request with 400 Bad Request` };
  }
  if (code === MISSING_REQUIRED_CLIENT_CAPABILITY) {
    return { rule: ruleById('http/missing-capability-not-400'),
      message: `${method} was answered -32021 (missing required client capability) with HTTP ${status}; a 2026-07-28 server answers it with 400 Bad Request` };
  }
  return undefined;
}
