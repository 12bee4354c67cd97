import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ValidationContext } from '../../validators/context.ts';
import type { Finding } from '../../validators/finding.ts';
import { resourcesMethods } from '../../validators/resources.ts';
import { ctx, loose, pairs } from './support.ts';

const P = '/message/params';
const R = '/message/result';

function params(method: string, value: unknown, c: ValidationContext = ctx): string[] {
  const validate = resourcesMethods[method]?.params;
  assert.ok(validate, method);
  return pairs(validate(value, P, c));
}

function result(method: string, value: unknown, c: ValidationContext = ctx): readonly Finding[] {
  const validate = resourcesMethods[method]?.result;
  assert.ok(validate, method);
  return validate(value, R, undefined, c);
}

const DESCRIPTOR = {
  uri: 'kb://tenant-x/guide',
  name: 'guide',
  title: 'Guide',
  description: 'An offline guide.',
  mimeType: 'text/markdown',
  size: 120,
  annotations: { audience: ['assistant'], priority: 1 },
  icons: [{ src: 'https://example.com/guide.svg', mimeType: 'image/svg+xml' }],
  _meta: {},
};

test('every method and notification has validators', () => {
  for (const m of ['resources/list', 'resources/templates/list', 'resources/read', 'resources/subscribe', 'resources/unsubscribe']) {
    assert.ok(resourcesMethods[m]?.params && resourcesMethods[m]?.result, m);
  }
  assert.ok(resourcesMethods['notifications/resources/updated']?.params);
  assert.ok(resourcesMethods['notifications/resources/list_changed']?.params);
});

test('resources/list: cursor params and a page of descriptors are accepted', () => {
  assert.equal(params('resources/list', undefined), []);
  assert.equal(params('resources/list', { cursor: 'p2' }), []);
  assert.equal(pairs(result('resources/list', { resources: [DESCRIPTOR, { uri: 'kb://tenant-x/faq', name: 'faq' }], nextCursor: 'p3' })), []);
  assert.equal(pairs(result('resources/list', { resources: [] })), []);
  assert.ok(Object.isFrozen(result('resources/list', { resources: [] })));
});

test('resources/list-result-shape and resources/descriptor-shape', () => {
  assert.equal(pairs(result('resources/list', { items: [] })), [`resources/list-result-shape ${R}/resources`, `resources/list-result-shape ${R}/items`]);
  assert.equal(pairs(result('resources/list', { items: [], resources: [] }, loose)), []);
  assert.equal(pairs(result('resources/list', { resources: [{ uri: 'kb://a/b' }] })), [`resources/descriptor-shape ${R}/resources/0/name`]);
  assert.equal(pairs(result('resources/list', { resources: [{ uri: 'kb://a/b', name: '' }] })), [`resources/descriptor-shape ${R}/resources/0/name`]);
  assert.equal(pairs(result('resources/list', { resources: [{ uri: 'kb://a/b', name: 'b', size: 1.5 }] })), [
    `resources/descriptor-shape ${R}/resources/0/size`,
  ]);
  assert.equal(pairs(result('resources/list', { resources: [{ ...DESCRIPTOR, owner: 'x' }] })), [
    `resources/descriptor-shape ${R}/resources/0/owner`,
  ]);
  assert.equal(pairs(result('resources/list', { resources: ['kb://a/b'] })), [`resources/descriptor-shape ${R}/resources/0`]);
});

test('descriptor formats: absolute URI, MIME type, icons (course profile); a lastModified that is no timestamp warns in the specification profiles', () => {
  const bad = { uri: 'guide.md', name: 'g', mimeType: 'markdown', annotations: { lastModified: 'now' }, icons: [{ src: 'g.svg' }] };
  assert.equal(pairs(result('resources/list', { resources: [bad] })), [
    `format/absolute-uri ${R}/resources/0/uri`,
    `format/mime-type ${R}/resources/0/mimeType`,
    `format/absolute-uri ${R}/resources/0/icons/0/src`,
  ]);
  const warned = result('resources/list', { resources: [bad] }, loose);
  assert.equal(pairs(warned), [`format/timestamp ${R}/resources/0/annotations/lastModified`]);
  assert.is(warned[0]?.severity, 'warning');
});

test('course profile: descriptor names of 1 to 255 characters, non-empty title and description, each audience role once', () => {
  const d = { uri: 'kb://a/b', name: 'b' };
  assert.equal(pairs(result('resources/list', { resources: [{ ...d, name: 'n'.repeat(255) }] })), []);
  assert.equal(pairs(result('resources/list', { resources: [{ ...d, name: 'n'.repeat(256) }] })), [`resources/descriptor-shape ${R}/resources/0/name`]);
  assert.equal(pairs(result('resources/list', { resources: [{ ...d, name: 'n'.repeat(256) }] }, loose)), []);
  assert.equal(pairs(result('resources/list', { resources: [{ ...d, title: '' }] })), [`resources/descriptor-shape ${R}/resources/0/title`]);
  assert.equal(pairs(result('resources/list', { resources: [{ ...d, annotations: { audience: ['user', 'user'] } }] })),
    [`resources/descriptor-shape ${R}/resources/0/annotations/audience`]);
  assert.equal(pairs(result('resources/list', { resources: [{ ...d, annotations: { lastModified: '' } }] })),
    [`resources/descriptor-shape ${R}/resources/0/annotations/lastModified`]);
});

test('course profile: a template needs an expression; a read result lists each URI once', () => {
  assert.equal(pairs(result('resources/templates/list', { resourceTemplates: [{ uriTemplate: 'kb://a/all', name: 'all' }] })),
    [`format/uri-template ${R}/resourceTemplates/0/uriTemplate`]);
  const twice = { contents: [{ uri: 'kb://a/b', text: 'one' }, { uri: 'kb://a/b', text: 'two' }] };
  assert.equal(pairs(result('resources/read', twice)), [`resources/duplicate-content-uri ${R}/contents/1/uri`]);
  assert.equal(pairs(result('resources/read', twice, loose)), [], 'the specification sets no such limit');
});

test('resources/size-limit: descriptor size above the item limit', () => {
  const over = result('resources/list', { resources: [{ uri: 'kb://a/b', name: 'big', size: 64 * 1024 + 1 }] });
  assert.equal(pairs(over), [`resources/size-limit ${R}/resources/0/size`]);
  assert.match(over[0]?.message ?? '', 'size limit');
  assert.equal(pairs(result('resources/list', { resources: [{ uri: 'kb://a/b', name: 'big', size: 64 * 1024 }] })), []);
});

test('resources/duplicate-uri within one page, and page size and nextCursor', () => {
  const d = { uri: 'kb://a/b', name: 'b' };
  assert.equal(pairs(result('resources/list', { resources: [d, { ...d, name: 'c' }] })), [`resources/duplicate-uri ${R}/resources/1/uri`]);
  assert.equal(pairs(result('resources/list', { resources: [d, { ...d, uri: 'kb://a/bb' }] })), []);
  const page = Array.from({ length: 257 }, (_, i) => ({ uri: `kb://a/${i}`, name: `r${i}` }));
  assert.equal(pairs(result('resources/list', { resources: page })), [`pagination/page-too-large ${R}/resources`]);
  assert.equal(pairs(result('resources/list', { resources: page.slice(1) })), []);
  assert.equal(pairs(result('resources/list', { resources: [], nextCursor: '' })), [`pagination/invalid-cursor ${R}/nextCursor`]);
});

test('resources/templates/list: templates, their shape, format and uniqueness', () => {
  const t = { uriTemplate: 'kb://tenant-x/notes/{note_id}', name: 'note', mimeType: 'text/markdown' };
  assert.equal(params('resources/templates/list', undefined), []);
  assert.equal(pairs(result('resources/templates/list', { resourceTemplates: [t, { uriTemplate: 'kb://x/{+path}', name: 'p' }] })), []);
  assert.equal(pairs(result('resources/templates/list', { resources: [] })), [
    `resources/templates-list-result-shape ${R}/resourceTemplates`,
    `resources/templates-list-result-shape ${R}/resources`,
  ]);
  assert.equal(pairs(result('resources/templates/list', { resourceTemplates: [{ ...t, size: 3 }] })), [
    `resources/template-shape ${R}/resourceTemplates/0/size`,
  ]);
  assert.equal(pairs(result('resources/templates/list', { resourceTemplates: [{ ...t, uriTemplate: 'notes/{id' }] })), [
    `format/uri-template ${R}/resourceTemplates/0/uriTemplate`,
  ]);
  assert.equal(pairs(result('resources/templates/list', { resourceTemplates: [t, t] })), [
    `resources/duplicate-uri ${R}/resourceTemplates/1/uriTemplate`,
  ]);
});

test('resources/read: uri params and text/blob contents are accepted', () => {
  assert.equal(params('resources/read', { uri: 'kb://tenant-x/guide' }), []);
  const ok = result('resources/read', {
    contents: [
      { uri: 'kb://tenant-x/guide', mimeType: 'text/markdown', text: '# Guide' },
      { uri: 'kb://tenant-x/guide/part-1', mimeType: 'application/octet-stream', blob: 'aGk=' },
    ],
  });
  assert.equal(pairs(ok), []);
});

test('resources/uri-params-shape and absolute URIs in read/subscribe/unsubscribe/updated params', () => {
  for (const m of ['resources/read', 'resources/subscribe', 'resources/unsubscribe', 'notifications/resources/updated']) {
    assert.equal(params(m, { uri: 'kb://a/b' }), [], m);
    assert.equal(params(m, undefined), [`resources/uri-params-shape ${P}`], m);
    assert.equal(params(m, {}), [`resources/uri-params-shape ${P}/uri`], m);
    assert.equal(params(m, { uri: 'kb://a/b', tenant: 'x' }), [`resources/uri-params-shape ${P}/tenant`], m);
    assert.equal(params(m, { uri: 'b c' }), [`format/absolute-uri ${P}/uri`], m);
  }
  assert.equal(params('resources/read', { uri: 'kb://a/b', _meta: { progressToken: 'p' } }), []);
  assert.equal(params('notifications/resources/updated', { uri: 'kb://a/b', title: 'B' }), [`resources/uri-params-shape ${P}/title`]);
});

test('resources/read-result-shape and contents rules', () => {
  assert.equal(pairs(result('resources/read', { content: [] })), [`resources/read-result-shape ${R}/contents`, `resources/read-result-shape ${R}/content`]);
  const bad = result('resources/read', { contents: [{ uri: 'kb://a/b', blob: 'not base64!' }] });
  assert.equal(pairs(bad), [`format/base64 ${R}/contents/0/blob`]);
  assert.match(bad[0]?.message ?? '', 'valid base64');
  assert.equal(pairs(result('resources/read', { contents: [{ uri: 'kb://a/b', text: 'x', blob: 'aGk=' }] })), [
    `content/resource-contents-shape ${R}/contents/0`,
  ]);
  assert.equal(pairs(result('resources/read', { contents: [{ uri: 'kb://a/b', mimeType: 'text', text: 'x' }] })), [
    `format/mime-type ${R}/contents/0/mimeType`,
  ]);
});

test('read limits: item count, item size and the shared read budget', () => {
  const many = Array.from({ length: 65 }, (_, i) => ({ uri: `kb://a/${i}`, text: '' }));
  assert.equal(pairs(result('resources/read', { contents: many })), [`content/too-many-items ${R}/contents`]);
  assert.equal(pairs(result('resources/read', { contents: many.slice(1) })), []);
  const big = result('resources/read', { contents: [{ uri: 'kb://a/b', text: 'x'.repeat(64 * 1024 + 1) }] });
  assert.equal(pairs(big), [`content/item-too-large ${R}/contents/0`, `resources/read-budget ${R}/contents`]);
  // 64 items of 1 KiB + 1 byte each: every item is small, together they overrun the 64 KiB budget.
  const chunks = Array.from({ length: 64 }, (_, i) => ({ uri: `kb://a/${i}`, text: 'y'.repeat(1025) }));
  const budget = result('resources/read', { contents: chunks });
  assert.equal(pairs(budget), [`resources/read-budget ${R}/contents`]);
  assert.match(budget[0]?.message ?? '', 'size limit');
  const exact = Array.from({ length: 64 }, (_, i) => ({ uri: `kb://a/${i}`, text: 'y'.repeat(1024) }));
  assert.equal(pairs(result('resources/read', { contents: exact })), []);
  assert.equal(pairs(result('resources/read', { contents: chunks }, loose)), []);
});

test('resources/empty-result for subscribe and unsubscribe', () => {
  for (const m of ['resources/subscribe', 'resources/unsubscribe']) {
    assert.equal(pairs(result(m, {})), [], m);
    assert.equal(pairs(result(m, { _meta: { a: 1 } })), [], m);
    assert.equal(pairs(result(m, { subscribed: true })), [`resources/empty-result ${R}/subscribed`], m);
    assert.equal(pairs(result(m, null)), [`resources/empty-result ${R}`], m);
    assert.equal(pairs(result(m, { subscribed: true }, loose)), [], m);
  }
});

test('resources/list-changed-params-shape', () => {
  const m = 'notifications/resources/list_changed';
  assert.equal(params(m, undefined), []);
  assert.equal(params(m, { _meta: {} }), []);
  assert.equal(params(m, { uri: 'kb://a/b' }), [`resources/list-changed-params-shape ${P}/uri`]);
});

test.run();
