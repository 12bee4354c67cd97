import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { validateCursorParams, validateNextCursor, validatePageSize } from '../../validators/pagination.ts';
import { ctx, loose, pairs } from './support.ts';

const AT = '/message/params';

test('cursor params: absent, empty object, cursor and _meta are accepted', () => {
  assert.equal(pairs(validateCursorParams(undefined, AT, ctx)), []);
  assert.equal(pairs(validateCursorParams({}, AT, ctx)), []);
  assert.equal(pairs(validateCursorParams({ cursor: 'opaque-2' }, AT, ctx)), []);
  assert.equal(pairs(validateCursorParams({ cursor: 'c'.repeat(1024), _meta: { progressToken: 7 } }, AT, ctx)), []);
});

test('pagination/params-shape: unknown keys, wrong types, non-objects', () => {
  assert.equal(pairs(validateCursorParams({ cursor: 'x', page: 2 }, AT, ctx)), ['pagination/params-shape /message/params/page']);
  assert.equal(pairs(validateCursorParams({ cursor: 'x', page: 2 }, AT, loose)), []);
  assert.equal(pairs(validateCursorParams({ cursor: 3 }, AT, ctx)), ['pagination/params-shape /message/params/cursor']);
  assert.equal(pairs(validateCursorParams([], AT, ctx)), ['pagination/params-shape /message/params']);
  assert.equal(pairs(validateCursorParams({ _meta: { progressToken: 1.5 } }, AT, ctx)), ['pagination/params-shape /message/params/_meta']);
  assert.equal(pairs(validateCursorParams({ _meta: 'x' }, AT, ctx)), ['pagination/params-shape /message/params/_meta']);
});

test('a progress token in request _meta is judged as everywhere else: a string or an integer', () => {
  assert.equal(pairs(validateCursorParams({ _meta: { progressToken: 2 ** 53 - 1 } }, AT, ctx)), []);
  assert.equal(pairs(validateCursorParams({ _meta: { progressToken: 'p-1' } }, AT, ctx)), []);
  // An integer beyond 2^53-1 is still an integer (the session warns, in the specification profiles, that JavaScript peers round it).
  assert.equal(pairs(validateCursorParams({ _meta: { progressToken: 1e16 } }, AT, ctx)), []);
  assert.equal(pairs(validateCursorParams({ _meta: { progressToken: 1.5 } }, AT, ctx)), ['pagination/params-shape /message/params/_meta']);
  assert.equal(pairs(validateCursorParams({ _meta: { progressToken: true } }, AT, ctx)), ['pagination/params-shape /message/params/_meta']);
});

test('pagination/invalid-cursor and pagination/cursor-too-long', () => {
  assert.equal(pairs(validateCursorParams({ cursor: '' }, AT, ctx)), ['pagination/invalid-cursor /message/params/cursor']);
  assert.equal(pairs(validateCursorParams({ cursor: 'c'.repeat(1025) }, AT, ctx)), [
    'pagination/cursor-too-long /message/params/cursor',
  ]);
  assert.equal(pairs(validateCursorParams({ cursor: 'c'.repeat(1025) }, AT, loose)), []);
  const at = '/message/result/nextCursor';
  assert.equal(pairs(validateNextCursor(undefined, at, ctx)), []);
  assert.equal(pairs(validateNextCursor('page-3', at, ctx)), []);
  assert.equal(pairs(validateNextCursor('', at, ctx)), ['pagination/invalid-cursor ' + at]);
  assert.equal(pairs(validateNextCursor(null, at, ctx)), ['pagination/invalid-cursor ' + at]);
  // The schema's Cursor is any string: the specification profiles accept an empty one.
  assert.equal(pairs(validateNextCursor('', at, loose)), []);
  assert.equal(pairs(validateCursorParams({ cursor: '' }, AT, loose)), []);
  assert.equal(pairs(validateNextCursor(null, at, loose)), ['pagination/invalid-cursor ' + at]);
  assert.equal(pairs(validateNextCursor('n'.repeat(1025), at, ctx)), ['pagination/cursor-too-long ' + at]);
});

test('pagination/page-too-large: more than limits.listItems items', () => {
  const at = '/message/result/resources';
  assert.equal(pairs(validatePageSize(new Array(256).fill(0), at, ctx)), []);
  assert.equal(pairs(validatePageSize(new Array(257).fill(0), at, ctx)), ['pagination/page-too-large ' + at]);
  assert.equal(pairs(validatePageSize(new Array(257).fill(0), at, loose)), []);
});

test.run();
