/**
 * The requestedSchema of a form-mode elicitation: a flat object of restricted primitive schemas
 * (2025-11-25; 2025-06-18 has no titled or multi-select enums and no string or number defaults),
 * and the course rule that a form must not ask for secrets by field name.
 */
import * as v from 'valibot';
import type { ValidationContext } from './context.ts';
import { pointerJoin, type Finding } from './finding.ts';
import { findingsOf, isJsonObject, MetaSchema, objectSchema, shown } from './shape.ts';
import { finding } from './rules/report.ts';
import { checkSchema } from './schema-check.ts';
import { TOOL_SCHEMA_LIMITS } from './toolschema.ts';
import { profileSchemas } from './profile-schemas.ts';
import { ruleById } from './rules/index.ts';

/** Which restricted primitive schema a field uses. */
export type FieldKind = 'string' | 'enum' | 'legacyEnum' | 'titledEnum' | 'number' | 'boolean' | 'multi' | 'titledMulti';

/** String, number and enum `default`s are members since 2025-11-25; in 2025-06-18 they are unknown members, left unchecked. */
function schemaSet(strict: boolean, since20251125: boolean) {
  const common = { title: v.optional(v.string()), description: v.optional(v.string()) };
  const count = v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)));
  const strings = v.pipe(v.array(v.string()), v.minLength(1));
  const titled = v.pipe(v.array(objectSchema({ const: v.string(), title: v.string() }, strict)), v.minLength(1));
  const str = { type: v.literal('string'), ...common, ...(since20251125 ? { default: v.optional(v.string()) } : {}) };
  const arr = { type: v.literal('array'), ...common, minItems: count, maxItems: count, default: v.optional(v.array(v.string())) };
  const fields: Readonly<Record<FieldKind, v.GenericSchema>> = {
    string: objectSchema(
      { ...str, minLength: count, maxLength: count, format: v.optional(v.picklist(['email', 'uri', 'date', 'date-time'])) },
      strict,
    ),
    enum: objectSchema({ ...str, enum: strings }, strict),
    legacyEnum: objectSchema({ ...str, enum: strings, enumNames: v.array(v.string()) }, strict),
    titledEnum: objectSchema({ ...str, oneOf: titled }, strict),
    number: objectSchema(
      {
        type: v.picklist(['number', 'integer']),
        ...common,
        minimum: v.optional(v.pipe(v.number(), v.finite())),
        maximum: v.optional(v.pipe(v.number(), v.finite())),
        ...(since20251125 ? { default: v.optional(v.number()) } : {}),
      },
      strict,
    ),
    // The course's subset lets a boolean field list its values (checked as a tool schema's enum).
    boolean: objectSchema({ type: v.literal('boolean'), ...common, default: v.optional(v.boolean()), ...(strict ? { enum: v.optional(v.unknown()) } : {}) }, strict),
    multi: objectSchema({ ...arr, items: objectSchema({ type: v.literal('string'), enum: strings }, strict) }, strict),
    titledMulti: objectSchema({ ...arr, items: objectSchema({ anyOf: titled }, strict) }, strict),
  };
  const root = objectSchema(
    {
      $schema: v.optional(v.string()),
      type: v.literal('object'),
      properties: v.pipe(MetaSchema, v.record(v.string(), v.unknown())),
      required: v.optional(v.array(v.string())),
      additionalProperties: v.optional(v.boolean()),
    },
    strict,
  );
  return { root, fields };
}

const schemas = profileSchemas(schemaSet);

/** Field kinds 2025-11-25 added: titled single-select and both multi-selects (2025-06-18 has only enum and enumNames). */
const SINCE_2025_11_25: Readonly<Partial<Record<FieldKind, { key: string; what: string }>>> = {
  titledEnum: { key: 'oneOf', what: 'a titled single-select enum (oneOf)' },
  multi: { key: 'type', what: 'a multi-select enum (type "array")' },
  titledMulti: { key: 'type', what: 'a titled multi-select enum (type "array")' },
};

/** The kind of restricted primitive schema `field` is, or `undefined` when its type is not one. */
export function fieldKind(field: { readonly [key: string]: unknown }): FieldKind | undefined {
  switch (field['type']) {
    case 'string':
      if (Object.hasOwn(field, 'oneOf')) return 'titledEnum';
      if (Object.hasOwn(field, 'enum')) return Object.hasOwn(field, 'enumNames') ? 'legacyEnum' : 'enum';
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array': {
      const items = field['items'];
      return isJsonObject(items) && Object.hasOwn(items, 'anyOf') ? 'titledMulti' : 'multi';
    }
    default:
      return undefined;
  }
}

const SECRET_WORDS: ReadonlySet<string> = new Set([
  'password', 'passwd', 'passphrase', 'secret', 'secrets', 'credential', 'credentials', 'ssn',
]);
const SECRET_JOINED: ReadonlySet<string> = new Set([
  'apikey', 'accesstoken', 'refreshtoken', 'authtoken', 'bearertoken', 'idtoken', 'sessiontoken',
  'privatekey', 'secretkey', 'creditcard', 'cardnumber', 'socialsecuritynumber',
]);

/** The course profile's secret field names, as its reference lists them (compared lower-cased, `-` read as `_`). */
const COURSE_SECRET_NAMES: ReadonlySet<string> = new Set([
  'password', 'passcode', 'api_key', 'apikey', 'access_token', 'token', 'secret', 'credit_card', 'cvv',
]);

/** Whether a form field name is one of the course profile's secret names (case and `-` normalised). */
export function isCourseSecretFieldName(name: string): boolean {
  return COURSE_SECRET_NAMES.has(name.toLowerCase().replace(/-/g, '_'));
}

/**
 * Whether a form field name asks for a secret: case, `-` and `_` are normalised, so `api_key`,
 * `API-Key` and `apiKey` all match, as do names ending in `token` such as `github_token`.
 */
export function isSecretFieldName(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s_.-]+/)
    .filter((w) => w.length > 0);
  if (words.length === 0) return false;
  if (SECRET_JOINED.has(words.join(''))) return true;
  if (words.at(-1) === 'token') return true;
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    if (SECRET_WORDS.has(w) || SECRET_JOINED.has(w)) return true;
    if (i + 1 < words.length && SECRET_JOINED.has(w + (words[i + 1] as string))) return true;
  }
  return false;
}

function checkOrder(field: { readonly [key: string]: unknown }, at: string, low: string, high: string, out: Finding[]): void {
  const lo = field[low];
  const hi = field[high];
  if (typeof lo === 'number' && typeof hi === 'number' && lo > hi) {
    out.push(finding(ruleById('elicitation/requested-schema'), pointerJoin(at, low), `Invalid field schema: Expected ${low} at most ${high} (${hi}) but received ${lo}`));
  }
}

function enumCount(field: { readonly [key: string]: unknown }, kind: FieldKind): { key: string; list: unknown } {
  switch (kind) {
    case 'titledEnum':
      return { key: 'oneOf', list: field['oneOf'] };
    case 'multi':
      return { key: 'items/enum', list: isJsonObject(field['items']) ? field['items']['enum'] : undefined };
    case 'titledMulti':
      return { key: 'items/anyOf', list: isJsonObject(field['items']) ? field['items']['anyOf'] : undefined };
    default:
      return { key: 'enum', list: field['enum'] };
  }
}

function collectField(field: unknown, at: string, ctx: ValidationContext, out: Finding[]): void {
  if (!isJsonObject(field)) {
    out.push(finding(ruleById('elicitation/requested-schema'), at, `Invalid field schema: Expected Object but received ${shown(field)}`));
    return;
  }
  const kind = fieldKind(field);
  if (kind === undefined) {
    out.push(finding(ruleById('elicitation/requested-schema'), pointerJoin(at, 'type'),
      `Invalid field schema: Expected type "string" | "number" | "integer" | "boolean" | "array" but received ${shown(field['type'])}`));
    return;
  }
  const newer = ctx.profile.revision === '2025-06-18' ? SINCE_2025_11_25[kind] : undefined;
  if (newer !== undefined) {
    out.push(finding(ruleById('elicitation/requested-schema'), pointerJoin(at, newer.key),
      `Invalid field schema: Expected string, number, integer, boolean or enum (MCP ${ctx.profile.revision}) but received ${newer.what}`));
    return;
  }
  for (const f of checkSchema(schemas(ctx).fields[kind], field, ruleById('elicitation/requested-schema'), at, 'field schema')) out.push(f);
  checkOrder(field, at, 'minLength', 'maxLength', out);
  checkOrder(field, at, 'minimum', 'maximum', out);
  checkOrder(field, at, 'minItems', 'maxItems', out);
  if (kind === 'legacyEnum') {
    const values = field['enum'];
    const names = field['enumNames'];
    if (Array.isArray(values) && Array.isArray(names) && values.length !== names.length) {
      out.push(finding(ruleById('elicitation/requested-schema'), pointerJoin(at, 'enumNames'),
        `Invalid field schema: Expected ${values.length} enumNames (one per enum value) but received ${names.length}`));
    }
  }
  if (kind !== 'string' && kind !== 'number' && kind !== 'boolean' && ctx.profile.strict) {
    const { key, list } = enumCount(field, kind);
    if (Array.isArray(list) && list.length > TOOL_SCHEMA_LIMITS.enumValues) {
      out.push(finding(ruleById('elicitation/requested-schema'), `${at}/${key}`,
        `Invalid field schema: Expected at most ${TOOL_SCHEMA_LIMITS.enumValues} options but received ${list.length}`));
    }
  }
}

/**
 * Validates a form-mode requestedSchema: the flat object shape, each field's restricted primitive
 * schema, required names that exist, the course bounds, and no field that asks for a secret.
 */
export function validateRequestedSchema(schema: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  const out: Finding[] = [...checkSchema(schemas(ctx).root, schema, ruleById('elicitation/requested-schema'), at, 'requestedSchema')];
  if (!isJsonObject(schema)) return out;
  const properties = schema['properties'];
  if (!isJsonObject(properties)) return findingsOf(out);
  const propsAt = pointerJoin(at, 'properties');
  const names = Object.keys(properties);
  if (ctx.profile.strict && names.length > TOOL_SCHEMA_LIMITS.properties) {
    out.push(finding(ruleById('elicitation/requested-schema'), propsAt, `Invalid requestedSchema: Expected at most ${TOOL_SCHEMA_LIMITS.properties} fields but received ${names.length}`));
    return out;
  }
  for (const name of names) {
    const fieldAt = pointerJoin(propsAt, name);
    if (ctx.profile.strict ? isCourseSecretFieldName(name) : isSecretFieldName(name)) {
      out.push(finding(ruleById('elicitation/secret-field'), fieldAt, `Invalid requestedSchema: form elicitation must not request secrets, but field ${shown(name)} asks for one`));
    }
    collectField(properties[name], fieldAt, ctx, out);
  }
  const required = schema['required'];
  if (Array.isArray(required)) {
    required.forEach((name: unknown, i) => {
      if (typeof name === 'string' && !Object.hasOwn(properties, name)) {
        out.push(finding(ruleById('elicitation/requested-schema'), pointerJoin(at, 'required', i), `Invalid requestedSchema: Expected a declared field but received ${shown(name)}`));
      }
    });
  }
  return findingsOf(out);
}
