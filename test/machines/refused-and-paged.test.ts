// Why: rules found by driving broken peers through the tap, each judged in the one Session: what a
// 2026-07-28 server must do (implement server/discover, keep one cacheScope across the pages of a
// list, refuse a request without its required _meta, not emit the codes of earlier revisions, send
// no requests) and what a client must do (pass cursors back as given, refuse an elicitation in a
// mode it did not declare, retry an input_required request under a new id). Each with the case
// that draws it and the nearest case that must not.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Session, type Step } from '../../machines/session.ts';
import { SPEC_2025_06_18, SPEC_2025_11_25, SPEC_2026_07_28 } from '../../validators/profiles.ts';
import { c2s, play, readySession, s2c } from './spec-session.ts';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
  'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' },
};
const TOOL = { name: 't', inputSchema: { type: 'object' } };
const page = (extra: object) => ({ resultType: 'complete', ttlMs: 0, cacheScope: 'public', tools: [], ...extra });
const stateless = (steps: readonly Step[]) => play(new Session({ profile: SPEC_2026_07_28, tools: [TOOL] }), steps);
const discover = (id: number) => c2s({ id, method: 'server/discover', params: { _meta: META } });
const listed = (id: number, extra: object = {}) => [c2s({ id, method: 'tools/list', params: { _meta: META } }), s2c({ id, result: page(extra) })];

test('server/discover answered -32601 by a server that answers the revision\'s other requests: reported once it shows itself modern', () => {
  assert.equal(stateless([discover(1), s2c({ id: 1, error: { code: -32601, message: 'Method not found' } }), ...listed(2), ...listed(3)]),
    [[], [], [], ['stateless/discover-not-implemented /message/result/resultType'], [], []]);
  // Already modern when it refuses discover: reported on the refusal.
  assert.equal(stateless([...listed(1), discover(2), s2c({ id: 2, error: { code: -32601, message: 'Method not found' } })]),
    [[], [], [], ['stateless/discover-not-implemented /message/error/code']]);
});

test('a server/discover refused by a server that never answers as 2026-07-28 (a legacy server), or refused with another code, is no finding', () => {
  assert.equal(stateless([discover(1), s2c({ id: 1, error: { code: -32601, message: 'Method not found' } }),
    c2s({ id: 2, method: 'tools/list', params: { _meta: META } }), s2c({ id: 2, error: { code: -32601, message: 'Method not found' } })]), [[], [], [], []]);
  assert.equal(stateless([discover(1), s2c({ id: 1, error: { code: -32603, message: 'busy' } }), ...listed(2)]), [[], [], [], []]);
  // Refused, then implemented after all: the server does implement it.
  assert.equal(stateless([discover(1), s2c({ id: 1, error: { code: -32601, message: 'x' } }), discover(2),
    s2c({ id: 2, result: { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, ttlMs: 0, cacheScope: 'public' } }), ...listed(3)]),
  [[], [], [], [], [], []]);
});

test('the next page of a list with another cacheScope than the page that gave its cursor', () => {
  const next = (scope: string) => [c2s({ id: 2, method: 'tools/list', params: { _meta: META, cursor: 'c1' } }), s2c({ id: 2, result: page({ cacheScope: scope }) })];
  assert.equal(stateless([...listed(1, { nextCursor: 'c1' }), ...next('private')]), [[], [], [], ['stateless/cache-scope-changed /message/result/cacheScope']]);
  assert.equal(stateless([...listed(1, { nextCursor: 'c1' }), ...next('public')]), [[], [], [], []]);
  // ttlMs may differ from page to page (caching: "Servers MAY return different ttlMs values on different pages").
  assert.equal(stateless([...listed(1, { nextCursor: 'c1', ttlMs: 60_000 }), ...next('public')]), [[], [], [], []]);
  // A cursor of another list continues nothing of this one.
  assert.equal(stateless([c2s({ id: 1, method: 'prompts/list', params: { _meta: META } }),
    s2c({ id: 1, result: { resultType: 'complete', ttlMs: 0, cacheScope: 'public', prompts: [], nextCursor: 'c1' } }), ...next('private')]), [[], [], [], []]);
});

test('a request missing its required _meta that the server serves anyway, or refuses with another code than -32602', () => {
  const bare = c2s({ id: 1, method: 'tools/list', params: {} });
  assert.equal(stateless([bare, s2c({ id: 1, result: page({}) })]), [['stateless/request-meta-missing /message/params/_meta'], ['stateless/malformed-request-served /message/result']]);
  // A request that names this revision but lacks its capabilities is a malformed 2026-07-28 request: another code is a finding.
  const noCapabilities = c2s({ id: 1, method: 'tools/list', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } } });
  assert.equal(stateless([noCapabilities, s2c({ id: 1, error: { code: -32603, message: 'x' } })]).at(1), ['stateless/malformed-request-served /message/error/code']);
  // A request with no protocol version names no revision: a dual-era server may take it under legacy semantics (versioning,
  // Compatibility Matrix), so a legacy error (-32601, -32603) is its answer, no finding; a modern error other than -32602 is one.
  assert.equal(stateless([bare, s2c({ id: 1, error: { code: -32603, message: 'x' } })]), [['stateless/request-meta-missing /message/params/_meta'], []]);
  assert.equal(stateless([c2s({ id: 1, method: 'server/discover', params: {} }), s2c({ id: 1, error: { code: -32601, message: 'Method not found' } })]).at(1), []);
  assert.equal(stateless([bare, s2c({ id: 1, error: { code: -32022, message: 'Unsupported protocol version', data: { supported: ['2026-07-28'], requested: null } } })]).at(1), ['stateless/malformed-request-served /message/error/code']);
  assert.equal(stateless([bare, s2c({ id: 1, error: { code: -32602, message: 'missing _meta' } })]), [['stateless/request-meta-missing /message/params/_meta'], []]);
  // A method the revision does not define is the server's to answer -32601, _meta or not.
  assert.equal(stateless([c2s({ id: 1, method: 'sampling/createMessage', params: { messages: [], maxTokens: 1 } }), s2c({ id: 1, error: { code: -32601, message: 'x' } })]).at(1), []);
  // A request refused for another reason (it carries its _meta) draws nothing for being served.
  assert.equal(stateless([c2s({ id: 1, method: 'tools/call', params: { _meta: META, name: 'nope', arguments: {} } }), s2c({ id: 1, error: { code: -32603, message: 'x' } })]).at(1), []);
});

test('the resource-not-found code of earlier revisions (-32002) and -32042 in a 2026-07-28 session', () => {
  const read = c2s({ id: 1, method: 'resources/read', params: { _meta: META, uri: 'file:///a' } });
  assert.equal(stateless([read, s2c({ id: 1, error: { code: -32002, message: 'Resource not found' } })]), [[], ['stateless/legacy-error-code /message/error/code']]);
  assert.equal(stateless([read, s2c({ id: 1, error: { code: -32042, message: 'URL elicitation required' } })]), [[], ['stateless/legacy-error-code /message/error/code']]);
  assert.equal(stateless([read, s2c({ id: 1, error: { code: -32602, message: 'Resource not found' } })]), [[], []]);
  // Earlier revisions define -32002: no finding there.
  assert.equal(play(readySession(SPEC_2025_11_25), [c2s({ id: 5, method: 'tools/list' }), s2c({ id: 5, error: { code: -32002, message: 'x' } })]), [[], []]);
});

test('a request from a 2026-07-28 server is a direction finding (patterns: servers initiate no requests); its notifications are not', () => {
  assert.equal(stateless([s2c({ id: 'r1', method: 'roots/list' })]), [['direction/server-request-stateless /message/method']]);
  assert.equal(stateless([s2c({ id: 'r2', method: 'elicitation/create', params: { message: 'x', requestedSchema: { type: 'object', properties: {} } } })]),
    [['direction/server-request-stateless /message/method']]);
  assert.equal(stateless([s2c({ method: 'notifications/message', params: { level: 'info', data: 'x' } })]).at(0)?.includes('direction/server-request-stateless /message/method'), false);
  // The same request in 2025-11-25 is a server's right.
  assert.equal(play(readySession(SPEC_2025_11_25), [s2c({ id: 'r1', method: 'ping' })]), [[]]);
});

test('an input_required retry that reuses the id of an earlier attempt', () => {
  const ELICIT = { method: 'elicitation/create', params: { message: 'Units?', requestedSchema: { type: 'object', properties: { units: { type: 'string' } } } } };
  const call = (id: number, retry: boolean) => c2s({ id, method: 'tools/call', params: {
    _meta: META, name: 't', arguments: {}, ...(retry ? { inputResponses: { u: { action: 'decline' } }, requestState: 's' } : {}),
  } });
  const asked = (id: number) => s2c({ id, result: { resultType: 'input_required', inputRequests: { u: ELICIT }, requestState: 's' } });
  assert.equal(stateless([call(1, false), asked(1), call(1, true)]), [[], [], ['stateless/retry-reused-id /message/id']]);
  // A second round reusing the first attempt's id.
  assert.equal(stateless([call(1, false), asked(1), call(2, true), asked(2), call(1, true)]), [[], [], [], [], ['stateless/retry-reused-id /message/id']]);
  assert.equal(stateless([call(1, false), asked(1), call(2, true), s2c({ id: 2, result: { resultType: 'complete', content: [] } })]), [[], [], [], []]);
});

test('a cursor the server never issued in this session (altered, or kept from another session)', () => {
  const s = readySession(SPEC_2025_11_25);
  assert.equal(play(s, [
    c2s({ id: 2, method: 'tools/list' }), s2c({ id: 2, result: { tools: [], nextCursor: 'opaque-1' } }),
    c2s({ id: 3, method: 'tools/list', params: { cursor: 'opaque-2' } }),
    c2s({ id: 4, method: 'prompts/list', params: { cursor: 'opaque-1' } }),
    c2s({ id: 5, method: 'tools/list', params: { cursor: 'opaque-1' } }),
    s2c({ id: 5, result: { tools: [], nextCursor: '' } }),
    c2s({ id: 6, method: 'tools/list', params: { cursor: '' } }),
  ]), [[], [], ['pagination/cursor-not-issued /message/params/cursor'], ['capability/server-not-declared /message/method'], [], [], []]);
  assert.equal(play(readySession(SPEC_2025_06_18), [c2s({ id: 2, method: 'tools/list', params: { cursor: 'x' } })]), [['pagination/cursor-not-issued /message/params/cursor']]);
  // 2026-07-28 has no session a cursor belongs to (a cached page is re-fetched by its cursor on any connection).
  assert.equal(stateless([c2s({ id: 1, method: 'tools/list', params: { _meta: META, cursor: 'from-yesterday' } })]), [[]]);
});

test('an elicitation/create in a mode the client did not declare, answered with a result rather than -32602', () => {
  const session = (elicitation: object) => {
    const s = new Session({ profile: SPEC_2025_11_25 });
    assert.equal(play(s, [
      c2s({ id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: { elicitation }, clientInfo: { name: 'c', version: '1' } } }),
      s2c({ id: 1, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } }),
      c2s({ method: 'notifications/initialized' }),
    ]), [[], [], []]);
    return s;
  };
  const url = (id: string) => s2c({ id, method: 'elicitation/create', params: { mode: 'url', message: 'Sign in', url: 'https://example.com/a', elicitationId: id } });
  const form = (id: string) => s2c({ id, method: 'elicitation/create', params: { message: 'Units?', requestedSchema: { type: 'object', properties: { u: { type: 'string' } } } } });
  assert.equal(play(session({ form: {} }), [url('e1'), c2s({ id: 'e1', result: { action: 'accept' } })]),
    [['capability/client-not-declared /message/method'], ['elicitation/undeclared-mode-answered /message/result']]);
  assert.equal(play(session({ url: {} }), [form('e1'), c2s({ id: 'e1', result: { action: 'decline' } })]),
    [['capability/client-not-declared /message/method'], ['elicitation/undeclared-mode-answered /message/result']]);
  assert.equal(play(session({}), [url('e1'), c2s({ id: 'e1', error: { code: -32600, message: 'no' } })]),
    [['capability/client-not-declared /message/method'], ['elicitation/undeclared-mode-answered /message/error/code']]);
  assert.equal(play(session({ form: {} }), [url('e1'), c2s({ id: 'e1', error: { code: -32602, message: 'url mode not supported' } })]),
    [['capability/client-not-declared /message/method'], []]);
  assert.equal(play(session({}), [form('e1'), c2s({ id: 'e1', result: { action: 'accept', content: { u: 'x' } } })]), [[], []]);
});

// stdio page, Backward Compatibility: "The server returns a DiscoverResult: the server is modern.
// Select a mutually supported version from supportedVersions and continue." A DiscoverResult is a
// valid answer to a probe in a version the server does not support; only other requests owe -32022.
test('a DiscoverResult answering server/discover in a version the server does not support is no finding; a tools/list served in it is', () => {
  const old = { ...META, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' };
  const found = stateless([c2s({ id: 1, method: 'server/discover', params: { _meta: old } }),
    s2c({ id: 1, result: { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, ttlMs: 0, cacheScope: 'public' } }),
    c2s({ id: 2, method: 'tools/list', params: { _meta: old } }), s2c({ id: 2, result: page({}) })]);
  assert.equal(found.map((f) => f.filter((r) => !r.startsWith('stateless/protocol-version-unsupported'))), [[], [], [], ['stateless/unsupported-version-not-rejected /message/result']]);
});

// Versioning, Protocol Version Negotiation: "If the server does not implement the requested version
// ... it MUST respond with an UnsupportedProtocolVersionError". A server that serves the unknown
// version as a legacy request (the Go SDK 1.8) answers without resultType: one defect, one finding,
// not a second stateless/result-type for the shape of an answer it owed as an error. The same
// legacy-shaped result to a request in a version it supports is stateless/result-type.
test('a result without resultType to a request in an unsupported version is stateless/unsupported-version-not-rejected alone; in a supported version, stateless/result-type', () => {
  const DISCOVERED = { resultType: 'complete', supportedVersions: ['2026-07-28', '2025-11-25'], capabilities: { tools: {} }, ttlMs: 0, cacheScope: 'public' };
  const legacy = { tools: [TOOL] };
  const unknown = { ...META, 'io.modelcontextprotocol/protocolVersion': '1900-01-01' };
  const served = (meta: object) => stateless([discover(1), s2c({ id: 1, result: DISCOVERED }),
    c2s({ id: 2, method: 'tools/list', params: { _meta: meta } }), s2c({ id: 2, result: legacy })])
    .map((f) => f.filter((r) => !r.startsWith('stateless/protocol-version-unsupported')));
  assert.equal(served(unknown), [[], [], [], ['stateless/unsupported-version-not-rejected /message/result']]);
  assert.equal(served(META), [[], [], [], ['stateless/result-type /message/result/resultType']]);
});

test.run();
