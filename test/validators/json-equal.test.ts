import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sameJson } from '../../validators/json-equal.ts';

/** JSON text with members in sorted order: two values are the same JSON value when these are equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The same value with every object's members in reverse order. */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.keys(value).reverse().map((k) => [k, reordered((value as Record<string, unknown>)[k])]));
  }
  return value;
}

test('same as comparing canonical JSON texts, for unrelated and for nearly equal values', () => {
  const pairs = fc.oneof(
    fc.tuple(fc.jsonValue(), fc.jsonValue()),
    fc.jsonValue().map((v) => [v, reordered(JSON.parse(JSON.stringify(v)))] as const),
    fc.tuple(fc.dictionary(fc.string(), fc.jsonValue()), fc.string(), fc.jsonValue()).map(([o, k, extra]) => [o, { ...o, [k]: extra }] as const),
  );
  fc.assert(fc.property(pairs, ([a, b]) => {
    assert.is(sameJson(a, b), canonical(a) === canonical(b));
    assert.is(sameJson(b, a), sameJson(a, b));
  }), { numRuns: 3000 });
});

test('members, items and types all count', () => {
  assert.ok(sameJson({ a: [1, { b: null }], c: 'x' }, { c: 'x', a: [1, { b: null }] }));
  assert.ok(sameJson(JSON.parse('{"__proto__":{"x":1}}'), JSON.parse('{"__proto__":{"x":1}}')));
  for (const [a, b] of [
    [{ a: 1 }, { a: 1, b: 1 }], [{ a: 1, b: 1 }, { a: 1 }], [{ a: 1 }, { b: 1 }], [[1, 2], [2, 1]], [[1], [1, 1]],
    [{}, []], [[], {}], [null, {}], [1, '1'], [{ a: undefined }, { b: undefined }], [JSON.parse('{"__proto__":1}'), {}],
  ] as const) assert.not.ok(sameJson(a, b), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
});

test.run();
