import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isUnkept, placeOf, RecordingBounds, RunBudget, UNKEPT_BASE } from '../../live/recording-bounds.ts';

const LIMITS = { maxMessages: 2, maxMessageBytes: 10, maxOtherEvents: 1, maxFindingsPerRule: 1 };

test('messages are kept up to the count, then none is: their indexes are counted past UNKEPT_BASE', () => {
  const bounds = new RecordingBounds(LIMITS);
  assert.ok(bounds.admit(0, 3));
  bounds.charge(3);
  assert.ok(bounds.admit(1, 3));
  bounds.charge(3);
  assert.not.ok(bounds.admit(2, 1), 'the count is reached');
  assert.not.ok(bounds.admit(0, 0), 'once one is not kept, none is');
  assert.is(bounds.unkept(), UNKEPT_BASE);
  assert.is(bounds.unkept(), UNKEPT_BASE + 1);
  assert.ok(isUnkept(UNKEPT_BASE + 1) && !isUnkept(UNKEPT_BASE - 1));
  assert.equal(bounds.omitted(), { events: 2, findings: 0 });
});

test('the size bound stops keeping as the count does; other events are kept to their bound after it', () => {
  const bounds = new RecordingBounds(LIMITS);
  assert.ok(bounds.admitOther(), 'while messages are kept, every other event is');
  assert.ok(bounds.admit(0, 10));
  bounds.charge(10);
  assert.not.ok(bounds.admit(1, 1), 'one more character is past the size bound');
  assert.is(bounds.otherEvents, 0);
  assert.ok(bounds.admitOther());
  assert.not.ok(bounds.admitOther(), 'past maxOtherEvents');
  assert.is(bounds.otherEvents, 1);
  assert.equal(bounds.omitted(), { events: 1, findings: 0 });
});

test('a run budget shared by two recordings: each keeps within its own limits and both within the run\'s; past it, each cuts as its own limit would', () => {
  const budget = new RunBudget(15);
  const wide = { ...LIMITS, maxMessages: 10 };
  const a = new RecordingBounds(wide, budget);
  const b = new RecordingBounds(wide, budget);
  assert.ok(a.admit(0, 8));
  a.charge(8);
  assert.ok(b.admit(0, 7), 'the run has 7 characters left');
  b.charge(7);
  assert.not.ok(a.admit(1, 1), 'a is within its own 10 characters, but the run\'s 15 are spent');
  assert.not.ok(b.admit(1, 1));
  a.unkept();
  assert.equal(a.omitted(), { events: 1, findings: 0 }, 'what the run budget cuts is counted as the recording\'s own bound counts it');
  const alone = new RecordingBounds(wide);
  assert.ok(alone.admit(0, 10), 'a recording without a run budget keeps to its own limits alone');
});

test('findings on messages not kept: the first of each rule is kept, the rest counted', () => {
  const bounds = new RecordingBounds(LIMITS);
  assert.is(bounds.omitted(), undefined, 'nothing omitted yet');
  assert.ok(bounds.keepFinding('a/b'));
  assert.ok(bounds.keepFinding('c/d'));
  assert.not.ok(bounds.keepFinding('a/b'));
  assert.equal(bounds.omitted(), { events: 0, findings: 1 });
});

test('a message event keeps its exchange and event id, nothing else', () => {
  assert.equal(placeOf(undefined), {});
  assert.equal(placeOf({ exchange: 3 }), { exchange: 3 });
  assert.equal(placeOf({ exchange: 3, event_id: 'e1' }), { exchange: 3, event_id: 'e1' });
});

test.run();
