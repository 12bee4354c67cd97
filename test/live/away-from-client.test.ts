// Why: a tools/list with the old listing's cursor after notifications/tools/list_changed is what a
// correct client does when it finishes paging; judged again from any trace it is no finding.
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

// pagination: "Clients MUST treat cursors as opaque tokens", and no line makes a cursor stale after
// notifications/tools/list_changed: a client that finishes paging with the old cursor breaks
// nothing, wherever its messages were recorded (tools/stale-cursor is retired).
test('an old cursor after the change is no finding, from a tap, a judging server or the client\'s side, before or after a new listing', () => {
  for (const mode of ['tap', 'check-client', 'check']) {
    assert.equal(rules(mode, [...listing, ...oldCursor(3)]), [], mode);
    const relisted = [...listing, c2s({ id: 3, method: 'tools/list' }), s2c({ id: 3, result: { tools: [] } }), ...oldCursor(4)];
    assert.equal(rules(mode, relisted), [], mode);
  }
});

test.run();
