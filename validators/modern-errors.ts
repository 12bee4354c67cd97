/**
 * The error codes the stateless revision adds: -32021 (a capability the request did not declare
 * is required) and -32022 (the request's protocol version is not supported), each with its data;
 * and the codes of earlier revisions it reserves, which it forbids emitting (-32002, -32042).
 */
import * as v from 'valibot';
import { validateClientCapabilities } from './capabilities-shape.ts';
import type { JsonObject, ValidationContext } from './context.ts';
import { pointerJoin, type Finding } from './finding.ts';
import { findingsOf, isJsonObject, MetaSchema, NO_FINDINGS, ownMember, shown } from './shape.ts';
import { finding } from './rules/report.ts';
import { checkSchema } from './schema-check.ts';
import { requestClientCapabilities, requestProtocolVersion } from './modern-meta.ts';
import { ruleById } from './rules/index.ts';

/** Error code: processing the request needs a client capability the request did not declare. */
export const MISSING_REQUIRED_CLIENT_CAPABILITY = -32021;
/** Error code: the request's protocol version is unknown to the server or unsupported. */
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;
/** Resource not found in 2025-11-25 and earlier; reserved, never emitted in 2026-07-28 (replaced by -32602). */
export const LEGACY_RESOURCE_NOT_FOUND = -32002;
/** URL elicitation required in 2025-11-25 only; reserved, never emitted in 2026-07-28. */
export const LEGACY_URL_ELICITATION_REQUIRED = -32042;

const MissingCapabilityDataSchema = v.looseObject({ requiredCapabilities: MetaSchema });
const UnsupportedVersionDataSchema = v.looseObject({ supported: v.array(v.string()), requested: v.string() });

/** True when every capability path `required` names is declared in `declared`. */
function declaresAll(declared: JsonObject, required: JsonObject): boolean {
  for (const [key, need] of Object.entries(required)) {
    const have = ownMember(declared, key);
    if (have === undefined) return false;
    if (isJsonObject(need) && isJsonObject(have) && !declaresAll(have, need)) return false;
  }
  return true;
}

function validateMissingCapability(data: unknown, at: string, requestParams: unknown, ctx: ValidationContext): readonly Finding[] {
  const shape = checkSchema(MissingCapabilityDataSchema, data, ruleById('stateless/missing-capability-error'), at, '-32021 error data');
  if (shape.length > 0 || !isJsonObject(data) || !isJsonObject(data['requiredCapabilities'])) return shape;
  const required = data['requiredCapabilities'];
  const requiredAt = pointerJoin(at, 'requiredCapabilities');
  const out: Finding[] = [...validateClientCapabilities(required, requiredAt, ctx)];
  const declared = requestClientCapabilities(requestParams);
  if (declared !== undefined && Object.keys(required).length > 0 && declaresAll(declared, required)) {
    out.push(finding(ruleById('stateless/missing-capability-error'), requiredAt,
      `Invalid -32021 error: Expected a capability the request did not declare but received ${shown(required)}, all declared in its _meta`));
  }
  return findingsOf(out);
}

function validateUnsupportedVersion(data: unknown, at: string, requestParams: unknown): readonly Finding[] {
  const shape = checkSchema(UnsupportedVersionDataSchema, data, ruleById('stateless/unsupported-version-error'), at, '-32022 error data');
  if (shape.length > 0 || !isJsonObject(data)) return shape;
  const sent = requestProtocolVersion(requestParams);
  if (sent !== undefined && data['requested'] !== sent) {
    return [finding(ruleById('stateless/unsupported-version-error'), pointerJoin(at, 'requested'),
      `Invalid -32022 error: Expected requested ${shown(sent)} (the request's protocol version) but received ${shown(data['requested'])}`)];
  }
  return NO_FINDINGS;
}

/**
 * Validates an error response to a request of the stateless revision: the data of the codes
 * -32021 and -32022, checked against what the request declared. Other codes pass.
 */
export function validateModernError(error: JsonObject, at: string, requestParams: unknown, ctx: ValidationContext): readonly Finding[] {
  const dataAt = pointerJoin(at, 'data');
  switch (error['code']) {
    case MISSING_REQUIRED_CLIENT_CAPABILITY:
      return validateMissingCapability(error['data'], dataAt, requestParams, ctx);
    case UNSUPPORTED_PROTOCOL_VERSION:
      return validateUnsupportedVersion(error['data'], dataAt, requestParams);
    case LEGACY_RESOURCE_NOT_FOUND:
    case LEGACY_URL_ELICITATION_REQUIRED:
      return [finding(ruleById('stateless/legacy-error-code'), pointerJoin(at, 'code'),
        `error code ${String(error['code'])} (${error['code'] === LEGACY_RESOURCE_NOT_FOUND ? 'resource not found, which this revision answers -32602' : 'URL elicitation required'}) belongs to earlier revisions; a 2026-07-28 implementation must not emit it`)];
    default: {
      // basic, Error codes: -32020 to -32099 are "defined exclusively by the MCP specification";
      // "Implementations MUST NOT emit any code from this sub-range that is not defined".
      const code = error['code'];
      if (typeof code === 'number' && code <= -32020 && code >= -32099 && code !== HEADER_MISMATCH) {
        return [finding(ruleById('stateless/reserved-error-code'), pointerJoin(at, 'code'),
          `error code ${String(code)} lies in -32020 to -32099, which only the MCP specification allocates, and it defines no such code (only -32020, -32021, -32022)`)];
      }
      return NO_FINDINGS;
    }
  }
}

/** HeaderMismatch, the one code of the reserved sub-range besides -32021 and -32022. */
const HEADER_MISMATCH = -32020;
