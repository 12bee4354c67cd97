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

test.run();
