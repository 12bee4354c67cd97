// Why: an expectation matches as toMatchObject does (jest, vitest): members given must match,
// recursively; arrays element by element and in length; what `ignore` lists is left out. Each
// case is one expected value, one received value and the differences expected, as pointers.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mismatches, MAX_MISMATCHES } from '../../scenario/expectation.ts';
import { snapshotOf, sortedKeys, withoutPointers } from '../../scenario/snapshot.ts';

const CASES: readonly { name: string; expected: unknown; received: unknown; ignore?: string[]; pointers: string[] }[] = [
  { name: 'a subset of members matches', expected: { a: 1 }, received: { a: 1, b: 2 }, pointers: [] },
  { name: 'nested members match partially', expected: { s: { unit: 'C' } }, received: { s: { unit: 'C', t: 3 } }, pointers: [] },
  { name: 'a different value', expected: { s: { unit: 'C' } }, received: { s: { unit: 'F' } }, pointers: ['/s/unit'] },
  { name: 'a missing member', expected: { a: 1 }, received: {}, pointers: ['/a'] },
  { name: 'null is a value', expected: { a: null }, received: { a: 0 }, pointers: ['/a'] },
  { name: 'arrays match in length', expected: { l: [{ n: 'x' }] }, received: { l: [{ n: 'x' }, { n: 'y' }] }, pointers: ['/l'] },
  { name: 'array elements match partially', expected: { l: [{ n: 'x' }, {}] }, received: { l: [{ n: 'x', d: 1 }, { n: 'y' }] }, pointers: [] },
  { name: 'array elements are compared each', expected: { l: [1, 2, 3] }, received: { l: [1, 5, 3] }, pointers: ['/l/1'] },
  { name: 'an object where an array was expected', expected: { l: [] }, received: { l: {} }, pointers: ['/l'] },
  { name: 'an ignored member is not compared', expected: { t: [{ d: 'old' }] }, received: { t: [{ d: 'new' }] }, ignore: ['/t/0/d'], pointers: [] },
  { name: 'an ignored subtree is not compared', expected: { t: { a: 1, b: 2 } }, received: { t: 5 }, ignore: ['/t'], pointers: [] },
  { name: 'pointer tokens are escaped', expected: { 'a/b': 1, 'c~d': 1 }, received: { 'a/b': 2, 'c~d': 2 }, pointers: ['/a~1b', '/c~0d'] },
  { name: 'numbers compare by value, strings exactly', expected: { n: 1, s: 'A' }, received: { n: 1.0, s: 'a' }, pointers: ['/s'] },
  { name: 'a member named like an Object.prototype member is a member', expected: { toString: 1 }, received: {}, pointers: ['/toString'] },
];

for (const c of CASES) {
  test(`match: ${c.name}`, () => {
    assert.equal(mismatches(c.expected, c.received, new Set(c.ignore ?? [])).map((m) => m.pointer), c.pointers);
  });
}

test('an array of the wrong length is one difference, reporting both lengths', () => {
  assert.equal(mismatches([1, 2], [1, 2, 3]), [{ pointer: '', expected: 2, received: 3, what: 'length' }]);
});

test('the differences of one answer are bounded', () => {
  const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i]));
  assert.is(mismatches(many, {}).length, MAX_MISMATCHES);
});

test('a snapshot sorts keys at every depth, leaves out ignored members and the 2026-07-28 resultType "complete", keeps array lengths', () => {
  assert.equal(JSON.stringify(sortedKeys({ b: 1, a: { d: [{ z: 1, y: 2 }], c: 0 } })), '{"a":{"c":0,"d":[{"y":2,"z":1}]},"b":1}');
  assert.equal(withoutPointers({ t: [{ d: 1, n: 'x' }, 5] }, ['/t/0/d', '/t/1', '/nope/deeper']), { t: [{ n: 'x' }, 5] });
  assert.equal(snapshotOf({ result: { resultType: 'complete', z: 1, a: { q: 1, p: 2 } } }, ['/a/q']), { result: { a: { p: 2 }, z: 1 } });
  assert.equal(snapshotOf({ result: { resultType: 'input_required', a: 1 } }, []), { result: { a: 1, resultType: 'input_required' } });
  assert.equal(snapshotOf({ error: { message: 'no', code: -32602 } }, ['/message']), { error: { code: -32602 } });
});

test.run();
