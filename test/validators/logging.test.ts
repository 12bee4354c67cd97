import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ValidationContext } from '../../validators/context.ts';
import { LOGGING_LEVELS, loggingMethods } from '../../validators/logging.ts';
import { ctx as course, loose as spec, older, pairs } from './support.ts';

const P = '/message/params';
const R = '/message/result';
const setLevel = loggingMethods['logging/setLevel'];
const message = loggingMethods['notifications/message'];

function levelParams(p: unknown, c = spec): string[] {
  return pairs(setLevel?.params?.(p, P, c) ?? []);
}

function messageParams(p: unknown, c = spec): string[] {
  return pairs(message?.params?.(p, P, c) ?? []);
}

test('logging/setLevel: every level is accepted in both revisions', () => {
  assert.equal(LOGGING_LEVELS.length, 8);
  for (const level of LOGGING_LEVELS) {
    assert.equal(levelParams({ level }), [], level);
    assert.equal(levelParams({ level }, older), [], level);
  }
  assert.equal(levelParams({ level: 'info', _meta: { progressToken: 'p' } }), []);
});

const LEVEL_CASES: ReadonlyArray<{ name: string; params: unknown; expected: string[]; context?: ValidationContext }> = [
  { name: 'no params', params: undefined, expected: [`logging/set-level-params ${P}`] },
  { name: 'level missing', params: {}, expected: [`logging/set-level-params ${P}/level`] },
  { name: 'unknown level', params: { level: 'verbose' }, expected: [`logging/set-level-params ${P}/level`] },
  { name: 'level in capitals', params: { level: 'ERROR' }, expected: [`logging/set-level-params ${P}/level`] },
  { name: 'numeric level', params: { level: 3 }, expected: [`logging/set-level-params ${P}/level`] },
  { name: 'unknown member (spec profile)', params: { level: 'info', scope: 'all' }, expected: [] },
  { name: 'unknown member (course profile)', params: { level: 'info', scope: 'all' }, expected: [`logging/set-level-params ${P}/scope`], context: course },
];

for (const c of LEVEL_CASES) {
  test(`logging/setLevel params: ${c.name}`, () => {
    assert.equal(levelParams(c.params, c.context), c.expected);
  });
}

test('logging/setLevel: the result is empty', () => {
  const result = (r: unknown, c = spec) => pairs(setLevel?.result?.(r, R, { level: 'info' }, c) ?? []);
  assert.equal(result({}), []);
  assert.equal(result({ _meta: { trace: 1 } }), []);
  assert.equal(result({ _meta: 1 }), [`logging/set-level-result ${R}/_meta`]);
  assert.equal(result({ level: 'info' }, course), [`logging/set-level-result ${R}/level`]);
});

test('notifications/message: any JSON data at a valid level is accepted', () => {
  assert.equal(messageParams({ level: 'error', logger: 'database', data: { error: 'Connection failed', details: { host: 'localhost', port: 5432 } } }), []);
  assert.equal(messageParams({ level: 'debug', data: 'started' }), []);
  assert.equal(messageParams({ level: 'emergency', data: null }), []);
  assert.equal(messageParams({ level: 'info', data: [1, 2] }, older), []);
});

const MESSAGE_CASES: ReadonlyArray<{ name: string; params: unknown; expected: string[] }> = [
  { name: 'no params', params: undefined, expected: [`logging/message-params ${P}`] },
  { name: 'data missing', params: { level: 'info' }, expected: [`logging/message-params ${P}/data`] },
  { name: 'level missing', params: { data: 'x' }, expected: [`logging/message-params ${P}/level`] },
  { name: 'unknown level', params: { level: 'fatal', data: 'x' }, expected: [`logging/message-params ${P}/level`] },
  { name: 'logger not a string', params: { level: 'info', logger: 7, data: 'x' }, expected: [`logging/message-params ${P}/logger`] },
  { name: '_meta not an object', params: { level: 'info', data: 'x', _meta: [] }, expected: [`logging/message-params ${P}/_meta`] },
];

for (const c of MESSAGE_CASES) {
  test(`notifications/message params: ${c.name}`, () => {
    assert.equal(messageParams(c.params), c.expected);
  });
}

test.run();
