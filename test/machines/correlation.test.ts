import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { correlationMachine } from '../../machines/correlation.ts';
import { idKey } from '../../validators/envelope.ts';
import { transcript } from './transcript.ts';

const input = { direction: 'client_to_server' };
const req = (id: string | number) => ({ type: 'request', key: idKey(id), overflow: 'reject', entry: { id, method: 'tools/list', params: undefined, revision: undefined, subject: undefined, tenant: undefined } });
const ok = (id: string | number) => ({ type: 'result', key: idKey(id), id, findings: [] });
const bad = (id: string | number) => ({ type: 'result', key: idKey(id), id, findings: [{ rule: 'tools/x', severity: 'error', pointer: '/message/result', message: 'bad' }] });
const err = (id: string | number) => ({ type: 'error', key: idKey(id), id });
const rules = (events: object[]) => transcript(correlationMachine, input, events).map((s) => s.rules);

test('a sender may not reuse an unanswered id; "5" and 5 differ', () => {
  assert.equal(rules([req(5), req(5)]), [[], ['correlation/duplicate-outstanding-id']]);
  assert.equal(rules([req(5), req('5')]), [[], []]);
  assert.equal(rules([req(5), ok(5), req(5)]), [[], [], []]);
});

test('a response needs an outstanding request', () => {
  assert.equal(rules([ok(1)]), [['correlation/no-matching-request']]);
  assert.equal(rules([err(1)]), [['correlation/no-matching-request']]);
  assert.equal(rules([req(1), ok('1')]), [[], ['correlation/no-matching-request']]);
});

test('a malformed result leaves the request pending; an error ends it', () => {
  assert.equal(rules([req(1), bad(1), ok(1), ok(1)]), [[], ['tools/x'], [], ['correlation/no-matching-request']]);
  assert.equal(rules([req(1), err(1), ok(1)]), [[], [], ['correlation/no-matching-request']]);
});

test.run();
