/** Shapes of roots/list (server to client) and notifications/roots/list_changed (client to server). */
import * as v from 'valibot';
import type { MethodValidators, ValidationContext } from './context.ts';
import { pointerJoin, type Finding } from './finding.ts';
import { checkCourseUriLimits } from './format-checks.ts';
import { isCourseFileUri, isFileUri } from './format.ts';
import { RequestMetaSchema } from './pagination.ts';
import { findingsOf, isJsonObject, MetaSchema, NO_FINDINGS, objectSchema, shown } from './shape.ts';
import { finding } from './rules/report.ts';
import { checkSchema } from './schema-check.ts';
import { strictOrLoose } from './profile-schemas.ts';
import { ruleById } from './rules/index.ts';
import { profileFacts } from './profiles.ts';

/**
 * `strict` is the course profile: roots/list takes no params at all (absent or `{}`), a root is
 * exactly `{uri, name?, _meta?}` with a non-empty name, while the result object and the
 * list_changed params stay open as the schema has them.
 */
function schemas(strict: boolean) {
  return {
    requestParams: strict ? objectSchema({}, true) : objectSchema({ _meta: v.optional(RequestMetaSchema) }, false),
    notificationParams: objectSchema({ _meta: v.optional(MetaSchema) }, false),
    result: objectSchema({ roots: v.array(v.unknown()), _meta: v.optional(MetaSchema) }, false),
    root: objectSchema({ uri: v.string(), name: v.optional(strict ? v.pipe(v.string(), v.minLength(1)) : v.string()), _meta: v.optional(MetaSchema) }, strict),
  };
}

/** The schemas of the profile's strictness, built on first use. */
const pick = strictOrLoose(schemas);

/** Validates roots/list params: absent or `{_meta?}`. */
export function validateListRootsParams(params: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  if (params === undefined) return NO_FINDINGS;
  return checkSchema(pick(ctx).requestParams, params, ruleById('roots/params-shape'), at, 'roots/list params');
}

/** Validates a roots/list result: `{roots, _meta?}`, each root `{uri, name?, _meta?}` with a `file://` uri. */
export function validateListRootsResult(result: unknown, at: string, _req: unknown, ctx: ValidationContext): readonly Finding[] {
  const s = pick(ctx);
  const out = [...checkSchema(s.result, result, ruleById('roots/list-result-shape'), at, 'roots/list result')];
  const roots = isJsonObject(result) ? result['roots'] : undefined;
  if (Array.isArray(roots)) {
    for (let i = 0; i < roots.length; i++) {
      const root: unknown = roots[i];
      const rootAt = pointerJoin(at, 'roots', i);
      for (const f of checkSchema(s.root, root, ruleById('roots/list-result-shape'), rootAt, 'root')) out.push(f);
      const uri = isJsonObject(root) ? root['uri'] : undefined;
      // The course reads a root as its reference does: a file URI naming a location (file:/srv is one).
      const anyFileUri = profileFacts(ctx.profile).rootsAnyFileUri;
      if (typeof uri === 'string' && !(anyFileUri ? isCourseFileUri(uri) : isFileUri(uri))) {
        const expected = anyFileUri ? 'an absolute file URI naming a location' : 'a file:// URI';
        out.push(finding(ruleById('roots/file-uri'), pointerJoin(rootAt, 'uri'), `Invalid root uri: Expected ${expected} but received ${shown(uri)}`));
      }
      checkCourseUriLimits(uri, pointerJoin(rootAt, 'uri'), ctx, out);
    }
  }
  return findingsOf(out);
}

/** Validates notifications/roots/list_changed params: absent or `{_meta?}`. */
export function validateRootsListChangedParams(params: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  if (params === undefined) return NO_FINDINGS;
  return checkSchema(pick(ctx).notificationParams, params, ruleById('roots/params-shape'), at, 'roots list_changed params');
}

/** Params and result validators of roots/list and notifications/roots/list_changed. */
export const rootsMethods: Readonly<Record<string, MethodValidators>> = Object.freeze({
  'roots/list': { params: validateListRootsParams, result: validateListRootsResult },
  'notifications/roots/list_changed': { params: validateRootsListChangedParams },
});
