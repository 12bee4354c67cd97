import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ValidationContext } from '../../validators/context.ts';
import { samplingMethods } from '../../validators/sampling.ts';
import { ctx, loose, pairs } from './support.ts';

const P = '/message/params';
const R = '/message/result';
const create = samplingMethods['sampling/createMessage'];

function params(p: unknown, c = ctx): string[] {
  return pairs(create?.params?.(p, P, c) ?? []);
}

function result(r: unknown, requestParams: unknown = BASE, c = ctx): string[] {
  return pairs(create?.result?.(r, R, requestParams, c) ?? []);
}

const ASK = { role: 'user', content: { type: 'text', text: 'Name three colours.' } };
const BASE = { messages: [ASK], maxTokens: 32 };
const LOOKUP = { name: 'lookup', description: 'Look a word up.', inputSchema: { type: 'object', properties: { word: { type: 'string' } } } };

test('valid params are accepted', () => {
  assert.equal(params(BASE), []);
  assert.equal(
    params({
      ...BASE,
      systemPrompt: 'Be brief.',
      includeContext: 'none',
      temperature: 0.2,
      stopSequences: ['\n\n'],
      modelPreferences: { hints: [{ name: 'small', vendorHint: 'x' }], costPriority: 1, speedPriority: 0, intelligencePriority: 0.5 },
      metadata: { provider: { seed: 1 } },
      tools: [LOOKUP],
      toolChoice: { mode: 'auto' },
      _meta: { progressToken: 7 },
    }),
    [],
  );
  assert.equal(params({ ...BASE, task: { ttl: 5000 } }), []);
});

test('valid tool-use conversations are accepted', () => {
  const messages = [
    ASK,
    { role: 'assistant', content: [{ type: 'tool_use', id: 'u1', name: 'lookup', input: { word: 'red' } }] },
    { role: 'user', content: [{ type: 'tool_result', toolUseId: 'u1', content: [{ type: 'text', text: 'a colour' }], isError: false }] },
    { role: 'user', content: [{ type: 'text', text: 'Thanks.' }, { type: 'image', data: 'aGVsbG8=', mimeType: 'image/png' }] },
  ];
  assert.equal(params({ ...BASE, messages, tools: [LOOKUP] }), []);
});

const PARAM_CASES: ReadonlyArray<{ name: string; params: unknown; expected: string[] }> = [
  { name: 'no messages', params: { messages: [], maxTokens: 10 }, expected: [`sampling/params ${P}/messages`] },
  { name: 'maxTokens zero', params: { ...BASE, maxTokens: 0 }, expected: [`sampling/params ${P}/maxTokens`] },
  { name: 'maxTokens fractional', params: { ...BASE, maxTokens: 1.5 }, expected: [`sampling/params ${P}/maxTokens`] },
  { name: 'maxTokens missing', params: { messages: [ASK] }, expected: [`sampling/params ${P}/maxTokens`] },
  { name: 'unknown includeContext', params: { ...BASE, includeContext: 'everything' }, expected: [`sampling/params ${P}/includeContext`] },
  { name: 'priority above 1', params: { ...BASE, modelPreferences: { costPriority: 2 } }, expected: [`sampling/params ${P}/modelPreferences/costPriority`] },
  { name: 'unknown toolChoice mode', params: { ...BASE, toolChoice: { mode: 'any' } }, expected: [`sampling/params ${P}/toolChoice/mode`] },
  { name: 'empty tools list (course profile)', params: { ...BASE, tools: [] }, expected: [`sampling/params ${P}/tools`] },
  { name: 'unknown role', params: { ...BASE, messages: [{ ...ASK, role: 'system' }] }, expected: [`sampling/message ${P}/messages/0/role`] },
  { name: 'message without content', params: { ...BASE, messages: [{ role: 'user' }] }, expected: [`sampling/message ${P}/messages/0/content`] },
  {
    name: 'resource link in a sampling message',
    params: { ...BASE, messages: [{ role: 'user', content: { type: 'resource_link', uri: 'https://example.com/a', name: 'a' } }] },
    expected: [`content/type-not-allowed ${P}/messages/0/content/type`],
  },
  {
    name: 'tool without inputSchema',
    params: { ...BASE, tools: [{ name: 'lookup', description: 'Look up.' }] },
    expected: [`tools/descriptor ${P}/tools/0/inputSchema`],
  },
  {
    name: 'tool with a non-object inputSchema',
    params: { ...BASE, tools: [{ name: 'lookup', description: 'Look up.', inputSchema: { type: 'array', items: { type: 'string' } } }] },
    expected: [`tools/schema-root-type ${P}/tools/0/inputSchema/type`],
  },
  {
    name: 'tool without a description (course profile)',
    params: { ...BASE, tools: [{ name: 'lookup', inputSchema: { type: 'object' } }] },
    expected: [`tools/descriptor ${P}/tools/0/description`],
  },
  { name: 'duplicate tool names', params: { ...BASE, tools: [LOOKUP, LOOKUP] }, expected: [`tools/duplicate-name ${P}/tools/1/name`] },
  { name: 'bad task metadata', params: { ...BASE, task: { ttl: 'soon' } }, expected: [`tasks/metadata ${P}/task/ttl`] },
  {
    name: 'tool_use without input',
    params: { ...BASE, messages: [ASK, { role: 'assistant', content: { type: 'tool_use', id: 'u1', name: 'lookup' } }] },
    expected: [`sampling/tool-content ${P}/messages/1/content/input`],
  },
  {
    name: 'tool_result without content',
    params: {
      ...BASE,
      messages: [
        { role: 'assistant', content: { type: 'tool_use', id: 'u1', name: 'lookup', input: {} } },
        { role: 'user', content: { type: 'tool_result', toolUseId: 'u1' } },
      ],
    },
    expected: [`sampling/tool-content ${P}/messages/1/content/content`],
  },
  {
    name: 'tool_use in a user message',
    params: { ...BASE, messages: [{ role: 'user', content: { type: 'tool_use', id: 'u1', name: 'lookup', input: {} } }] },
    expected: [`sampling/tool-content-role ${P}/messages/0/content/type`],
  },
  {
    name: 'tool_result in an assistant message',
    params: {
      ...BASE,
      messages: [
        { role: 'assistant', content: { type: 'tool_use', id: 'u1', name: 'lookup', input: {} } },
        { role: 'assistant', content: { type: 'tool_result', toolUseId: 'u1', content: [] } },
      ],
    },
    expected: [`sampling/tool-content-role ${P}/messages/1/content/type`],
  },
  {
    name: 'tool results mixed with text',
    params: {
      ...BASE,
      messages: [
        { role: 'assistant', content: { type: 'tool_use', id: 'u1', name: 'lookup', input: {} } },
        { role: 'user', content: [{ type: 'tool_result', toolUseId: 'u1', content: [] }, { type: 'text', text: 'and' }] },
      ],
    },
    expected: [`sampling/tool-result-mixed ${P}/messages/1/content`],
  },
  {
    name: 'tool result for no earlier tool use',
    params: { ...BASE, messages: [{ role: 'user', content: { type: 'tool_result', toolUseId: 'u9', content: [] } }] },
    expected: [`sampling/tool-result-unmatched ${P}/messages/0/content/toolUseId`],
  },
];

for (const c of PARAM_CASES) {
  test(`params: ${c.name}`, () => {
    assert.equal(params(c.params), c.expected);
  });
}

test('unknown members are accepted (the course reference reads only what it checks)', () => {
  assert.equal(params({ ...BASE, model: 'x' }, loose), []);
  assert.equal(params({ ...BASE, model: 'x' }), []);
  assert.equal(params({ ...BASE, messages: [{ ...ASK, name: 'grower' }] }), [], 'messages keep the schema shapes');
});

const ANSWER = { role: 'assistant', content: { type: 'text', text: 'Red, green, blue.' }, model: 'sample-model', stopReason: 'endTurn' };

test('valid results are accepted', () => {
  assert.equal(result(ANSWER), []);
  assert.equal(result({ ...ANSWER, stopReason: 'provider-specific', _meta: {} }), []);
  assert.equal(result({ role: 'assistant', content: { type: 'text', text: '' }, model: 'm' }), []);
});

const RESULT_CASES: ReadonlyArray<{ name: string; result: unknown; expected: string[]; context?: ValidationContext }> = [
  { name: 'user role', result: { ...ANSWER, role: 'user' }, expected: [] },
  { name: 'user role outside the course profile', result: { ...ANSWER, role: 'user' }, expected: [], context: loose },
  { name: 'system role', result: { ...ANSWER, role: 'system' }, expected: [`sampling/result ${R}/role`] },
  { name: 'empty model (course profile)', result: { ...ANSWER, model: '' }, expected: [`sampling/result ${R}/model`] },
  { name: 'empty stopReason (course profile)', result: { ...ANSWER, stopReason: '' }, expected: [`sampling/result ${R}/stopReason`] },
  { name: 'missing model', result: { role: 'assistant', content: ANSWER.content }, expected: [`sampling/result ${R}/model`] },
  { name: 'missing content', result: { role: 'assistant', model: 'm' }, expected: [`sampling/result ${R}/content`] },
  { name: 'stopReason not a string', result: { ...ANSWER, stopReason: 1 }, expected: [`sampling/result ${R}/stopReason`] },
  { name: 'content array of text blocks (course profile)', result: { ...ANSWER, content: [ANSWER.content, ANSWER.content] }, expected: [] },
  { name: 'empty content array (course profile)', result: { ...ANSWER, content: [] }, expected: [`sampling/result-content ${R}/content`] },
  {
    name: '65 text blocks (course profile)',
    result: { ...ANSWER, content: Array.from({ length: 65 }, () => ANSWER.content) },
    expected: [`sampling/result-content ${R}/content`],
  },
  {
    name: 'an image block (course profile: text only)',
    result: { ...ANSWER, content: [ANSWER.content, { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }] },
    expected: [`sampling/result-content ${R}/content/1/type`],
  },
  {
    name: 'a text block with another member (course profile)',
    result: { ...ANSWER, content: { ...ANSWER.content, lang: 'en' } },
    expected: [`sampling/result-content ${R}/content/lang`],
  },
  {
    name: 'content array of tool uses outside the course profile',
    result: { ...ANSWER, content: [{ type: 'tool_use', id: 'u1', name: 'lookup', input: {} }], stopReason: 'toolUse' },
    expected: [],
    context: loose,
  },
  {
    name: 'image content (course profile)',
    result: { ...ANSWER, content: { type: 'image', data: 'aGVsbG8=', mimeType: 'image/png' } },
    expected: [`sampling/result-content ${R}/content/type`],
  },
  {
    name: 'tool_use content (course profile)',
    result: { ...ANSWER, content: { type: 'tool_use', id: 'u1', name: 'lookup', input: {} } },
    expected: [`sampling/result-content ${R}/content/type`],
  },
  { name: 'content not an object', result: { ...ANSWER, content: 'Red.' }, expected: [`sampling/result-content ${R}/content`] },
  { name: 'text of 100000 characters (course profile)', result: { ...ANSWER, content: { type: 'text', text: 'x'.repeat(100_000) } }, expected: [] },
  {
    name: 'text over 100000 characters (course profile)',
    result: { ...ANSWER, content: { type: 'text', text: 'x'.repeat(100_001) } },
    expected: [`sampling/result-content ${R}/content/text`],
  },
];

for (const c of RESULT_CASES) {
  test(`result: ${c.name}`, () => {
    assert.equal(result(c.result, BASE, c.context ?? ctx), c.expected);
  });
}

test('a task-augmented request is answered with a CreateTaskResult (the course profile reads every answer as a plain sampling result, as its reference does)', () => {
  const request = { ...BASE, task: { ttl: 1000 } };
  const created = { task: { taskId: 's1', status: 'working', createdAt: '2026-01-01T00:00:00Z', lastUpdatedAt: '2026-01-01T00:00:00Z', ttl: 1000 } };
  assert.equal(result(created, request, loose), []);
  assert.equal(result(ANSWER, request, loose), [`tasks/create-result ${R}/task`]);
  assert.equal(result(created, request), [`sampling/result ${R}/role`, `sampling/result ${R}/content`, `sampling/result ${R}/model`, `sampling/result ${R}/task`]);
  assert.equal(result(ANSWER, request), []);
});

test.run();
