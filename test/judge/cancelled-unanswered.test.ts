// Why: a request its sender cancelled needs no answer, so the end of a judgement does not report it
// as never answered (a judging server that timed out its ping and cancelled it had both the
// timeout and the unanswered warning for one silence); one not cancelled still is.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BOTH_SENDERS, Judge } from '../../judge/judge.ts';
import type { Step } from '../../machines/session.ts';
import { SPEC_2025_11_25, SPEC_2026_07_28 } from '../../validators/profiles.ts';

const c2s = (message: object): Step => ({ direction: 'client_to_server', message: { jsonrpc: '2.0', ...message } });
const s2c = (message: object): Step => ({ direction: 'server_to_client', message: { jsonrpc: '2.0', ...message } });

function judged(steps: readonly Step[], profile = SPEC_2025_11_25): string[] {
  const judge = new Judge({ profile }, { unanswered: BOTH_SENDERS });
  const found = steps.flatMap((step, at) => judge.feed(step, at).findings.map((f) => `${f.rule} @${f.at}`));
  return [...found, ...judge.end().map((f) => `${f.rule} @${f.at}`)];
}

const HANDSHAKE: readonly Step[] = [
  c2s({ id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: { roots: {} }, clientInfo: { name: 'c', version: '1' } } }),
  s2c({ id: 1, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } }),
  c2s({ method: 'notifications/initialized' }),
];

test('a server request its sender cancelled is not reported unanswered; one it did not cancel is', () => {
  assert.equal(judged([...HANDSHAKE, s2c({ id: 7, method: 'ping' }), s2c({ method: 'notifications/cancelled', params: { requestId: 7, reason: 'no answer within the time limit' } })]), []);
  assert.equal(judged([...HANDSHAKE, s2c({ id: 7, method: 'ping' }), s2c({ id: 8, method: 'roots/list' }), s2c({ method: 'notifications/cancelled', params: { requestId: 8 } })]),
    ['correlation/unanswered-request @3']);
});

test('a client request the client cancelled is not reported unanswered; a cancellation by the other side settles nothing', () => {
  assert.equal(judged([...HANDSHAKE, c2s({ id: 2, method: 'tools/list' }), c2s({ method: 'notifications/cancelled', params: { requestId: 2 } })]), []);
  const crossed = judged([...HANDSHAKE, c2s({ id: 2, method: 'tools/list' }), s2c({ method: 'notifications/cancelled', params: { requestId: 2 } })]);
  assert.ok(crossed.includes('correlation/unanswered-request @3'), crossed.join());
});

// basic (2026-07-28), Statelessness: "Long-lived requests like subscriptions/listen remain
// request/response; the response is just an open stream of notifications."
test('a subscriptions/listen stream still open at the end is not unanswered; a tools/list left unanswered beside it is', () => {
  const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {}, 'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' } };
  const listen = c2s({ id: 1, method: 'subscriptions/listen', params: { _meta: META, notifications: { toolsListChanged: true } } });
  const ack = s2c({ method: 'notifications/subscriptions/acknowledged', params: { notifications: { toolsListChanged: true }, _meta: { 'io.modelcontextprotocol/subscriptionId': 1 } } });
  assert.equal(judged([listen, ack], SPEC_2026_07_28), []);
  assert.equal(judged([listen, ack, c2s({ id: 2, method: 'tools/list', params: { _meta: META } })], SPEC_2026_07_28), ['correlation/unanswered-request @2']);
});

// basic/utilities/ping: "The receiver MUST respond promptly with an empty response".
test('a ping its receiver never answers, though it sent other messages after it, is correlation/ping-unanswered (an error); one the capture may have cut is the warning', () => {
  const ping = s2c({ id: 7, method: 'ping' });
  assert.equal(judged([...HANDSHAKE, ping, c2s({ id: 2, method: 'tools/list' }), s2c({ id: 2, result: { tools: [] } })]), ['correlation/ping-unanswered @3']);
  assert.equal(judged([...HANDSHAKE, ping]), ['correlation/unanswered-request @3']);
  assert.equal(judged([...HANDSHAKE, ping, c2s({ id: 7, result: {} }), c2s({ id: 2, method: 'tools/list' }), s2c({ id: 2, result: { tools: [] } })]), []);
});

test.run();
