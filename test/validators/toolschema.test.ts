import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { JsonObject, ValidationContext } from '../../validators/context.ts';
import { acceptsInstance, explainInstance, validateInstance } from '../../validators/toolschema-instance.ts';
import { validateToolSchema } from '../../validators/toolschema.ts';
import { parseStrictJson } from '../../validators/strict-json.ts';
import { ctx, loose, pairs } from './support.ts';
import { SPEC_2026_07_28 } from '../../validators/profiles.ts';

const AT = '/tool/inputSchema';
const ARGS = '/message/params/arguments';

const FORECAST: JsonObject = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  title: 'Forecast request',
  properties: {
    place: { type: 'string', minLength: 2, maxLength: 20, description: 'Where' },
    days: { type: 'integer', minimum: 1, maximum: 7 },
    scale: { type: 'string', enum: ['metric', 'imperial'] },
    ratio: { type: 'number', minimum: 0, maximum: 1 },
    detailed: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string', maxLength: 8 }, minItems: 1, maxItems: 5 },
    filter: { type: 'object', properties: { kind: { type: 'string' } }, additionalProperties: true },
  },
  required: ['place'],
  additionalProperties: false,
};

test('a schema of the executed subset is accepted', () => {
  const out = validateToolSchema(FORECAST, AT, ctx);
  assert.equal(pairs(out), []);
  assert.ok(Object.isFrozen(out));
});

const SCHEMA_CASES: ReadonlyArray<{ name: string; schema: unknown; expected: string[]; context?: ValidationContext }> = [
  { name: 'not an object', schema: [], expected: [`toolschema/not-an-object ${AT}`] },
  {
    name: 'nested schema not an object',
    schema: { type: 'object', properties: { a: true } },
    expected: [`toolschema/not-an-object ${AT}/properties/a`],
  },
  {
    name: 'unknown keyword (declared but not executed)',
    schema: { type: 'object', properties: { a: { type: 'string', pattern: '^x' } } },
    expected: [`toolschema/unknown-keyword ${AT}/properties/a/pattern`],
  },
  {
    name: 'outside strict profiles, a keyword no JSON Schema dialect defines is a warning',
    schema: { type: 'object', properties: { a: { type: 'string', minLenght: 2 } } },
    expected: [`toolschema/keyword-not-executed ${AT}/properties/a/minLenght`],
    context: loose,
  },
  {
    name: 'before 2026-07-28, x-mcp-header (the next revision\'s annotation, which a server of both eras sends in either) is no finding either',
    schema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } },
    expected: [],
    context: loose,
  },
  {
    name: 'before 2026-07-28, another keyword no JSON Schema dialect defines is still warned',
    schema: { type: 'object', properties: { region: { type: 'string', 'x-vendor-hint': 'Region' } } },
    expected: [`toolschema/keyword-not-executed ${AT}/properties/region/x-vendor-hint`],
    context: loose,
  },
  {
    name: 'in 2026-07-28, x-mcp-header is the extension the tools page defines: no finding',
    schema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } },
    expected: [],
    context: { profile: SPEC_2026_07_28, tools: new Map() },
  },
  {
    name: 'outside strict profiles, JSON Schema keywords the subset does not execute are valid schema',
    schema: { type: 'object', properties: { a: { type: 'string', format: 'email', pattern: '^x' }, b: { type: 'array', minItems: 1, items: { anyOf: [{ type: 'string' }] } } }, $defs: {} },
    expected: [],
    context: loose,
  },
  {
    name: 'keyword that does not apply to the type',
    schema: { type: 'object', properties: { a: { type: 'number', minLength: 1 } } },
    expected: [`toolschema/inapplicable-keyword ${AT}/properties/a/minLength`],
  },
  {
    name: 'schema without a type',
    schema: { type: 'object', properties: { a: { description: 'anything' } } },
    expected: [`toolschema/missing-type ${AT}/properties/a`],
  },
  { name: 'unknown type name', schema: { type: 'null' }, expected: [`toolschema/keyword-value ${AT}/type`] },
  { name: 'type list', schema: { type: ['string', 'null'] }, expected: [`toolschema/keyword-value ${AT}/type`] },
  {
    name: 'outside strict profiles, "null" and type lists are valid JSON Schema',
    schema: { type: 'object', properties: { a: { type: ['string', 'null'] }, b: { type: 'null' }, c: { type: ['null', 'array'], items: { type: 'string' } } } },
    expected: [],
    context: loose,
  },
  {
    name: 'outside strict profiles, a type list with an unknown or repeated name is still refused (as JSON Schema 2020-12)',
    schema: { type: 'object', properties: { a: { type: ['strin', 'null'] }, b: { type: ['null', 'null'] }, c: { type: [] } } },
    expected: [`toolschema/json-schema-invalid ${AT}/properties/a/type`, `toolschema/json-schema-invalid ${AT}/properties/b/type`, `toolschema/json-schema-invalid ${AT}/properties/c/type`],
    context: loose,
  },
  {
    name: 'required not an array of unique strings',
    schema: { type: 'object', properties: { a: { type: 'string' } }, required: ['a', 'a', 3] },
    expected: [`toolschema/keyword-value ${AT}/required/1`, `toolschema/keyword-value ${AT}/required/2`],
  },
  {
    name: 'additionalProperties as a schema',
    schema: { type: 'object', additionalProperties: { type: 'string' } },
    expected: [`toolschema/keyword-value ${AT}/additionalProperties`],
  },
  {
    name: 'enum values of another type, repeated',
    schema: { type: 'string', enum: ['a', 1, 'a'] },
    expected: [`toolschema/keyword-value ${AT}/enum/1`, `toolschema/keyword-value ${AT}/enum/2`],
  },
  { name: 'empty enum', schema: { type: 'string', enum: [] }, expected: [`toolschema/keyword-value ${AT}/enum`] },
  {
    name: 'minimum above maximum',
    schema: { type: 'integer', minimum: 5, maximum: 1 },
    expected: [`toolschema/keyword-value ${AT}/minimum`],
  },
  {
    name: 'negative minLength',
    schema: { type: 'string', minLength: -1 },
    expected: [`toolschema/keyword-value ${AT}/minLength`],
  },
  {
    name: 'required property not declared (course profile: an error)',
    schema: { type: 'object', properties: { a: { type: 'string' } }, required: ['b'] },
    expected: [`toolschema/keyword-value ${AT}/required/0`],
  },
  {
    name: 'required property not declared (specification profiles: a warning)',
    schema: { type: 'object', properties: { a: { type: 'string' } }, required: ['b'] },
    expected: [`toolschema/required-undeclared ${AT}/required/0`],
    context: loose,
  },
  {
    name: 'title not a string',
    schema: { type: 'object', title: 3 },
    expected: [`toolschema/keyword-value ${AT}/title`],
  },
  { name: 'empty title (course profile)', schema: { type: 'object', title: '' }, expected: [`toolschema/keyword-value ${AT}/title`] },
  { name: 'empty description in a specification profile', schema: { type: 'object', description: '' }, expected: [], context: loose },
  {
    name: 'default is not executed by the course profile',
    schema: { type: 'object', properties: { a: { type: 'string', default: 'x' } } },
    expected: [`toolschema/unknown-keyword ${AT}/properties/a/default`],
  },
  { name: 'default in a specification profile', schema: { type: 'object', properties: { a: { type: 'string', default: 'x' } } }, expected: [], context: loose },
  {
    name: 'array bounds are executed keywords',
    schema: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 1024 },
    expected: [],
  },
  {
    name: 'minItems above maxItems',
    schema: { type: 'array', items: { type: 'string' }, minItems: 3, maxItems: 2 },
    expected: [`toolschema/keyword-value ${AT}/minItems`],
  },
  {
    name: 'maxItems beyond 1024 (course profile)',
    schema: { type: 'array', items: { type: 'string' }, maxItems: 1025 },
    expected: [`toolschema/keyword-value ${AT}/maxItems`],
  },
  {
    name: 'minItems beyond the 1024 an undeclared maxItems stands for (course profile)',
    schema: { type: 'array', items: { type: 'string' }, minItems: 1025 },
    expected: [`toolschema/keyword-value ${AT}/minItems`],
  },
  { name: 'maxItems beyond 1024 in a specification profile', schema: { type: 'array', items: { type: 'string' }, maxItems: 5000 }, expected: [], context: loose },
  {
    name: 'array without items (course profile)',
    schema: { type: 'array' },
    expected: [`toolschema/keyword-value ${AT}/items`],
  },
  { name: 'array without items in a specification profile', schema: { type: 'array' }, expected: [], context: loose },
  {
    name: 'maxLength beyond 100000 (course profile)',
    schema: { type: 'string', maxLength: 100_001 },
    expected: [`toolschema/keyword-value ${AT}/maxLength`],
  },
  {
    name: 'minItems on a string',
    schema: { type: 'string', minItems: 1 },
    expected: [`toolschema/inapplicable-keyword ${AT}/minItems`],
  },
];

for (const c of SCHEMA_CASES) {
  test(`schema: ${c.name}`, () => {
    assert.equal(pairs(validateToolSchema(c.schema, AT, c.context ?? ctx)), c.expected);
  });
}

function nested(levels: number): JsonObject {
  let schema: JsonObject = { type: 'string' };
  for (let i = 0; i < levels; i++) schema = { type: 'object', properties: { n: schema } };
  return schema;
}

test('nesting is bounded at 16 levels (course profile)', () => {
  assert.equal(pairs(validateToolSchema(nested(16), AT, ctx)), []);
  const deep = pairs(validateToolSchema(nested(17), AT, ctx));
  assert.equal(deep, [`toolschema/too-deep ${AT}${'/properties/n'.repeat(17)}`]);
  assert.equal(pairs(validateToolSchema(nested(17), AT, loose)), []);
});

function withProperties(n: number): JsonObject {
  const properties: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) properties[`p${i}`] = { type: 'string' };
  return { type: 'object', properties };
}

test('an object schema declares at most 256 properties (course profile)', () => {
  assert.equal(pairs(validateToolSchema(withProperties(256), AT, ctx)), []);
  assert.equal(pairs(validateToolSchema(withProperties(257), AT, ctx)), [`toolschema/too-many-properties ${AT}/properties`]);
  assert.equal(pairs(validateToolSchema(withProperties(257), AT, loose)), []);
});

test('a tool schema holds at most 4096 schemas (course profile)', () => {
  const wide = (last: number): JsonObject => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 15; i++) properties[`o${i}`] = withProperties(255);
    properties['o15'] = withProperties(last);
    return { type: 'object', properties };
  };
  // 1 root + 16 objects + 15 * 255 + 254 strings = 4096 schemas.
  assert.equal(pairs(validateToolSchema(wide(254), AT, ctx)), []);
  assert.equal(pairs(validateToolSchema(wide(255), AT, ctx)), [`toolschema/too-many-nodes ${AT}/properties/o15/properties/p254`]);
  assert.equal(pairs(validateToolSchema(wide(255), AT, loose)), []);
});

test('an enum lists at most 256 values (course profile)', () => {
  const values = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`);
  assert.equal(pairs(validateToolSchema({ type: 'string', enum: values(256) }, AT, ctx)), []);
  assert.equal(pairs(validateToolSchema({ type: 'string', enum: values(257) }, AT, ctx)), [`toolschema/too-many-enum-values ${AT}/enum`]);
});

test('property names have 1 to 128 characters (course profile); texts are not bounded', () => {
  assert.equal(pairs(validateToolSchema({ type: 'string', description: 'd'.repeat(100_000) }, AT, ctx)), []);
  const at128 = '😀'.repeat(128);
  assert.equal(pairs(validateToolSchema({ type: 'object', properties: { [at128]: { type: 'string' } } }, AT, ctx)), [], 'code points, not UTF-16 units');
  const long = 'k'.repeat(129);
  assert.equal(
    pairs(validateToolSchema({ type: 'object', properties: { [long]: { type: 'string' } } }, AT, ctx)),
    [`toolschema/string-too-long ${AT}/properties/${long}`],
  );
  assert.equal(pairs(validateToolSchema({ type: 'object', properties: { '': { type: 'string' } } }, AT, ctx)), [`toolschema/string-too-long ${AT}/properties/`]);
  assert.equal(pairs(validateToolSchema({ type: 'object', properties: { [long]: { type: 'string' } } }, AT, loose)), []);
});

const VALID_ARGS: readonly unknown[] = [
  { place: 'Oslo' },
  { place: 'Oslo', days: 7, scale: 'metric', ratio: 0, detailed: false, tags: ['a'], filter: { kind: 'x', other: 1 } },
  { place: '東京' },
];

test('values that satisfy the schema are accepted', () => {
  for (const args of VALID_ARGS) {
    const out = validateInstance(FORECAST, args, ARGS);
    assert.equal(pairs(out), [], JSON.stringify(args));
    assert.ok(Object.isFrozen(out));
  }
});

const INSTANCE_CASES: ReadonlyArray<{ value: unknown; rule: string; pointer: string; fragment: string }> = [
  { value: { days: 2 }, rule: 'instance-required', pointer: `${ARGS}/place`, fragment: 'missing required value' },
  { value: { place: 'Oslo', zone: 'x' }, rule: 'instance-unknown-property', pointer: `${ARGS}/zone`, fragment: 'unknown values' },
  { value: { place: 'Oslo', scale: 'kelvin' }, rule: 'instance-enum', pointer: `${ARGS}/scale`, fragment: 'must be one of' },
  { value: { place: 7 }, rule: 'instance-type', pointer: `${ARGS}/place`, fragment: 'must be a string' },
  { value: { place: 'Oslo', ratio: '1' }, rule: 'instance-type', pointer: `${ARGS}/ratio`, fragment: 'must be a number' },
  { value: { place: 'Oslo', days: 2.5 }, rule: 'instance-type', pointer: `${ARGS}/days`, fragment: 'must be an integer' },
  { value: { place: 'Oslo', detailed: 'yes' }, rule: 'instance-type', pointer: `${ARGS}/detailed`, fragment: 'must be a boolean' },
  { value: { place: 'Oslo', filter: [] }, rule: 'instance-type', pointer: `${ARGS}/filter`, fragment: 'must be an object' },
  { value: { place: 'Oslo', tags: 'a' }, rule: 'instance-type', pointer: `${ARGS}/tags`, fragment: 'must be an array' },
  { value: { place: 'Oslo', tags: ['a', 1] }, rule: 'instance-type', pointer: `${ARGS}/tags/1`, fragment: 'must be a string' },
  { value: { place: 'O' }, rule: 'instance-min-length', pointer: `${ARGS}/place`, fragment: 'at least 2 characters' },
  { value: { place: 'x'.repeat(21) }, rule: 'instance-max-length', pointer: `${ARGS}/place`, fragment: 'at most 20 characters' },
  { value: { place: 'Oslo', days: 0 }, rule: 'instance-minimum', pointer: `${ARGS}/days`, fragment: 'greater than or equal to 1' },
  { value: { place: 'Oslo', days: 8 }, rule: 'instance-maximum', pointer: `${ARGS}/days`, fragment: 'less than or equal to 7' },
  { value: { place: 'Oslo', tags: [] }, rule: 'instance-min-items', pointer: `${ARGS}/tags`, fragment: 'too few items' },
  { value: { place: 'Oslo', tags: ['a', 'b', 'c', 'd', 'e', 'f'] }, rule: 'instance-max-items', pointer: `${ARGS}/tags`, fragment: 'too many items' },
  { value: [], rule: 'instance-type', pointer: ARGS, fragment: 'arguments must be an object' },
];

for (const c of INSTANCE_CASES) {
  test(`instance: ${c.rule} at ${c.pointer}`, () => {
    const out = validateInstance(FORECAST, c.value, ARGS);
    assert.equal(pairs(out), [`toolschema/${c.rule} ${c.pointer}`]);
    assert.ok(out[0]?.message.includes(c.fragment), out[0]?.message);
  });
}

test('string lengths count code points, and pointer tokens are escaped', () => {
  const schema: JsonObject = { type: 'object', properties: { 'a/b': { type: 'string', minLength: 2 } } };
  assert.equal(pairs(validateInstance(schema, { 'a/b': '😀😀' }, ARGS)), []);
  assert.equal(pairs(validateInstance(schema, { 'a/b': '😀' }, ARGS)), [`toolschema/instance-min-length ${ARGS}/a~1b`]);
});

test('the course profile bounds a checked value: 1024 items or members, strings of 100000 characters', () => {
  const open: JsonObject = { type: 'object', properties: { s: { type: 'string' }, a: { type: 'array', items: { type: 'number' } } } };
  assert.equal(pairs(validateInstance(open, { s: 'x'.repeat(100_000), a: new Array(1024).fill(1) }, ARGS, true)), []);
  assert.equal(pairs(validateInstance(open, { s: 'x'.repeat(100_001) }, ARGS, true)), [`toolschema/instance-limit ${ARGS}/s`]);
  assert.equal(pairs(validateInstance(open, { a: new Array(1025).fill(1) }, ARGS, true)), [`toolschema/instance-limit ${ARGS}/a`]);
  const many = Object.fromEntries(Array.from({ length: 1025 }, (_, i) => [`k${i}`, 1]));
  assert.equal(pairs(validateInstance(open, many, ARGS, true)), [`toolschema/instance-limit ${ARGS}`]);
  assert.equal(pairs(validateInstance(open, { s: 'x'.repeat(100_001), a: new Array(1025).fill(1) }, ARGS)), [], 'no bounds unless asked');
});

test('integers beyond 2^53-1 the reader held exactly are compared by their exact value', () => {
  const schema: JsonObject = { type: 'object', properties: { n: { type: 'integer', minimum: 1, maximum: 9007199254740992 }, x: { type: 'number' } } };
  const exact = parseStrictJson('{"n": 9007199254740993}') as JsonObject;
  assert.equal(pairs(validateInstance(schema, exact, ARGS)), [`toolschema/instance-maximum ${ARGS}/n`], 'a double would round it to the maximum');
  const out = validateInstance(schema, exact, ARGS);
  assert.ok(out[0]?.message.includes('9007199254740993'), out[0]?.message);
  assert.equal(pairs(validateInstance(schema, parseStrictJson('{"n": 9007199254740992}') as JsonObject, ARGS)), []);
  const huge = parseStrictJson(`{"n": ${'9'.repeat(400)}, "x": 1}`) as JsonObject;
  assert.equal(pairs(validateInstance(schema, huge, ARGS)), [`toolschema/instance-maximum ${ARGS}/n`], 'an integer beyond the largest double is still an integer');
  assert.equal(pairs(validateInstance(schema, parseStrictJson(`{"x": ${'9'.repeat(400)}}`) as JsonObject, ARGS)), [`toolschema/instance-type ${ARGS}/x`],
    'but not a finite number');
  const enumSchema = parseStrictJson('{"type": "object", "properties": {"e": {"type": "integer", "enum": [9007199254740993]}}}') as JsonObject;
  assert.equal(pairs(validateInstance(enumSchema, parseStrictJson('{"e": 9007199254740992}') as JsonObject, ARGS)), [`toolschema/instance-enum ${ARGS}/e`]);
  assert.equal(pairs(validateInstance(enumSchema, parseStrictJson('{"e": 9007199254740993}') as JsonObject, ARGS)), []);
});

test('additionalProperties absent or true allows other values', () => {
  const open: JsonObject = { type: 'object', properties: { a: { type: 'string' } } };
  assert.equal(pairs(validateInstance(open, { a: 'x', b: 1 }, ARGS)), []);
  assert.equal(pairs(validateInstance({ ...open, additionalProperties: true }, { b: 1 }, ARGS)), []);
});

test('a malformed schema never throws', () => {
  const bad = { type: 'object', properties: 3, required: 'a', enum: 'x', items: 4 } as JsonObject;
  assert.equal(pairs(validateInstance(bad, { a: 1 }, ARGS)), []);
});

// Random schemas of the subset (and some outside it) with random values, to hold the quick yes/no
// equal to the explaining walk: accepted exactly when the walk finds nothing.
const NAMES = ['a', 'b', 'a/b', '~'];
const { schema: subsetSchema } = fc.letrec<{ schema: JsonObject }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small' },
    fc.record({
      type: fc.constantFrom('string', 'number', 'integer', 'boolean', 'array', 'object', 'null'),
      enum: fc.array(fc.oneof(fc.constantFrom('x', 'y', 1, 2.5, true, null)), { maxLength: 3 }),
      minLength: fc.nat(3),
      maxLength: fc.nat(4),
      minimum: fc.integer({ min: -2, max: 2 }),
      maximum: fc.oneof(fc.integer({ min: -2, max: 4 }), fc.constant(Infinity)),
      minItems: fc.nat(2),
      maxItems: fc.nat(3),
    }, { requiredKeys: [] }) as fc.Arbitrary<JsonObject>,
    fc.record({
      type: fc.constant('object'),
      properties: fc.dictionary(fc.constantFrom(...NAMES), tie('schema'), { maxKeys: 3 }),
      required: fc.array(fc.constantFrom(...NAMES, 7), { maxLength: 2 }),
      additionalProperties: fc.boolean(),
    }, { requiredKeys: ['type'] }) as fc.Arbitrary<JsonObject>,
    fc.record({ type: fc.constant('array'), items: tie('schema') }, { requiredKeys: [] }) as fc.Arbitrary<JsonObject>,
  ),
}));
const { value: instanceValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, true, 0, 1, 2.5, -3, 'x', 'y', '', 'abcde', '😀'),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...NAMES, 'c'), tie('value'), { maxKeys: 3 }),
  ),
}));

test('the quick instance judgement accepts exactly what the explaining walk finds nothing in', () => {
  let accepted = 0;
  let rejected = 0;
  fc.assert(fc.property(subsetSchema, fc.array(instanceValue, { minLength: 1, maxLength: 5 }), fc.boolean(), (schema, values, limited) => {
    for (const value of values) {
      const ok = acceptsInstance(schema, value, limited);
      if (ok) accepted++;
      else rejected++;
      assert.is(ok, explainInstance(schema, value, ARGS, limited).length === 0, `${JSON.stringify(schema)} on ${JSON.stringify(value)}`);
      assert.equal(validateInstance(schema, value, ARGS, limited), explainInstance(schema, value, ARGS, limited));
    }
  }), { numRuns: 2000 });
  assert.ok(accepted > 100 && rejected > 100, `both verdicts occur (${accepted} accepted, ${rejected} rejected)`);
});

test.run();
