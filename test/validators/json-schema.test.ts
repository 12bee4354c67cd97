// Why: in the specification profiles tool schemas are JSON Schema and are judged as such, on the
// shapes real servers emit: zod 4's own JSON Schema and zod 3 through zod-to-json-schema (as the
// SDKs do), $defs/$ref, anyOf with null, record() as an additionalProperties schema, format,
// const, nested objects and arrays, a draft-07 $schema. Invalid schemas and values are findings
// with pointers, never exceptions; the course profile keeps its executed subset.
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';
import type { JsonObject, ValidationContext } from '../../validators/context.ts';
import { MAX_SCHEMA_CHARS, validateJsonInstance, validateJsonSchema } from '../../validators/json-schema.ts';
import { COURSE_PROFILE, SPEC_2025_11_25 } from '../../validators/profiles.ts';
import { validateToolSchema } from '../../validators/toolschema.ts';

const z3 = createRequire(import.meta.url)(resolve(import.meta.dirname, '../../node_modules/sdk-1-older/node_modules/zod/index.cjs')) as typeof import('zod');

const AT = '/message/result/tools/0/inputSchema';
const pairs = (fs: readonly { rule: string; pointer: string }[]) => fs.map((f) => `${f.rule} ${f.pointer}`);

const shape = (zz: typeof z) => zz.object({
  city: zz.string().min(1),
  unit: zz.enum(['celsius', 'fahrenheit']).optional(),
  when: zz.string().datetime().nullable(),
  tags: zz.record(zz.string(), zz.number()),
  kind: zz.literal('forecast'),
  days: zz.array(zz.object({ day: zz.number().int().min(0), rain: zz.boolean() })).max(7),
});

const good = { city: 'Oslo', unit: 'celsius', when: null, tags: { a: 1 }, kind: 'forecast', days: [{ day: 1, rain: false }] };

const SCHEMAS: [string, JsonObject][] = [
  ['zod 4 toJSONSchema', z.toJSONSchema(shape(z)) as JsonObject],
  ['zod 3 via zod-to-json-schema', zodToJsonSchema(shape(z3 as unknown as typeof z) as never) as JsonObject],
];

for (const [name, schema] of SCHEMAS) {
  test(`${name}: a valid schema; a valid value passes; each broken part is found at its pointer`, () => {
    assert.equal(validateJsonSchema(schema, AT), [], JSON.stringify(schema));
    assert.equal(validateJsonInstance(schema, good, '/a'), []);
    assert.equal(pairs(validateJsonInstance(schema, { ...good, city: 3 }, '/a')), ['toolschema/instance-type /a/city']);
    assert.equal(pairs(validateJsonInstance(schema, { ...good, kind: 'other' }, '/a')), ['toolschema/instance-invalid /a/kind']);
    assert.ok(pairs(validateJsonInstance(schema, { ...good, tags: { a: 'x' } }, '/a')).includes('toolschema/instance-type /a/tags/a'), 'record() values are schemas');
    assert.ok(validateJsonInstance(schema, { ...good, when: 'yesterday' }, '/a').length > 0, 'format date-time');
    const { city: _omit, ...noCity } = good;
    assert.equal(pairs(validateJsonInstance(schema, noCity, '/a')), ['toolschema/instance-required /a/city']);
    assert.ok(pairs(validateJsonInstance(schema, { ...good, days: [{ day: -1, rain: false }] }, '/a')).includes('toolschema/instance-minimum /a/days/0/day'));
  });
}

test('$defs and $ref, anyOf with null, additionalProperties as a schema, draft-07 $schema', () => {
  const schema: JsonObject = {
    type: 'object',
    $defs: { point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'], additionalProperties: false } },
    properties: { at: { $ref: '#/$defs/point' }, label: { anyOf: [{ type: 'string' }, { type: 'null' }] }, extra: { type: 'object', additionalProperties: { type: 'integer' } } },
  };
  assert.equal(validateJsonSchema(schema, AT), []);
  assert.equal(validateJsonInstance(schema, { at: { x: 1 }, label: null, extra: { n: 2 } }, ''), []);
  assert.equal(pairs(validateJsonInstance(schema, { at: { x: 1, y: 2 } }, '')), ['toolschema/instance-unknown-property /at/y']);
  assert.ok(validateJsonInstance(schema, { label: 5 }, '').length > 0);
  const draft7: JsonObject = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', definitions: { n: { type: 'integer' } }, properties: { n: { $ref: '#/definitions/n' } } };
  assert.equal(validateJsonSchema(draft7, AT), []);
  assert.equal(pairs(validateJsonInstance(draft7, { n: 1.5 }, '')), ['toolschema/instance-type /n']);
});

test('invalid schemas are findings with pointers, never exceptions; the size is bounded; the course profile keeps its subset', () => {
  assert.equal(pairs(validateJsonSchema({ type: 'object', properties: { a: { type: 'strin' } } }, AT)).length > 0, true);
  assert.match(pairs(validateJsonSchema({ type: 'object', properties: { a: { minLength: -1 } } }, AT))[0] ?? '', /^toolschema\/json-schema-invalid \/message\/result\/tools\/0\/inputSchema\/properties\/a\/minLength$/);
  assert.equal(pairs(validateJsonSchema({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } }, AT)), [`toolschema/json-schema-invalid ${AT}`]);
  assert.equal(pairs(validateJsonSchema({ $schema: 'https://example.com/mine', type: 'object' }, AT)), [`toolschema/dialect-unknown ${AT}/$schema`]);
  assert.equal(pairs(validateJsonSchema({ $schema: 'x', type: 'object', properties: true }, AT)), [`toolschema/dialect-unknown ${AT}/$schema`, `toolschema/json-schema-invalid ${AT}/properties`], 'read as 2020-12');
  const huge: JsonObject = { type: 'object', description: 'x'.repeat(MAX_SCHEMA_CHARS) };
  assert.equal(pairs(validateJsonSchema(huge, AT)), [`toolschema/json-schema-too-large ${AT}`]);
  assert.equal(validateJsonInstance(huge, { a: 1 }, ''), [], 'a schema not compiled checks nothing');
  const record: JsonObject = { type: 'object', additionalProperties: { type: 'string' } };
  const spec = { profile: SPEC_2025_11_25 } as unknown as ValidationContext;
  const course = { profile: COURSE_PROFILE } as unknown as ValidationContext;
  assert.equal(validateToolSchema(record, AT, spec), [], 'an additionalProperties schema is valid JSON Schema');
  assert.ok(validateToolSchema(record, AT, course).length > 0, 'the course profile executes its subset only');
});

test.run();
