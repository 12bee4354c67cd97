// Why: 2026-07-28, Subscriptions, Acknowledgment: "The server MUST send
// notifications/subscriptions/acknowledged as the first message carrying the subscription's ID";
// Graceful Closure: the closing result carries that ID "like every other message on the stream".
// So a listen closed by its result before any acknowledgement is stateless/acknowledged-not-first
// (a late acknowledgement after it is the same defect, not a second finding). A listen answered
// with a JSON-RPC error (-32603 Internal error included) opens no subscription and carries no
// subscription id: no line of the page forbids refusing it, so it is no finding.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Session, type Step } from '../../machines/session.ts';
import { SPEC_2026_07_28 } from '../../validators/profiles.ts';

const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' },
};
const SUB = 'io.modelcontextprotocol/subscriptionId';
const c2s = (message: object): Step => ({ direction: 'client_to_server', message: { jsonrpc: '2.0', ...message } });
const s2c = (message: object): Step => ({ direction: 'server_to_client', message: { jsonrpc: '2.0', ...message } });
const listen = (id: number) => c2s({ id, method: 'subscriptions/listen', params: { _meta: meta, notifications: { toolsListChanged: true } } });
const ack = (id: number) => s2c({ method: 'notifications/subscriptions/acknowledged', params: { _meta: { [SUB]: id }, notifications: { toolsListChanged: true } } });
const closed = (id: number) => s2c({ id, result: { resultType: 'complete', _meta: { [SUB]: id } } });

function play(steps: readonly Step[]): string[][] {
  const s = new Session({ profile: SPEC_2026_07_28 });
  const out = steps.map((step) => s.feed(step).map((f) => `${f.rule} ${f.pointer}`));
  s.stop();
  return out;
}

test('a listen closed by its result before any acknowledgement is stateless/acknowledged-not-first at the result\'s subscription id', () => {
  assert.equal(play([listen(1), closed(1)]), [[], [`stateless/acknowledged-not-first /message/result/_meta/${SUB.replace('/', '~1')}`]]);
});

test('a late acknowledgement after that close is the same defect: one finding', () => {
  assert.equal(play([listen(1), closed(1), ack(1)]), [[], [`stateless/acknowledged-not-first /message/result/_meta/${SUB.replace('/', '~1')}`], []]);
});

test('acknowledged, then closed gracefully: no finding; another listen alongside is judged on its own', () => {
  assert.equal(play([listen(1), ack(1), closed(1)]), [[], [], []]);
  assert.equal(play([listen(1), closed(1), listen(2), ack(2), closed(2), ack(1), ack(3)]).map((f) => f.map((x) => x.split(' ')[0])),
    [[], ['stateless/acknowledged-not-first'], [], [], [], [], ['stateless/acknowledged-unknown-subscription']]);
});

test('a listen refused with -32603 Internal error (or any error) is no finding', () => {
  assert.equal(play([listen(1), s2c({ id: 1, error: { code: -32603, message: 'Internal error' } })]), [[], []]);
});

test.run();
