import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { subscriptionMachine } from '../../machines/subscription.ts';
import { transcript } from './transcript.ts';

const input = { uri: 'kb://t/a', subject: 'alice', tenant: 't' };
const e = (type: string) => (type === 'update' ? { type, uri: 'kb://t/a' } : { type });
const run = (types: string[]) => transcript(subscriptionMachine, input, types.map(e)).map((s) => `${s.state} ${s.rules.join(',')}`.trim());

test('state changes only on a successful response', () => {
  assert.equal(run(['subscribe.sent', 'update', 'subscribe.succeeded', 'update']), [
    '"subscribing"', '"subscribing" subscription/no-active-subscription', '"active"', '"active"',
  ]);
});

test('a failed subscribe creates nothing; a failed unsubscribe keeps the subscription', () => {
  assert.equal(run(['subscribe.sent', 'subscribe.failed', 'update']), ['"subscribing"', '"idle"', '"idle" subscription/no-active-subscription']);
  assert.equal(run(['subscribe.sent', 'subscribe.succeeded', 'unsubscribe.sent', 'update', 'unsubscribe.failed', 'update']),
    ['"subscribing"', '"active"', '"unsubscribing"', '"unsubscribing"', '"active"', '"active"']);
  assert.equal(run(['subscribe.sent', 'subscribe.succeeded', 'unsubscribe.sent', 'unsubscribe.succeeded', 'update']),
    ['"subscribing"', '"active"', '"unsubscribing"', '"idle"', '"idle" subscription/no-active-subscription']);
});

test('revocation clears the subscription; unsubscribing nothing warns', () => {
  assert.equal(run(['subscribe.sent', 'subscribe.succeeded', 'revoke', 'update']), ['"subscribing"', '"active"', '"idle"', '"idle" subscription/no-active-subscription']);
  assert.equal(run(['subscribe.sent', 'revoke']), ['"subscribing"', '"idle"']);
  assert.equal(run(['unsubscribe.sent']), ['"idle" subscription/unsubscribe-not-subscribed']);
});

test('an unsubscribe sent before the subscribe is answered cancels it', () => {
  assert.equal(run(['subscribe.sent', 'unsubscribe.sent', 'update', 'subscribe.succeeded', 'unsubscribe.succeeded', 'update']),
    ['"subscribing"', '"cancelling"', '"cancelling" subscription/no-active-subscription', '"unsubscribing"', '"idle"', '"idle" subscription/no-active-subscription']);
  assert.equal(run(['subscribe.sent', 'unsubscribe.sent', 'unsubscribe.failed', 'subscribe.succeeded', 'update']),
    ['"subscribing"', '"cancelling"', '"subscribing"', '"active"', '"active"']);
  assert.equal(run(['subscribe.sent', 'unsubscribe.sent', 'unsubscribe.succeeded', 'subscribe.succeeded']), ['"subscribing"', '"cancelling"', '"idle"', '"idle"']);
  assert.equal(run(['subscribe.sent', 'unsubscribe.sent', 'subscribe.failed']), ['"subscribing"', '"cancelling"', '"idle"']);
  assert.equal(run(['subscribe.sent', 'unsubscribe.sent', 'revoke']), ['"subscribing"', '"cancelling"', '"idle"']);
});

// The course profile's reading: `strict` events, and another principal of the same tenant.
const HOLDER = { subject: 'alice', tenant: 't' };
const OTHER = { subject: 'bob', tenant: 't' };
const strict = (type: string, who = HOLDER) =>
  type === 'update' ? { type, uri: 'kb://t/a', who, strict: true }
    : type === 'subscribe.sent' || type === 'unsubscribe.sent' ? { type, who, strict: true }
      : type === 'revoke' ? { type, strict: true } : { type };
const runStrict = (events: object[]) => transcript(subscriptionMachine, input, events).map((s) => `${s.state} ${s.rules.join(',')}`.trim());

test('course profile: a repeated subscribe is refused while one is pending or active', () => {
  assert.equal(runStrict([strict('subscribe.sent'), strict('subscribe.sent')]), ['"subscribing"', '"subscribing" subscription/already-subscribed']);
  assert.equal(runStrict([strict('subscribe.sent'), strict('subscribe.succeeded'), strict('subscribe.sent', OTHER)]),
    ['"subscribing"', '"active"', '"active" subscription/already-subscribed']);
  assert.equal(runStrict([strict('subscribe.sent'), strict('subscribe.succeeded'), strict('unsubscribe.sent'), strict('subscribe.sent')]),
    ['"subscribing"', '"active"', '"unsubscribing"', '"unsubscribing" subscription/already-subscribed']);
});

test('course profile: an unsubscribe needs an active subscription of its own principal, one at a time', () => {
  assert.equal(runStrict([strict('unsubscribe.sent')]), ['"idle" subscription/unsubscribe-without-subscription']);
  assert.equal(runStrict([strict('subscribe.sent'), strict('unsubscribe.sent')]), ['"subscribing"', '"subscribing" subscription/unsubscribe-without-subscription']);
  assert.equal(runStrict([strict('subscribe.sent'), strict('subscribe.succeeded'), strict('unsubscribe.sent', OTHER)]),
    ['"subscribing"', '"active"', '"active" subscription/other-principal']);
  assert.equal(runStrict([strict('subscribe.sent'), strict('subscribe.succeeded'), strict('unsubscribe.sent'), strict('unsubscribe.sent')]),
    ['"subscribing"', '"active"', '"unsubscribing"', '"unsubscribing" subscription/unsubscribe-pending']);
});

test('course profile: updates go to the holder only', () => {
  assert.equal(runStrict([strict('subscribe.sent'), strict('subscribe.succeeded'), strict('update'), strict('update', OTHER)]),
    ['"subscribing"', '"active"', '"active"', '"active" subscription/other-principal']);
  assert.equal(runStrict([strict('subscribe.sent'), strict('subscribe.succeeded'), strict('unsubscribe.sent'), strict('update', OTHER)]),
    ['"subscribing"', '"active"', '"unsubscribing"', '"unsubscribing" subscription/other-principal']);
});

test('course profile: a switch revokes the active subscription only; a pending subscribe or unsubscribe stays pending', () => {
  assert.equal(runStrict([strict('subscribe.sent'), strict('revoke'), strict('subscribe.sent'), strict('subscribe.succeeded'), strict('update')]),
    ['"subscribing"', '"subscribing"', '"subscribing" subscription/already-subscribed', '"active"', '"active"']);
  assert.equal(runStrict([strict('subscribe.sent'), strict('subscribe.succeeded'), strict('revoke'), strict('update')]),
    ['"subscribing"', '"active"', '"idle"', '"idle" subscription/no-active-subscription']);
  const orphaned = [strict('subscribe.sent'), strict('subscribe.succeeded'), strict('unsubscribe.sent'), strict('revoke')];
  assert.equal(runStrict([...orphaned, strict('unsubscribe.succeeded')]),
    ['"subscribing"', '"active"', '"unsubscribing"', '"orphaned"', '"orphaned" subscription/unsubscribe-without-subscription']);
  assert.equal(runStrict([...orphaned, strict('unsubscribe.sent'), strict('update'), strict('unsubscribe.failed')]).slice(4),
    ['"orphaned" subscription/unsubscribe-without-subscription', '"orphaned" subscription/no-active-subscription', '"idle"']);
  assert.equal(runStrict([...orphaned, strict('subscribe.sent'), strict('subscribe.sent'), strict('unsubscribe.succeeded'), strict('subscribe.succeeded'), strict('unsubscribe.succeeded')]).slice(4),
    ['"resubscribing"', '"resubscribing" subscription/already-subscribed', '"resubscribing" subscription/unsubscribe-without-subscription', '"unsubscribing"', '"idle"']);
  assert.equal(runStrict([...orphaned, strict('subscribe.sent'), strict('subscribe.failed'), strict('subscribe.sent'), strict('unsubscribe.failed'), strict('subscribe.succeeded')]).slice(4),
    ['"resubscribing"', '"orphaned"', '"resubscribing"', '"subscribing"', '"active"']);
});

test.run();
