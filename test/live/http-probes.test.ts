// Why: the probes of the full scope must leave a correct server clean (a GET stream offered or
// refused with 405, a resumption, a foreign Origin refused with 403, a terminated session answered
// 404, DELETE refused with 405), resumption must honour the server's retry time, and a server that
// cannot be reached is a failure to run, not a finding.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HttpTransport } from '../../live/http-transport.ts';
import { HttpWire } from '../../live/http-wire.ts';
import { TransportFailure } from '../../live/transport.ts';
import { AuthRequiredPeer, DeleteRefusedPeer, HangPeer, OriginRefused400Peer, ResetReusedConnectionPeer } from '../peers/http-broken-peers.ts';
import { NoPrimingPeer, PollingPeer } from '../peers/http-broken-streams.ts';
import { McpHttpPeer, withPeer } from '../peers/http-mcp-peer.ts';
import { listenLoopback } from '../peers/http-peer.ts';
import { drive, type DriveOptions } from './support/http-driver.ts';
import { MemoryRecorder } from './support/memory-recorder.ts';

/** Runs every probe in the order the full scope does, keeping what the two stream probes returned. */
function allProbes(outcomes: boolean[] = []): NonNullable<DriveOptions['probes']> {
  return async (t, request) => {
    outcomes.push(await t.openGetStream(), await t.resumeStream());
    await t.probeForeignOrigin(request('ping'));
    await t.terminateAndProbe(request('ping'));
  };
}

test('a correct JSON peer passes every probe: GET refused with 405, nothing to resume, Origin 403, terminated session 404', () =>
  withPeer(new McpHttpPeer('json'), async (url, peer) => {
    const outcomes: boolean[] = [];
    const run = await drive(url, { probes: allProbes(outcomes) });
    assert.equal(run.recorder.findings, []);
    assert.equal(outcomes, [false, false]);
    assert.is(run.evidence['http_session'], 'deleted');
    const tail = peer.seen.slice(4).map((r) => `${r.method}${r.headers.origin === undefined ? '' : ' origin'}`);
    assert.equal(tail, ['GET', 'POST origin', 'DELETE', 'POST'], 'one DELETE only, by the probe');
  }));

test('a correct SSE peer passes every probe: GET stream opened, stream resumed from the last event id', () =>
  withPeer(new McpHttpPeer('sse'), async (url, peer) => {
    const outcomes: boolean[] = [];
    const run = await drive(url, { probes: allProbes(outcomes) });
    assert.equal(run.recorder.findings, []);
    assert.equal(outcomes, [true, true]);
    const resumed = run.recorder.events.find((e) => e.kind === 'stream' && e.action === 'resume');
    assert.ok(resumed !== undefined && resumed.kind === 'stream' && resumed.last_event_id === 's3-e6', JSON.stringify(resumed));
    const get = peer.seen.filter((r) => r.method === 'GET');
    assert.equal(get.map((r) => r.headers['last-event-id']), [undefined, 's3-e6']);
    assert.is(await peer.connectionsAfterClientClose(), 0, 'the GET streams were closed');
  }));

test('a server may refuse DELETE with 405: no finding, no probe, no second DELETE', () =>
  withPeer(new DeleteRefusedPeer('json'), async (url, peer) => {
    const run = await drive(url, { probes: (t, request) => t.terminateAndProbe(request('ping')) });
    assert.equal(run.recorder.findings, []);
    assert.is(run.evidence['http_session'], 'delete-refused');
    assert.equal(peer.seen.slice(4).map((r) => r.method), ['DELETE']);
  }));

test('under 2025-06-18 a foreign Origin may be refused with any 4xx, and SSE answers need no priming event', async () => {
  for (const make of [() => new OriginRefused400Peer('json'), () => new NoPrimingPeer()]) {
    await withPeer(make(), async (url, peer) => {
      const run = await drive(url, { protocolVersion: '2025-06-18', probes: allProbes() });
      assert.equal(run.recorder.findings, [], peer.constructor.name);
    });
  }
});

test('a stream closed before its response is resumed with Last-Event-ID after the retry time', () =>
  withPeer(new PollingPeer(120), async (url, peer) => {
    const run = await drive(url);
    assert.equal(run.recorder.findings, []);
    assert.is(run.answers.size, 3, 'tools/list was answered on the resumed stream');
    const get = peer.seen.find((r) => r.method === 'GET');
    assert.ok(get !== undefined && typeof get.headers['last-event-id'] === 'string');
    assert.ok(get.at - peer.closedAt >= 115, `waited ${get.at - peer.closedAt} ms of the 120 ms retry`);
    assert.ok(run.recorder.events.some((e) => e.kind === 'stream' && e.action === 'resume'));
  }));

test('a kept-alive connection reset as it is reused is retried once on a new connection, with no finding', () =>
  withPeer(new ResetReusedConnectionPeer('json'), async (url, peer) => {
    const run = await drive(url);
    assert.equal(run.recorder.findings, []);
    assert.is(run.answers.size, 3);
    assert.is(peer.resets, 1);
    assert.is(peer.seen.filter((r) => r.body.includes('"method":"ping"')).length, 2);
  }));

test('abort() ends a request in flight at once, without a finding or a DELETE', () =>
  withPeer(new HangPeer('json'), async (url, peer) => {
    const started = Date.now();
    const run = await drive(url, { timeoutMs: 10_000, probes: async (t, request) => {
      const pending = t.send(request('tools/list')).catch((error: unknown) => error);
      await new Promise((resolve) => setTimeout(resolve, 50));
      t.abort();
      const failure = await pending;
      assert.ok(failure instanceof TransportFailure && failure.code === 'closed', String(failure));
    }, skipToolsList: true });
    assert.ok(Date.now() - started < 5_000, 'nothing waited for the timeout');
    assert.equal(run.recorder.findings, []);
    assert.equal(run.evidence, { http_session: 'open', http_requests_aborted: 0, http_sockets_closed: true });
    assert.not.ok(peer.seen.some((r) => r.method === 'DELETE'));
  }));

test('a server that cannot be reached is a failure to run, not a finding', async () => {
  const gone = await listenLoopback((_req, res) => res.end());
  const url = gone.url;
  await gone.stop();
  const run = await drive(url);
  assert.equal(run.recorder.findings, []);
  assert.is(run.failures.length, 1);
  assert.ok(run.failures[0] instanceof TransportFailure && run.failures[0].couldNotRun);
  const failure = run.recorder.events.find((e) => e.kind === 'transport_error');
  assert.equal(failure, { kind: 'transport_error', code: 'ECONNREFUSED', detail: 'connection refused', exchange: 1 });
  assert.is(run.evidence['http_session'], 'none');
});

test('a server that wants credentials for initialize is a failure to run, not a finding', () =>
  withPeer(new AuthRequiredPeer('json'), async (url) => {
    const run = await drive(url);
    assert.equal(run.recorder.findings, []);
    assert.equal(run.failures.map((f) => [f.code, f.couldNotRun]), [['refused', true]]);
    assert.match(run.failures[0]?.message ?? '', /HTTP 401 Unauthorized: it requires credentials/);
    const response = run.recorder.events.find((e) => e.kind === 'http_response');
    assert.ok(response?.kind === 'http_response' && response.status === 401 && response.headers['www-authenticate']?.startsWith('Bearer'));
  }));

test('only loopback endpoints get the foreign-Origin probe; close() is idempotent', async () => {
  assert.is(new HttpWire(new URL('http://127.0.0.1:9/mcp')).isLoopback, true);
  assert.is(new HttpWire(new URL('http://[::1]:9/mcp')).isLoopback, true);
  assert.is(new HttpWire(new URL('http://localhost:9/mcp')).isLoopback, true);
  assert.is(new HttpWire(new URL('https://mcp.example.invalid/mcp')).isLoopback, false);
  const recorder = new MemoryRecorder();
  const transport = new HttpTransport({ url: new URL('https://mcp.example.invalid/mcp'), recorder, timeoutMs: 100 });
  await transport.start(() => {});
  await transport.probeForeignOrigin({ jsonrpc: '2.0', id: 1, method: 'ping' });
  assert.equal(recorder.events, [], 'nothing was sent');
  const first = await transport.close();
  assert.is(await transport.close(), first);
});

test.run();
