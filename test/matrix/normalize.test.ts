// Why: cells are compared by their normalized events, so what normalization sets aside (request
// ids, session ids, event ids, implementation names and versions) and what it keeps decides what
// the matrix calls a difference; this tests it alone, on hand-written traces.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compareCells, firstDifference } from '../../matrix/compare.ts';
import { idPlaceholder, normalizeMessage, normalizeTrace, PLACEHOLDER } from '../../matrix/normalize.ts';
import type { Trace, TraceEvent } from '../../trace/trace-schema.ts';

const stdio = (events: TraceEvent[]): Pick<Trace, 'events' | 'target'> => ({ target: { transport: 'stdio', command: ['server'] }, events });
const http = (events: TraceEvent[]): Pick<Trace, 'events' | 'target'> => ({ target: { transport: 'http', url: 'http://127.0.0.1:1/mcp' }, events });
const c2s = (message: unknown, exchange?: number): TraceEvent => ({ kind: 'message', direction: 'client_to_server', message, ...(exchange === undefined ? {} : { exchange }) });
const s2c = (message: unknown, exchange?: number, event_id?: string): TraceEvent =>
  ({ kind: 'message', direction: 'server_to_client', message, ...(exchange === undefined ? {} : { exchange }), ...(event_id === undefined ? {} : { event_id }) });

function session(firstId: number | string, names: { client: string; server: string }) {
  return stdio([
    c2s({ jsonrpc: '2.0', id: firstId, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: names.client, version: '9.9.9' } } }),
    s2c({ jsonrpc: '2.0', id: firstId, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: names.server, version: '0.1.0', title: 'Kept' } } }),
    c2s({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    s2c({ jsonrpc: '2.0', id: 'srv-7', method: 'ping' }),
    c2s({ jsonrpc: '2.0', id: 'srv-7', result: {} }),
    c2s({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: firstId, reason: 'late' } }),
  ]);
}

test('request ids, the ids responses and cancellations refer to, and implementation names and versions are set aside', () => {
  const a = normalizeTrace(session(0, { client: 'one', server: 'alpha' }));
  const b = normalizeTrace(session('x-1', { client: 'two', server: 'beta' }));
  assert.equal(a, b);
  const initialize = a[0] as { message: { id: string; params: { clientInfo: unknown } } };
  assert.is(initialize.message.id, idPlaceholder(1));
  assert.equal(initialize.message.params.clientInfo, { name: PLACEHOLDER.name, version: PLACEHOLDER.version });
  const result = a[1] as { message: { id: string; result: { serverInfo: unknown } } };
  assert.is(result.message.id, idPlaceholder(1));
  assert.equal(result.message.result.serverInfo, { name: PLACEHOLDER.name, version: PLACEHOLDER.version, title: 'Kept' });
  assert.is((a[3] as { message: { id: string } }).message.id, idPlaceholder(1), 'the server numbers its own ids');
  assert.is((a[4] as { message: { id: string } }).message.id, idPlaceholder(1), 'a response takes the id of the request it answers');
  assert.is((a[5] as { message: { params: { requestId: string } } }).message.params.requestId, idPlaceholder(1));
});

test('everything else is kept: a different value, a missing member and the order of messages make a difference', () => {
  const base = normalizeTrace(session(0, { client: 'c', server: 's' }));
  const changed = session(0, { client: 'c', server: 's' });
  (changed.events[1] as { message: { result: { protocolVersion: string } } }).message.result.protocolVersion = '2025-06-18';
  assert.equal(firstDifference(base, normalizeTrace(changed)), { pointer: '/1/message/result/protocolVersion', expected: '2025-11-25', found: '2025-06-18' });
  const dropped = session(0, { client: 'c', server: 's' });
  delete (dropped.events[1] as { message: { result: { capabilities?: unknown } } }).message.result.capabilities;
  assert.equal(firstDifference(base, normalizeTrace(dropped)), { pointer: '/1/message/result/capabilities', expected: { tools: {} } });
  const shorter = stdio(session(0, { client: 'c', server: 's' }).events.slice(0, 5));
  assert.equal(firstDifference(base, normalizeTrace(shorter))?.pointer, '/5');
  // Two ids the same sender used are still told apart.
  const twice = normalizeMessage({ jsonrpc: '2.0', id: 7, method: 'ping' }, 'client_to_server', { of: (_d, id) => (id === 7 ? '<id 1>' : '<id 2>') });
  assert.equal(twice, { jsonrpc: '2.0', id: '<id 1>', method: 'ping' });
  assert.equal(firstDifference({ a: '~/x' }, { a: '~/y' }), { pointer: '/a', expected: '~/x', found: '~/y' });
  assert.equal(firstDifference({ 'a/b': 1 }, { 'a/b': 2 })?.pointer, '/a~1b');
});

test('over HTTP exchanges are compared: session and event ids set aside, GET streams after the POSTs whenever they opened', () => {
  const run = (getFirst: boolean, session: string, eventId: string) => {
    const post = [
      { kind: 'http_request', exchange: getFirst ? 1 : 0, method: 'POST', headers: { 'mcp-session-id': session, accept: 'application/json, text/event-stream' } },
      c2s({ jsonrpc: '2.0', id: 4, method: 'ping' }, getFirst ? 1 : 0),
      { kind: 'http_response', exchange: getFirst ? 1 : 0, status: 200, headers: { 'content-type': 'text/event-stream' } },
      s2c({ jsonrpc: '2.0', id: 4, result: {} }, getFirst ? 1 : 0, eventId),
    ] as TraceEvent[];
    const get = [
      { kind: 'http_request', exchange: getFirst ? 0 : 1, method: 'GET', headers: { 'mcp-session-id': session, 'last-event-id': eventId } },
      { kind: 'http_response', exchange: getFirst ? 0 : 1, status: 405, headers: {} },
    ] as TraceEvent[];
    return normalizeTrace(http(getFirst ? [...get, ...post] : [...post, ...get]));
  };
  const a = run(false, 'session-1', '17');
  assert.equal(a, run(true, 'session-9', 'abc'));
  assert.equal(a[0], {
    method: 'POST',
    request: { 'mcp-session-id': PLACEHOLDER.session, accept: 'application/json, text/event-stream' },
    sent: [{ direction: 'client_to_server', message: { jsonrpc: '2.0', id: idPlaceholder(1), method: 'ping' } }],
    status: 200,
    response: { 'content-type': 'text/event-stream' },
    received: [{ direction: 'server_to_client', message: { jsonrpc: '2.0', id: idPlaceholder(1), result: {} }, event_id: PLACEHOLDER.event }],
  });
  assert.equal((a[1] as { method: string; request: unknown }).request, { 'mcp-session-id': PLACEHOLDER.session, 'last-event-id': PLACEHOLDER.event });
});

test('each group is compared with the traffic most of its cells share; a tie goes to the first cell', () => {
  const same = [{ m: 1 }];
  const other = [{ m: 2 }];
  const differences = compareCells([
    { id: 'a', group: 'stdio x', events: other },
    { id: 'b', group: 'stdio x', events: same },
    { id: 'c', group: 'stdio x', events: same },
    { id: 'd', group: 'http x', events: other },
    { id: 'e', group: 'http x', events: same },
  ]);
  assert.equal([...differences.keys()], ['a', 'e']);
  assert.equal(differences.get('a'), { rule: 'matrix/cell-differs', reference: 'b', pointer: '/0/m', expected: 1, found: 2 });
  assert.equal(differences.get('e'), { rule: 'matrix/cell-differs', reference: 'd', pointer: '/0/m', expected: 2, found: 1 });
  assert.equal(compareCells([{ id: 'a', group: 'g', events: same }, { id: 'b', group: 'g', events: [{ m: 1 }] }]).size, 0);
});

test.run();
