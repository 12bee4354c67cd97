// Why: a tap and a judging server record the client's messages where the server sees them, so a
// tools/list with an old cursor recorded after notifications/tools/list_changed may have been
// sent before the client read the change: judged again from such a trace it is no stale cursor
// until the client has started a new listing; from a client's own trace it is one at once.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { judgeTrace } from '../../live/trace-judge.ts';
import type { Trace } from '../../trace/trace-schema.ts';

const c2s = (message: object) => ({ kind: 'message', direction: 'client_to_server', message: { jsonrpc: '2.0', ...message } });
const s2c = (message: object) => ({ kind: 'message', direction: 'server_to_client', message: { jsonrpc: '2.0', ...message } });

const listing = [
  c2s({ id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } }),
  s2c({ id: 1, result: { protocolVersion: '2025-11-25', capabilities: { tools: { listChanged: true } }, serverInfo: { name: 's', version: '1' } } }),
  c2s({ method: 'notifications/initialized' }),
  c2s({ id: 2, method: 'tools/list' }),
  s2c({ id: 2, result: { tools: [{ name: 'a', inputSchema: { type: 'object' } }], nextCursor: 'old' } }),
  s2c({ method: 'notifications/tools/list_changed' }),
];
const oldCursor = (id: number) => [c2s({ id, method: 'tools/list', params: { cursor: 'old' } }), s2c({ id, result: { tools: [] } })];

function rules(mode: string, events: object[]): string[] {
  const trace = {
    mcp_statechart_trace: 1, generator: 'test', mode, target: { transport: 'stdio' }, options: {}, profile: '2025-11-25', protocol_version: '2025-11-25',
    capabilities: { client: {}, server: {} }, events, findings: [], cleanup: {}, status: 'pass',
  } as unknown as Trace;
  return judgeTrace(trace).findings.map((f) => `${f.rule} @${f.event}`);
}

test('from a tap or a judging server, an old cursor right after the change is no finding; after a new listing it is', () => {
  for (const mode of ['tap', 'check-client']) {
    assert.equal(rules(mode, [...listing, ...oldCursor(3)]), [], mode);
    const relisted = [...listing, c2s({ id: 3, method: 'tools/list' }), s2c({ id: 3, result: { tools: [] } }), ...oldCursor(4)];
    assert.equal(rules(mode, relisted), ['tools/stale-cursor @8'], mode);
  }
});

test('from the client\'s side (a live check\'s trace) the same old cursor is stale at once', () => {
  assert.equal(rules('check', [...listing, ...oldCursor(3)]), ['tools/stale-cursor @6']);
});

test.run();
