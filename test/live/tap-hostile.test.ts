// Why: the tap stands in front of a local server, so it must not open what the server keeps shut
// nor break what the peers agreed on. A request naming the tap by a foreign host (a page on a
// rebound name) or coming from a foreign page is refused before anything reaches the server;
// answers the client asked to be compressed are judged decoded and passed on as they came; a
// slow server keeps the time to answer after the client's end of input. Every peer and tap
// started here is stopped here.
import http from 'node:http';
import zlib from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseTrace } from '../../trace/parse-trace.ts';
import { CodingPeer } from '../peers/http-coding-peers.ts';
import { McpHttpPeer } from '../peers/http-mcp-peer.ts';
import { startTap, tempFolder, validateJson, type RunningTap } from './tap-support.ts';

const tmp = tempFolder('tap-hostile');
test.after(() => tmp.remove());

async function httpTap(upstream: URL, trace: string): Promise<{ tap: RunningTap; url: URL }> {
  const tap = startTap(['--listen', '127.0.0.1:0', '--upstream', upstream.href, '--trace', trace]);
  const m = await tap.stderrMatching(/forwarding (http:\/\/127\.0\.0\.1:\d+\/\S*) to /);
  return { tap, url: new URL(m[1] as string) };
}

/** One raw request to `url` with exactly these headers (Host included); the status, headers and body bytes. */
function raw(url: URL, headers: Record<string, string>, body: string | Buffer): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((done, fail) => {
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers, setHost: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', fail);
    req.end(body);
  });
}

const INITIALIZE = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'hostile', version: '1' } } });
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

test('http: a request with a foreign Host (DNS rebinding) or a foreign Origin gets 403 from the tap and never reaches the server; loopback names and pages pass', async () => {
  const peer = new McpHttpPeer('json');
  const traceFile = join(tmp.dir, 'rebinding.json');
  let tap: RunningTap | undefined;
  try {
    await peer.start();
    const started = await httpTap(peer.url, traceFile);
    tap = started.tap;
    const port = started.url.port;
    const refused = [
      { host: `rebound.example:${port}` },
      { host: `127.0.0.1:${Number(port) + 1}` },
      { host: `localhost.example.com:${port}` },
      { host: `127.0.0.1:${port}`, origin: 'http://rebound.example' },
      { host: `127.0.0.1:${port}`, origin: 'null' },
      { host: `127.0.0.1:${port}`, origin: 'http://127.0.0.1.example:80' },
    ];
    for (const headers of refused) {
      const answer = await raw(started.url, { ...MCP_HEADERS, ...headers }, INITIALIZE);
      assert.is(answer.status, 403, JSON.stringify(headers));
      assert.match(answer.body.toString(), /loopback name/);
    }
    assert.is(peer.seen.length, 0, 'the server saw none of them');
    await tap.stderrMatching(/refused a request \(Host "rebound\.example:\d+"\)/);
    await tap.stderrMatching(/refused a request \(Origin "null"\)/);
    for (const headers of [{ host: `127.0.0.1:${port}` }, { host: `localhost:${port}` }]) {
      const answer = await raw(started.url, { ...MCP_HEADERS, ...headers }, INITIALIZE);
      assert.is(answer.status, 200, JSON.stringify(headers));
    }
    // A page on this machine passes the tap, Origin unchanged: the server applies its own policy (this one refuses other origins itself).
    const local = await raw(started.url, { ...MCP_HEADERS, host: `127.0.0.1:${port}`, origin: 'http://localhost:6274' }, INITIALIZE);
    assert.is(local.status, 403);
    assert.not.match(local.body.toString(), /loopback name/, 'refused by the server, not the tap');
    assert.is(peer.seen.length, 3);
    assert.is(peer.seen[2]?.headers.origin, 'http://localhost:6274');
    assert.ok(peer.seen.every((r) => r.headers.host === peer.url.host), 'the server sees its own name as Host');
    tap.child.kill('SIGINT');
    // The three forwarded requests each initialize: the session's second and third are findings of their own.
    assert.equal(await tap.ended, { code: 1, signal: null }, tap.stderr);
    const trace = parseTrace(readFileSync(traceFile));
    assert.is(trace.cleanup['http_requests_refused'], refused.length);
    assert.equal(trace.findings.map((f) => f.rule), ['lifecycle/duplicate-initialize', 'lifecycle/duplicate-initialize']);
  } finally {
    tap?.kill();
    await peer.stop();
  }
});

async function sdkView(url: URL): Promise<unknown> {
  const client = new Client({ name: 'tap-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(url);
  try {
    await client.connect(transport);
    return { tools: await client.listTools(), ping: await client.ping(), server: client.getServerVersion() };
  } finally {
    await client.close();
  }
}

for (const answer of ['json', 'sse'] as const) {
  for (const coding of ['gzip', 'deflate'] as const) {
    test(`http (${answer}, ${coding}): the SDK client offers compression and a server takes it; the tap judges the decoded messages (no finding) and the client gets the same as without it`, async () => {
      const peer = new CodingPeer(answer, coding);
      const traceFile = join(tmp.dir, `coded-${answer}-${coding}.json`);
      let tap: RunningTap | undefined;
      try {
        await peer.start();
        const direct = await sdkView(peer.url);
        const codedDirect = peer.coded;
        assert.ok(codedDirect >= 2, 'the SDK client offered the coding and the server used it');
        const started = await httpTap(peer.url, traceFile);
        tap = started.tap;
        assert.equal(await sdkView(started.url), direct);
        assert.ok(peer.coded - codedDirect >= 2, 'coded answers went through the tap');
        tap.child.kill('SIGINT');
        assert.equal(await tap.ended, { code: 0, signal: null }, tap.stderr);
        const trace = parseTrace(readFileSync(traceFile));
        assert.equal(trace.findings, [], tap.stderr);
        assert.is(trace.events.filter((e) => e.kind === 'message').length, 7, 'initialize, initialized, tools/list, ping and the three answers');
        assert.is(validateJson(traceFile).status, 0);
      } finally {
        tap?.kill();
        await peer.stop();
      }
    });
  }
}

test('http: a gzip bomb is transport/body-over-limit in the tap (decoding stopped at the limit) and its coded bytes reach the client unchanged; bytes that are no gzip are http/content-encoding-invalid', async () => {
  for (const [kind, rule] of [['bomb', 'transport/body-over-limit'], ['garbage', 'http/content-encoding-invalid']] as const) {
    const peer = new CodingPeer('json', 'gzip', { method: 'initialize', kind, bombBytes: 40_000_000 });
    const traceFile = join(tmp.dir, `${kind}.json`);
    let tap: RunningTap | undefined;
    try {
      await peer.start();
      const direct = await raw(peer.url, { ...MCP_HEADERS, host: peer.url.host, 'accept-encoding': 'gzip' }, INITIALIZE);
      const started = await httpTap(peer.url, traceFile);
      tap = started.tap;
      const tapped = await raw(started.url, { ...MCP_HEADERS, host: started.url.host, 'accept-encoding': 'gzip' }, INITIALIZE);
      assert.is(tapped.headers['content-encoding'], 'gzip');
      assert.ok(tapped.body.equals(direct.body), 'the coded bytes pass unchanged');
      await tap.stderrMatching(new RegExp(rule.replace('/', '\\/')));
      tap.child.kill('SIGINT');
      await tap.ended;
      const trace = parseTrace(readFileSync(traceFile));
      assert.equal(trace.findings.map((f) => f.rule), [rule], tap.stderr);
    } finally {
      tap?.kill();
      await peer.stop();
    }
  }
});

test('http: a gzip-coded request body is judged decoded; its coded bytes reach the server unchanged', async () => {
  const seen: Buffer[] = [];
  const upstream = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push(Buffer.concat(chunks));
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', () => done()));
  const port = (upstream.address() as { port: number }).port;
  const traceFile = join(tmp.dir, 'coded-request.json');
  let tap: RunningTap | undefined;
  try {
    const started = await httpTap(new URL(`http://127.0.0.1:${port}/mcp`), traceFile);
    tap = started.tap;
    const coded = zlib.gzipSync(Buffer.from('{"jsonrpc":"2.0","method":"notifications/initialized"}'));
    const answer = await raw(started.url, { ...MCP_HEADERS, host: started.url.host, 'content-encoding': 'gzip' }, coded);
    assert.is(answer.status, 202);
    assert.ok(seen[0]?.equals(coded), 'the server got the coded bytes');
    tap.child.kill('SIGINT');
    await tap.ended;
    const trace = parseTrace(readFileSync(traceFile));
    const message = trace.events.find((e) => e.kind === 'message');
    assert.equal(message?.kind === 'message' ? message.message : undefined, { jsonrpc: '2.0', method: 'notifications/initialized' });
    assert.not.ok(trace.findings.some((f) => f.rule.startsWith('json/')), JSON.stringify(trace.findings));
  } finally {
    tap?.kill();
    await new Promise<void>((done) => upstream.close(() => done()));
  }
});

const SLOW = resolve(import.meta.dirname, '../peers/stdio/slow-last-answer.mjs');

test('stdio: a server whose last answer comes 3 s after the client\'s end of input gets to send it; with --server-grace 1 the tap ends it and says so', async () => {
  for (const grace of [undefined, '1'] as const) {
    const traceFile = join(tmp.dir, `slow-${grace ?? 'default'}.json`);
    const tap = startTap(['--trace', traceFile, ...(grace === undefined ? [] : ['--server-grace', grace]), '--', process.execPath, SLOW, '3000']);
    try {
      tap.child.stdin!.write(`${INITIALIZE}\n`);
      tap.child.stdin!.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n');
      tap.child.stdin!.end();
      const started = Date.now();
      const end = await tap.ended;
      const out = Buffer.concat(tap.stdout).toString();
      const trace = parseTrace(readFileSync(traceFile));
      if (grace === undefined) {
        assert.equal(end, { code: 0, signal: null }, tap.stderr);
        assert.match(out, /"id":2,"result":\{\}/, 'the late answer reached the client');
        assert.ok(Date.now() - started >= 2500);
        assert.is(trace.cleanup['process_forced'], 'none');
        assert.is(trace.cleanup['server_grace_ms'], 30_000);
        assert.not.match(tap.stderr, /the tap ended it/);
      } else {
        assert.not.match(out, /"id":2/);
        assert.match(tap.stderr, /the server had not exited 1 s after the client's end of input; the tap ended it \(SIGTERM/);
        assert.is(trace.cleanup['process_forced'], 'SIGTERM');
        assert.ok(trace.events.some((e) => e.kind === 'process_exit' && e.forced === 'SIGTERM'));
      }
    } finally {
      tap.kill();
    }
  }
});

test('stdio: --server-grace takes seconds and goes with a stdio server only', async () => {
  for (const args of [['--server-grace', 'soon', '--', process.execPath, SLOW], ['--server-grace', '-1', '--', process.execPath, SLOW], ['--server-grace', '5', '--listen', '127.0.0.1:0', '--upstream', 'http://127.0.0.1:9/mcp']]) {
    const tap = startTap(args);
    const end = await tap.ended;
    assert.is(end.code, 2, tap.stderr);
    assert.match(tap.stderr, /--server-grace/);
  }
});

test.run();
