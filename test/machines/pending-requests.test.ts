import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PendingRequests, SMALL_LIMIT } from '../../machines/pending-requests.ts';
import type { IdKey } from '../../validators/envelope.ts';
import { cpuTimed } from '../support/cpu-time.ts';

type Op = { readonly add: boolean; readonly key: IdKey; readonly value: number };

const op: fc.Arbitrary<Op> = fc.record({
  add: fc.boolean(),
  // Enough distinct keys to cross SMALL_LIMIT often, few enough to hit existing ones; 5 and "5" are two keys.
  key: fc.integer({ min: 0, max: SMALL_LIMIT }).chain((n) => fc.constantFrom<IdKey>(n, String(n))),
  value: fc.integer(),
});

test('property: behaves as an immutable Map, in both forms, and never changes an earlier value', () => {
  fc.assert(fc.property(fc.array(op, { maxLength: 120 }), (ops) => {
    let model = new Map<IdKey, number>();
    let current = PendingRequests.empty<number>();
    for (const o of ops) {
      const before = [...current.entries()];
      const next = o.add ? current.with(o.key, o.value) : current.without(o.key);
      model = new Map(model);
      if (o.add) model.set(o.key, o.value);
      else model.delete(o.key);
      assert.equal([...current.entries()], before, 'the earlier value is unchanged');
      assert.equal([...next.entries()], [...model.entries()]);
      assert.is(next.size, model.size);
      assert.is(next.has(o.key), model.has(o.key));
      assert.is(next.get(o.key), model.get(o.key));
      assert.equal([...next.keys()], [...model.keys()]);
      assert.equal([...next.values()], [...model.values()]);
      current = next;
    }
  }), { numRuns: 400 });
});

test('both forms occur: more than SMALL_LIMIT pending entries switch to the Map form', () => {
  let p = PendingRequests.empty<number>();
  for (let i = 0; i < SMALL_LIMIT; i++) p = p.with(i, i);
  assert.is(p.large, undefined);
  p = p.with('0', -1);
  assert.ok(p.large !== undefined);
  assert.is(p.size, SMALL_LIMIT + 1);
  assert.is(p.get(0), 0);
  assert.is(p.get('0'), -1);
});

test('removing what is not there returns the same value; JSON shows the entries', () => {
  const p = PendingRequests.empty<string>().with('a', 'x').with(5, 'y').with('5', 'z');
  assert.is(p.without('b'), p);
  assert.is(p.without(6), p);
  assert.is(JSON.stringify(p), '{"s:a":"x","n:5":"y","s:5":"z"}', '5 and "5" stay apart');
  const seen: string[] = [];
  p.forEach((v, k) => seen.push(`${typeof k}:${k}=${v}`));
  assert.equal(seen, ['string:a=x', 'number:5=y', 'string:5=z']);
});

test('deep comparison sees the content (machine contexts are compared this way)', () => {
  const a = PendingRequests.empty<number>().with(1, 1);
  const b = PendingRequests.empty<number>().with(1, 2);
  assert.not.equal(a, b);
  assert.equal(a, PendingRequests.empty<number>().with(1, 1));
  assert.not.equal(a, PendingRequests.empty<number>().with('1', 1));
});

test('oldest: the first recorded entry still pending, in both forms', () => {
  let p = PendingRequests.empty<number>();
  assert.is(p.oldest(), undefined);
  for (let i = 0; i < SMALL_LIMIT * 3; i++) p = p.with(i, i);
  assert.equal(p.oldest(), [0, 0]);
  p = p.without(0).without(1);
  assert.equal(p.oldest(), [2, 2]);
  assert.equal(PendingRequests.empty<string>().with('a', 'x').with('b', 'y').without('a').oldest(), ['b', 'y']);
});

/** CPU time (ms, best of three) to record `n` requests and then answer them all. */
function recordAndAnswer(n: number): number {
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const { value: p, ms } = cpuTimed(() => {
      let table = PendingRequests.empty<number>();
      for (let i = 0; i < n; i++) table = table.with(i, i);
      for (let i = 0; i < n; i++) table = table.without(i);
      return table;
    });
    assert.is(p.size, 0);
    best = Math.min(best, ms);
  }
  return best;
}

test('linear: 40,000 requests recorded and then answered take well under a second, and 4x the requests cost about 4x (each update shares the table)', () => {
  // CPU time, not wall time, and a ratio besides the bound, so that a loaded machine does not decide the verdict.
  const small = recordAndAnswer(10_000);
  const large = recordAndAnswer(40_000);
  assert.ok(large < 1000, `took ${large.toFixed(0)} ms of CPU`);
  // Linear work gives about 4x; the quadratic table this replaced gave 16x.
  assert.ok(large / Math.max(small, 1) < 10, `10,000: ${small.toFixed(1)} ms, 40,000: ${large.toFixed(1)} ms`);
});

test.run();
