/** `server/discover`: the stateless revision's replacement for the initialize handshake. */
import * as v from 'valibot';
import { validateServerCapabilities } from './capabilities-shape.ts';
import { checkExtensionIds } from './modern-meta.ts';
import type { JsonObject, ValidationContext } from './context.ts';
import { pointerJoin, type Finding } from './finding.ts';
import { findingsOf, isJsonObject, MetaSchema } from './shape.ts';
import { checkSchema } from './schema-check.ts';
import { ruleById } from './rules/index.ts';

const DiscoverResultSchema = v.looseObject({
  supportedVersions: v.array(v.string()),
  capabilities: MetaSchema,
  instructions: v.optional(v.string()),
  _meta: v.optional(MetaSchema),
});

/** What a server/discover result tells about the server. */
export interface Discovery {
  readonly supportedVersions: readonly string[];
  readonly capabilities: JsonObject;
}

/** The versions and capabilities a well-formed discover result declares. */
export function discoveryOf(result: unknown): Discovery | undefined {
  if (!isJsonObject(result)) return undefined;
  const versions = result['supportedVersions'];
  const capabilities = result['capabilities'];
  if (!Array.isArray(versions) || !isJsonObject(capabilities)) return undefined;
  return { supportedVersions: versions.filter((x): x is string => typeof x === 'string'), capabilities };
}

/** Validates a complete server/discover result: supportedVersions, capabilities and instructions. */
export function validateDiscoverResult(result: unknown, at: string, _requestParams: unknown, ctx: ValidationContext): readonly Finding[] {
  const out: Finding[] = [...checkSchema(DiscoverResultSchema, result, ruleById('stateless/discover-result'), at, 'server/discover result')];
  if (isJsonObject(result) && isJsonObject(result['capabilities'])) {
    for (const f of validateServerCapabilities(result['capabilities'], pointerJoin(at, 'capabilities'), ctx)) out.push(f);
    for (const f of checkExtensionIds(result['capabilities'], pointerJoin(at, 'capabilities'))) out.push(f);
  }
  return findingsOf(out);
}
