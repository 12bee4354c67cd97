// Why: a table bounded in entries alone still holds whatever a peer puts in each entry. These show
// each table of the session keeps within its byte bound, says what it left out where a finding
// rests on it (correlation/pending-bytes-limit, a warning of the checker's own), never invents a
// finding about what it forgot, and changes nothing for traffic of ordinary size.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BoundedMap } from '../../machines/bounded-map.ts';
import { keyChars, sizeEstimate } from '../../machines/byte-budget.ts';
import { PENDING_BYTES } from '../../machines/correlation.ts';
import { IdLedger } from '../../machines/id-ledger.ts';
import { Session, TOOLS_BYTES, type Step } from '../../machines/session.ts';
import { SUBSCRIPTION_CHARS } from '../../machines/subscriptions.ts';
import { ToolListing, LISTING_CHARS } from '../../machines/tool-listing.ts';
import { RequestMemory, REMEMBERED_BYTES } from '../../judge/judge.ts';
import type { Profile } from '../../validators/context.ts';
import { COURSE_PROFILE, SPEC_2025_11_25 } from '../../validators/profiles.ts';

const V = '2025-11-25';
const c2s = (message: object): Step => ({ direction: 'client_to_server', message: { jsonrpc: '2.0', ...message } });
const s2c = (message: object): Step => ({ direction: 'server_to_client', message: { jsonrpc: '2.0', ...message } });
const rules = (s: Session, st: Step) => s.feed(st).map((f) => f.rule);

function ready(profile: Profile, capabilities: object = { tools: {}, resources: { subscribe: true } }): Session {
  const s = new Session({ profile });
  assert.equal(rules(s, c2s({ id: 0, method: 'initialize', params: { protocolVersion: V, capabilities: {}, clientInfo: { name: 'c', version: '1' } } })), []);
  assert.equal(rules(s, s2c({ id: 0, result: { protocolVersion: V, capabilities, serverInfo: { name: 's', version: '1' } } })), []);
  assert.equal(rules(s, c2s({ method: 'notifications/initialized' })), []);
  return s;
}

const MB = 1024 * 1024;

test('sizeEstimate counts strings, member names and slots; keyChars a key', () => {
  assert.is(sizeEstimate('abc'), 19);
  assert.is(sizeEstimate(5), 16);
  assert.is(sizeEstimate({ ab: 'xyz', n: [1, 'qq'] }), 16 + 2 + 3 + 16 + 1 + 16 + 16 + 2);
  assert.ok(sizeEstimate({ a: 'x'.repeat(MB) }) > MB);
  assert.is(keyChars('x'.repeat(100)), 116);
  assert.is(keyChars(7), 16);
});

test('BoundedMap with a byte bound forgets the oldest until it fits, always keeps the newest, and counts a replaced entry once', () => {
  const map = new BoundedMap<string, string>(100, undefined, { maxBytes: 1000, sizeOf: (k, v) => k.length + v.length });
  for (let i = 0; i < 9; i++) map.set(`k${i}`, 'v'.repeat(98));
  assert.is(map.size, 9);
  assert.not.ok(map.forgotten);
  map.set('k0', 'v'.repeat(98));
  assert.is(map.bytes, 900);
  map.set('k9', 'v'.repeat(198));
  assert.ok(map.forgotten);
  assert.ok(map.bytes <= 1000, `${map.bytes}`);
  assert.ok(map.has('k9'));
  assert.not.ok(map.has('k1'), 'the oldest went first');
  map.set('huge', 'v'.repeat(5000));
  assert.equal([...map.entries()].map(([k]) => k), ['huge'], 'the newest is kept even alone over the bound');
  map.delete('huge');
  assert.is(map.bytes, 0);
});

test('an id ledger keeps string ids within its characters, forgetting the oldest; integers are untouched', () => {
  const ledger = new IdLedger(65_536, 10_000);
  for (let i = 0; i < 30; i++) ledger.add(`${i}`.padEnd(1000, 'x'));
  assert.ok(ledger.chars <= 10_000);
  assert.ok(ledger.has(`${29}`.padEnd(1000, 'x')));
  assert.not.ok(ledger.has(`${0}`.padEnd(1000, 'x')));
  assert.is(ledger.forgotten, 20);
  ledger.add(1);
  ledger.add(2);
  assert.ok(ledger.has(2));
  assert.ok(ledger.delete(`${29}`.padEnd(1000, 'x')));
  assert.is(ledger.chars, 9000);
});

const TEXT_RESULT = { content: [{ type: 'text', text: 'done' }] };

for (const profile of [SPEC_2025_11_25, COURSE_PROFILE]) {
  test(`${profile.id}: past ${PENDING_BYTES / MB} MiB of pending params, a warning of the checker's own per request no longer tracked; their answers answer something once; the newest stay judged`, () => {
    const s = ready(profile);
    const big = 'a'.repeat(MB);
    const seen: string[] = [];
    const n = PENDING_BYTES / MB + 4;
    for (let id = 1; id <= n; id++) seen.push(...rules(s, c2s({ id, method: 'tools/call', params: { name: 'x', arguments: { big } } })));
    const warned = s.feed(c2s({ id: n + 1, method: 'ping' }));
    assert.equal(warned, []);
    assert.ok(seen.length >= 4 && seen.every((r) => r === 'correlation/pending-bytes-limit'), seen.join());
    const pending = s.view().pending.client_to_server;
    assert.is(pending.length, n + 1 - seen.length);
    assert.is(pending[0]!.id, seen.length + 1, 'the oldest went first');
    assert.equal(rules(s, s2c({ id: 1, result: TEXT_RESULT })), [], 'the answer to a request no longer tracked answers something, and a valid one draws nothing');
    assert.equal(rules(s, s2c({ id: 1, result: TEXT_RESULT })), ['correlation/no-matching-request'], 'once');
    assert.equal(rules(s, s2c({ id: 2, error: { code: -32603, message: 'failed' } })), [], 'an error answer to one draws nothing either');
    assert.equal(rules(s, s2c({ id: n + 1, result: {} })), [], 'the newest is tracked');
  });

  test(`${profile.id}: an answer to a request dropped for bytes is judged only for what its own shape shows, as a tracked one's is`, () => {
    const dropped = ready(profile);
    const big = 'a'.repeat(MB);
    const n = PENDING_BYTES / MB + 2;
    for (let id = 1; id <= n; id++) dropped.feed(c2s({ id, method: 'tools/call', params: { name: 'x', arguments: { big } } }));
    const tracked = ready(profile);
    tracked.feed(c2s({ id: 1, method: 'tools/call', params: { name: 'x', arguments: { big: 'small' } } }));
    // A result with no content is wrong whatever the request was: both judge it alike.
    const broken = { isError: 'no' };
    const fromDropped = rules(dropped, s2c({ id: 1, result: broken }));
    assert.ok(fromDropped.length > 0, 'a result broken in its own shape is still reported');
    assert.equal(fromDropped, rules(tracked, s2c({ id: 1, result: broken })), 'the same findings as for a tracked request');
    assert.ok(fromDropped.every((r) => r !== 'correlation/no-matching-request' && r !== 'correlation/pending-bytes-limit'), fromDropped.join());
  });

  test(`${profile.id}: an answer to a request dropped for bytes whose params were then forgotten too draws no result finding (nothing about it is known)`, () => {
    const s = ready(profile);
    const big = 'a'.repeat(3 * MB);
    // 16 MiB pending plus more than 8 MiB of untracked params: the oldest untracked keep no params.
    for (let id = 1; id <= 14; id++) s.feed(c2s({ id, method: 'tools/call', params: { name: 'x', arguments: { big } } }));
    assert.equal(rules(s, s2c({ id: 1, result: { isError: 'no' } })), [], 'no shape is judged against a request nothing is known of');
    assert.equal(rules(s, s2c({ id: 1, result: TEXT_RESULT })), ['correlation/no-matching-request'], 'and it was answered once');
  });
}

test('pending params of ordinary size draw no pending-bytes-limit warning, however many requests (within the entry bound)', () => {
  const s = ready(SPEC_2025_11_25);
  const seen = new Set<string>();
  for (let id = 1; id <= 1000; id++) for (const r of rules(s, c2s({ id, method: 'tools/call', params: { name: 'x', arguments: { text: 'y'.repeat(200) } } }))) seen.add(r);
  assert.equal([...seen], []);
  assert.is(s.view().pending.client_to_server.length, 1000);
});

test('subscriptions are kept within their characters: the oldest are forgotten, and then an update for one of them is not refused; a fresh URI is still judged', () => {
  const s = ready(SPEC_2025_11_25);
  const uri = (i: number) => `file:///${i}`.padEnd(400_000, 'u');
  const n = Math.ceil(SUBSCRIPTION_CHARS / 400_000) + 3;
  for (let i = 0; i < n; i++) {
    assert.equal(rules(s, c2s({ id: 100 + i, method: 'resources/subscribe', params: { uri: uri(i) } })), []);
    assert.equal(rules(s, s2c({ id: 100 + i, result: {} })), []);
  }
  const kept = s.view().subscriptions;
  assert.ok(kept.length < n && kept.length > 1, `${kept.length} kept`);
  assert.equal(rules(s, s2c({ method: 'notifications/resources/updated', params: { uri: uri(0) } })), [], 'forgotten: not refused');
  assert.equal(rules(s, s2c({ method: 'notifications/resources/updated', params: { uri: uri(n - 1) } })), [], 'kept: delivered');
  assert.equal(rules(s, c2s({ id: 9000, method: 'resources/subscribe', params: { uri: 'file:///fresh' } })), []);
  assert.equal(rules(s, s2c({ id: 9000, result: {} })), []);
  assert.equal(rules(s, c2s({ id: 9001, method: 'resources/unsubscribe', params: { uri: 'file:///fresh' } })), []);
});

test('without forgetting, an update nobody subscribed to is still refused (long URIs keyed by their digest alike)', () => {
  const s = ready(SPEC_2025_11_25);
  const long = 'file:///'.padEnd(500_000, 'l');
  assert.equal(rules(s, c2s({ id: 1, method: 'resources/subscribe', params: { uri: long } })), []);
  assert.equal(rules(s, s2c({ id: 1, result: {} })), []);
  assert.equal(rules(s, s2c({ method: 'notifications/resources/updated', params: { uri: long } })), []);
  assert.equal(rules(s, s2c({ method: 'notifications/resources/updated', params: { uri: `${long}x` } })), ['subscription/no-active-subscription']);
});

test(`tool descriptors past ${TOOLS_BYTES / MB} MiB: the oldest are forgotten, and a call naming one is not checked; a known tool is still checked`, () => {
  const s = ready(SPEC_2025_11_25);
  const listing = (page: number) => Array.from({ length: 100 }, (_, k) => ({ name: `t${page}_${k}`, description: 'd'.repeat(20_000), inputSchema: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] } }));
  let id = 1;
  assert.equal(rules(s, c2s({ id, method: 'tools/list' })), []);
  assert.equal(rules(s, s2c({ id, result: { tools: listing(0) } })), []);
  assert.equal(rules(s, c2s({ id: ++id, method: 'tools/call', params: { name: 'nope', arguments: {} } })), [], 'an unknown tool: no finding under the specification (tools/unknown-tool is the course profile\'s)');
  for (let page = 1; page <= Math.ceil(TOOLS_BYTES / 2_000_000) + 2; page++) {
    assert.equal(rules(s, c2s({ id: ++id, method: 'tools/list' })), []);
    assert.equal(rules(s, s2c({ id, result: { tools: listing(page) } })), []);
  }
  assert.equal(rules(s, c2s({ id: ++id, method: 'tools/call', params: { name: 't0_0', arguments: { a: 'x' } } })), [], 'forgotten: not unknown');
  const last = Math.ceil(TOOLS_BYTES / 2_000_000) + 2;
  assert.ok(rules(s, c2s({ id: ++id, method: 'tools/call', params: { name: `t${last}_0`, arguments: {} } })).length > 0, 'a kept tool is still checked against its schema');
});

test('a paged listing keeps its names within its characters; a name seen twice within the bound is still reported', () => {
  const listing = new ToolListing();
  const page = (names: string[]) => ({ tools: names.map((name) => ({ name, inputSchema: { type: 'object' } })), nextCursor: 'c' });
  listing.accept({}, page(['a']));
  assert.equal(listing.checkResult({ cursor: 'c' }, page(['a'])).map((f) => f.rule), ['tools/name-not-unique']);
  const long = (i: number) => `${i}`.padEnd(500_000, 'n');
  for (let i = 0; i < Math.ceil(LISTING_CHARS / 500_000) + 2; i++) listing.accept({ cursor: 'c' }, page([long(i)]));
  assert.equal(listing.checkResult({ cursor: 'c' }, page([long(0)])).map((f) => f.rule), [], 'forgotten: not reported');
  assert.equal(listing.checkResult({ cursor: 'c' }, page([long(Math.ceil(LISTING_CHARS / 500_000) + 1)])).map((f) => f.rule), ['tools/name-not-unique']);
});

test('the requests a judge remembers keep only their naming member and stay within their bytes; a long id is found under its stand-in', () => {
  const memory = new RequestMemory(65_536, 100_000);
  const id = 'i'.repeat(500_000);
  memory.request('client_to_server', id, 'tools/call', { name: 'echo', arguments: { big: 'b'.repeat(100_000) } }, 3);
  assert.equal(memory.get('client_to_server', id)?.params, { name: 'echo' });
  assert.is(memory.get('client_to_server', `${id}x`), undefined);
  for (let i = 0; i < 2000; i++) memory.request('client_to_server', i, 'resources/read', { uri: `file:///${i}`.padEnd(1000, 'u') }, i);
  assert.is(memory.get('client_to_server', 0), undefined, 'the oldest went first');
  assert.equal(memory.get('client_to_server', 1999)?.params, { uri: `file:///1999`.padEnd(1000, 'u') });
  assert.ok(REMEMBERED_BYTES >= 1024 * 1024);
});

test.run();
