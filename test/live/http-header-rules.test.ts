// Why: the HTTP side of a tapped session is judged exchange by exchange from what the tap records;
// each rule with the exchange that draws it and the nearest one that must not.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeHeaderValue, HttpHeaderJudge } from '../../live/http-header-rules.ts';

const ACCEPT = 'application/json, text/event-stream';
const rules = (found: readonly { rule: { id: string }; pointer: string }[]) => found.map((f) => `${f.rule.id} ${f.pointer}`);
let exchange = 0;

/** One POST: its headers and body, then (optionally) the answer's status and message; returns every finding. */
function post(judge: HttpHeaderJudge, headers: Record<string, string>, message: object, answer?: { status: number; headers?: Record<string, string>; message: object }): string[] {
  const ex = exchange++;
  const out = [...judge.request(ex, 10 * ex, 'POST', headers), ...judge.requestMessage(ex, { jsonrpc: '2.0', ...message })];
  if (answer !== undefined) {
    judge.response(ex, 10 * ex + 1, answer.status, answer.headers ?? {});
    out.push(...judge.responseMessage(ex, { jsonrpc: '2.0', ...answer.message }));
  }
  return rules(out);
}

const INIT = { id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } };
const INIT_RESULT = { id: 1, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } };

test('2025 revisions: the session id the server gave and MCP-Protocol-Version on every later request', () => {
  const judge = new HttpHeaderJudge();
  assert.equal(post(judge, { accept: ACCEPT }, INIT, { status: 200, headers: { 'mcp-session-id': 'session-1' }, message: INIT_RESULT }), []);
  assert.equal(post(judge, { accept: ACCEPT, 'mcp-session-id': 'session-1', 'mcp-protocol-version': '2025-11-25' }, { method: 'notifications/initialized' }), []);
  assert.equal(post(judge, { accept: ACCEPT }, { id: 2, method: 'tools/list' }),
    ['http/client-session-id-missing /headers', 'http/client-protocol-version-missing /headers']);
  assert.equal(rules(judge.request(exchange++, 99, 'GET', { accept: 'text/event-stream', 'mcp-session-id': 'session-1', 'mcp-protocol-version': '2025-11-25' })), []);
  assert.equal(rules(judge.request(exchange++, 99, 'GET', { accept: 'application/json', 'mcp-session-id': 'session-1', 'mcp-protocol-version': '2025-11-25' })), ['http/client-accept /headers/accept']);
  // A server that gave no session id asks for none.
  const sessionless = new HttpHeaderJudge();
  post(sessionless, { accept: ACCEPT }, INIT, { status: 200, message: INIT_RESULT });
  assert.equal(post(sessionless, { accept: ACCEPT, 'mcp-protocol-version': '2025-11-25' }, { id: 2, method: 'tools/list' }), []);
});

test('Accept on a POST lists both types (a wildcard covers them)', () => {
  const judge = new HttpHeaderJudge();
  assert.equal(post(judge, { accept: 'application/json' }, INIT), ['http/client-accept /headers/accept']);
  assert.equal(post(judge, {}, INIT), ['http/client-accept /headers']);
  assert.equal(post(judge, { accept: '*/*' }, INIT), []);
  assert.equal(post(judge, { accept: 'text/event-stream;q=0.9, application/json' }, INIT), []);
});

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const MODERN = { accept: ACCEPT, 'mcp-protocol-version': '2026-07-28' };

test('2026-07-28: MCP-Protocol-Version matching _meta, Mcp-Method and Mcp-Name mirroring the body (Base64 sentinel decoded)', () => {
  const judge = new HttpHeaderJudge();
  const call = (name: string) => ({ id: 5, method: 'tools/call', params: { _meta: META, name, arguments: {} } });
  assert.equal(post(judge, { ...MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'echo' }, call('echo')), []);
  assert.equal(post(judge, { ...MODERN, 'mcp-method': 'tools/call', 'mcp-name': '=?base64?ZWNobw==?=' }, call('echo')), []);
  assert.equal(post(judge, { ...MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'other' }, call('echo')), ['http/client-method-header /headers/mcp-name']);
  assert.equal(post(judge, { ...MODERN, 'mcp-method': 'tools/list' }, call('echo')), ['http/client-method-header /headers/mcp-method', 'http/client-method-header /headers']);
  assert.equal(post(judge, { accept: ACCEPT, 'mcp-method': 'tools/list' }, { id: 6, method: 'tools/list', params: { _meta: META } }), ['http/client-protocol-version-missing /headers']);
  assert.equal(post(judge, { ...MODERN, 'mcp-protocol-version': '2025-11-25', 'mcp-method': 'tools/list' }, { id: 7, method: 'tools/list', params: { _meta: META } }),
    ['http/client-protocol-version-mismatch /headers/mcp-protocol-version']);
  // A notification POST has no header requirements in this revision beyond the version.
  assert.equal(post(judge, MODERN, { method: 'notifications/cancelled', params: { requestId: 5, _meta: META } }), []);
  assert.is(decodeHeaderValue('=?base64?SGVsbG8sIOS4lueVjA==?='), 'Hello, 世界');
  assert.is(decodeHeaderValue('plain'), 'plain');
});

test('2026-07-28: -32601 owes HTTP 404 and -32022 HTTP 400; in 2025 revisions neither is judged', () => {
  const judge = new HttpHeaderJudge();
  const unknown = { id: 8, method: 'x/y', params: { _meta: META } };
  const headers = { ...MODERN, 'mcp-method': 'x/y' };
  const notFound = { id: 8, error: { code: -32601, message: 'Method not found' } };
  assert.equal(post(judge, headers, unknown, { status: 200, message: notFound }), ['http/unknown-method-not-404 /status']);
  assert.equal(post(judge, headers, unknown, { status: 404, message: notFound }), []);
  const unsupported = { id: 8, error: { code: -32022, message: 'Unsupported', data: { supported: ['2026-07-28'], requested: 'x' } } };
  assert.equal(post(judge, headers, unknown, { status: 200, message: unsupported }), ['http/unsupported-version-not-400 /status']);
  assert.equal(post(judge, headers, unknown, { status: 400, message: unsupported }), []);
  // An answer to another id is not this exchange's.
  assert.equal(post(judge, headers, unknown, { status: 200, message: { ...notFound, id: 9 } }), []);
  const old = new HttpHeaderJudge();
  assert.equal(post(old, { accept: ACCEPT }, { id: 8, method: 'x/y' }, { status: 200, message: notFound }), []);
});

test.run();

test('2026-07-28 tools/call: each x-mcp-header argument of the listed tool is mirrored into Mcp-Param-{Name} (decoded Base64 compared), and a tool whose annotation is invalid is never called', () => {
  const judge = new HttpHeaderJudge();
  const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
  const base = { accept: ACCEPT, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call' };
  const tools = [
    { name: 'locate', inputSchema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' }, limit: { type: 'integer', 'x-mcp-header': 'Limit' } } } },
    { name: 'bad', inputSchema: { type: 'object', properties: { ratio: { type: 'number', 'x-mcp-header': 'Ratio' } } } },
  ];
  assert.equal(post(judge, { ...base, 'mcp-method': 'tools/list' }, { id: 1, method: 'tools/list', params: { _meta: meta } },
    { status: 200, message: { id: 1, result: { resultType: 'complete', tools, ttlMs: 0, cacheScope: 'public' } } }), []);
  const call = (id: number, name: string, args: object) => ({ id, method: 'tools/call', params: { name, arguments: args, _meta: meta } });
  assert.equal(post(judge, { ...base, 'mcp-name': 'locate', 'mcp-param-region': '=?base64?R3LDvMOfZQ==?=', 'mcp-param-limit': '5' }, call(2, 'locate', { region: 'Grüße', limit: 5 })), []);
  assert.equal(post(judge, { ...base, 'mcp-name': 'locate' }, call(3, 'locate', {})), [], 'no value at the path: the header is omitted');
  assert.equal(post(judge, { ...base, 'mcp-name': 'locate', 'mcp-param-limit': '5' }, call(4, 'locate', { region: 'us-west1', limit: 5 })), ['http/client-param-header /headers']);
  assert.equal(post(judge, { ...base, 'mcp-name': 'locate', 'mcp-param-region': 'eu', 'mcp-param-limit': '5' }, call(5, 'locate', { region: 'us-west1', limit: 5 })),
    ['http/client-param-header /headers/mcp-param-region']);
  assert.equal(post(judge, { ...base, 'mcp-name': 'bad' }, call(6, 'bad', { ratio: 0.5 })), ['http/client-invalid-tool-called /headers/mcp-name']);
  assert.equal(post(judge, { ...base, 'mcp-name': 'unlisted' }, call(7, 'unlisted', {})), [], 'a tool never listed owes nothing this judge knows');
});
