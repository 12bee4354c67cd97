/**
 * The bounded tool-schema subset (course section 7): a tool's inputSchema and outputSchema may use
 * only the keywords `validateInstance` executes, within fixed size bounds, so that no keyword is
 * silently declared but not executed and checking a value stays cheap.
 */
import { courseNumberAt, courseNumberText, compareCourseNumbers } from './course-numbers.ts';
import { TOOL_SCHEMA_EXTENSIONS } from './profiles.ts';
import { JSON_SCHEMA_AVAILABLE, validateJsonSchema } from './json-schema.ts';
import type { ValidationContext } from './context.ts';
import { pointerJoin, type Finding } from './finding.ts';
import { isJsonObject, NO_FINDINGS, shown } from './shape.ts';
import { finding } from './rules/report.ts';
import type { RuleSpec } from './rules/rule.ts';
import { ruleById } from './rules/index.ts';

/** The bounds of the tool-schema subset (the course profile's; the specification profiles set none). */
export const TOOL_SCHEMA_LIMITS = {
  /** Levels of nested schemas below the root (through `properties` and `items`). */
  depth: 16,
  /** Schemas in one tool schema, the root included (a bound on the work of checking, beyond what the course's reference bounds). */
  nodes: 4096,
  /** Properties of one object schema, and entries of one `required`. */
  properties: 256,
  enumValues: 256,
  /** Characters (code points) of a property name. */
  nameLength: 128,
  /** The largest `maxItems`, and the `maxItems` of an array schema that declares none. */
  collectionItems: 1024,
  /** The largest `maxLength`, and the `maxLength` of a string schema that declares none. */
  stringLength: 100_000,
} as const;

/** The `type` names the validator executes. */
export const TOOL_SCHEMA_TYPES: ReadonlySet<string> = new Set(['object', 'string', 'number', 'integer', 'boolean', 'array']);

/** Executed keywords, each with the types it applies to (`null`: every type). */
const KEYWORDS: ReadonlyMap<string, ReadonlySet<string> | null> = new Map<string, ReadonlySet<string> | null>([
  ['type', null],
  ['title', null],
  ['description', null],
  ['default', null],
  ['$schema', null],
  ['enum', new Set(['string', 'number', 'integer', 'boolean'])],
  ['properties', new Set(['object'])],
  ['required', new Set(['object'])],
  ['additionalProperties', new Set(['object'])],
  ['minLength', new Set(['string'])],
  ['maxLength', new Set(['string'])],
  ['minimum', new Set(['number', 'integer'])],
  ['maximum', new Set(['number', 'integer'])],
  ['items', new Set(['array'])],
  ['minItems', new Set(['array'])],
  ['maxItems', new Set(['array'])],
]);

/**
 * Every keyword JSON Schema 2020-12 defines (core, applicator, unevaluated, validation, meta-data,
 * format and content vocabularies), and the draft-07 ones still common in generated schemas.
 * Outside the strict subset these are valid schema, whether or not values are checked against
 * them here; only a keyword no dialect defines (often a typo) is ignored by every validator.
 */
const JSON_SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  '$schema', '$id', '$ref', '$anchor', '$dynamicRef', '$dynamicAnchor', '$vocabulary', '$comment', '$defs',
  'prefixItems', 'items', 'contains', 'additionalProperties', 'properties', 'patternProperties', 'dependentSchemas',
  'propertyNames', 'if', 'then', 'else', 'allOf', 'anyOf', 'oneOf', 'not', 'unevaluatedItems', 'unevaluatedProperties',
  'type', 'const', 'enum', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength',
  'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'maxContains', 'minContains', 'maxProperties',
  'minProperties', 'required', 'dependentRequired', 'title', 'description', 'default', 'deprecated', 'readOnly',
  'writeOnly', 'examples', 'format', 'contentEncoding', 'contentMediaType', 'contentSchema',
  'definitions', 'dependencies', 'additionalItems',
]);

/** The type names JSON Schema defines (the subset executes all but "null", one at a time). */
const JSON_SCHEMA_TYPES: ReadonlySet<string> = new Set([...TOOL_SCHEMA_TYPES, 'null']);

/** `"null"`, or a non-empty list of distinct JSON Schema type names. */
function isJsonSchemaTypeUnion(value: unknown): boolean {
  if (value === 'null') return true;
  return Array.isArray(value) && value.length > 0 && new Set(value).size === value.length
    && value.every((t) => typeof t === 'string' && JSON_SCHEMA_TYPES.has(t));
}

/** Keywords the specification profiles read but the course profile's subset does not execute. */
const NOT_IN_COURSE: ReadonlySet<string> = new Set(['default']);

interface Walk {
  readonly out: Finding[];
  readonly strict: boolean;
  nodes: number;
}


function push(w: Walk, rule: RuleSpec, at: string, message: string): void {
  w.out.push(finding(rule, at, message));
}

function checkText(w: Walk, value: unknown, at: string, key: string): void {
  if (typeof value !== 'string') {
    push(w, ruleById('toolschema/keyword-value'), at, `Invalid ${key}: Expected string but received ${shown(value)}`);
  } else if (w.strict && value.length === 0) {
    push(w, ruleById('toolschema/keyword-value'), at, `Invalid ${key}: Expected a non-empty string but received ""`);
  }
}

/** Length in Unicode code points. */
function codePointLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

function isNonNegativeInteger(x: unknown): x is number {
  return typeof x === 'number' && Number.isInteger(x) && x >= 0;
}

function isFiniteNumber(x: unknown): x is number {
  return typeof x === 'number' && Number.isFinite(x);
}

function enumValueFits(value: unknown, type: string | undefined): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return isFiniteNumber(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    default:
      return value === null || typeof value === 'string' || typeof value === 'boolean' || isFiniteNumber(value);
  }
}

function checkEnum(w: Walk, value: unknown, at: string, type: string | undefined): void {
  if (!Array.isArray(value) || value.length === 0) {
    push(w, ruleById('toolschema/keyword-value'), at, `Invalid enum: Expected a non-empty array but received ${shown(value)}`);
    return;
  }
  if (w.strict && value.length > TOOL_SCHEMA_LIMITS.enumValues) {
    push(w, ruleById('toolschema/too-many-enum-values'), at, `Invalid enum: Expected at most ${TOOL_SCHEMA_LIMITS.enumValues} values but received ${value.length}`);
    return;
  }
  const seen = new Set<unknown>();
  const seenNumbers = new Set<string>();
  value.forEach((item: unknown, i) => {
    const itemAt = pointerJoin(at, i);
    // The course profile compares numbers as its reference does, by their JSON texts as it reads
    // them: 100 and 1e2 (an integer and a double), 0 and -0.0, two integers past 2^53 differ.
    const text = w.strict && typeof item === 'number' ? courseNumberText(courseNumberAt(value, i) ?? { double: item }) : undefined;
    if (!enumValueFits(item, type)) {
      push(w, ruleById('toolschema/keyword-value'), itemAt, `Invalid enum value: Expected a ${type ?? 'scalar'} value but received ${shown(item)}`);
    } else if (text === undefined ? seen.has(item) : seenNumbers.has(text)) {
      push(w, ruleById('toolschema/keyword-value'), itemAt, `Invalid enum value: Expected unique values but received ${text ?? shown(item)} twice`);
    }
    if (text === undefined) seen.add(item);
    else seenNumbers.add(text);
  });
}

function checkRequired(w: Walk, value: unknown, at: string, properties: unknown): void {
  if (!Array.isArray(value)) {
    push(w, ruleById('toolschema/keyword-value'), at, `Invalid required: Expected an array of strings but received ${shown(value)}`);
    return;
  }
  if (w.strict && value.length > TOOL_SCHEMA_LIMITS.properties) {
    push(w, ruleById('toolschema/too-many-properties'), at, `Invalid required: Expected at most ${TOOL_SCHEMA_LIMITS.properties} names but received ${value.length}`);
    return;
  }
  const seen = new Set<string>();
  value.forEach((name: unknown, i) => {
    const itemAt = pointerJoin(at, i);
    if (typeof name !== 'string') {
      push(w, ruleById('toolschema/keyword-value'), itemAt, `Invalid required entry: Expected string but received ${shown(name)}`);
    } else if (seen.has(name)) {
      push(w, ruleById('toolschema/keyword-value'), itemAt, `Invalid required entry: Expected unique names but received ${shown(name)} twice`);
    } else if (!(isJsonObject(properties) && Object.hasOwn(properties, name)) && (w.strict || isJsonObject(properties))) {
      // The course profile requires every required name to be declared; the specification profiles warn.
      push(w, w.strict ? ruleById('toolschema/keyword-value') : ruleById('toolschema/required-undeclared'), itemAt,
        `Invalid required entry: required references an unknown property: ${shown(name)} is not declared in properties`);
    }
    if (typeof name === 'string') seen.add(name);
  });
}

/**
 * Checks a pair of bounds: each a non-negative integer (`integer`) or a finite number, the lower
 * at most the upper. `cap` (course profile, integer bounds) is the largest upper bound and the
 * upper bound of a schema that declares none.
 */
function checkBounds(w: Walk, node: { readonly [key: string]: unknown }, at: string, low: string, high: string, integer: boolean, cap?: number): void {
  const ok = integer ? isNonNegativeInteger : isFiniteNumber;
  const expected = integer ? 'a non-negative integer' : 'a finite number';
  for (const key of [low, high]) {
    const value = node[key];
    if (value !== undefined && !ok(value)) {
      push(w, ruleById('toolschema/keyword-value'), pointerJoin(at, key), `Invalid ${key}: Expected ${expected} but received ${shown(value)}`);
    }
  }
  const lo = node[low];
  const declared = node[high];
  if (cap !== undefined && ok(declared) && declared > cap) {
    push(w, ruleById('toolschema/keyword-value'), pointerJoin(at, high), `Invalid ${high}: Expected at most ${cap} but received ${declared}`);
    return;
  }
  const hi = declared === undefined && cap !== undefined ? cap : declared;
  // The course profile compares numeric bounds as its reference reads them: an integer exactly, a
  // decimal as the double it rounds to (so 2^53+1 exceeds 9007199254740992.0).
  const exactly = w.strict && !integer && ok(lo) && ok(hi) ? courseNumberAt(node, low) : undefined;
  const above = exactly !== undefined
    ? compareCourseNumbers(exactly, courseNumberAt(node, high) ?? { double: hi as number }) > 0
    : ok(lo) && ok(hi) && lo > hi;
  if (above) {
    push(w, ruleById('toolschema/keyword-value'), pointerJoin(at, low),
      `Invalid ${low}: Expected at most ${declared === undefined ? `${hi} (the bound of ${high})` : `${high} (${hi})`} but received ${lo}`);
  }
}

function walk(w: Walk, node: unknown, at: string, depth: number): void {
  if (!isJsonObject(node)) {
    push(w, ruleById('toolschema/not-an-object'), at, `Invalid schema: Expected Object but received ${shown(node)}`);
    return;
  }
  w.nodes += 1;
  if (w.strict && w.nodes === TOOL_SCHEMA_LIMITS.nodes + 1) {
    push(w, ruleById('toolschema/too-many-nodes'), at, `Invalid schema: Expected at most ${TOOL_SCHEMA_LIMITS.nodes} schemas in one tool schema`);
  }
  if (w.strict && w.nodes > TOOL_SCHEMA_LIMITS.nodes) return;
  if (w.strict && depth > TOOL_SCHEMA_LIMITS.depth) {
    push(w, ruleById('toolschema/too-deep'), at, `Invalid schema: Expected at most ${TOOL_SCHEMA_LIMITS.depth} levels of nesting but received ${depth}`);
    return;
  }

  const rawType = node['type'];
  let type: string | undefined;
  if (rawType === undefined) {
    if (w.strict) push(w, ruleById('toolschema/missing-type'), at, 'Invalid schema: Expected a type keyword but received none');
  } else if (typeof rawType === 'string' && TOOL_SCHEMA_TYPES.has(rawType)) {
    type = rawType;
  } else if (!w.strict && isJsonSchemaTypeUnion(rawType)) {
    // Valid JSON Schema ("null", or a list such as ["string", "null"]); values are not checked against it here.
  } else {
    push(w, ruleById('toolschema/keyword-value'), pointerJoin(at, 'type'),
      `Invalid type: Expected "object" | "string" | "number" | "integer" | "boolean" | "array" but received ${shown(rawType)}`);
  }

  for (const key of Object.keys(node)) {
    const applies = w.strict && NOT_IN_COURSE.has(key) ? undefined : KEYWORDS.get(key);
    if (applies === undefined) {
      if (w.strict) push(w, ruleById('toolschema/unknown-keyword'), pointerJoin(at, key), `Invalid keyword: "${key}" is declared but not executed by the tool-schema subset`);
      // A keyword a revision's pages define (x-mcp-header: validators/mcp-header.ts) is an annotation for clients, no validation keyword.
      else if (!JSON_SCHEMA_KEYWORDS.has(key) && !TOOL_SCHEMA_EXTENSIONS.has(key)) push(w, ruleById('toolschema/keyword-not-executed'), pointerJoin(at, key), `Invalid keyword: "${key}" is not a JSON Schema keyword, so no validator executes it`);
    } else if (w.strict && applies !== null && type !== undefined && !applies.has(type)) {
      push(w, ruleById('toolschema/inapplicable-keyword'), pointerJoin(at, key), `Invalid keyword: "${key}" is declared but not executed for type "${type}"`);
    }
  }

  if (node['title'] !== undefined) checkText(w, node['title'], pointerJoin(at, 'title'), 'title');
  if (node['description'] !== undefined) checkText(w, node['description'], pointerJoin(at, 'description'), 'description');
  if (node['$schema'] !== undefined) checkText(w, node['$schema'], pointerJoin(at, '$schema'), '$schema');
  if (node['enum'] !== undefined) checkEnum(w, node['enum'], pointerJoin(at, 'enum'), type);
  if (node['required'] !== undefined) checkRequired(w, node['required'], pointerJoin(at, 'required'), node['properties']);
  const additional = node['additionalProperties'];
  if (additional !== undefined && typeof additional !== 'boolean') {
    push(w, ruleById('toolschema/keyword-value'), pointerJoin(at, 'additionalProperties'),
      `Invalid additionalProperties: Expected boolean but received ${shown(additional)}`);
  }
  const capped = w.strict && type !== undefined;
  checkBounds(w, node, at, 'minLength', 'maxLength', true, capped && type === 'string' ? TOOL_SCHEMA_LIMITS.stringLength : undefined);
  checkBounds(w, node, at, 'minItems', 'maxItems', true, capped && type === 'array' ? TOOL_SCHEMA_LIMITS.collectionItems : undefined);
  checkBounds(w, node, at, 'minimum', 'maximum', false);
  if (w.strict && type === 'array' && node['items'] === undefined) {
    push(w, ruleById('toolschema/keyword-value'), pointerJoin(at, 'items'), 'Invalid items: Expected an items schema (items is required for arrays in the course profile) but received none');
  }

  const properties = node['properties'];
  if (properties !== undefined) {
    const propsAt = pointerJoin(at, 'properties');
    if (!isJsonObject(properties)) {
      push(w, ruleById('toolschema/keyword-value'), propsAt, `Invalid properties: Expected Object but received ${shown(properties)}`);
    } else {
      const names = Object.keys(properties);
      if (w.strict && names.length > TOOL_SCHEMA_LIMITS.properties) {
        push(w, ruleById('toolschema/too-many-properties'), propsAt,
          `Invalid properties: Expected at most ${TOOL_SCHEMA_LIMITS.properties} properties but received ${names.length}`);
      } else {
        for (const name of names) {
          const propAt = pointerJoin(propsAt, name);
          const length = w.strict ? codePointLength(name) : 1;
          if (length === 0 || length > TOOL_SCHEMA_LIMITS.nameLength) {
            push(w, ruleById('toolschema/string-too-long'), propAt,
              `Invalid property name: Expected 1 to ${TOOL_SCHEMA_LIMITS.nameLength} characters but received ${length}`);
          }
          walk(w, properties[name], propAt, depth + 1);
        }
      }
    }
  }
  if (node['items'] !== undefined) walk(w, node['items'], pointerJoin(at, 'items'), depth + 1);
}

/**
 * Validates a tool's inputSchema or outputSchema against the bounded tool-schema subset.
 *
 * @example
 * validateToolSchema({ type: 'object', properties: { city: { type: 'string', minLength: 1 } } }, '/tool/inputSchema', ctx);
 */
export function validateToolSchema(schema: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  const w: Walk = { out: [], strict: ctx.profile.strict, nodes: 0 };
  walk(w, schema, at, 0);
  // The specification profiles judge the schema as JSON Schema (ajv); the subset's walk adds only
  // its warnings there (a keyword no dialect defines, a required name not declared). The course
  // profile judges by its executed subset.
  if (!ctx.profile.strict && JSON_SCHEMA_AVAILABLE && isJsonObject(schema)) return [...validateJsonSchema(schema, at), ...w.out.filter((f) => f.severity === 'warning')];
  return w.out.length > 0 ? w.out : NO_FINDINGS;
}
