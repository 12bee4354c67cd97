import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as v from 'valibot';
import { compileSchemaPredicate, GENERATE_AFTER, schemaPredicate } from '../../validators/schema-predicate.ts';
import { MetaSchema, objectSchema } from '../../validators/shape.ts';

/** A schema description and the schema it builds, so a failing case prints readably. */
interface Built {
  readonly text: string;
  readonly schema: v.GenericSchema;
}

const KEYS = ['a', 'b', 'uri', 'constructor', '__proto__', 'toString', 'q"\\\u2028', ''];

const leaf: fc.Arbitrary<Built> = fc.oneof(
  fc.constant({ text: 'string', schema: v.string() }),
  fc.constant({ text: 'number', schema: v.number() }),
  fc.constant({ text: 'boolean', schema: v.boolean() }),
  fc.constant({ text: 'null', schema: v.null() }),
  fc.constant({ text: 'unknown', schema: v.unknown() }),
  fc.constant({ text: 'never', schema: v.never() }),
  fc.constant({ text: 'meta', schema: MetaSchema as v.GenericSchema }),
  fc.oneof(fc.string({ maxLength: 2 }), fc.integer({ min: -2, max: 2 }), fc.boolean()).map((l) => ({ text: `literal(${JSON.stringify(l)})`, schema: v.literal(l) })),
  fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 1, 2), { minLength: 1, maxLength: 3 }).map((o) => ({ text: `picklist(${JSON.stringify(o)})`, schema: v.picklist(o) })),
  fc.integer({ min: -2, max: 3 }).map((n) => ({ text: `number>=${n}|int`, schema: v.pipe(v.number(), v.minValue(n), v.integer()) })),
  fc.integer({ min: -2, max: 3 }).map((n) => ({ text: `number<=${n}|finite`, schema: v.pipe(v.number(), v.maxValue(n), v.finite()) })),
  fc.constant({ text: 'safeInteger', schema: v.pipe(v.number(), v.safeInteger()) }),
  fc.integer({ min: 0, max: 2 }).map((n) => ({ text: `string min ${n} max ${n + 1}`, schema: v.pipe(v.string(), v.minLength(n), v.maxLength(n + 1)) })),
  fc.constant({ text: 'string /^a/', schema: v.pipe(v.string(), v.regex(/^a/)) }),
  fc.constant({ text: 'string check', schema: v.pipe(v.string(), v.check((s) => !s.includes('b'))) }),
  fc.constant({ text: 'string email', schema: v.pipe(v.string(), v.email()) }),
  fc.constant({ text: 'string transform', schema: v.pipe(v.string(), v.transform((s) => s.length), v.minValue(1)) as unknown as v.GenericSchema }),
  fc.constant({ text: 'fallback', schema: v.fallback(v.string(), 'x') as v.GenericSchema }),
);

const { schema: anySchema } = fc.letrec<{ schema: Built }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    tie('schema').map((s) => ({ text: `array(${s.text})`, schema: v.array(s.schema) })),
    tie('schema').map((s) => ({ text: `optional(${s.text})`, schema: v.optional(s.schema) })),
    tie('schema').map((s) => ({ text: `optional(${s.text}, default)`, schema: v.optional(s.schema, 'd') as v.GenericSchema })),
    tie('schema').map((s) => ({ text: `exactOptional(${s.text})`, schema: v.exactOptional(s.schema) as v.GenericSchema })),
    tie('schema').map((s) => ({ text: `nullable(${s.text})`, schema: v.nullable(s.schema) })),
    tie('schema').map((s) => ({ text: `nullish(${s.text})`, schema: v.nullish(s.schema) })),
    tie('schema').map((s) => ({ text: `record(string, ${s.text})`, schema: v.record(v.string(), s.schema) })),
    tie('schema').map((s) => ({ text: `record(/^a/, ${s.text})`, schema: v.record(v.pipe(v.string(), v.regex(/^a/)), s.schema) })),
    fc.array(tie('schema'), { minLength: 1, maxLength: 3 }).map((list) => ({
      text: `union(${list.map((s) => s.text).join(', ')})`,
      schema: v.union(list.map((s) => s.schema)),
    })),
    fc.tuple(
      fc.dictionary(fc.constantFrom(...KEYS), tie('schema'), { maxKeys: 3 }),
      fc.constantFrom('object', 'looseObject', 'strictObject', 'objectSchema strict', 'objectSchema open', 'object then check'),
    ).map(([entries, kind]) => {
      const e = Object.fromEntries(Object.entries(entries).map(([k, s]) => [k, s.schema]));
      const text = `${kind}{${Object.entries(entries).map(([k, s]) => `${k}: ${s.text}`).join(', ')}}`;
      switch (kind) {
        case 'object':
          return { text, schema: v.object(e) };
        case 'looseObject':
          return { text, schema: v.looseObject(e) };
        case 'strictObject':
          return { text, schema: v.strictObject(e) };
        case 'objectSchema strict':
          return { text, schema: objectSchema(e, true) };
        case 'objectSchema open':
          return { text, schema: objectSchema(e, false) };
        default: // a check after an object sees valibot's output object, not the input
          return { text, schema: v.pipe(v.object(e), v.check((o) => Object.keys(o).length < 2)) as v.GenericSchema };
      }
    }),
  ),
}));

const KEY_VALUES = fc.constantFrom(...KEYS, 'c', 'ab');
const { value: anyValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(undefined, null, true, false, 0, 1, -1, 2.5, 3, Number.NaN, Infinity, 2 ** 60, 'a', 'b', 'ab', '', 'a@b.example', 'x'),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(KEY_VALUES, tie('value'), { maxKeys: 4 }),
  ),
}));

test('the compiled predicate says what v.is says, on random schemas and values, with generated code and with loops', () => {
  fc.assert(
    fc.property(anySchema, fc.array(anyValue, { minLength: 1, maxLength: 8 }), (built, values) => {
      const generated = compileSchemaPredicate(built.schema, true);
      const looped = compileSchemaPredicate(built.schema, false);
      const tiered = schemaPredicate(built.schema);
      for (const value of values) {
        const expected = v.is(built.schema, value);
        assert.is(generated(value), expected, `generated: ${built.text} on ${JSON.stringify(value)}`);
        assert.is(looped(value), expected, `looped: ${built.text} on ${JSON.stringify(value)}`);
        assert.is(tiered(value), expected, `tiered: ${built.text} on ${JSON.stringify(value)}`);
      }
    }),
    { numRuns: 3000 },
  );
});

test('objects: absent optional members pass, absent required ones fail, unknown members only in strict objects', () => {
  const strict = schemaPredicate(objectSchema({ uri: v.string(), n: v.optional(v.number()) }, true));
  const open = schemaPredicate(objectSchema({ uri: v.string(), n: v.optional(v.number()) }, false));
  assert.ok(strict({ uri: 'x' }));
  assert.not.ok(strict({ n: 1 }));
  assert.not.ok(strict({ uri: 'x', extra: 1 }));
  assert.ok(open({ uri: 'x', extra: 1 }));
  assert.not.ok(open([]), 'arrays are never objects here');
  assert.not.ok(strict({ uri: 'x', n: 'one' }));
});

test('the predicate is compiled once per schema, and once more with generated code after GENERATE_AFTER calls', () => {
  const schema = v.object({ a: v.string(), b: v.optional(v.object({ c: v.number() })) });
  const first = schemaPredicate(schema);
  assert.is(schemaPredicate(schema), first);
  const values = [{ a: 'x' }, { a: 1 }, { a: 'x', b: { c: 2 } }, { a: 'x', b: { c: '2' } }, null];
  for (let i = 0; i < GENERATE_AFTER - 1; i++) assert.is(first(values[i % values.length]), v.is(schema, values[i % values.length]));
  assert.is(schemaPredicate(schema), first, 'still the loops before the last call of the first tier');
  first(values[0]);
  const second = schemaPredicate(schema);
  assert.is.not(second, first, 'generated checks from then on');
  assert.is(schemaPredicate(schema), second);
  for (const value of values) assert.is(second(value), v.is(schema, value));
});

test.run();
