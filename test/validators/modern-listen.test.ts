// Why: a list-changed or resource-updated notification of 2026-07-28 travels only on a
// subscriptions/listen stream, so the message alone says whether it names one.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { validateListenedNotification } from '../../validators/modern-listen.ts';
import { pairs } from './support.ts';

const P = '/message/params';
const ON_STREAM = { _meta: { 'io.modelcontextprotocol/subscriptionId': 'l1' } };

test('stateless/subscription-id-missing: a listened notification without a subscription id in its _meta', () => {
  for (const method of ['notifications/tools/list_changed', 'notifications/prompts/list_changed', 'notifications/resources/list_changed']) {
    assert.equal(pairs(validateListenedNotification(method, undefined, P)), [`stateless/subscription-id-missing ${P}`], method);
    assert.equal(pairs(validateListenedNotification(method, { _meta: {} }, P)), [`stateless/subscription-id-missing ${P}`], method);
    assert.equal(pairs(validateListenedNotification(method, ON_STREAM, P)), [], method);
  }
  assert.equal(pairs(validateListenedNotification('notifications/resources/updated', { uri: 'file:///a' }, P)), [`stateless/subscription-id-missing ${P}`]);
  assert.equal(pairs(validateListenedNotification('notifications/resources/updated', { uri: 'file:///a', ...ON_STREAM }, P)), []);
});

test('other notifications are not sent on a listen stream: nothing to check', () => {
  assert.equal(pairs(validateListenedNotification('notifications/message', { level: 'info', data: 'x' }, P)), []);
  assert.equal(pairs(validateListenedNotification('notifications/progress', { progressToken: 1, progress: 1 }, P)), []);
});

test.run();
