import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createActor } from 'xstate';
import { LISTING_ENTRIES, ToolListing, toolListingMachine, type ToolListingEvent } from '../../machines/tool-listing.ts';

const page = (names: string[], nextCursor?: string) => ({ tools: names.map((name) => ({ name })), ...(nextCursor ? { nextCursor } : {}) });

test('names should stay unique across the pages of one listing; a new listing may repeat them', () => {
  const l = new ToolListing();
  l.accept(undefined, page(['a', 'b'], 'c1'));
  assert.equal(l.checkResult({ cursor: 'c1' }, page(['c'])), []);
  const dup = l.checkResult({ cursor: 'c1' }, page(['x', 'b']));
  assert.equal(dup.map((f) => `${f.rule} ${f.pointer}`), ['tools/name-not-unique /message/result/tools/1/name']);
  assert.equal(l.checkResult(undefined, page(['a'])), []);
});

test('the specification profiles: a name repeated across pages is the tools page\'s SHOULD, a warning', () => {
  const l = new ToolListing();
  l.accept(undefined, page(['a', 'b'], 'c1'));
  assert.equal(l.checkResult({ cursor: 'c1' }, page(['b'])).map((f) => `${f.rule} ${f.severity}`), ['tools/name-not-unique warning']);
});

// pagination: "Clients MUST treat cursors as opaque tokens" and nothing more; no line makes a cursor
// stale after notifications/tools/list_changed, so a client that finishes paging the listing it
// started gets no finding, and the old listing's later pages are not judged against the new one.
test('a correct client that finishes paging after notifications/tools/list_changed gets no finding; a new listing is judged afresh', () => {
  const l = new ToolListing();
  l.accept(undefined, page(['a'], 'old'));
  l.invalidate();
  assert.equal(l.checkRequest({ cursor: 'old' }), []);
  assert.equal(l.checkResult({ cursor: 'old' }, page(['a'])), [], 'a page of the old listing is not compared with anything');
  l.accept({ cursor: 'old' }, page(['a']));
  l.accept(undefined, page(['a'], 'new'));
  assert.equal(l.checkResult({ cursor: 'new' }, page(['a'])).map((f) => f.rule), ['tools/name-not-unique']);
});

test('a page fetched again with its cursor is the same page, and a cursor the listing never gave names none of its pages: no repeated name', () => {
  const l = new ToolListing();
  l.accept(undefined, page(['a'], 'c1'));
  assert.equal(l.checkResult({ cursor: 'c1' }, page(['b'])), []);
  l.accept({ cursor: 'c1' }, page(['b']));
  assert.equal(l.checkResult({ cursor: 'c1' }, page(['b'])), [], 'the second page fetched again');
  l.accept({ cursor: 'c1' }, page(['b']));
  assert.equal(l.checkResult({ cursor: 'forged' }, page(['a'])), [], 'a cursor never given: the server answered some page');
  l.accept({ cursor: 'forged' }, page(['a'], 'c1'));
  // A listing paged on as before: a further page repeating a name is still judged.
  l.accept(undefined, page(['a'], 'c3'));
  assert.equal(l.checkResult({ cursor: 'c3' }, page(['a'])).map((f) => f.rule), ['tools/name-not-unique']);
});

/** Plays `steps` on a fresh chart: after each event, the state it is in and the rules it raised. */
function play(steps: readonly ToolListingEvent[]): string[] {
  const actor = createActor(toolListingMachine).start();
  let raised: string[] = [];
  actor.on('issue', (e) => raised.push(`${e.rule} ${e.pointer}`));
  const out = steps.map((e) => {
    raised = [];
    actor.send(e);
    return [String(actor.getSnapshot().value), ...raised].join(' ');
  });
  actor.stop();
  return out;
}

const first = (names: string[], nextCursor?: string): ToolListingEvent => ({ type: 'page', cursor: undefined, names, nextCursor });
const further = (cursor: string, names: string[], nextCursor?: string): ToolListingEvent => ({ type: 'page', cursor, names, nextCursor });
const tool = (cursor: string | undefined, index: number, name: string): ToolListingEvent => ({ type: 'tool', cursor, index, name });

test('the chart: a repeated name on a further page is reported, in the listing; list_changed invalidates it', () => {
  assert.equal(play([
    tool('c1', 0, 'a'),
    first(['a', 'b'], 'c1'),
    tool('c1', 1, 'b'),
    tool('c1', 0, 'x'),
    tool(undefined, 0, 'a'),
    further('c1', ['x'], 'c2'),
    tool('c2', 2, 'x'),
    { type: 'list_changed' },
    tool('c2', 0, 'x'),
    further('c2', ['x']),
    tool('c3', 0, 'x'),
  ]), [
    'no_listing',
    'listing',
    'listing tools/name-not-unique /message/result/tools/1/name',
    'listing',
    'listing',
    'listing',
    'listing tools/name-not-unique /message/result/tools/2/name',
    'invalidated',
    'invalidated',
    'listing',
    'listing tools/name-not-unique /message/result/tools/0/name',
  ]);
});

test('the chart: a cursor answered already or never given (while the listing gave others) names no further page', () => {
  assert.equal(play([
    first(['a'], 'c1'),
    further('c1', ['b'], 'c2'),
    tool('c1', 0, 'b'),
    tool('zz', 0, 'a'),
    further('zz', ['q']),
    tool('c2', 0, 'q'),
    tool('c2', 0, 'b'),
  ]), [
    'listing',
    'listing',
    'listing',
    'listing',
    'listing',
    'listing',
    'listing tools/name-not-unique /message/result/tools/0/name',
  ]);
});

test('judging a page changes nothing: a result the session then rejects leaves no names behind', () => {
  const l = new ToolListing();
  l.accept(undefined, page(['a'], 'c1'));
  assert.equal(l.checkResult({ cursor: 'c1' }, page(['b', 'b'])), [], 'names within one page are not compared by the listing');
  assert.equal(l.checkResult({ cursor: 'c1' }, page(['b'])), [], 'b was judged, never taken');
});

test('names beyond LISTING_ENTRIES forget the oldest: a forgotten name is not reported, a kept one is', () => {
  const l = new ToolListing();
  const names = Array.from({ length: LISTING_ENTRIES + 1 }, (_, i) => `t${i}`);
  l.accept(undefined, page(names, 'c1'));
  assert.equal(l.checkResult({ cursor: 'c1' }, page(['t0'])), []);
  assert.equal(l.checkResult({ cursor: 'c1' }, page([`t${LISTING_ENTRIES}`])).map((f) => f.rule), ['tools/name-not-unique']);
});

test('the chart is started only when the session lists tools: inspection sees none before', () => {
  const seen: string[] = [];
  const l = new ToolListing((e) => {
    if (e.type === '@xstate.actor') seen.push(e.type);
  });
  assert.equal(seen, []);
  l.accept(undefined, page(['a']));
  assert.is(seen.length, 1);
});

test.run();
