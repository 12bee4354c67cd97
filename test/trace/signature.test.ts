import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as v from 'valibot';
import { canonicalJson } from '../../trace/canonical-json.ts';
import { signatureOf, type FindingEvidence } from '../../trace/signature.ts';
import { TraceSchema } from '../../trace/trace-schema.ts';

const a: FindingEvidence = { rule: 'envelope/id-type', severity: 'error', direction: 'server_to_client', method: 'tools/list', pointer: '/message/id' };
const b: FindingEvidence = { rule: 'tools/duplicate-name', severity: 'error', direction: 'server_to_client', method: 'tools/list', pointer: '/message/result/tools/1/name' };

test('canonical JSON sorts keys at every depth and keeps array order', () => {
  assert.is(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } }), '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}');
  assert.is(canonicalJson({ a: undefined, b: 1 }), '{"b":1}');
  assert.is(canonicalJson({ __proto__: 1 } as never), '{}');
  assert.is(canonicalJson(JSON.parse('{"__proto__": 1, "a": 2}')), '{"__proto__":1,"a":2}');
});

test('signature: order and repetition of findings do not matter; any evidence field does', () => {
  assert.is(signatureOf([a, b]), signatureOf([b, a, b]));
  assert.match(signatureOf([]), /^mcp-statechart:v1:[0-9a-f]{64}$/);
  assert.is.not(signatureOf([a]), signatureOf([b]));
  assert.is.not(signatureOf([a]), signatureOf([{ ...a, severity: 'warning' }]));
  assert.is.not(signatureOf([a]), signatureOf([{ ...a, pointer: '/message' }]));
  assert.is.not(signatureOf([a]), signatureOf([]));
});

test('trace schema: a minimal trace is accepted; a trace naming an environment is refused', () => {
  const trace = {
    mcp_statechart_trace: 1,
    generator: 'mcp-statechart 0.1.0',
    mode: 'check',
    target: { transport: 'stdio', command: ['node', 'server.js'] },
    options: { scope: 'quick' },
    profile: '2025-11-25',
    protocol_version: '2025-11-25',
    capabilities: { client: {}, server: { tools: {} } },
    events: [
      { kind: 'message', direction: 'client_to_server', message: { jsonrpc: '2.0', id: 1, method: 'ping' } },
      { kind: 'process_exit', code: 0, signal: null, forced: 'none' },
    ],
    findings: [],
    cleanup: { process_exited: true },
    status: 'pass',
    signature: signatureOf([]),
  };
  assert.ok(v.is(TraceSchema, trace));
  assert.not.ok(v.is(TraceSchema, { ...trace, target: { ...trace.target, env: { PATH: '/x' } } }));
  assert.not.ok(v.is(TraceSchema, { ...trace, cwd: '/tmp' }));
  assert.not.ok(v.is(TraceSchema, { ...trace, mcp_statechart_trace: 2 }));
});

test.run();
