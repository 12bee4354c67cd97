import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ValidationContext } from '../../validators/context.ts';
import type { Finding } from '../../validators/finding.ts';
import { COURSE_PROFILE } from '../../validators/profiles.ts';
import { rootsMethods } from '../../validators/roots.ts';
import { pairs } from './support.ts';

const ctx: ValidationContext = { profile: COURSE_PROFILE, tools: new Map() };
const loose: ValidationContext = { profile: { ...COURSE_PROFILE, strict: false }, tools: new Map() };
const P = '/message/params';
const R = '/message/result';

const list = rootsMethods['roots/list'];
const changed = rootsMethods['notifications/roots/list_changed'];

function result(value: unknown, c: ValidationContext = ctx): readonly Finding[] {
  assert.ok(list?.result);
  return list.result(value, R, undefined, c);
}

test('roots/list: params absent or {_meta?} (absent or {} in the course profile); file roots are accepted', () => {
  assert.ok(list?.params && changed?.params);
  assert.equal(pairs(list.params(undefined, P, ctx)), []);
  assert.equal(pairs(list.params({}, P, ctx)), []);
  assert.equal(pairs(list.params({ _meta: { progressToken: 'r' } }, P, loose)), []);
  assert.equal(pairs(list.params({ _meta: { progressToken: 'r' } }, P, ctx)), [`roots/params-shape ${P}/_meta`]);
  assert.equal(pairs(result({ roots: [{ uri: 'file:///C:/work/app', name: 'app' }, { uri: 'file:///home/u/lib' }] })), []);
  assert.equal(pairs(result({ roots: [], _meta: {} })), []);
});

test('roots/params-shape for roots/list and notifications/roots/list_changed', () => {
  assert.ok(list?.params && changed?.params);
  assert.equal(pairs(list.params({ cursor: 'x' }, P, ctx)), [`roots/params-shape ${P}/cursor`]);
  assert.equal(pairs(list.params({ cursor: 'x' }, P, loose)), []);
  assert.equal(pairs(changed.params(undefined, P, ctx)), []);
  assert.equal(pairs(changed.params({ _meta: {} }, P, ctx)), []);
  assert.equal(pairs(changed.params({ roots: [] }, P, ctx)), [], 'list_changed params are open');
  assert.equal(pairs(changed.params({ _meta: 1 }, P, ctx)), [`roots/params-shape ${P}/_meta`]);
  assert.equal(pairs(changed.params('x', P, ctx)), [`roots/params-shape ${P}`]);
});

test('roots/list-result-shape: the result and each root', () => {
  assert.equal(pairs(result({})), [`roots/list-result-shape ${R}/roots`]);
  assert.equal(pairs(result({ roots: [], generation: 3 })), [], 'the result object is open');
  assert.equal(pairs(result({ roots: [{ uri: 'file:///a', name: '' }] })), [`roots/list-result-shape ${R}/roots/0/name`], 'a name is not empty (course profile)');
  assert.equal(pairs(result({ roots: [{ uri: 'file:///a', name: '' }] }, loose)), []);
  assert.equal(pairs(result({ roots: [{ name: 'x' }] })), [`roots/list-result-shape ${R}/roots/0/uri`]);
  assert.equal(pairs(result({ roots: [{ uri: 'file:///a', name: 3 }] })), [`roots/list-result-shape ${R}/roots/0/name`]);
  assert.equal(pairs(result({ roots: [{ uri: 'file:///a', path: '/a' }] })), [`roots/list-result-shape ${R}/roots/0/path`]);
  assert.equal(pairs(result({ roots: [{ uri: 'file:///a', path: '/a' }] }, loose)), []);
});

test('roots/file-uri: every root uri must be a file:// URI', () => {
  const f = result({ roots: [{ uri: 'https://example.com/repo' }, { uri: '/home/u' }, { uri: 'file:///ok' }] });
  assert.equal(pairs(f), [`roots/file-uri ${R}/roots/0/uri`, `roots/file-uri ${R}/roots/1/uri`]);
  assert.equal(pairs(result({ roots: [{ uri: 'https://example.com/repo' }] }, loose)), [`roots/file-uri ${R}/roots/0/uri`]);
});

test.run();
