// Why: the checker calls a server's tools with arguments drawn from their own inputSchema, so
// every drawn value must pass the same ajv that judges the server (or the tool is skipped with a
// reason), the same seed must give the same arguments, values must stay small (a count or a
// duration near its lower bound, defaults first), shrinking must go toward the lower bound and
// the shortest string, and deliberately invalid arguments must really be refused. The schemas
// are the shapes zod 3 and 4 emit through the SDKs, plus hand-written ones for every keyword.
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';
import type { JsonObject } from '../../validators/context.ts';
import { validateJsonInstance } from '../../validators/json-schema.ts';
import { invalidArguments, sampleArguments, samplePromptArguments, validArguments } from '../../exercise/schema-arguments.ts';
import { isBacktrackingPattern } from '../../exercise/schema-arbitrary.ts';

const z3 = createRequire(import.meta.url)(resolve(import.meta.dirname, '../../node_modules/sdk-1-older/node_modules/zod/index.cjs')) as typeof import('zod');

const shape = (zz: typeof z) => zz.object({
  city: zz.string().min(1),
  unit: zz.enum(['celsius', 'fahrenheit']).optional(),
  when: zz.string().datetime().nullable(),
  tags: zz.record(zz.string(), zz.number()),
  kind: zz.literal('forecast'),
  days: zz.array(zz.object({ day: zz.number().int().min(0), rain: zz.boolean() })).min(1).max(7),
  email: zz.string().email().optional(),
  id: zz.string().uuid(),
  site: zz.string().url().optional(),
  code: zz.string().regex(/^[A-Z]{2}\d{3}$/),
  ratio: zz.number().gt(0).lt(1),
  count: zz.number().int().min(1).max(1_000_000),
  mode: zz.union([zz.literal('fast'), zz.object({ slow: zz.number().int().nonnegative() })]),
  note: zz.string().max(4).nullable().optional(),
}).strict();

const Node: z.ZodType<{ v: number; children?: unknown[] | undefined }> = z.lazy(() => z.object({ v: z.number().int(), children: z.array(Node).optional() }));

/** Schemas of every keyword the generator covers, as the SDKs and people write them. */
const SCHEMAS: Readonly<Record<string, JsonObject>> = {
  'zod 4': z.toJSONSchema(shape(z)) as JsonObject,
  'zod 3 (zod-to-json-schema)': zodToJsonSchema(shape(z3 as unknown as typeof z) as never) as JsonObject,
  'zod 4 recursive ($defs/$ref)': z.toJSONSchema(z.object({ root: Node }), { cycles: 'ref' }) as JsonObject,
  'zod 4 discriminated union': z.toJSONSchema(z.object({ shape: z.discriminatedUnion('kind', [z.object({ kind: z.literal('circle'), r: z.number().positive() }), z.object({ kind: z.literal('square'), side: z.number().min(1) })]) })) as JsonObject,
  'zod 4 formats': z.toJSONSchema(z.object({ at: z.iso.datetime(), day: z.iso.date(), mail: z.email(), id: z.uuid(), link: z.url(), ip: z.ipv4() })) as JsonObject,
  'draft-07 with definitions': {
    $schema: 'http://json-schema.org/draft-07/schema#', type: 'object',
    definitions: { Point: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } }, required: ['x', 'y'], additionalProperties: false } },
    properties: { from: { $ref: '#/definitions/Point' }, to: { $ref: '#/definitions/Point' }, tags: { type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true, minItems: 2, maxItems: 4 } },
    required: ['from', 'to', 'tags'],
  },
  'exclusive bounds and multipleOf': { type: 'object', properties: { a: { type: 'integer', exclusiveMinimum: 5, exclusiveMaximum: 9 }, b: { type: 'number', multipleOf: 0.5, minimum: 2 }, c: { type: 'integer', maximum: -3 } }, required: ['a', 'b', 'c'] },
  'allOf and oneOf': { type: 'object', properties: { p: { allOf: [{ type: 'string' }, { minLength: 3 }, { maxLength: 5 }] }, q: { oneOf: [{ type: 'integer', minimum: 10 }, { type: 'string', enum: ['x'] }] } }, required: ['p', 'q'] },
  'nullable type list': { type: 'object', properties: { n: { type: ['integer', 'null'], minimum: 2 }, s: { type: ['null', 'string'] } }, required: ['n', 's'] },
  'tuple (prefixItems)': { type: 'object', properties: { pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false } }, required: ['pair'] },
  'no properties': { type: 'object' },
  'empty schema': {},
};

test('every sample of every schema passes ajv, and is deterministic for its seed', () => {
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    for (let seed = 0; seed < 25; seed += 1) {
      const drawn = sampleArguments(schema, seed);
      assert.ok('args' in drawn, `${name} seed ${seed}: ${'skipped' in drawn ? drawn.skipped : ''}`);
      assert.equal(validateJsonInstance(schema, drawn.args, ''), [], `${name} seed ${seed}: ${JSON.stringify(drawn.args)}`);
      assert.equal(sampleArguments(schema, seed), drawn, `${name} seed ${seed} twice`);
    }
  }
});

test('the valid arbitrary yields only values ajv accepts', () => {
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    const arb = validArguments(schema);
    assert.ok(!('unsupported' in arb), name);
    if ('unsupported' in arb) continue;
    for (const value of fc.sample(arb, { seed: 11, numRuns: 60 })) assert.equal(validateJsonInstance(schema, value, ''), [], `${name}: ${JSON.stringify(value)}`);
  }
});

test('seeds differ: the samples of a schema are not all the same', () => {
  const schema = SCHEMAS['zod 4'] as JsonObject;
  const seen = new Set(Array.from({ length: 10 }, (_, seed) => JSON.stringify(sampleArguments(schema, seed))));
  assert.ok(seen.size > 5, `${seen.size} distinct samples of 10`);
});

test('values stay small: counts and durations near their lower bound, the default taken often', () => {
  const schema = { type: 'object', properties: { duration: { type: 'number', minimum: 0, maximum: 86_400 }, steps: { type: 'integer', minimum: 1 }, retries: { type: 'integer', default: 3 } }, required: ['duration', 'steps', 'retries'] };
  const arb = validArguments(schema);
  if ('unsupported' in arb) throw new Error(arb.unsupported);
  const values = fc.sample(arb, { seed: 5, numRuns: 200 });
  assert.ok(values.every((v) => (v['duration'] as number) <= 10 && (v['steps'] as number) <= 11), 'all within ten of the lower bound');
  assert.ok(values.filter((v) => v['retries'] === 3).length > 40, 'the default is drawn often');
  const strings = validArguments({ type: 'object', properties: { s: { type: 'string', maxLength: 100_000 } }, required: ['s'] });
  if ('unsupported' in strings) throw new Error(strings.unsupported);
  assert.ok(fc.sample(strings, { seed: 1, numRuns: 100 }).every((v) => (v['s'] as string).length <= 12));
});

test('shrinking goes to the lower bound and the shortest string', () => {
  const schema = { type: 'object', properties: { n: { type: 'integer', minimum: 1, maximum: 50 }, s: { type: 'string', minLength: 2 } }, required: ['n', 's'] };
  const arb = validArguments(schema);
  if ('unsupported' in arb) throw new Error(arb.unsupported);
  const details = fc.check(fc.property(arb, (v) => (v['n'] as number) <= 3), { seed: 42 });
  assert.ok(details.failed);
  assert.equal(details.counterexample?.[0], { n: 4, s: 'aa' });
});

test('invalid arguments are refused by ajv and say how', () => {
  const hows = new Set<string>();
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    const arb = invalidArguments(schema);
    if (name === 'no properties' || name === 'empty schema') {
      assert.is(arb, undefined, `${name} has no invalid variant`);
      continue;
    }
    assert.ok(arb, name);
    if (arb === undefined) continue;
    for (const { args, how } of fc.sample(arb, { seed: 3, numRuns: 40 })) {
      assert.ok(validateJsonInstance(schema, args, '').length > 0, `${name}: ${how} ${JSON.stringify(args)} passed ajv`);
      assert.ok(how.length > 0);
      hows.add(how.replace(/\/\S+/g, '/x').replace(/"[^"]*"|\d+/g, 'v'));
    }
  }
  for (const kind of ['required member /x left out', 'where the schema asks for', 'unknown member /x where additionalProperties is false', 'below its minimum', 'not one of its enum values']) {
    assert.ok([...hows].some((h) => h.includes(kind)), `some invalid variant is "${kind}": ${[...hows].join('; ')}`);
  }
});

test('schemas that cannot be generated are skipped with a reason, never thrown', () => {
  const cases: Array<[unknown, RegExp]> = [
    [{ type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } }, required: ['s'] }, /backtrack/],
    [{ type: 'object', properties: { s: { type: 'string', minLength: 5, maxLength: 2 } }, required: ['s'] }, /not valid JSON Schema|below minLength/],
    [{ type: 'object', properties: { r: { $ref: '#/$defs/missing' } }, required: ['r'] }, /not valid JSON Schema|does not resolve/],
    [{ type: 'object', properties: { n: { type: 'integer', minimum: 5, maximum: 1 } }, required: ['n'] }, /no integer/],
    [{ type: 'object', properties: { x: false }, required: ['x'] }, /admits no value/],
    [{ type: 'object', properties: { e: { enum: [] } }, required: ['e'] }, /enum|not valid JSON Schema/],
    ['not a schema', /not an object/],
    [{ type: 'object', properties: { s: { type: 'string', pattern: '(?<=a)b' } }, required: ['s'] }, /cannot invert|satisf/],
  ];
  for (const [schema, why] of cases) {
    const drawn = sampleArguments(schema, 1);
    assert.ok('skipped' in drawn, JSON.stringify(schema));
    if ('skipped' in drawn) assert.match(drawn.skipped, why);
    const arb = validArguments(schema);
    assert.ok('unsupported' in arb, JSON.stringify(schema));
  }
  assert.ok(isBacktrackingPattern('^(a+)+$') && isBacktrackingPattern('(x*y?)*') && isBacktrackingPattern('(\\w+\\s?){2,}'));
  assert.ok(!isBacktrackingPattern('^[A-Z]{2}\\d{3}$') && !isBacktrackingPattern('^(ab)+$') && !isBacktrackingPattern('^(foo|bar)$'));
});

test('a deep or huge schema is bounded, not a stack overflow', () => {
  let deep: JsonObject = { type: 'integer' };
  for (let i = 0; i < 200; i += 1) deep = { type: 'object', properties: { a: deep }, required: ['a'] };
  const drawn = sampleArguments(deep, 1);
  assert.ok('skipped' in drawn);
  const wide = { type: 'object', properties: Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`p${i}`, { type: 'integer' }])) };
  assert.ok('skipped' in sampleArguments(wide, 1));
});

test('prompt arguments: the required always, optional by the seed, strings, deterministic', () => {
  const args = [{ name: 'topic', required: true }, { name: 'style' }, { name: 'length', required: false }];
  const maps = Array.from({ length: 20 }, (_, seed) => samplePromptArguments(args, seed));
  for (const m of maps) {
    assert.type(m['topic'], 'string');
    assert.ok((m['topic'] as string).length > 0);
    for (const value of Object.values(m)) assert.type(value, 'string');
  }
  assert.ok(maps.some((m) => 'style' in m) && maps.some((m) => !('style' in m)), 'optional ones both given and left out');
  assert.equal(samplePromptArguments(args, 7), samplePromptArguments(args, 7));
  assert.equal(samplePromptArguments(undefined, 1), {});
  assert.equal(samplePromptArguments([], 1), {});
});

test.run();
