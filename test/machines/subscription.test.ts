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

test.run();
