import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ToolListing } from '../../machines/tool-listing.ts';

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

test('list_changed makes the old cursors stale; new cursors are fine', () => {
  const l = new ToolListing();
  l.accept(undefined, page(['a'], 'old'));
  assert.equal(l.checkRequest({ cursor: 'old' }), []);
  l.invalidate();
  assert.equal(l.checkRequest({ cursor: 'old' }).map((f) => f.rule), ['tools/stale-cursor']);
  l.accept(undefined, page(['a'], 'new'));
  assert.equal(l.checkRequest({ cursor: 'new' }), []);
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

test('recorded away from the client, an old cursor right after list_changed may have been in flight: stale only once the client has started a new listing', () => {
  const l = new ToolListing(true);
  l.accept(undefined, page(['a'], 'old'));
  l.invalidate();
  assert.equal(l.checkRequest({ cursor: 'old' }), [], 'sent, maybe, before the client read the change');
  assert.equal(l.checkRequest(undefined), [], 'a new listing: the client read the change');
  assert.equal(l.checkRequest({ cursor: 'old' }).map((f) => f.rule), ['tools/stale-cursor']);
});

test.run();
