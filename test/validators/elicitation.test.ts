import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ValidationContext } from '../../validators/context.ts';
import { elicitationMethods } from '../../validators/elicitation.ts';
import { isCourseSecretFieldName, isSecretFieldName } from '../../validators/elicitation-schema.ts';
import type { Finding } from '../../validators/finding.ts';
import { ctx, loose, pairs } from './support.ts';

const P = '/message/params';
const R = '/message/result';
const S = `${P}/requestedSchema`;
const create = elicitationMethods['elicitation/create'];

// The specification's restricted schemas and content checks are the default here; the course
// profile's own reading (its reference's subset and result rules) has its tests below.
function params(p: unknown, c = loose): string[] {
  return pairs(create?.params?.(p, P, c) ?? []);
}

function result(r: unknown, requestParams: unknown, c = loose): readonly Finding[] {
  return create?.result?.(r, R, requestParams, c) ?? [];
}

const SCHEMA = {
  type: 'object',
  properties: {
    nickname: { type: 'string', title: 'Nickname', minLength: 2, maxLength: 12 },
    email: { type: 'string', format: 'email' },
    birthday: { type: 'string', format: 'date' },
    seats: { type: 'integer', minimum: 1, maximum: 4, default: 1 },
    budget: { type: 'number', minimum: 0 },
    newsletter: { type: 'boolean', default: false },
    size: { type: 'string', enum: ['s', 'm', 'l'] },
    colour: { type: 'string', oneOf: [{ const: 'r', title: 'Red' }, { const: 'g', title: 'Green' }] },
    legacy: { type: 'string', enum: ['a', 'b'], enumNames: ['Option A', 'Option B'] },
    toppings: { type: 'array', items: { type: 'string', enum: ['ham', 'egg'] }, minItems: 1, maxItems: 2 },
    sides: { type: 'array', items: { anyOf: [{ const: 'fries', title: 'Fries' }] } },
  },
  required: ['nickname', 'seats'],
};
const FORM = { mode: 'form', message: 'Book a table.', requestedSchema: SCHEMA };
const URL_MODE = { mode: 'url', message: 'Finish signing in.', url: 'https://example.com/connect?flow=7', elicitationId: 'flow-7' };

test('valid form and URL requests are accepted', () => {
  assert.equal(params(FORM), []);
  assert.equal(params({ message: 'Pick one.', requestedSchema: { type: 'object', properties: {} } }), []);
  assert.equal(params({ ...FORM, requestedSchema: { ...SCHEMA, additionalProperties: false, $schema: 'x' } }), []);
  assert.equal(params({ ...FORM, task: { ttl: 100 }, _meta: { progressToken: 'e' } }), []);
  assert.equal(params(URL_MODE), []);
});

const PARAM_CASES: ReadonlyArray<{ name: string; params: unknown; expected: string[]; context?: ValidationContext }> = [
  { name: 'unknown mode', params: { ...FORM, mode: 'modal' }, expected: [`elicitation/params ${P}/mode`] },
  { name: 'form without message', params: { requestedSchema: SCHEMA }, expected: [`elicitation/params ${P}/message`] },
  { name: 'form without requestedSchema', params: { message: 'x' }, expected: [`elicitation/params ${P}/requestedSchema`] },
  { name: 'form with a url (course profile: exact params)', params: { message: 'x', requestedSchema: { type: 'object', properties: {} }, url: 'https://example.com' }, expected: [`elicitation/params ${P}/url`], context: ctx },
  { name: 'url mode without elicitationId', params: { ...URL_MODE, elicitationId: undefined }, expected: [`elicitation/params ${P}/elicitationId`] },
  { name: 'url mode with a requestedSchema (course profile: exact params)', params: { ...URL_MODE, requestedSchema: SCHEMA }, expected: [`elicitation/params ${P}/requestedSchema`], context: ctx },
  { name: 'http url (course profile)', params: { ...URL_MODE, url: 'http://example.com/connect' }, expected: [`elicitation/url-not-https ${P}/url`], context: ctx },
  { name: 'http url outside the course profile', params: { ...URL_MODE, url: 'http://example.com/connect' }, expected: [] },
  { name: 'relative url', params: { ...URL_MODE, url: '/connect' }, expected: [`elicitation/url-invalid ${P}/url`] },
  { name: 'bad task metadata', params: { ...URL_MODE, task: { ttl: -1 } }, expected: [`tasks/metadata ${P}/task/ttl`] },
  {
    name: 'api_key field',
    params: { message: 'x', requestedSchema: { type: 'object', properties: { api_key: { type: 'string' } }, required: ['api_key'] } },
    expected: [`elicitation/secret-field ${S}/properties/api_key`],
  },
  {
    name: 'nested object field',
    params: { ...FORM, requestedSchema: { type: 'object', properties: { address: { type: 'object', properties: {} } } } },
    expected: [`elicitation/requested-schema ${S}/properties/address/type`],
  },
  {
    name: 'root not an object schema',
    params: { ...FORM, requestedSchema: { type: 'array', properties: {} } },
    expected: [`elicitation/requested-schema ${S}/type`],
  },
  {
    name: 'unknown keyword in a string field',
    params: { ...FORM, requestedSchema: { type: 'object', properties: { code: { type: 'string', pattern: '^[0-9]+$' } } } },
    expected: [`elicitation/requested-schema ${S}/properties/code/pattern`, `toolschema/unknown-keyword ${S}/properties/code/pattern`],
    context: ctx,
  },
  {
    name: 'unknown string format',
    params: { ...FORM, requestedSchema: { type: 'object', properties: { ip: { type: 'string', format: 'ipv4' } } } },
    expected: [`elicitation/requested-schema ${S}/properties/ip/format`],
  },
  {
    name: 'titled option without a title',
    params: { ...FORM, requestedSchema: { type: 'object', properties: { c: { type: 'string', oneOf: [{ const: 'r' }] } } } },
    expected: [`elicitation/requested-schema ${S}/properties/c/oneOf/0/title`],
  },
  {
    name: 'enumNames of another length',
    params: { ...FORM, requestedSchema: { type: 'object', properties: { c: { type: 'string', enum: ['a', 'b'], enumNames: ['A'] } } } },
    expected: [`elicitation/requested-schema ${S}/properties/c/enumNames`],
  },
  {
    name: 'minimum above maximum',
    params: { ...FORM, requestedSchema: { type: 'object', properties: { n: { type: 'number', minimum: 3, maximum: 1 } } } },
    expected: [`elicitation/requested-schema ${S}/properties/n/minimum`],
  },
  {
    name: 'required field not declared',
    params: { ...FORM, requestedSchema: { type: 'object', properties: {}, required: ['name'] } },
    expected: [`elicitation/requested-schema ${S}/required/0`],
  },
];

for (const c of PARAM_CASES) {
  test(`params: ${c.name}`, () => {
    const p = JSON.parse(JSON.stringify(c.params)) as unknown;
    assert.equal(params(p, c.context ?? loose), c.expected);
  });
}

test('the secret-field message says what is wrong', () => {
  const out = create?.params?.({ message: 'x', requestedSchema: { type: 'object', properties: { Password: { type: 'string' } } } }, P, loose) ?? [];
  assert.ok(out[0]?.message.includes('must not request secrets'), out[0]?.message);
});

test('secret field names are recognised across case, - and _', () => {
  for (const name of [
    'password', 'Passwd', 'db_password', 'secret', 'client_secret', 'token', 'github_token', 'accessToken',
    'access-token', 'api_key', 'API-KEY', 'apiKey', 'apikey', 'private_key', 'PrivateKey', 'credential',
    'credentials', 'ssn', 'SSN', 'credit_card', 'creditCardNumber', 'card_number',
  ]) {
    assert.ok(isSecretFieldName(name), name);
  }
  for (const name of ['language', 'username', 'email', 'max_tokens', 'token_limit', 'keyboard', 'passage', 'card_colour', 'lesson']) {
    assert.not.ok(isSecretFieldName(name), name);
  }
});

const ACCEPTED = {
  nickname: 'Ana',
  email: 'ana@example.com',
  birthday: '1990-02-28',
  seats: 2,
  budget: 12.5,
  newsletter: true,
  size: 'm',
  colour: 'g',
  legacy: 'b',
  toppings: ['egg'],
  sides: ['fries'],
};

test('valid results are accepted', () => {
  for (const [r, request] of [
    [{ action: 'accept', content: ACCEPTED }, FORM],
    [{ action: 'accept', content: { nickname: 'Al', seats: 1 }, _meta: {} }, FORM],
    [{ action: 'decline' }, FORM],
    [{ action: 'cancel' }, FORM],
    [{ action: 'accept' }, URL_MODE],
    [{ action: 'decline' }, URL_MODE],
  ] as const) {
    assert.equal(pairs(result(r, request)), [], JSON.stringify(r));
  }
});

const C = `${R}/content`;
const CLOSED_FORM = { ...FORM, requestedSchema: { ...SCHEMA, additionalProperties: false } };
const RESULT_CASES: ReadonlyArray<{ name: string; result: unknown; request?: unknown; expected: string[]; context?: ValidationContext }> = [
  { name: 'unknown action', result: { action: 'ok' }, expected: [`elicitation/result ${R}/action`] },
  { name: 'unknown member (open in the schema)', result: { action: 'cancel', reason: 'x' }, expected: [] },
  { name: 'content with decline', result: { action: 'decline', content: { nickname: 'Al', seats: 1 } }, expected: [`elicitation/unexpected-content ${C}`] },
  { name: 'content in URL mode', result: { action: 'accept', content: {} }, request: URL_MODE, expected: [`elicitation/unexpected-content ${C}`] },
  { name: 'required field missing', result: { action: 'accept', content: { nickname: 'Al' } }, expected: [`elicitation/content-required ${C}/seats`] },
  { name: 'accept without content', result: { action: 'accept' }, expected: [`elicitation/content-required ${C}/nickname`, `elicitation/content-required ${C}/seats`] },

  { name: 'undeclared field named __proto__ (not found on Object.prototype)', result: { action: 'accept', content: JSON.parse('{"nickname": "Al", "seats": 1, "__proto__": {"type": "string"}}') }, request: CLOSED_FORM, expected: [`elicitation/content-unknown-field ${C}/__proto__`] },
  { name: 'undeclared field named constructor', result: { action: 'accept', content: { nickname: 'Al', seats: 1, constructor: 'x' } }, request: CLOSED_FORM, expected: [`elicitation/content-unknown-field ${C}/constructor`] },
  { name: 'string field with a number', result: { action: 'accept', content: { nickname: 5, seats: 1 } }, expected: [`elicitation/content-type ${C}/nickname`] },
  { name: 'integer field with a fraction', result: { action: 'accept', content: { nickname: 'Al', seats: 1.5 } }, expected: [`elicitation/content-type ${C}/seats`] },
  { name: 'boolean field with a string', result: { action: 'accept', content: { nickname: 'Al', seats: 1, newsletter: 'yes' } }, expected: [`elicitation/content-type ${C}/newsletter`] },
  { name: 'multi-select with a string', result: { action: 'accept', content: { nickname: 'Al', seats: 1, toppings: 'egg' } }, expected: [`elicitation/content-type ${C}/toppings`] },
  { name: 'value outside the enum', result: { action: 'accept', content: { nickname: 'Al', seats: 1, size: 'xl' } }, expected: [`elicitation/content-constraint ${C}/size`] },
  { name: 'value outside titled options', result: { action: 'accept', content: { nickname: 'Al', seats: 1, colour: 'Red' } }, expected: [`elicitation/content-constraint ${C}/colour`] },
  { name: 'string too short', result: { action: 'accept', content: { nickname: 'A', seats: 1 } }, expected: [`elicitation/content-constraint ${C}/nickname`] },
  { name: 'string too long', result: { action: 'accept', content: { nickname: 'A'.repeat(13), seats: 1 } }, expected: [`elicitation/content-constraint ${C}/nickname`] },
  { name: 'integer above maximum', result: { action: 'accept', content: { nickname: 'Al', seats: 5 } }, expected: [`elicitation/content-constraint ${C}/seats`] },
  { name: 'number below minimum', result: { action: 'accept', content: { nickname: 'Al', seats: 1, budget: -1 } }, expected: [`elicitation/content-constraint ${C}/budget`] },
  { name: 'bad email', result: { action: 'accept', content: { nickname: 'Al', seats: 1, email: 'ana' } }, expected: [`elicitation/content-constraint ${C}/email`] },
  { name: 'bad date', result: { action: 'accept', content: { nickname: 'Al', seats: 1, birthday: '1990-02-30' } }, expected: [`elicitation/content-constraint ${C}/birthday`] },
  { name: 'multi-select item outside the enum', result: { action: 'accept', content: { nickname: 'Al', seats: 1, toppings: ['ham', 'jam'] } }, expected: [`elicitation/content-constraint ${C}/toppings/1`] },
  { name: 'too many items', result: { action: 'accept', content: { nickname: 'Al', seats: 1, toppings: ['ham', 'egg', 'ham'] } }, expected: [`elicitation/content-constraint ${C}/toppings`] },
  { name: 'too few items', result: { action: 'accept', content: { nickname: 'Al', seats: 1, toppings: [] } }, expected: [`elicitation/content-constraint ${C}/toppings`] },
  {
    name: 'undeclared field allowed by an open schema',
    result: { action: 'accept', content: { nickname: 'Al', seats: 1, age: 3 } },
    expected: [],
  },
  {
    name: 'undeclared field rejected by additionalProperties false',
    result: { action: 'accept', content: { nickname: 'Al', seats: 1, age: 3 } },
    request: CLOSED_FORM,
    expected: [`elicitation/content-unknown-field ${C}/age`],
  },
  {
    name: 'no request to compare with: only value types are checked',
    result: { action: 'accept', content: { a: 'x', b: [1] } },
    request: undefined,
    expected: [`elicitation/content-type ${C}/b`],
  },
];

for (const c of RESULT_CASES) {
  test(`result: ${c.name}`, () => {
    const request = 'request' in c ? c.request : FORM;
    assert.equal(pairs(result(c.result, request, c.context ?? loose)), c.expected);
  });
}

test('a task-augmented request is answered with a CreateTaskResult', () => {
  const created = { task: { taskId: 'e1', status: 'input_required', createdAt: '2026-01-01T00:00:00Z', lastUpdatedAt: '2026-01-01T00:00:00Z', ttl: null } };
  assert.equal(pairs(result(created, { ...FORM, task: {} })), []);
  assert.equal(pairs(result({ action: 'accept', content: ACCEPTED }, { ...FORM, task: {} })), [`tasks/create-result ${R}/task`]);
});

// The course profile: its reference reads a requestedSchema as a schema of its executed subset,
// refuses only its own list of secret names, and holds an answer only to its action and content.
const PLAIN_FORM = { message: 'Book a table.', requestedSchema: { type: 'object', properties: { nickname: { type: 'string', minLength: 2 }, seats: { type: 'integer', minimum: 1 } }, required: ['nickname'] } };

test('course profile: a form of the executed subset is accepted; other keywords are refused', () => {
  assert.equal(params(PLAIN_FORM, ctx), []);
  const refused = params(FORM, ctx);
  assert.ok(refused.length > 0 && refused.every((p) => p.startsWith('toolschema/')), refused.join(', '));
  assert.equal(params({ message: 'x', requestedSchema: { type: 'object', properties: { e: { type: 'string', format: 'email' } } } }, ctx),
    [`toolschema/unknown-keyword ${S}/properties/e/format`]);
  assert.equal(params({ message: 'x', requestedSchema: { type: 'object', properties: { n: { type: 'integer', default: 1 } } } }, ctx),
    [`toolschema/unknown-keyword ${S}/properties/n/default`]);
  assert.equal(params({ ...PLAIN_FORM, message: '' }, ctx), [`elicitation/params ${P}/message`]);
});

test('course profile: the secret names are its reference\'s list, case and hyphens aside', () => {
  for (const name of ['password', 'PASSCODE', 'api_key', 'Api-Key', 'apikey', 'apiKey', 'access_token', 'Access-Token', 'token', 'secret', 'credit_card', 'CVV']) {
    assert.ok(isCourseSecretFieldName(name), name);
  }
  for (const name of ['passphrase_hint', 'token_count', 'github_token', 'ssn', 'private_key', 'api.key', 'email']) {
    assert.not.ok(isCourseSecretFieldName(name), name);
  }
  assert.equal(params({ message: 'x', requestedSchema: { type: 'object', properties: { cvv: { type: 'string' } } } }, ctx),
    [`elicitation/secret-field ${S}/properties/cvv`]);
  assert.equal(params({ message: 'x', requestedSchema: { type: 'object', properties: { github_token: { type: 'string' } } } }, ctx), []);
});

test('course profile: an answer is held to its action and content only', () => {
  assert.equal(pairs(result({ action: 'accept', content: { nickname: 'Al' } }, PLAIN_FORM, ctx)), []);
  assert.equal(pairs(result({ action: 'accept', content: {} }, PLAIN_FORM, ctx)), [], 'the content is not held against the requested schema');
  assert.equal(pairs(result({ action: 'accept', content: { other: 'x' } }, PLAIN_FORM, ctx)), []);
  assert.equal(pairs(result({ action: 'decline', content: { nickname: 'Al' } }, PLAIN_FORM, ctx)), [], 'content on a decline is taken');
  assert.equal(pairs(result({ action: 'cancel', reason: 'closed' }, PLAIN_FORM, ctx)), [], 'the result is open');
  assert.equal(pairs(result({ action: 'accept' }, PLAIN_FORM, ctx)), [`elicitation/result ${C}`], 'an accepted form answer carries content');
  assert.equal(pairs(result({ action: 'accept', content: { nickname: { first: 'A' } } }, PLAIN_FORM, ctx)), [`elicitation/content-type ${C}/nickname`],
    'values keep the schema types');
  assert.equal(pairs(result({ action: 'accept', content: {} }, URL_MODE, ctx)), [`elicitation/unexpected-content ${C}`]);
  assert.equal(pairs(result({ action: 'nope' }, PLAIN_FORM, ctx)), [`elicitation/result ${R}/action`]);
});

test('course profile: a task-augmented answer is read as a plain elicitation result, as its reference does', () => {
  const task = { taskId: 'e1', status: 'working', createdAt: 'now', lastUpdatedAt: 'now', ttl: null };
  assert.equal(pairs(result({ task }, { ...PLAIN_FORM, task: {} }, ctx)), [`elicitation/result ${R}/action`]);
  assert.equal(pairs(result({ action: 'accept', content: { nickname: 'Al' } }, { ...PLAIN_FORM, task: {} }, ctx)), []);
  assert.equal(pairs(result({ action: 'accept', content: { nickname: 'Al' }, task }, { ...PLAIN_FORM, task: {} }, ctx)), []);
});

test('an empty elicitationId: an opaque string in the specification profiles (as the schema types it), non-empty in the course profile', () => {
  assert.equal(params({ ...URL_MODE, elicitationId: '' }, loose), []);
  assert.equal(params({ ...URL_MODE, elicitationId: '' }, ctx), [`elicitation/params ${P}/elicitationId`]);
});

test('notifications/elicitation/complete params: {elicitationId}, a string; other members open in the specification profiles', () => {
  const complete = (p: unknown) => pairs(elicitationMethods['notifications/elicitation/complete']?.params?.(p, P, loose) ?? []);
  assert.equal(complete({ elicitationId: 'flow-7' }), []);
  assert.equal(complete({ elicitationId: '', extra: 1 }), []);
  assert.equal(complete({}), [`elicitation/complete-params ${P}/elicitationId`]);
  assert.equal(complete({ elicitationId: 7 }), [`elicitation/complete-params ${P}/elicitationId`]);
  assert.equal(complete(undefined), [`elicitation/complete-params ${P}`]);
});

test.run();
