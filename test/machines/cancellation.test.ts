import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cancellationExtension } from '../../machines/cancellation-extension.ts';
import { cancellationMachine, type CancelTarget } from '../../machines/cancellation.ts';
import { IdLedger } from '../../machines/id-ledger.ts';
import { idReuseExtension } from '../../machines/id-reuse-extension.ts';
import { Session } from '../../machines/session.ts';
import { idKey } from '../../validators/envelope.ts';
import { COURSE_PROFILE, SPEC_2025_06_18, SPEC_2025_11_25, SPEC_2026_07_28 } from '../../validators/profiles.ts';
import { c2s, play, readySession, s2c } from './spec-session.ts';
import { transcript } from './transcript.ts';

const IN_FLIGHT: CancelTarget = { pending: true, issued: 'yes', method: 'tools/call', taskAugmented: false };
const cancel = (id: number, target: Partial<CancelTarget> = {}) =>
  ({ type: 'cancel', key: idKey(id), id, by: 'client_to_server', target: { ...IN_FLIGHT, ...target } });
const response = (id: number) => ({ type: 'response', key: idKey(id) });
const run = (events: object[], revision = '2025-11-25') =>
  transcript(cancellationMachine, { direction: 'client_to_server', revision }, events).map((s) => s.rules.join(','));

test('a cancellation names a request of its own sender that is still in flight', () => {
  assert.equal(run([cancel(2), cancel(3, { pending: false }), cancel(4, { pending: false, issued: 'no' })]), [
    '', 'cancellation/not-in-flight', 'cancellation/unknown-request',
  ]);
});

test('a forgotten id is only "not in flight", never "unknown"', () => {
  assert.equal(run([cancel(4, { pending: false, issued: 'unsure', method: undefined })]), ['cancellation/not-in-flight']);
});

test('initialize cannot be cancelled; task-augmented requests are cancelled with tasks/cancel (from 2025-11-25)', () => {
  assert.equal(run([cancel(1, { method: 'initialize' })]), ['cancellation/initialize']);
  assert.equal(run([cancel(2, { taskAugmented: true }), cancel(3, { taskAugmented: true, pending: false })]), [
    'cancellation/task-augmented', 'cancellation/task-augmented',
  ]);
  assert.equal(run([cancel(2, { taskAugmented: true })], '2025-06-18'), ['']);
});

test('cancelling twice warns; the late response consumes the cancelled request silently', () => {
  const states = transcript(cancellationMachine, { direction: 'client_to_server', revision: '2025-11-25' }, [cancel(2), cancel(2), response(2), response(2)]);
  assert.equal(states.map((s) => s.rules.join(',')), ['', 'cancellation/not-in-flight', '', '']);
});

test('session: late response after a cancellation is tolerated, and the id is never reused', () => {
  const s = readySession(SPEC_2025_11_25);
  assert.equal(play(s, [
    c2s({ id: 2, method: 'ping' }),
    c2s({ method: 'notifications/cancelled', params: { requestId: 2, reason: 'user' } }),
    s2c({ id: 2, result: {} }),
    s2c({ id: 2, result: {} }),
    c2s({ id: 2, method: 'ping' }),
    c2s({ method: 'notifications/cancelled', params: { requestId: 2 } }),
    s2c({ method: 'notifications/cancelled', params: { requestId: 2 } }),
    c2s({ method: 'notifications/cancelled', params: { requestId: 1 } }),
    c2s({ method: 'notifications/cancelled', params: { requestId: '2' } }),
    c2s({ method: 'notifications/cancelled', params: { reason: 'no id' } }),
  ]), [
    [], [], [],
    ['correlation/no-matching-request /message/id'],
    ['correlation/id-reused /message/id'],
    ['cancellation/not-in-flight /message/params/requestId'],
    ['cancellation/unknown-request /message/params/requestId'],
    ['cancellation/initialize /message/params/requestId'],
    ['cancellation/unknown-request /message/params/requestId'],
    ['cancellation/missing-request-id /message/params/requestId'],
  ]);
});

test('session: a task-augmented request is cancelled with tasks/cancel; 2025-06-18 requires requestId by schema', () => {
  const s = readySession(SPEC_2025_11_25);
  assert.equal(play(s, [
    c2s({ id: 2, method: 'tools/call', params: { name: 'convert', arguments: { cents: 1 }, task: {} } }),
    c2s({ method: 'notifications/cancelled', params: { requestId: 2 } }),
  ]), [[], ['cancellation/task-augmented /message/params/requestId']]);
  const old = readySession(SPEC_2025_06_18);
  assert.equal(play(old, [c2s({ method: 'notifications/cancelled', params: {} })]), [['cancellation/params /message/params/requestId']]);
});

test('id reuse: outstanding duplicates stay correlation/duplicate-outstanding-id; answered ones are id-reused', () => {
  const s = readySession(SPEC_2025_06_18);
  assert.equal(play(s, [
    c2s({ id: 'a', method: 'ping' }),
    c2s({ id: 'a', method: 'ping' }),
    s2c({ id: 'a', error: { code: -32603, message: 'x' } }),
    c2s({ id: 'a', method: 'ping' }),
    s2c({ id: 'a', method: 'ping' }),
    c2s({ id: 1, method: 'ping' }),
  ]), [
    [],
    ['correlation/duplicate-outstanding-id /message/id'],
    [],
    ['correlation/id-reused /message/id'],
    [],
    ['correlation/id-reused /message/id'],
  ]);
});

test('id reuse: an initialize answered with an error starts the session over, so its id may come back', () => {
  const s = new Session({ profile: SPEC_2025_11_25, tools: [] });
  const init = c2s({ id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } });
  assert.equal(play(s, [init, s2c({ id: 1, error: { code: -32602, message: 'Unsupported protocol version' } }), init]), [
    [], ['lifecycle/initialize-failed /message'], [],
  ]);
});

test('the id ledger keeps integer runs as ranges and forgets the oldest beyond its limit', () => {
  const ledger = new IdLedger(3);
  for (const id of [1, 2, 3, 5, 4, 10, 12, 20]) ledger.add(id);
  assert.equal([1, 2, 3, 4, 5, 6, 10, 11, 12, 20].map((id) => ledger.has(id)), [false, false, false, false, false, false, true, false, true, true]);
  assert.is(ledger.forgotten, 1);
  for (const id of ['a', 'b', 'c', 'd']) ledger.add(id);
  assert.equal(['a', 'b', 'd', '1'].map((id) => ledger.has(id)), [false, true, true, false]);
  const long = new IdLedger(2);
  for (let i = 0; i < 100_000; i++) long.add(i);
  assert.is(long.size, 1);
  assert.ok(long.has(0) && long.has(99_999) && !long.has(100_000));
});

test('the id ledger tells exact big integers apart, and from the number a double rounds them to', () => {
  const ledger = new IdLedger(2);
  ledger.add(9007199254740993n);
  assert.ok(ledger.has(9007199254740993n));
  assert.not.ok(ledger.has(9007199254740992n));
  assert.not.ok(ledger.has(9007199254740992));
  assert.not.ok(ledger.has('9007199254740993'));
  for (const id of [9007199254740994n, 9007199254740995n]) ledger.add(id);
  assert.not.ok(ledger.has(9007199254740993n), 'the oldest is forgotten beyond the limit');
  assert.is(ledger.forgotten, 1);
});

test('which profiles run cancellation and id reuse', () => {
  assert.is(cancellationExtension(COURSE_PROFILE), undefined);
  assert.is(idReuseExtension(COURSE_PROFILE), undefined);
  assert.is(idReuseExtension(SPEC_2026_07_28), undefined);
  for (const p of [SPEC_2025_06_18, SPEC_2025_11_25, SPEC_2026_07_28]) assert.ok(cancellationExtension(p));
});

test.run();
