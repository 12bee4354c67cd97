import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { JsonObject, ValidationContext } from '../../validators/context.ts';
import { acceptsInstance, explainInstance, validateInstance } from '../../validators/toolschema-instance.ts';
import { validateToolSchema } from '../../validators/toolschema.ts';
import { ctx, loose, pairs } from './support.ts';

const AT = '/tool/inputSchema';
const ARGS = '/message/params/arguments';

const FORECAST: JsonObject = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  title: 'Forecast request',
  properties: {
    place: { type: 'string', minLength: 2, maxLength: 20, description: 'Where' },
    days: { type: 'integer', minimum: 1, maximum: 7, default: 3 },
    scale: { type: 'string', enum: ['metric', 'imperial'] },
    ratio: { type: 'number', minimum: 0, maximum: 1 },
    detailed: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string', maxLength: 8 } },
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
    name: 'outside strict profiles, a type list with an unknown or repeated name is still refused',
    schema: { type: 'object', properties: { a: { type: ['strin', 'null'] }, b: { type: ['null', 'null'] }, c: { type: [] } } },
    expected: [`toolschema/keyword-value ${AT}/properties/a/type`, `toolschema/keyword-value ${AT}/properties/b/type`, `toolschema/keyword-value ${AT}/properties/c/type`],
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
    name: 'required property not declared',
    schema: { type: 'object', properties: { a: { type: 'string' } }, required: ['b'] },
    expected: [`toolschema/required-undeclared ${AT}/required/0`],
  },
  {
    name: 'title not a string',
    schema: { type: 'object', title: 3 },
    expected: [`toolschema/keyword-value ${AT}/title`],
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

test('nesting is bounded at 8 levels', () => {
  assert.equal(pairs(validateToolSchema(nested(8), AT, ctx)), []);
  const deep = pairs(validateToolSchema(nested(9), AT, ctx));
  assert.equal(deep, [`toolschema/too-deep ${AT}${'/properties/n'.repeat(9)}`]);
  assert.equal(pairs(validateToolSchema(nested(9), AT, loose)), []);
});

function withProperties(n: number): JsonObject {
  const properties: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) properties[`p${i}`] = { type: 'string' };
  return { type: 'object', properties };
}

test('an object schema declares at most 64 properties', () => {
  assert.equal(pairs(validateToolSchema(withProperties(64), AT, ctx)), []);
  assert.equal(pairs(validateToolSchema(withProperties(65), AT, ctx)), [`toolschema/too-many-properties ${AT}/properties`]);
});

test('a tool schema holds at most 512 schemas', () => {
  const wide = (n: number): JsonObject => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) properties[`o${i}`] = withProperties(63);
    return { type: 'object', properties };
  };
  assert.equal(pairs(validateToolSchema(wide(7), AT, ctx)), []);
  // 1 root + 8 objects + 8 * 63 strings = 513 schemas: the 513th is the last string.
  assert.equal(pairs(validateToolSchema(wide(8), AT, ctx)), [`toolschema/too-many-nodes ${AT}/properties/o7/properties/p62`]);
  assert.equal(pairs(validateToolSchema(wide(8), AT, loose)), []);
});

test('an enum lists at most 64 values', () => {
  const values = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`);
  assert.equal(pairs(validateToolSchema({ type: 'string', enum: values(64) }, AT, ctx)), []);
  assert.equal(pairs(validateToolSchema({ type: 'string', enum: values(65) }, AT, ctx)), [`toolschema/too-many-enum-values ${AT}/enum`]);
});

test('names and texts in a schema are bounded', () => {
  assert.equal(pairs(validateToolSchema({ type: 'string', description: 'd'.repeat(4096) }, AT, ctx)), []);
  assert.equal(
    pairs(validateToolSchema({ type: 'string', description: 'd'.repeat(4097) }, AT, ctx)),
    [`toolschema/string-too-long ${AT}/description`],
  );
  const long = 'k'.repeat(1025);
  assert.equal(
    pairs(validateToolSchema({ type: 'object', properties: { [long]: { type: 'string' } } }, AT, ctx)),
    [`toolschema/string-too-long ${AT}/properties/${long}`],
  );
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
  fc.assert(fc.property(subsetSchema, fc.array(instanceValue, { minLength: 1, maxLength: 5 }), (schema, values) => {
    for (const value of values) {
      const ok = acceptsInstance(schema, value);
      if (ok) accepted++;
      else rejected++;
      assert.is(ok, explainInstance(schema, value, ARGS).length === 0, `${JSON.stringify(schema)} on ${JSON.stringify(value)}`);
      assert.equal(validateInstance(schema, value, ARGS), explainInstance(schema, value, ARGS));
    }
  }), { numRuns: 2000 });
  assert.ok(accepted > 100 && rejected > 100, `both verdicts occur (${accepted} accepted, ${rejected} rejected)`);
});

test.run();
