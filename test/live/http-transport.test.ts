// Why: a correct Streamable HTTP server must come out clean, whether it answers with JSON or SSE,
// and the transport must do what the specification asks of a client on the wire (the peer refuses
// any request that breaks it), record every exchange the same way on every run, answer server
// requests that arrive inside a response stream, and leave no connection behind.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CredentialEchoPeer } from '../peers/http-broken-peers.ts';
import { ServerRequestInStreamPeer } from '../peers/http-broken-streams.ts';
import { McpHttpPeer, withPeer } from '../peers/http-mcp-peer.ts';
import { drive } from './support/http-driver.ts';

for (const answer of ['json', 'sse'] as const) {
  test(`a correct peer answering with ${answer.toUpperCase()} is clean, and its session is deleted`, () =>
    withPeer(new McpHttpPeer(answer), async (url, peer) => {
      const run = await drive(url);
      assert.equal(run.recorder.findings, []);
      assert.equal(run.failures.map((f) => f.code), []);
      assert.is(run.answers.size, 3, 'initialize, ping and tools/list were answered');
      assert.equal(run.evidence, { http_session: 'deleted', http_requests_aborted: 0, http_sockets_closed: true });
      assert.equal([...peer.sessions], [['peer-sid-1', false]]);
      assert.equal(peer.seen.map((r) => r.method), ['POST', 'POST', 'POST', 'POST', 'DELETE']);
      assert.is(await peer.connectionsAfterClientClose(), 0, 'the client closed its keep-alive connections');
    }));

  test(`two runs against the same ${answer.toUpperCase()} peer record the same events`, async () => {
    const events = async () => withPeer(new McpHttpPeer(answer), async (url) => JSON.stringify((await drive(url)).recorder.events));
    assert.is(await events(), await events());
  });
}

test('requests carry Accept, Content-Type, and after initialize the session id and negotiated version', () =>
  withPeer(new McpHttpPeer('json'), async (url, peer) => {
    await drive(url, { protocolVersion: '2025-06-18' });
    const [init, ...later] = peer.seen;
    assert.is(init?.headers.accept, 'application/json, text/event-stream');
    assert.is(init?.headers['content-type'], 'application/json');
    assert.is(init?.headers['mcp-session-id'], undefined);
    assert.is(init?.headers['mcp-protocol-version'], undefined);
    for (const r of later) {
      assert.is(r.headers['mcp-session-id'], 'peer-sid-1', r.method);
      assert.is(r.headers['mcp-protocol-version'], '2025-06-18', r.method);
    }
  }));

test('a server request inside a response stream is answered by a POST while the stream stays open', () =>
  withPeer(new ServerRequestInStreamPeer(), async (url, peer) => {
    const run = await drive(url);
    assert.equal(run.recorder.findings, []);
    assert.is(run.answers.size, 3, 'tools/list was answered after the server request');
    const reply = peer.seen.find((r) => r.body.includes('"id":"server-ping"'));
    assert.ok(reply !== undefined && reply.headers['mcp-session-id'] === 'peer-sid-1');
    assert.equal(peer.replies, [{ jsonrpc: '2.0', id: 'server-ping', result: {} }]);
  }));

test('the trace holds each exchange in order, with the session id replaced by a placeholder', () =>
  withPeer(new McpHttpPeer('sse'), async (url) => {
    const told: string[] = [];
    const run = await drive(url, { onSessionId: (id, placeholder) => told.push(`${id}=${placeholder}`) });
    const kinds = run.recorder.events.map((e) => (e.kind === 'stream' ? `stream:${e.action}` : e.kind === 'message' ? `message:${e.direction}` : e.kind));
    assert.equal(kinds.slice(0, 7), ['http_request', 'message:client_to_server', 'http_response', 'stream:open', 'message:server_to_client', 'stream:close', 'http_request']);
    assert.equal(told, ['peer-sid-1=session-1']);
    const text = JSON.stringify(run.recorder.events);
    assert.not.ok(text.includes('peer-sid-1'), 'no session id in the events');
    assert.ok(text.includes('"mcp-session-id":"session-1"'));
    const message = run.recorder.events.find((e) => e.kind === 'message' && e.direction === 'server_to_client');
    assert.ok(message !== undefined && message.kind === 'message' && typeof message.event_id === 'string' && typeof message.exchange === 'number');
  }));

test('configured header values are sent but never recorded; the owner redaction runs on what is recorded', () =>
  withPeer(new McpHttpPeer('json'), async (url, peer) => {
    const run = await drive(url, { headers: { Authorization: 'Bearer s3cr3t-token', Accept: 'text/html' }, redact: (t) => t.replaceAll('peer', '[redacted]') });
    assert.ok(peer.seen.every((r) => r.headers.authorization === 'Bearer s3cr3t-token'));
    assert.is(peer.seen[0]?.headers.accept, 'application/json, text/event-stream', 'a configured header never replaces a prescribed one');
    assert.equal(run.recorder.findings, []);
    const text = JSON.stringify(run.recorder.events.filter((e) => e.kind !== 'message'));
    assert.not.ok(text.includes('s3cr3t'));
    assert.ok(text.includes('"authorization":"[REDACTED]"'));
    assert.ok(text.includes('"accept":"application/json, text/event-stream"'), 'what was really sent is recorded');
  }));

test('a credential the server echoes back is masked in every event and finding', () =>
  withPeer(new CredentialEchoPeer('json'), async (url) => {
    const run = await drive(url, { headers: { authorization: 'Bearer s3cr3t-token' } });
    assert.equal(run.recorder.rules(), ['http/error-status']);
    const text = JSON.stringify([run.recorder.events, run.recorder.findings]);
    assert.not.ok(text.includes('s3cr3t'));
    assert.match(run.recorder.findings[0]?.message ?? '', /bad token \[REDACTED\] in \[REDACTED\]/);
  }));

test.run();
