import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { classifyMessage, idKey } from '../../validators/envelope.ts';
import { isNotificationMethod, isRequestMethod } from '../../validators/methods.ts';

const classify = (m: unknown) => classifyMessage(m, '/message', isNotificationMethod, isRequestMethod);
const rules = (m: unknown) => classify(m).findings.map((f) => `${f.rule} ${f.pointer}`);

test('well-formed request, notification, result and error are classified without findings', () => {
  assert.is(classify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }).envelope?.kind, 'request');
  assert.is(classify({ jsonrpc: '2.0', method: 'notifications/initialized' }).envelope?.kind, 'notification');
  assert.is(classify({ jsonrpc: '2.0', id: 'a', result: {} }).envelope?.kind, 'result');
  assert.is(classify({ jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'x', data: 1 } }).envelope?.kind, 'error');
  assert.is(classify({ jsonrpc: '2.0', error: { code: -32700, message: 'parse error' } }).envelope?.kind, 'error');
});

test('ids must be strings or integers', () => {
  for (const id of [true, null, 1.5, {}, []]) {
    assert.equal(rules({ jsonrpc: '2.0', id, method: 'tools/list' }), ['envelope/id-type /message/id'], String(id));
  }
  assert.match(classify({ jsonrpc: '2.0', id: true, method: 'tools/list' }).findings[0]!.message, 'id must be a string or integer');
  assert.equal(rules({ jsonrpc: '2.0', id: 1.5, result: {} }), ['envelope/id-type /message/id']);
  assert.equal(rules({ jsonrpc: '2.0', id: -7, method: 'tools/list' }), []);
});

test('a response carries exactly one of result or error', () => {
  const both = classify({ jsonrpc: '2.0', id: 1, result: {}, error: { code: 1, message: 'x' } });
  assert.equal(both.findings.map((f) => f.rule), ['envelope/result-and-error']);
  assert.match(both.findings[0]!.message, 'exactly one of result or error');
  assert.equal(rules({ jsonrpc: '2.0', id: 1 }), ['envelope/result-and-error /message']);
});

test('a notification method with an id is named as such', () => {
  const r = classify({ jsonrpc: '2.0', id: 27, method: 'notifications/tools/list_changed' });
  assert.equal(r.findings.map((f) => f.rule), ['envelope/notification-has-id']);
  assert.match(r.findings[0]!.message, 'notification method must not contain id');
});

test('a request method without an id is rejected; method with result is rejected', () => {
  assert.equal(rules({ jsonrpc: '2.0', method: 'tools/list' }), ['envelope/request-missing-id /message']);
  assert.equal(rules({ jsonrpc: '2.0', id: 1, method: 'tools/list', result: {} }), ['envelope/method-and-response /message']);
});

test('jsonrpc version, unknown members, params, result and error shapes', () => {
  assert.equal(rules({ jsonrpc: '1.0', id: 1, method: 'tools/list' }), ['envelope/jsonrpc-version /message/jsonrpc']);
  assert.equal(rules({ jsonrpc: '2.0', id: 1, method: 'tools/list', extra: 1 }), ['envelope/unknown-member /message/extra']);
  assert.equal(rules({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: [] }), ['envelope/params-type /message/params']);
  assert.equal(rules({ jsonrpc: '2.0', id: 1, result: 'x' }), ['envelope/result-type /message/result']);
  assert.equal(rules({ jsonrpc: '2.0', id: 1, error: { code: 1.5, message: 'x' } }), ['envelope/error-object /message/error']);
  assert.equal(rules({ jsonrpc: '2.0', id: 1, error: { code: 1, message: 'x', extra: 2 } }), ['envelope/error-object /message/error/extra']);
  assert.equal(rules({ jsonrpc: '2.0', result: {} }), ['envelope/response-missing-id /message']);
  assert.equal(rules({ jsonrpc: '2.0', id: 1, method: '' }), ['envelope/method-type /message/method']);
});

test('batches and non-objects are rejected', () => {
  assert.equal(rules([{ jsonrpc: '2.0', id: 1, method: 'tools/list' }]), ['envelope/batch-not-allowed /message']);
  assert.equal(rules('hello'), ['envelope/not-an-object /message']);
});

test('id keys tell integer and string ids apart', () => {
  assert.is.not(idKey(5), idKey('5'));
  assert.is(idKey(5), idKey(5));
});

test.run();
