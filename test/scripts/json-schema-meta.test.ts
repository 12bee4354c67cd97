// Why: the bundle checks tool schemas against their meta-schema with validators the build generated
// (scripts/json-schema-meta.mjs) instead of the ones ajv compiles at run time. They must be the same
// check: the same verdict and the same errors, for valid and invalid schemas of every dialect,
// under each `$schema` spelling the bundle hands them.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { META_OPTIONS, MODULE_ID, metaValidatorsSource } from '../../scripts/json-schema-meta.mjs';
import { AJV_OPTIONS } from '../../validators/json-schema.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const load = createRequire(join(ROOT, 'package.json'));

type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };
type Generated = Record<string, { id: string; validate: Validate }>;

const generated = (() => {
  const module = { exports: {} as Generated };
  new Function('module', 'exports', 'require', metaValidatorsSource(ROOT))(module, module.exports, load);
  return module.exports;
})();

interface AjvLike {
  validateSchema(schema: unknown): boolean;
  errors?: unknown[] | null;
}
const classes: Record<string, new (o: object) => AjvLike> = {
  '2020-12': load('ajv/dist/2020.js').Ajv2020,
  '2019-09': load('ajv/dist/2019.js').Ajv2019,
  'draft-07': load('ajv').Ajv,
};
const addFormats = load('ajv-formats').default as (ajv: AjvLike) => void;

/** Schemas to judge both ways: valid ones, one mistake each, several at once. */
const SCHEMAS: unknown[] = [
  {},
  { type: 'object', properties: { a: { type: 'string', minLength: 1 }, b: { type: 'integer', minimum: 0 } }, required: ['a'] },
  { type: 'object', $defs: { x: { type: 'string' } }, properties: { x: { $ref: '#/$defs/x' } }, definitions: { y: { enum: [1, 2] } } },
  { anyOf: [{ type: 'string' }, { type: 'null' }], format: 'date-time', pattern: '^a+$', additionalProperties: { type: 'number' } },
  { type: 'strin' },
  { type: ['string', 7] },
  { properties: [] },
  { required: 'a' },
  { required: ['a', 'a'] },
  { minLength: -1 },
  { maxItems: 1.5 },
  { enum: [] },
  { items: 3, prefixItems: {} },
  { allOf: [], oneOf: {} },
  { properties: { a: { type: 'object', properties: { b: { type: 'nope', minimum: 'x' } } } } },
  { $id: 7, $anchor: '1bad', $defs: [] },
  { patternProperties: { '^x': 5 }, dependentRequired: { a: 'b' }, const: null },
  { additionalProperties: 'yes', unevaluatedProperties: 1, contains: [], minContains: -2 },
  { exclusiveMinimum: true, exclusiveMaximum: '3', multipleOf: 0 },
  { $schema: 7 },
];

/** The tool schemas the bundled fixtures hold, as servers send them. */
function fixtureToolSchemas(): unknown[] {
  const out: unknown[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, v] of Object.entries(value)) {
        if ((key === 'inputSchema' || key === 'outputSchema') && typeof v === 'object' && v !== null && !Array.isArray(v)) out.push(v);
        walk(v);
      }
    }
  };
  for (const file of ['fixtures/spec-2025-11-25/course-contrasts.json', 'fixtures/spec-2025-11-25/content.json', 'fixtures/course-profile/tools.json']) {
    walk(JSON.parse(readFileSync(join(ROOT, file), 'utf8')));
  }
  return out;
}

test('the generated module names the three dialects by the meta-schema ids ajv knows them by', () => {
  assert.equal(Object.keys(generated).sort(), ['2019-09', '2020-12', 'draft-07']);
  assert.is(MODULE_ID, 'mcp-statechart-json-schema-meta');
  assert.equal(META_OPTIONS, AJV_OPTIONS, 'generated with the options the checker runs ajv with');
  for (const [dialect, { id }] of Object.entries(generated)) {
    const ajv = new (classes[dialect] as new (o: object) => AjvLike)(META_OPTIONS);
    addFormats(ajv);
    for (const spelling of [id, `${id}#`]) assert.is(ajv.validateSchema({ $schema: spelling, type: 'string' }), true, `${dialect}: ${spelling}`);
  }
});

test('the generated meta-schema checks give ajv\'s verdicts and errors, for every dialect and every $schema spelling', () => {
  const schemas = [...SCHEMAS, ...fixtureToolSchemas()];
  assert.ok(schemas.length > SCHEMAS.length + 5, 'the fixtures hold tool schemas');
  let invalid = 0;
  for (const [dialect, { id, validate }] of Object.entries(generated)) {
    const ajv = new (classes[dialect] as new (o: object) => AjvLike)(META_OPTIONS);
    addFormats(ajv);
    for (const schema of schemas) {
      for (const spelling of [undefined, id, `${id}#`]) {
        const copy = spelling === undefined || typeof schema !== 'object' || schema === null ? schema : { ...schema, $schema: spelling };
        // The bundle hands a schema to the generated check only when it names no $schema or this one.
        const named = (copy as Record<string, unknown>)['$schema'];
        if (named !== undefined && named !== id && named !== `${id}#`) continue;
        let expected: boolean | string;
        try {
          expected = ajv.validateSchema(copy);
        } catch (error) {
          expected = `throws: ${(error as Error).message}`;
        }
        if (typeof expected === 'string') assert.unreachable(`${dialect}: ajv refused ${JSON.stringify(copy)}: ${expected}`);
        const got = validate(copy);
        assert.is(got, expected, `${dialect} ${JSON.stringify(copy)}`);
        assert.equal(validate.errors ?? null, ajv.errors ?? null, `${dialect} ${JSON.stringify(copy)}`);
        if (!got) invalid++;
      }
    }
  }
  assert.ok(invalid > 3 * 3 * 15, `most of the broken schemas are refused (${invalid})`);
});

test.run();
