import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BoundedIndex } from '../../machines/bounded-index.ts';

const strings = (entries: number, weight: number) => BoundedIndex.empty<true>({ entries, weight, weigh: (key) => key.length });
const add = (index: BoundedIndex<true>, ...keys: string[]) => index.withAll(keys.map((k) => [k, true] as const));

test('adding returns a new index and leaves the old one as it was', () => {
  const a = add(strings(10, 100), 'x');
  const b = add(a, 'y');
  assert.equal([...a.keys()], ['x']);
  assert.equal([...b.keys()], ['x', 'y']);
  assert.ok(!a.has('y') && b.has('y'));
  assert.is(add(b, 'x', 'y'), b, 'nothing new: the same index');
});

test('past the entries the oldest is forgotten first', () => {
  const i = add(strings(2, 100), 'a', 'b', 'c');
  assert.equal([...i.keys()], ['b', 'c']);
  assert.is(i.size, 2);
  assert.is(i.weight, 2);
});

test('past the weight the oldest go, but the newest entry is always kept', () => {
  const i = add(strings(10, 5), 'aa', 'bb', 'ccc');
  assert.equal([...i.keys()], ['bb', 'ccc']);
  const big = add(i, 'x'.repeat(9));
  assert.equal([...big.keys()], ['x'.repeat(9)]);
  assert.is(big.weight, 9);
});

test('a key set again keeps its place and takes the new value and weight', () => {
  const index = BoundedIndex.empty<readonly string[]>({ entries: 10, weight: 100, weigh: (k, v) => k.length + v.length });
  const a = index.withAll([['p', ['a']], ['q', []]]);
  const b = a.withAll([['p', ['a', 'b']]]);
  assert.equal([...b.keys()], ['p', 'q']);
  assert.equal(b.get('p'), ['a', 'b']);
  assert.equal(a.get('p'), ['a']);
  assert.is(b.weight, a.weight + 1);
  assert.equal(b.toJSON(), ['p', 'q']);
});

test.run();
