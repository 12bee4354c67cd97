import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { completionMethods, MAX_COMPLETION_VALUES } from '../../validators/completion.ts';
import type { ValidationContext } from '../../validators/context.ts';
import { ctx as course, loose as spec, older, pairs } from './support.ts';

const P = '/message/params';
const R = '/message/result';
const complete = completionMethods['completion/complete'];

function params(p: unknown, c = spec): string[] {
  return pairs(complete?.params?.(p, P, c) ?? []);
}

function result(r: unknown, c = spec): string[] {
  return pairs(complete?.result?.(r, R, PROMPT_ASK, c) ?? []);
}

const PROMPT_ASK = { ref: { type: 'ref/prompt', name: 'code_review' }, argument: { name: 'language', value: 'py' } };
const RESOURCE_ASK = {
  ref: { type: 'ref/resource', uri: 'file:///{path}' },
  argument: { name: 'path', value: 'src/' },
  context: { arguments: { root: '/project' } },
};

test('valid params are accepted for both kinds of ref', () => {
  assert.equal(params(PROMPT_ASK), []);
  assert.equal(params(RESOURCE_ASK), []);
  assert.equal(params({ ...PROMPT_ASK, ref: { type: 'ref/prompt', name: 'code_review', title: 'Review' }, _meta: { progressToken: 1 } }), []);
  assert.equal(params(RESOURCE_ASK, older), []);
  assert.equal(params({ ...PROMPT_ASK, context: {} }), []);
});

const PARAM_CASES: ReadonlyArray<{ name: string; params: unknown; expected: string[]; context?: ValidationContext }> = [
  { name: 'no params', params: undefined, expected: [`completion/params ${P}`] },
  { name: 'ref missing', params: { argument: PROMPT_ASK.argument }, expected: [`completion/params ${P}/ref`] },
  { name: 'argument missing', params: { ref: PROMPT_ASK.ref }, expected: [`completion/params ${P}/argument`] },
  { name: 'argument value missing', params: { ...PROMPT_ASK, argument: { name: 'language' } }, expected: [`completion/params ${P}/argument/value`] },
  { name: 'argument value not a string', params: { ...PROMPT_ASK, argument: { name: 'n', value: 3 } }, expected: [`completion/params ${P}/argument/value`] },
  {
    name: 'context argument not a string',
    params: { ...RESOURCE_ASK, context: { arguments: { root: 1 } } },
    expected: [`completion/params ${P}/context/arguments/root`],
  },
  { name: 'context not an object', params: { ...PROMPT_ASK, context: 'x' }, expected: [`completion/params ${P}/context`] },
  { name: 'ref not an object', params: { ...PROMPT_ASK, ref: 'code_review' }, expected: [`completion/ref ${P}/ref`] },
  { name: 'unknown ref type', params: { ...PROMPT_ASK, ref: { type: 'ref/tool', name: 'x' } }, expected: [`completion/ref ${P}/ref/type`] },
  { name: 'prompt ref without name', params: { ...PROMPT_ASK, ref: { type: 'ref/prompt' } }, expected: [`completion/ref ${P}/ref/name`] },
  { name: 'resource ref without uri', params: { ...PROMPT_ASK, ref: { type: 'ref/resource', name: 'x' } }, expected: [`completion/ref ${P}/ref/uri`] },
  {
    name: 'unknown ref member (course profile)',
    params: { ...PROMPT_ASK, ref: { type: 'ref/prompt', name: 'x', version: 2 } },
    expected: [`completion/ref ${P}/ref/version`],
    context: course,
  },
];

for (const c of PARAM_CASES) {
  test(`params: ${c.name}`, () => {
    assert.equal(params(c.params, c.context), c.expected);
  });
}

test('valid results are accepted, up to 100 values', () => {
  assert.equal(result({ completion: { values: ['python', 'pytorch', 'pyside'], total: 10, hasMore: true } }), []);
  assert.equal(result({ completion: { values: [] }, _meta: {} }), []);
  const full = Array.from({ length: MAX_COMPLETION_VALUES }, (_, i) => `v${i}`);
  assert.equal(result({ completion: { values: full, total: 500, hasMore: true } }), []);
  assert.equal(result({ completion: { values: full } }, older), []);
});

const RESULT_CASES: ReadonlyArray<{ name: string; result: unknown; expected: string[] }> = [
  { name: 'completion missing', result: {}, expected: [`completion/result ${R}/completion`] },
  { name: 'values missing', result: { completion: { total: 1 } }, expected: [`completion/result ${R}/completion/values`] },
  { name: 'value not a string', result: { completion: { values: ['a', 2] } }, expected: [`completion/result ${R}/completion/values/1`] },
  { name: 'total not an integer', result: { completion: { values: [], total: 1.5 } }, expected: [`completion/result ${R}/completion/total`] },
  { name: 'hasMore not a boolean', result: { completion: { values: [], hasMore: 'yes' } }, expected: [`completion/result ${R}/completion/hasMore`] },
  {
    name: '101 values',
    result: { completion: { values: Array.from({ length: MAX_COMPLETION_VALUES + 1 }, (_, i) => `v${i}`) } },
    expected: [`completion/too-many-values ${R}/completion/values`],
  },
];

for (const c of RESULT_CASES) {
  test(`result: ${c.name}`, () => {
    assert.equal(result(c.result), c.expected);
  });
}

test.run();
