import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Finding } from '../../validators/finding.ts';
import { loose as ctx, older as old } from './support.ts';
import { isProgressToken, validateCancelledParams, validateProgressParams, validateRequestProgressToken } from '../../validators/utilities.ts';

const AT = '/message/params';
const pairs = (findings: readonly Finding[]) => findings.map((f) => `${f.rule} ${f.pointer}`);

test('progress tokens are strings or integers', () => {
  assert.equal([0, -3, 'a', '', 2 ** 53, 1e21].map(isProgressToken), [true, true, true, true, true, true]);
  assert.equal([1.5, null, true, {}, Infinity, NaN].map(isProgressToken), [false, false, false, false, false, false]);
});

test('notifications/progress params', () => {
  for (const ok of [
    { progressToken: 'a', progress: 0 },
    { progressToken: 7, progress: 0.25, total: 1, message: 'a quarter', _meta: {} },
    { progressToken: 7, progress: 3, extra: true },
  ]) assert.equal(pairs(validateProgressParams(ok, AT, ctx)), []);
  const cases: [unknown, string][] = [
    [{ progress: 1 }, `progress/params ${AT}/progressToken`],
    [{ progressToken: 'a' }, `progress/params ${AT}/progress`],
    [{ progressToken: 1.5, progress: 1 }, `progress/params ${AT}/progressToken`],
    [{ progressToken: 'a', progress: '1' }, `progress/params ${AT}/progress`],
    [{ progressToken: 'a', progress: 1, total: null }, `progress/params ${AT}/total`],
    [{ progressToken: 'a', progress: 1, message: 5 }, `progress/params ${AT}/message`],
    [undefined, `progress/params ${AT}`],
  ];
  for (const [params, expected] of cases) assert.equal(pairs(validateProgressParams(params, AT, ctx)), [expected], JSON.stringify(params));
});

test('notifications/cancelled params; requestId is required in both revisions, by text in 2025-11-25', () => {
  assert.equal(pairs(validateCancelledParams({ requestId: 'r', reason: 'bye' }, AT, ctx)), []);
  assert.equal(pairs(validateCancelledParams({ requestId: 3 }, AT, old)), []);
  assert.equal(pairs(validateCancelledParams({ requestId: null }, AT, ctx)), [`cancellation/params ${AT}/requestId`]);
  assert.equal(pairs(validateCancelledParams({ requestId: 1, reason: 1 }, AT, ctx)), [`cancellation/params ${AT}/reason`]);
  assert.equal(pairs(validateCancelledParams({ reason: 'x' }, AT, ctx)), [`cancellation/missing-request-id ${AT}/requestId`]);
  assert.equal(pairs(validateCancelledParams({ reason: 'x' }, AT, old)), [`cancellation/params ${AT}/requestId`]);
});

test('a request\'s _meta.progressToken, when present, is a string or an integer', () => {
  for (const ok of [undefined, {}, { _meta: {} }, { _meta: { progressToken: 'p' } }, { _meta: { progressToken: 0 } }, { name: 'x', _meta: { other: 1.5 } }]) {
    assert.is(validateRequestProgressToken(ok), undefined);
  }
  for (const bad of [1.5, null, true, { id: 1 }]) {
    const found = validateRequestProgressToken({ _meta: { progressToken: bad } });
    assert.equal(found && `${found.rule} ${found.pointer}`, 'progress/invalid-token /message/params/_meta/progressToken');
    assert.match(found!.message, /^Invalid progressToken: Expected string or integer but received /);
  }
});

test.run();
