import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pingMethods } from '../../validators/ping.ts';
import { ctx, loose, pairs } from './support.ts';

const ping = pingMethods['ping']!;

test('ping params: absent, empty or only _meta are accepted (absent or empty in the course profile)', () => {
  for (const params of [undefined, {}, { _meta: { progressToken: 1 } }]) assert.equal(pairs(ping.params!(params, '/params', loose)), []);
  for (const params of [undefined, {}]) assert.equal(pairs(ping.params!(params, '/params', ctx)), []);
  assert.equal(pairs(ping.params!({ _meta: { progressToken: 1 } }, '/params', ctx)), ['envelope/params-type /params/_meta']);
});

test('ping params: an unknown key is rejected by the course profile and allowed by the specification (RequestParams is open)', () => {
  assert.equal(pairs(ping.params!({ echo: 'hello' }, '/params', ctx)), ['envelope/params-type /params/echo']);
  assert.equal(pairs(ping.params!({ echo: 'hello' }, '/params', loose)), []);
});

test('ping params: _meta must be an object', () => {
  for (const c of [ctx, loose]) assert.equal(pairs(ping.params!({ _meta: [] }, '/params', c)), ['envelope/params-type /params/_meta']);
});

test('ping params: the course profile refuses _meta whatever its progressToken (ping takes no params there); the specification profiles leave the token to the progress machine', () => {
  for (const token of [[], {}, 1.5, null, true]) {
    assert.equal(pairs(ping.params!({ _meta: { progressToken: token } }, '/params', ctx)), ['envelope/params-type /params/_meta'], JSON.stringify(token));
    assert.equal(pairs(ping.params!({ _meta: { progressToken: token } }, '/params', loose)), [], JSON.stringify(token));
  }
  assert.equal(pairs(ping.params!({ _meta: { progressToken: 'p-1' } }, '/params', ctx)), ['envelope/params-type /params/_meta']);
});

test('ping result: an unknown key is rejected by the course profile and allowed by the specification (EmptyResult is a Result)', () => {
  assert.equal(pairs(ping.result!({ pong: true }, '/result', undefined, ctx)), ['envelope/result-type /result/pong']);
  assert.equal(pairs(ping.result!({ pong: true }, '/result', undefined, loose)), []);
  assert.equal(pairs(ping.result!({}, '/result', undefined, loose)), []);
});

test.run();
