import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { RecentRequests } from '../../machines/recent-requests.ts';
import type { RequestId } from '../../validators/envelope.ts';

type Add = { readonly id: RequestId; readonly method: string; readonly taskAugmented: boolean };

const add: fc.Arbitrary<Add> = fc.record({
  // Few ids, so that some are issued again; 5 and "5" are two ids.
  id: fc.integer({ min: 0, max: 12 }).chain((n) => fc.constantFrom<RequestId>(n, String(n))),
  method: fc.constantFrom('tools/call', 'ping', 'initialize'),
  taskAugmented: fc.boolean(),
});

test('property: remembers exactly the last `limit` requests, finds the newest issue of an id, says when it forgot', () => {
  fc.assert(fc.property(fc.integer({ min: 1, max: 9 }), fc.array(add, { maxLength: 60 }), fc.array(fc.integer({ min: 0, max: 13 }), { maxLength: 10 }), (limit, adds, probes) => {
    const recent = new RecentRequests(limit);
    const model: Add[] = [];
    for (const a of adds) {
      recent.add(a.id, a.method, a.taskAugmented);
      model.push(a);
      const kept = model.slice(-limit);
      assert.is(recent.size, kept.length);
      assert.is(recent.forgotten, model.length > limit);
      for (const id of [a.id, ...probes.flatMap((n) => [n, String(n)])]) {
        const newest = [...kept].reverse().find((k) => k.id === id);
        assert.equal(recent.find(id), newest === undefined ? undefined : { method: newest.method, taskAugmented: newest.taskAugmented });
      }
    }
  }), { numRuns: 400 });
});

test('an empty memory finds nothing and has forgotten nothing; a limit must be a positive integer', () => {
  const recent = new RecentRequests(4);
  assert.is(recent.find(1), undefined);
  assert.is(recent.forgotten, false);
  for (const bad of [0, -1, 1.5, Number.NaN]) assert.throws(() => new RecentRequests(bad), /positive integer/);
});

test.run();
