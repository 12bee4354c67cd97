import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createActor } from 'xstate';
import { cursorMachine, type CursorEvent } from '../../machines/cursor.ts';
import { isFlat } from '../../machines/flat-machine.ts';
import { CURSOR_LIMIT, IssuedCursors } from '../../machines/issued-cursors.ts';
import { Session } from '../../machines/session.ts';
import { SPEC_2025_11_25, SPEC_2026_07_28 } from '../../validators/profiles.ts';
import { c2s, play, readySession, s2c } from './spec-session.ts';
import { transcript } from './transcript.ts';

const start: CursorEvent = { type: 'start' };
const issued = (cursor: string, scope?: string, method = 'tools/list'): CursorEvent => ({ type: 'issued', method, cursor, scope });
const cursor = (value: string, method = 'tools/list'): CursorEvent => ({ type: 'cursor', method, cursor: value });
const page = (value: string, scope: string, method = 'tools/list'): CursorEvent => ({ type: 'page', method, cursor: value, scope });

function run(events: readonly CursorEvent[], input?: { limit: number }): string[] {
  return transcript(cursorMachine, input, events).map((s) => `${s.state} ${s.rules.join(',')}`.trim());
}

test('the cursor chart runs on a flat table', () => {
  assert.ok(isFlat(cursorMachine));
});

test('in view: a cursor the server handed out for the same list passes; another is pagination/cursor-not-issued', () => {
  assert.equal(run([start, issued('c1'), cursor('c1')]), ['"in_view"', '"in_view"', '"in_view"']);
  assert.equal(run([start, issued('c1'), cursor('c2')]), ['"in_view"', '"in_view"', '"in_view" pagination/cursor-not-issued']);
  // A cursor of another list continues nothing of this one.
  assert.equal(run([start, issued('c1', undefined, 'prompts/list'), cursor('c1')]), ['"in_view"', '"in_view"', '"in_view" pagination/cursor-not-issued']);
  assert.equal(run([start, cursor('')]), ['"in_view"', '"in_view" pagination/cursor-not-issued']);
});

test('an excerpt judges no cursor the client passes back: the server may have handed it out before the excerpt', () => {
  assert.equal(run([cursor('c2'), issued('c1'), cursor('c3')]), ['"excerpt"', '"excerpt"', '"excerpt"']);
  // Cursors handed out before the start came into view still count.
  assert.equal(run([issued('c1'), start, cursor('c1'), start]), ['"excerpt"', '"in_view"', '"in_view"', '"in_view"']);
});

test('a page fetched with a cursor carries the cacheScope of the page that handed it out, in either state', () => {
  assert.equal(run([issued('c1', 'public'), page('c1', 'private')]), ['"excerpt"', '"excerpt" stateless/cache-scope-changed']);
  assert.equal(run([start, issued('c1', 'public'), page('c1', 'private')]), ['"in_view"', '"in_view"', '"in_view" stateless/cache-scope-changed']);
  assert.equal(run([issued('c1', 'public'), page('c1', 'public')]), ['"excerpt"', '"excerpt"']);
  // A cursor never recorded, one from a page without a cacheScope, or of another list: nothing to compare with.
  assert.equal(run([page('c1', 'private'), issued('c2'), page('c2', 'private')]), ['"excerpt"', '"excerpt"', '"excerpt"']);
  assert.equal(run([issued('c1', 'public', 'prompts/list'), page('c1', 'private')]), ['"excerpt"', '"excerpt"']);
  // The newest page that handed out a cursor is the one compared with.
  assert.equal(run([issued('c1', 'public'), issued('c1', 'private'), page('c1', 'private')]), ['"excerpt"', '"excerpt"', '"excerpt"']);
});

test('past its limit the table forgets the oldest cursors: an unknown cursor is then no finding, and a forgotten page is not compared', () => {
  const many = Array.from({ length: 5 }, (_, i) => issued(`c${i}`, 'public'));
  const out = run([start, ...many, cursor('never'), cursor('c4'), page('c0', 'private'), page('c4', 'private')], { limit: 4 });
  assert.equal(out.slice(6), ['"in_view"', '"in_view"', '"in_view"', '"in_view" stateless/cache-scope-changed']);
  // Within the limit the same cursor is reported.
  assert.equal(run([start, ...many.slice(0, 4), cursor('never')], { limit: 4 }).at(-1), '"in_view" pagination/cursor-not-issued');
});

test('a rejected cursor or page changes nothing: the rejecting transitions assign nothing', () => {
  const actor = createActor(cursorMachine, { input: undefined }).start();
  actor.send(start);
  actor.send(issued('c1', 'public'));
  const before = actor.getSnapshot().context;
  actor.send(cursor('c2'));
  actor.send(page('c1', 'private'));
  assert.is(actor.getSnapshot().context, before);
  actor.stop();
});

test('the issued table is bounded and persistent: recording returns a new table, the newest entry is kept', () => {
  const empty = IssuedCursors.empty(8);
  let t = empty;
  for (let i = 0; i < 100; i++) {
    t = t.with('tools/list', `c${i}`, i % 2 === 0 ? 'public' : undefined);
    assert.ok(t.size <= 8, `size ${t.size}`);
  }
  assert.is(empty.size, 0);
  assert.is(empty.forgotten, false);
  assert.ok(t.forgotten);
  assert.ok(t.has('tools/list', 'c99'));
  assert.is(t.scopeOf('tools/list', 'c98'), 'public');
  assert.is(t.scopeOf('tools/list', 'c99'), undefined);
  assert.not.ok(t.has('tools/list', 'c0'));
  assert.equal(IssuedCursors.empty(1).with('a', 'x', undefined).with('a', 'y', undefined).describe(), ['a y']);
  assert.throws(() => IssuedCursors.empty(0), /positive integer/);
  // Recording a cursor again makes it the newest: past the limit the oldest eighth goes, and it stays.
  let again = IssuedCursors.empty(8);
  for (let i = 0; i < 8; i++) again = again.with('tools/list', `c${i}`, undefined);
  again = again.with('tools/list', 'c0', 'private').with('tools/list', 'c8', undefined);
  assert.equal(again.describe(), ['c3', 'c4', 'c5', 'c6', 'c7', 'c0', 'c8'].map((c) => `tools/list ${c}`));
  assert.is(again.scopeOf('tools/list', 'c0'), 'private');
});

test('in a session: the real limit keeps memory bounded, and once a cursor was forgotten an unknown one is no finding', () => {
  const s = readySession(SPEC_2025_11_25);
  const steps = [];
  for (let i = 0; i <= CURSOR_LIMIT; i++) steps.push(c2s({ id: 10 + i, method: 'tools/list' }), s2c({ id: 10 + i, result: { tools: [], nextCursor: `c${i}` } }));
  assert.ok(play(s, steps).every((f) => f.length === 0));
  const view = s.view().extensions?.['cursors'] as { issued: string[]; forgotten: boolean };
  assert.ok(view.issued.length <= CURSOR_LIMIT);
  assert.ok(view.forgotten);
  assert.equal(play(s, [c2s({ id: 9999, method: 'tools/list', params: { cursor: 'never' } })]), [[]]);
  s.stop();
});

test('in a 2026-07-28 session the stateless extension feeds pages to the chart; no cursor is judged there', () => {
  const META = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
    'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' },
  };
  const list = (id: number, extra: object) => c2s({ id, method: 'tools/list', params: { _meta: META, ...extra } });
  const answer = (id: number, extra: object) => s2c({ id, result: { resultType: 'complete', ttlMs: 0, cacheScope: 'public', tools: [], ...extra } });
  const s = new Session({ profile: SPEC_2026_07_28 });
  assert.equal(play(s, [list(1, { cursor: 'from-elsewhere' }), answer(1, { nextCursor: 'c1' }), list(2, { cursor: 'c1' }), answer(2, { cacheScope: 'private' })]),
    [[], [], [], ['stateless/cache-scope-changed /message/result/cacheScope']]);
  s.stop();
});

test.run();
