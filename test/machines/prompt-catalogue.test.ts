import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { PendingRequest } from '../../machines/correlation.ts';
import type { CallEvent } from '../../machines/extension.ts';
import { PromptCatalogue } from '../../machines/prompt-catalogue-extension.ts';

const get = (params: Record<string, unknown>): CallEvent => ({ direction: 'client_to_server', kind: 'request', id: 9, method: 'prompts/get', params });
const listed = (cursor?: string): PendingRequest => ({
  id: 1, method: 'prompts/list', params: cursor ? { cursor } : undefined, revision: undefined, subject: undefined, tenant: undefined,
});
const page = (...names: string[]) => ({ prompts: names.map((name) => ({ name, arguments: [{ name: 'a', required: true }, { name: 'b' }] })) });
const rules = (c: PromptCatalogue, call: CallEvent) => c.checkCall(call).map((f) => `${f.rule} ${f.pointer}`);

test('nothing is checked before the prompts are listed', () => {
  assert.equal(rules(new PromptCatalogue(), get({ name: 'anything', arguments: { z: '1' } })), []);
});

// An unknown prompt and an undeclared argument are no finding (no line forbids either; the server
// answers an invalid name -32602); a missing required argument still is.
test('after a listing: missing required arguments; an unknown prompt or an undeclared argument is no finding', () => {
  const c = new PromptCatalogue();
  c.acceptResponse(listed(), true, page('p1'), 'server_to_client');
  assert.equal(rules(c, get({ name: 'p1', arguments: { a: 'x', b: 'y' } })), []);
  assert.equal(rules(c, get({ name: 'p2' })), []);
  assert.equal(rules(c, get({ name: 'p1' })), ['prompts/missing-argument /message/params/arguments']);
  assert.equal(rules(c, get({ name: 'p1', arguments: { a: 'x', c: 'z' } })), []);
});

test('pages accumulate; a new listing starts over; list_changed forgets; failed lists teach nothing', () => {
  const c = new PromptCatalogue();
  c.acceptResponse(listed(), true, page('p1'), 'server_to_client');
  c.acceptResponse(listed('next'), true, page('p2'), 'server_to_client');
  assert.equal(rules(c, get({ name: 'p2', arguments: { a: '1' } })), []);
  c.acceptResponse(listed(), true, page('p3'), 'server_to_client');
  assert.equal(rules(c, get({ name: 'p3' })), ['prompts/missing-argument /message/params/arguments'], 'the new listing is the catalogue');
  assert.equal(rules(c, get({ name: 'p1' })), [], 'p1 left the catalogue: nothing known of its arguments');
  c.acceptCall({ direction: 'server_to_client', kind: 'notification', id: undefined, method: 'notifications/prompts/list_changed', params: undefined });
  assert.equal(rules(c, get({ name: 'p1' })), []);
  c.acceptResponse(listed(), false, undefined, 'server_to_client');
  assert.equal(rules(c, get({ name: 'p1' })), []);
});

test('a list_changed in the middle of a listing leaves its later pages unknown (not a partial catalogue) until a listing starts again', () => {
  const c = new PromptCatalogue();
  c.acceptResponse(listed(), true, page('p1'), 'server_to_client');
  c.acceptCall({ direction: 'server_to_client', kind: 'notification', id: undefined, method: 'notifications/prompts/list_changed', params: undefined });
  c.acceptResponse(listed('next'), true, page('p2'), 'server_to_client');
  assert.equal(rules(c, get({ name: 'p2' })), [], 'a page after the change: not a catalogue');
  c.acceptResponse(listed(), true, page('p3'), 'server_to_client');
  assert.equal(rules(c, get({ name: 'p3' })), ['prompts/missing-argument /message/params/arguments'], 'a listing started again: judged');
});

test.run();
