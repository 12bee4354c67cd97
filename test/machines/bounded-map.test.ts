import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BoundedMap } from '../../machines/bounded-map.ts';

test('keeps at most the limit, forgets the oldest first, and says it forgot', () => {
  const evicted: number[] = [];
  const m = new BoundedMap<number, string>(16, (k) => evicted.push(k));
  for (let i = 0; i < 16; i++) m.set(i, `v${i}`);
  assert.is(m.size, 16);
  assert.not.ok(m.forgotten);
  m.set(16, 'v16');
  assert.ok(m.size <= 16);
  assert.ok(m.forgotten);
  assert.ok(m.has(16), 'the newest entry stays');
  assert.equal(evicted, [0, 1, 2]); // the oldest eighth beyond the limit, in insertion order
  for (const k of evicted) assert.not.ok(m.has(k));
  for (let i = 0; i < 1000; i++) m.set(100 + i, 'x');
  assert.ok(m.size <= 16);
  assert.ok(m.has(1099));
});

test('setting an existing key makes it the newest; clear forgets nothing', () => {
  const m = new BoundedMap<string, number>(2);
  m.set('a', 1);
  m.set('b', 2);
  m.set('a', 3);
  m.set('c', 4);
  assert.ok(m.has('a'));
  assert.not.ok(m.has('b'));
  m.clear();
  assert.is(m.size, 0);
  assert.not.ok(m.forgotten);
  assert.throws(() => new BoundedMap(0));
});

test.run();
