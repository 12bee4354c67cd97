// Why: the oracles of a deep run are rules like any other: each is judged from the trace's own
// messages (so validate and replay reach the same verdict) and has a case that breaks it and one
// that does not. A request between the initialize result and notifications/initialized may be
// served or refused; an answer must carry its own request's marker, in whatever order answers
// come, and a late answer to a cancelled request is no failure; what answers a request whose id
// the checker reused on purpose is at most a robustness warning.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LiveJudge, type ProbeKind } from '../../live/live-judge.ts';

const init = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } });
const answer = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } });
const initialized = '{"jsonrpc":"2.0","method":"notifications/initialized"}';

type Line = [dir: 'c' | 's', message: unknown, probe?: ProbeKind];
function rules(lines: Line[]): [number, string, string][] {
  const j = new LiveJudge();
  lines.forEach(([dir, message, probe], i) => j.text(i, dir === 'c' ? 'client_to_server' : 'server_to_client', typeof message === 'string' ? message : JSON.stringify(message), probe));
  return j.finish().findings.map((f) => [f.event, f.rule, f.pointer]);
}

const call = (id: number, marker: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: { text: `mcp-statechart-marker-${marker}` } } });
const echoed = (id: number, marker: number) => ({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: `mcp-statechart-marker-${marker}` }] } });
const cancel = (id: number) => ({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'r' } });
const HANDSHAKE: Line[] = [['c', init], ['s', answer], ['c', initialized]];

test('a request before notifications/initialized: served with a result or refused with an error, both fine', () => {
  const early: Line = ['c', { jsonrpc: '2.0', id: 2, method: 'tools/list' }, 'before-initialized'];
  assert.equal(rules([['c', init], ['s', answer], early, ['s', { jsonrpc: '2.0', id: 2, result: { tools: [] } }], ['c', initialized]]), []);
  assert.equal(rules([['c', init], ['s', answer], early, ['s', { jsonrpc: '2.0', id: 2, error: { code: -32600, message: 'not initialized' } }], ['c', initialized]]), []);
  assert.equal(rules([['c', init], ['c', { jsonrpc: '2.0', id: 2, method: 'tools/list' }], ['s', answer]]), [[1, 'lifecycle/request-before-initialize-result', '/message']],
    'before the initialize result, a request not marked as a probe is the client\'s SHOULD NOT');
});

test('probe/answer-of-another-request: swapped answers after a cancellation; answers in any order and a late own answer are fine', () => {
  const calls: Line[] = [...HANDSHAKE, ['c', call(2, 1)], ['c', call(3, 2)], ['c', cancel(2)]];
  assert.equal(rules([...calls, ['s', echoed(3, 1)], ['s', echoed(2, 2)]]), [
    [6, 'probe/answer-of-another-request', '/message/result'],
    [7, 'probe/answer-of-another-request', '/message/result'],
  ]);
  assert.equal(rules([...calls, ['s', echoed(3, 2)], ['s', echoed(2, 1)]]), [], 'the late answer to the cancelled call is its own');
  assert.equal(rules([...HANDSHAKE, ['c', call(2, 1)], ['c', call(3, 2)], ['s', echoed(3, 2)], ['s', echoed(2, 1)]]), [], 'answers in reverse order');
});

test('two requests with one id: each answer must carry one of their markers, each marker once', () => {
  const pair: Line[] = [...HANDSHAKE, ['c', call(2, 1)], ['c', call(2, 2), 'duplicate-id']];
  assert.equal(rules([...pair, ['s', echoed(2, 2)], ['s', echoed(2, 1)]]), [], 'the duplicate itself is the probe, not a finding; both answered');
  assert.equal(rules([...pair, ['s', echoed(2, 2)], ['s', echoed(2, 2)]]), [[6, 'probe/answer-to-reused-id', '/message/result']], 'a warning: the checker reused the id');
});

test('a reused id is the probe: its own finding is not reported, its answer is judged', () => {
  const reused: Line[] = [...HANDSHAKE, ['c', call(2, 1)], ['s', echoed(2, 1)], ['c', call(2, 2), 'reused-id']];
  assert.equal(rules([...reused, ['s', echoed(2, 2)]]), []);
  assert.equal(rules([...reused, ['s', echoed(2, 1)]]), [[6, 'probe/answer-to-reused-id', '/message/result']]);
});

test.run();
