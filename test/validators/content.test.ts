import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { validateContentBlock, validateContentList } from '../../validators/content.ts';
import { validateResourceContents } from '../../validators/resource-contents.ts';
import { ctx, loose, pairs } from './support.ts';

const AT = '/message/result/content';

const VALID_BLOCKS: readonly unknown[] = [
  { type: 'text', text: 'hello', annotations: { audience: ['user'], priority: 0.5, lastModified: '2025-01-12T15:00:58Z' } },
  { type: 'image', data: 'aGVsbG8=', mimeType: 'image/png' },
  { type: 'audio', data: '', mimeType: 'audio/wav', _meta: { 'example.com/x': 1 } },
  {
    type: 'resource_link',
    uri: 'kb://tenant-a/handbook',
    name: 'handbook',
    title: 'Handbook',
    description: 'd',
    mimeType: 'text/markdown',
    size: 42,
    icons: [{ src: 'https://example.com/i.png', mimeType: 'image/png', sizes: ['48x48'], theme: 'light' }],
  },
  { type: 'resource', resource: { uri: 'kb://tenant-a/handbook', mimeType: 'text/markdown', text: '# Handbook' } },
  { type: 'resource', resource: { uri: 'kb://tenant-a/handbook/chapter-1', blob: 'aGVsbG8=' } },
];

test('valid blocks of every type are accepted', () => {
  for (const block of VALID_BLOCKS) {
    assert.equal(pairs(validateContentBlock(block, '/b', ctx)), [], JSON.stringify(block));
  }
  assert.equal(pairs(validateContentList(VALID_BLOCKS, AT, ctx)), []);
  assert.ok(Object.isFrozen(validateContentList(VALID_BLOCKS, AT, ctx)));
});

test('content/block-shape: unknown type, missing and unknown keys, wrong annotations', () => {
  assert.equal(pairs(validateContentBlock({ type: 'video' }, '/b', ctx)), ['content/block-shape /b/type']);
  assert.equal(pairs(validateContentBlock({ text: 'x' }, '/b', ctx)), ['content/block-shape /b/type']);
  assert.equal(pairs(validateContentBlock('text', '/b', ctx)), ['content/block-shape /b']);
  assert.equal(pairs(validateContentBlock({ type: 'text' }, '/b', ctx)), ['content/block-shape /b/text']);
  assert.equal(pairs(validateContentBlock({ type: 'text', text: 'x', extra: 1 }, '/b', ctx)), ['content/block-shape /b/extra']);
  assert.equal(pairs(validateContentBlock({ type: 'text', text: 'x', extra: 1 }, '/b', loose)), []);
  assert.equal(
    pairs(validateContentBlock({ type: 'text', text: 'x', annotations: { audience: ['bot'], priority: 2 } }, '/b', ctx)),
    ['content/block-shape /b/annotations/audience/0', 'content/block-shape /b/annotations/priority'],
  );
  assert.equal(pairs(validateContentBlock({ type: 'image', data: 'aGVsbG8=' }, '/b', ctx)), ['content/block-shape /b/mimeType']);
  assert.equal(pairs(validateContentBlock({ type: 'resource_link', uri: 'kb://a/b', name: 'n', size: -1 }, '/b', ctx)), [
    'content/block-shape /b/size',
  ]);
  assert.equal(pairs(validateContentBlock({ type: 'resource', resource: {} }, '/b', ctx)), [
    'content/resource-contents-shape /b/resource',
  ]);
});

test('content/type-not-allowed: a block type the message does not accept', () => {
  const image = { type: 'image', data: 'aGVsbG8=', mimeType: 'image/png' };
  assert.equal(pairs(validateContentBlock(image, '/b', ctx, ['text'])), ['content/type-not-allowed /b/type']);
  assert.equal(pairs(validateContentBlock({ type: 'text', text: 'x' }, '/b', ctx, ['text'])), []);
});

test('format rules inside blocks: URI, base64, MIME, timestamp, icon src', () => {
  const f = validateContentBlock({ type: 'image', data: 'not base64!', mimeType: 'png' }, '/b', ctx);
  assert.equal(pairs(f), ['format/base64 /b/data', 'format/mime-type /b/mimeType']);
  assert.match(f[0]?.message ?? '', 'valid base64');
  assert.equal(pairs(validateContentBlock({ type: 'image', data: 'not base64!', mimeType: 'png' }, '/b', loose)), [
    'format/base64 /b/data',
  ]);
  assert.equal(
    pairs(
      validateContentBlock(
        { type: 'resource_link', uri: 'handbook', name: 'n', icons: [{ src: 'icon.png' }], annotations: { lastModified: 'yesterday' } },
        '/b',
        ctx,
      ),
    ),
    ['format/absolute-uri /b/uri', 'format/absolute-uri /b/icons/0/src'],
  );
  assert.equal(pairs(validateContentBlock({ type: 'text', text: 'x', annotations: { lastModified: 'yesterday' } }, '/b', loose)),
    ['format/timestamp /b/annotations/lastModified'], 'a warning in the specification profiles');
  assert.equal(pairs(validateContentBlock({ type: 'resource', resource: { uri: 'x y', blob: 'aGVsbG9=' } }, '/b', ctx)), [
    'format/absolute-uri /b/resource/uri',
    'format/base64 /b/resource/blob',
  ]);
});

test('resources/size-limit on a resource_link size above the item limit', () => {
  const link = { type: 'resource_link', uri: 'kb://a/b', name: 'n', size: 65537 };
  const f = validateContentBlock(link, '/b', ctx);
  assert.equal(pairs(f), ['resources/size-limit /b/size']);
  assert.match(f[0]?.message ?? '', 'size limit');
  assert.equal(pairs(validateContentBlock({ ...link, size: 65536 }, '/b', ctx)), []);
});

test('content/item-too-large: text bytes and decoded bytes against the item limit', () => {
  const limit = 64 * 1024;
  assert.equal(pairs(validateContentBlock({ type: 'text', text: 'a'.repeat(limit) }, '/b', ctx)), []);
  const big = validateContentBlock({ type: 'text', text: 'é'.repeat(limit / 2 + 1) }, '/b', ctx);
  assert.equal(pairs(big), ['content/item-too-large /b']);
  assert.match(big[0]?.message ?? '', 'size limit');
  const data = 'AAAA'.repeat(limit / 3 + 1);
  assert.equal(pairs(validateContentBlock({ type: 'image', data, mimeType: 'image/png' }, '/b', ctx)), [
    'content/item-too-large /b',
  ]);
  assert.equal(pairs(validateContentBlock({ type: 'image', data, mimeType: 'image/png' }, '/b', loose)), []);
});

test('content/list-shape and content/too-many-items', () => {
  assert.equal(pairs(validateContentList({ type: 'text', text: 'x' }, AT, ctx)), ['content/list-shape ' + AT]);
  const many = Array.from({ length: 65 }, () => ({ type: 'text', text: '' }));
  assert.equal(pairs(validateContentList(many, AT, ctx)), ['content/too-many-items ' + AT]);
  assert.equal(pairs(validateContentList(many.slice(1), AT, ctx)), []);
  assert.equal(pairs(validateContentList([{ type: 'text', text: 'x' }, { type: 'text' }], AT, ctx)), [
    `content/block-shape ${AT}/1/text`,
  ]);
});

test('content/resource-contents-shape: exactly one of text or blob', () => {
  assert.equal(pairs(validateResourceContents({ uri: 'kb://a', text: 'x', blob: 'aGk=' }, '/r', ctx)), [
    'content/resource-contents-shape /r',
  ]);
  assert.equal(pairs(validateResourceContents({ uri: 'kb://a' }, '/r', ctx)), ['content/resource-contents-shape /r']);
  assert.equal(pairs(validateResourceContents({ uri: 'kb://a', text: 1 }, '/r', ctx)), ['content/resource-contents-shape /r/text']);
  assert.equal(pairs(validateResourceContents({ uri: 'kb://a', text: 'x', size: 1 }, '/r', ctx)), [
    'content/resource-contents-shape /r/size',
  ]);
  assert.equal(pairs(validateResourceContents({ uri: 'kb://a', text: 'x', _meta: {} }, '/r', ctx)), []);
  assert.equal(pairs(validateResourceContents({ uri: 'kb://a', text: 'x', _meta: [] }, '/r', ctx)), [
    'content/resource-contents-shape /r/_meta',
  ]);
});

test.run();
