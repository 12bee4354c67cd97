import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { listenMachine, type ListenEvent, type ListenFilter } from '../../machines/listen.ts';
import { isFlat } from '../../machines/flat-machine.ts';
import { transcript } from './transcript.ts';

const A = 'file:///a';
const B = 'file:///b';
const asked: ListenFilter = { flags: ['toolsListChanged'], resources: [A] };
const listen: ListenEvent = { type: 'listen', id: 'l1', requested: asked };
const ack = (agreed: ListenFilter = asked, id: unknown = 'l1'): ListenEvent => ({ type: 'acknowledged', id, agreed });
const toolsChanged = (id: unknown = 'l1'): ListenEvent => ({ type: 'notification', id, method: 'notifications/tools/list_changed', flag: 'toolsListChanged', uri: undefined });
const promptsChanged: ListenEvent = { type: 'notification', id: 'l1', method: 'notifications/prompts/list_changed', flag: 'promptsListChanged', uri: undefined };
const updated = (uri: string): ListenEvent => ({ type: 'notification', id: 'l1', method: 'notifications/resources/updated', flag: 'resourceSubscriptions', uri });
const result = (subscriptionId: unknown): ListenEvent => ({ type: 'result', id: 'l1', subscriptionId });
const closed: ListenEvent = { type: 'closed' };

function run(events: readonly ListenEvent[]): string[] {
  return transcript(listenMachine, undefined, events).map((s) => `${s.state} ${s.rules.join(',')}`.trim());
}

test('the listen chart runs on a flat table', () => {
  assert.ok(isFlat(listenMachine));
});

test('listen -> acknowledged -> the opted-in notifications -> the closing result', () => {
  assert.equal(run([listen, ack(), toolsChanged(), updated(A), result('l1'), closed]), [
    '"awaiting_ack"', '"open"', '"open"', '"open"', '"open"', '"idle"',
  ]);
});

test('the acknowledgement is first, once, and agrees only to what was asked', () => {
  assert.equal(run([listen, toolsChanged()]), ['"awaiting_ack"', '"awaiting_ack" stateless/not-acknowledged']);
  assert.equal(run([listen, ack(), ack()]), ['"awaiting_ack"', '"open"', '"open" stateless/acknowledged-not-first']);
  assert.equal(run([listen, ack({ flags: ['toolsListChanged', 'promptsListChanged'], resources: [A] })]),
    ['"awaiting_ack"', '"awaiting_ack" stateless/acknowledged-not-requested']);
  assert.equal(run([listen, ack({ flags: [], resources: [B] })]), ['"awaiting_ack"', '"awaiting_ack" stateless/acknowledged-not-requested']);
  // Agreeing to less than was asked is allowed.
  assert.equal(run([listen, ack({ flags: [], resources: [A] })]), ['"awaiting_ack"', '"open"']);
  assert.equal(run([listen, result('l1')]), ['"awaiting_ack"', '"awaiting_ack" stateless/acknowledged-not-first']);
  // An answer without the subscription id (an error) ends it quietly.
  assert.equal(run([listen, result(undefined), closed]), ['"awaiting_ack"', '"awaiting_ack"', '"idle"']);
});

test('notifications follow what was acknowledged, not what was asked', () => {
  assert.equal(run([listen, ack({ flags: [], resources: [A] }), toolsChanged()]), ['"awaiting_ack"', '"open"', '"open" stateless/not-listened']);
  assert.equal(run([listen, ack(), promptsChanged]), ['"awaiting_ack"', '"open"', '"open" stateless/not-listened']);
  assert.equal(run([listen, ack(), updated(B)]), ['"awaiting_ack"', '"open"', '"open" stateless/resource-not-listened']);
  assert.equal(run([listen, ack(), updated(A)]), ['"awaiting_ack"', '"open"', '"open"']);
});

test('an id no stream holds: acknowledgement, notification, server cancellation and a result naming another', () => {
  assert.equal(run([ack()]), ['"idle" stateless/acknowledged-unknown-subscription']);
  assert.equal(run([toolsChanged('l9')]), ['"idle" stateless/subscription-unknown']);
  assert.equal(run([{ type: 'cancelled', id: 'l9', by: 'server_to_client' }]), ['"idle" stateless/server-cancel-not-listen']);
  assert.equal(run([{ type: 'cancelled', id: 'l9', by: 'client_to_server' }]), ['"idle"']);
  assert.equal(run([result('l2')]), ['"idle" stateless/listen-result']);
  assert.equal(run([result('l1')]), ['"idle"']);
});

test('a cancellation by either side ends the stream; the id may be listened under again', () => {
  assert.equal(run([listen, ack(), { type: 'cancelled', id: 'l1', by: 'server_to_client' }, toolsChanged()]),
    ['"awaiting_ack"', '"open"', '"idle"', '"idle" stateless/subscription-unknown']);
  assert.equal(run([listen, { type: 'cancelled', id: 'l1', by: 'client_to_server' }, ack()]),
    ['"awaiting_ack"', '"idle"', '"idle" stateless/acknowledged-unknown-subscription']);
  assert.equal(run([listen, ack(), closed, listen, ack()]), ['"awaiting_ack"', '"open"', '"idle"', '"awaiting_ack"', '"open"']);
});

test('a listen result names the subscription of the request it answers, in every state', () => {
  assert.equal(run([listen, result('l2')]), ['"awaiting_ack"', '"awaiting_ack" stateless/listen-result']);
  assert.equal(run([listen, ack(), result('l2')]), ['"awaiting_ack"', '"open"', '"open" stateless/listen-result']);
  assert.equal(run([listen, ack(), result(1)]), ['"awaiting_ack"', '"open"', '"open" stateless/listen-result']);
});

test.run();
