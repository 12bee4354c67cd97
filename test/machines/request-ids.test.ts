import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isFlat } from '../../machines/flat-machine.ts';
import { GatedActor } from '../../machines/gated-actor.ts';
import { IdLedger } from '../../machines/id-ledger.ts';
import { IdSet, LedgerIds, requestIdsMachine, type RequestIdsEvent } from '../../machines/request-ids.ts';
import { Session } from '../../machines/session.ts';
import { idKey } from '../../validators/envelope.ts';
import { SPEC_2025_11_25 } from '../../validators/profiles.ts';
import { c2s, play, readySession, s2c } from './spec-session.ts';
import { transcript } from './transcript.ts';

const request = (id: string | number, outstanding = false): RequestIdsEvent => ({ type: 'request', id, outstanding });
const recorded = (id: string | number): RequestIdsEvent => ({ type: 'recorded', id });
const failed: RequestIdsEvent = { type: 'initialize.failed' };

function run(events: readonly RequestIdsEvent[], used = new IdSet()): string[] {
  return transcript(requestIdsMachine, { direction: 'client_to_server', used }, events).map((s) => `${s.state} ${s.rules.join(',')}`.trim());
}

test('the request-ids chart runs on a flat table', () => {
  assert.ok(isFlat(requestIdsMachine));
});

test('isReused: an id the sender used before is rejected; a fresh one is not', () => {
  assert.equal(run([request(2), recorded(2), request(3), recorded(3), request(2), request('2')]), [
    '"session"', '"session"', '"session"', '"session"', '"session" correlation/id-reused', '"session"',
  ]);
});

test('an outstanding duplicate is the correlation\'s finding, not a reuse', () => {
  assert.equal(run([recorded(2), request(2, true), request(2, false)]), ['"session"', '"session"', '"session" correlation/id-reused']);
});

test('a request only judged (never recorded, because another check rejected it) leaves its id unused', () => {
  assert.equal(run([request(2), request(2)]), ['"session"', '"session"']);
});

test('startOver: after a failed initialize every id is free again, and used once more when recorded', () => {
  assert.equal(run([recorded(1), recorded(2), failed, request(1), request(2), recorded(1), request(1)]), [
    '"session"', '"session"', '"session"', '"session"', '"session"', '"session"', '"session" correlation/id-reused',
  ]);
});

test('the session ledger is bounded: the chart reads and records through it, and a snapshot keeps its size', () => {
  const ledger = new IdLedger(2);
  const actor = new GatedActor(requestIdsMachine, { direction: 'server_to_client', used: new LedgerIds(ledger) });
  const before = actor.snapshot;
  for (const id of [1, 3, 5, 7]) actor.send(recorded(id));
  assert.is(before.context.used.size, 0);
  assert.is(actor.snapshot.context.used.size, 2);
  assert.is(ledger.forgotten, 2);
  assert.equal(actor.judge(request(7)).map((f) => `${f.rule} ${f.pointer}`), ['correlation/id-reused /message/id']);
  assert.match(actor.judge(request(7))[0]!.message, /already used by the server/);
  // A forgotten id may be reused unnoticed, but is never reported when it was not used.
  assert.equal(actor.judge(request(1)), []);
  assert.equal(actor.judge(request(2)), []);
  actor.send(failed);
  assert.equal(actor.judge(request(7)), []);
  actor.stop();
});

test('the persistent id set branches: a change returns a new set', () => {
  const empty = new IdSet();
  const one = empty.with(2);
  assert.ok(one.has(2) && !empty.has(2) && !one.has('2'));
  assert.is(one.with(2), one);
  assert.is(one.cleared().size, 0);
  assert.equal(JSON.parse(JSON.stringify(one)), [idKey(2)]);
});

test('session: a request rejected by another check does not use its id', () => {
  const s = readySession(SPEC_2025_11_25);
  assert.equal(play(s, [
    c2s({ id: 2, method: 'tools/call', params: { name: 'no-such-tool-arguments', arguments: 5 } }),
    c2s({ id: 2, method: 'ping' }),
    s2c({ id: 2, result: {} }),
    c2s({ id: 2, method: 'ping' }),
  ]).map((f) => f.map((x) => x.split(' ')[0])), [
    ['tools/call-params'], [], [], ['correlation/id-reused'],
  ]);
});

test('session: an initialize answered with an error frees the server\'s ids too', () => {
  const s = new Session({ profile: SPEC_2025_11_25, tools: [] });
  const init = c2s({ id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } });
  assert.equal(play(s, [
    init,
    s2c({ id: 40, method: 'ping' }),
    c2s({ id: 40, result: {} }),
    s2c({ id: 40, method: 'ping' }),
    s2c({ id: 1, error: { code: -32602, message: 'Unsupported protocol version' } }),
    init,
    s2c({ id: 40, method: 'ping' }),
  ]), [[], [], [], ['correlation/id-reused /message/id'], ['lifecycle/initialize-failed /message'], [], []]);
});

test.run();
