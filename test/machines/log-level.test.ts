import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CallEvent } from '../../machines/extension.ts';
import { LogLevelExtension } from '../../machines/log-level-extension.ts';

const request = (id: number, level?: string): CallEvent => ({
  direction: 'client_to_server', kind: 'request', id, method: 'tools/call',
  params: { _meta: level ? { 'io.modelcontextprotocol/logLevel': level } : {} },
});
const log = (level: string): CallEvent => ({ direction: 'server_to_client', kind: 'notification', id: undefined, method: 'notifications/message', params: { level, data: 'x' } });
const answered = (e: LogLevelExtension, id: number) =>
  e.acceptResponse({ id, method: 'tools/call', params: undefined, revision: undefined, subject: undefined, tenant: undefined }, true, {}, 'server_to_client');
const rules = (e: LogLevelExtension, c: CallEvent) => e.checkCall(c).map((f) => `${f.rule} ${f.severity}`);

test('a log message needs a request in flight that asked for logs', () => {
  const e = new LogLevelExtension();
  assert.equal(rules(e, log('info')), ['stateless/log-without-level error']);
  e.acceptCall(request(1));
  assert.equal(rules(e, log('info')), ['stateless/log-without-level error']);
  e.acceptCall(request(2, 'info'));
  assert.equal(rules(e, log('info')), []);
  answered(e, 2);
  assert.equal(rules(e, log('info')), ['stateless/log-without-level error']);
});

test('below the least severe level asked for is a warning; other directions and methods are ignored', () => {
  const e = new LogLevelExtension();
  e.acceptCall(request(1, 'warning'));
  assert.equal(rules(e, log('debug')), ['stateless/log-below-level warning']);
  assert.equal(rules(e, log('error')), []);
  e.acceptCall(request(2, 'debug'));
  assert.equal(rules(e, log('debug')), []);
  assert.equal(rules(e, { ...log('debug'), direction: 'client_to_server' }), []);
  assert.equal(rules(e, request(3)), []);
});

test.run();
