import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { PendingRequest } from '../../machines/correlation.ts';
import type { CallEvent } from '../../machines/extension.ts';
import { createActor } from 'xstate';
import { PromptCatalogue } from '../../machines/prompt-catalogue-extension.ts';
import { CATALOGUE_ENTRIES, promptCatalogueMachine, type PromptCatalogueEvent } from '../../machines/prompt-catalogue.ts';

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

/** Plays `steps` on a fresh chart: after each event, the state it is in and the rules it raised. */
function play(steps: readonly PromptCatalogueEvent[]): string[] {
  const actor = createActor(promptCatalogueMachine).start();
  let raised: string[] = [];
  actor.on('issue', (e) => raised.push(`${e.rule} ${e.pointer}`));
  const out = steps.map((e) => {
    raised = [];
    actor.send(e);
    return [String(actor.getSnapshot().value), ...raised].join(' ');
  });
  actor.stop();
  return out;
}

const P1 = { name: 'p1', required: ['a'] };
const ask = (name: string, args: Record<string, string> = {}): PromptCatalogueEvent => ({ type: 'get', name, arguments: args });
const pageOf = (cursor: string | undefined, ...prompts: { name: string; required: string[] }[]): PromptCatalogueEvent => ({ type: 'page', cursor, prompts });

test('the chart: unlisted, listed, forgotten; prompts/get is judged only against a listing', () => {
  assert.equal(play([
    ask('p1'),
    { type: 'list_changed' },
    pageOf('next', P1),
    ask('p1'),
    pageOf(undefined, P1),
    ask('p1'),
    ask('p1', { a: 'x' }),
    ask('p2'),
    pageOf(undefined, { name: 'p1', required: [] }),
    ask('p1'),
    pageOf('next', P1),
    ask('p1'),
    { type: 'list_changed' },
    ask('p1'),
  ]), [
    'unlisted',
    'forgotten',
    'forgotten',
    'forgotten',
    'listed',
    'listed prompts/missing-argument /message/params/arguments',
    'listed',
    'listed',
    'listed',
    'listed',
    'listed',
    'listed prompts/missing-argument /message/params/arguments',
    'forgotten',
    'forgotten',
  ]);
});

test('a prompts/get missing several required arguments is one finding naming them all', () => {
  const c = new PromptCatalogue();
  c.acceptResponse(listed(), true, { prompts: [{ name: 'p', arguments: [{ name: 'a', required: true }, { name: 'b', required: true }, { name: 'a', required: true }] }] }, 'server_to_client');
  const found = c.checkCall(get({ name: 'p' }));
  assert.equal(found.map((f) => `${f.rule} ${f.severity} ${f.pointer}`), ['prompts/missing-argument error /message/params/arguments']);
  assert.match(found[0]!.message, /requires arguments "a", "b", which are missing/);
  assert.equal(rules(c, get({ name: 'p', arguments: { b: '1' } })), ['prompts/missing-argument /message/params/arguments']);
  assert.match(c.checkCall(get({ name: 'p', arguments: { b: '1' } }))[0]!.message, /requires argument "a", which is missing/);
});

test('a rejected prompts/get changes nothing, and the view names the catalogue', () => {
  const c = new PromptCatalogue();
  assert.is(c.view(), 'not listed');
  c.acceptResponse(listed(), true, page('p1', 'p0'), 'server_to_client');
  assert.equal(rules(c, get({ name: 'p1' })), ['prompts/missing-argument /message/params/arguments']);
  assert.equal(c.view(), ['p0', 'p1']);
  c.acceptCall({ direction: 'server_to_client', kind: 'notification', id: undefined, method: 'notifications/prompts/list_changed', params: undefined });
  assert.is(c.view(), 'not listed');
  c.stop();
});

test('prompts beyond CATALOGUE_ENTRIES forget the oldest: a forgotten prompt is not checked, a kept one is', () => {
  const c = new PromptCatalogue();
  const names = Array.from({ length: CATALOGUE_ENTRIES + 1 }, (_, i) => `p${i}`);
  c.acceptResponse(listed(), true, page(...names), 'server_to_client');
  assert.equal(rules(c, get({ name: 'p0' })), []);
  assert.equal(rules(c, get({ name: `p${CATALOGUE_ENTRIES}` })), ['prompts/missing-argument /message/params/arguments']);
});

test.run();
