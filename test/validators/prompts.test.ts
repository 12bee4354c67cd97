import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ValidationContext } from '../../validators/context.ts';
import { promptsMethods } from '../../validators/prompts.ts';
import { ctx as course, loose as spec, older, pairs } from './support.ts';

const P = '/message/params';
const R = '/message/result';
const list = promptsMethods['prompts/list'];
const get = promptsMethods['prompts/get'];
const changed = promptsMethods['notifications/prompts/list_changed'];

function listResult(r: unknown, c = spec): string[] {
  return pairs(list?.result?.(r, R, undefined, c) ?? []);
}

function getParams(p: unknown, c = spec): string[] {
  return pairs(get?.params?.(p, P, c) ?? []);
}

function getResult(r: unknown, c = spec): string[] {
  return pairs(get?.result?.(r, R, { name: 'review' }, c) ?? []);
}

const REVIEW = {
  name: 'code_review',
  title: 'Request Code Review',
  description: 'Asks the model to review a snippet.',
  arguments: [
    { name: 'code', description: 'The code to review', required: true },
    { name: 'language', title: 'Language', required: false },
  ],
  icons: [{ src: 'https://example.com/review.png', mimeType: 'image/png', sizes: ['48x48'] }],
  _meta: { team: 'x' },
};

test('prompts/list: a valid page is accepted', () => {
  assert.equal(listResult({ prompts: [REVIEW, { name: 'summary' }], nextCursor: 'page-2', _meta: {} }), []);
  assert.equal(listResult({ prompts: [] }), []);
  assert.equal(listResult({ prompts: [{ ...REVIEW, vendor: 'x' }], extra: 1 }), [], 'unknown members are allowed by the spec profile');
});

test('prompts/list: params are cursor params', () => {
  assert.equal(pairs(list?.params?.({ cursor: 'page-2' }, P, spec) ?? []), []);
  assert.equal(pairs(list?.params?.(undefined, P, spec) ?? []), []);
  assert.equal(pairs(list?.params?.({ cursor: '' }, P, spec) ?? []), [], 'the schema\'s Cursor is any string, the empty one included');
  assert.equal(pairs(list?.params?.({ cursor: 7 } as never, P, spec) ?? []).length > 0, true);
});

const LIST_CASES: ReadonlyArray<{ name: string; result: unknown; expected: string[]; context?: ValidationContext }> = [
  { name: 'prompts missing', result: {}, expected: [`prompts/list-result ${R}/prompts`] },
  { name: 'prompts not an array', result: { prompts: {} }, expected: [`prompts/list-result ${R}/prompts`] },
  { name: 'empty nextCursor (any string is a Cursor)', result: { prompts: [], nextCursor: '' }, expected: [] },
  { name: 'nextCursor not a string', result: { prompts: [], nextCursor: 3 }, expected: [`pagination/invalid-cursor ${R}/nextCursor`] },
  { name: 'prompt without a name', result: { prompts: [{ title: 'x' }] }, expected: [`prompts/descriptor ${R}/prompts/0/name`] },
  { name: 'prompt not an object', result: { prompts: ['code_review'] }, expected: [`prompts/descriptor ${R}/prompts/0`] },
  { name: 'title not a string', result: { prompts: [{ ...REVIEW, title: 7 }] }, expected: [`prompts/descriptor ${R}/prompts/0/title`] },
  {
    name: 'arguments not an array',
    result: { prompts: [{ ...REVIEW, arguments: { code: {} } }] },
    expected: [`prompts/descriptor ${R}/prompts/0/arguments`],
  },
  {
    name: 'argument without a name',
    result: { prompts: [{ ...REVIEW, arguments: [{ description: 'x' }] }] },
    expected: [`prompts/descriptor ${R}/prompts/0/arguments/0/name`],
  },
  {
    name: 'argument required not a boolean',
    result: { prompts: [{ ...REVIEW, arguments: [{ name: 'code', required: 'yes' }] }] },
    expected: [`prompts/descriptor ${R}/prompts/0/arguments/0/required`],
  },
  {
    name: 'icons not an array (2025-11-25)',
    result: { prompts: [{ ...REVIEW, icons: 'review.png' }] },
    expected: [`prompts/descriptor ${R}/prompts/0/icons`],
  },
  {
    name: 'icons are an unknown member in 2025-06-18',
    result: { prompts: [{ ...REVIEW, icons: 'review.png' }] },
    expected: [],
    context: older,
  },
  {
    // prompts: a name is the prompt's "Unique identifier", with no MUST or SHOULD about a listing.
    name: 'duplicate names: no finding',
    result: { prompts: [REVIEW, { name: 'code_review' }] },
    expected: [],
  },
  {
    name: 'unknown member (course profile)',
    result: { prompts: [{ ...REVIEW, vendor: 'x' }] },
    expected: [`prompts/descriptor ${R}/prompts/0/vendor`],
    context: course,
  },
  {
    name: 'relative icon src (course profile)',
    result: { prompts: [{ ...REVIEW, icons: [{ src: 'review.png' }] }] },
    expected: [`format/absolute-uri ${R}/prompts/0/icons/0/src`],
    context: course,
  },
];

for (const c of LIST_CASES) {
  test(`prompts/list result: ${c.name}`, () => {
    assert.equal(listResult(c.result, c.context), c.expected);
  });
}

test('prompts/get: valid params are accepted', () => {
  assert.equal(getParams({ name: 'code_review' }), []);
  assert.equal(getParams({ name: 'code_review', arguments: { code: 'x = 1', language: 'python' }, _meta: { progressToken: 'p' } }), []);
  assert.equal(getParams({ name: 'code_review', arguments: {} }, older), []);
});

const PARAM_CASES: ReadonlyArray<{ name: string; params: unknown; expected: string[] }> = [
  { name: 'no params', params: undefined, expected: [`prompts/get-params ${P}`] },
  { name: 'name missing', params: { arguments: {} }, expected: [`prompts/get-params ${P}/name`] },
  { name: 'name not a string', params: { name: 3 }, expected: [`prompts/get-params ${P}/name`] },
  { name: 'argument value not a string', params: { name: 'code_review', arguments: { lines: 40 } }, expected: [`prompts/get-params ${P}/arguments/lines`] },
  { name: 'arguments an array', params: { name: 'code_review', arguments: ['x'] }, expected: [`prompts/get-params ${P}/arguments`] },
  { name: 'bad progress token', params: { name: 'code_review', _meta: { progressToken: 1.5 } }, expected: [`prompts/get-params ${P}/_meta`] },
];

for (const c of PARAM_CASES) {
  test(`prompts/get params: ${c.name}`, () => {
    assert.equal(getParams(c.params), c.expected);
  });
}

const EVERY_BLOCK = [
  { role: 'user', content: { type: 'text', text: 'Please review this code.' } },
  { role: 'user', content: { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' } },
  { role: 'user', content: { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' } },
  { role: 'assistant', content: { type: 'resource_link', uri: 'file:///project/src/main.rs', name: 'main.rs', mimeType: 'text/x-rust' } },
  { role: 'user', content: { type: 'resource', resource: { uri: 'resource://example', mimeType: 'text/plain', text: 'Resource content' } } },
];

test('prompts/get: every content type is accepted in prompt messages', () => {
  assert.equal(getResult({ description: 'Code review prompt', messages: EVERY_BLOCK }), []);
  assert.equal(getResult({ messages: EVERY_BLOCK }, older), []);
  assert.equal(getResult({ messages: [] }), []);
});

const RESULT_CASES: ReadonlyArray<{ name: string; result: unknown; expected: string[]; context?: ValidationContext }> = [
  { name: 'messages missing', result: { description: 'x' }, expected: [`prompts/get-result ${R}/messages`] },
  { name: 'description not a string', result: { description: 1, messages: [] }, expected: [`prompts/get-result ${R}/description`] },
  { name: 'message not an object', result: { messages: ['hi'] }, expected: [`prompts/message ${R}/messages/0`] },
  {
    name: 'system role',
    result: { messages: [{ role: 'system', content: { type: 'text', text: 'x' } }] },
    expected: [`prompts/message ${R}/messages/0/role`],
  },
  { name: 'content missing', result: { messages: [{ role: 'user' }] }, expected: [`prompts/message ${R}/messages/0/content`] },
  {
    name: 'content array',
    result: { messages: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }] },
    expected: [`prompts/message ${R}/messages/0/content`],
  },
  {
    name: 'unknown block type',
    result: { messages: [{ role: 'user', content: { type: 'video', data: 'AA==', mimeType: 'video/mp4' } }] },
    expected: [`content/block-shape ${R}/messages/0/content/type`],
  },
  {
    name: 'text block without text',
    result: { messages: [{ role: 'user', content: { type: 'text' } }] },
    expected: [`content/block-shape ${R}/messages/0/content/text`],
  },
  {
    name: 'embedded resource with text and blob',
    result: { messages: [{ role: 'user', content: { type: 'resource', resource: { uri: 'a:b', text: 'x', blob: 'AA==' } } }] },
    expected: [`content/resource-contents-shape ${R}/messages/0/content/resource`],
  },
  {
    name: 'image data not base64',
    result: { messages: [{ role: 'user', content: { type: 'image', data: 'not base64!', mimeType: 'image/png' } }] },
    expected: [`format/base64 ${R}/messages/0/content/data`],
  },
  {
    name: 'tool_use is not a prompt content block',
    result: { messages: [{ role: 'assistant', content: { type: 'tool_use', id: 'u1', name: 'x', input: {} } }] },
    expected: [`content/block-shape ${R}/messages/0/content/type`],
  },
];

for (const c of RESULT_CASES) {
  test(`prompts/get result: ${c.name}`, () => {
    assert.equal(getResult(c.result, c.context), c.expected);
  });
}

test('notifications/prompts/list_changed: only _meta', () => {
  assert.equal(pairs(changed?.params?.(undefined, P, spec) ?? []), []);
  assert.equal(pairs(changed?.params?.({ _meta: {} }, P, spec) ?? []), []);
  assert.equal(pairs(changed?.params?.({ _meta: 'x' }, P, spec) ?? []), [`prompts/list-changed-params ${P}/_meta`]);
  assert.equal(pairs(changed?.params?.({ reason: 'x' }, P, course) ?? []), [`prompts/list-changed-params ${P}/reason`]);
  assert.equal(pairs(changed?.params?.({ reason: 'x' }, P, spec) ?? []), []);
});

test.run();
