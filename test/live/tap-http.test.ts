// Why: over Streamable HTTP the tap is a loopback reverse proxy that no client or server should
// notice: statuses, end-to-end headers and body bytes unchanged both ways, SSE passed on chunk by
// chunk as the server writes it, redirects handed back rather than followed, and the SDK client
// getting what it gets without the tap. Every peer and tap started here is stopped here.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseTrace } from '../../trace/parse-trace.ts';
import { listenLoopback, type RunningPeer } from '../peers/http-peer.ts';
import { McpHttpPeer } from '../peers/http-mcp-peer.ts';
import { startTap, tempFolder, validateJson, type RunningTap } from './tap-support.ts';

const tmp = tempFolder('tap-http');
test.after(() => tmp.remove());

/** Starts an HTTP tap in front of `upstream`; returns it and the URL clients use. */
async function httpTap(upstream: URL, trace: string): Promise<{ tap: RunningTap; url: URL }> {
  const tap = startTap(['--listen', '127.0.0.1:0', '--upstream', upstream.href, '--trace', trace]);
  const m = await tap.stderrMatching(/forwarding (http:\/\/127\.0\.0\.1:\d+\/\S*) to /);
  return { tap, url: new URL(m[1] as string) };
}

/** Ends a tap as a user does (Ctrl-C) and returns how it ended. */
async function interrupt(tap: RunningTap): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  tap.child.kill('SIGINT');
  return tap.ended;
}

async function sdkView(url: URL): Promise<unknown> {
  const client = new Client({ name: 'tap-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(url);
  try {
    await client.connect(transport);
    const tools = await client.listTools();
    const ping = await client.ping();
    const unknown = await client.callTool({ name: 'echo', arguments: {} }).catch((error: unknown) => String(error));
    return { server: client.getServerVersion(), capabilities: client.getServerCapabilities(), tools, ping, unknown };
  } finally {
    await transport.terminateSession().catch(() => {});
    await client.close();
  }
}

for (const answer of ['json', 'sse'] as const) {
  test(`http (${answer} answers): the SDK client gets the same results through the tap as without it; the trace is clean and validates`, async () => {
    const peer = new McpHttpPeer(answer);
    const traceFile = join(tmp.dir, `sdk-${answer}.json`);
    let tap: RunningTap | undefined;
    try {
      await peer.start();
      const direct = await sdkView(peer.url);
      const started = await httpTap(peer.url, traceFile);
      tap = started.tap;
      const tapped = await sdkView(started.url);
      assert.equal(tapped, direct);
      assert.equal(await interrupt(tap), { code: 0, signal: null }, tap.stderr);
      const trace = parseTrace(readFileSync(traceFile));
      assert.equal(trace.findings, [], tap.stderr);
      assert.is(trace.target.transport, 'http');
      const messages = trace.events.filter((e) => e.kind === 'message');
      assert.is(messages.length, 9, 'initialize, initialized, tools/list, ping, tools/call (which this peer refuses) and the four answers');
      assert.ok(trace.events.some((e) => e.kind === 'http_response' && e.headers['mcp-session-id'] === 'session-1'), 'the session id is a placeholder');
      assert.not.match(readFileSync(traceFile, 'utf8'), [...peer.sessions.keys()][0] as string);
      assert.is(validateJson(traceFile).status, 0);
      assert.is(trace.cleanup['listener_closed'], true);
    } finally {
      tap?.kill();
      await peer.stop();
    }
  });
}

test('http: bytes, statuses and end-to-end headers pass unchanged both ways; SSE is passed on chunk by chunk; a redirect is handed back, not followed', async () => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const received: { method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
  const first = Buffer.from('id: 1\ndata: {"jsonrpc":"2.0","method":"notifications/tools/list_changed"}\n\n');
  const second = Buffer.concat([Buffer.from('id: 2\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n'), Buffer.from([0x64, 0x61, 0x74, 0x61, 0x3a, 0x20, 0xff, 0x0a, 0x0a])]);
  const bigJson = Buffer.from(`{"jsonrpc":"2.0","id":2,"result":{"pad":"${'z'.repeat(2_000_100)}"}}`);
  const upstream: RunningPeer = await listenLoopback((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      const kind = req.headers['x-case'];
      if (kind === 'redirect') {
        res.writeHead(307, { location: 'http://elsewhere.invalid/mcp' }).end();
      } else if (kind === 'json') {
        res.writeHead(200, [['Content-Type', 'application/json'], ['Set-Cookie', 'a=1'], ['Set-Cookie', 'b=2'], ['X-Custom', 'kept']]);
        res.end(bigJson);
      } else {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'x-custom': 'kept' });
        res.write(first);
        void released.then(() => res.end(second));
      }
    });
  });
  const traceFile = join(tmp.dir, 'bytes.json');
  let tap: RunningTap | undefined;
  try {
    const started = await httpTap(upstream.url, traceFile);
    tap = started.tap;
    const send = (headers: Record<string, string>, body: Buffer, onChunk?: (chunk: Buffer) => void) =>
      new Promise<{ status: number; raw: string[]; body: Buffer }>((resolve, reject) => {
        const req = http.request(started.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } }, (res) => {
          const got: Buffer[] = [];
          res.on('data', (c: Buffer) => {
            got.push(c);
            onChunk?.(c);
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, raw: res.rawHeaders, body: Buffer.concat(got) }));
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end(body);
      });
    const initialize = Buffer.from('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}');
    let seenFirst = false;
    const sse = await send({ 'x-case': 'sse', 'x-client': 'kept' }, initialize, (chunk) => {
      if (!seenFirst && Buffer.concat([chunk]).includes(first)) {
        seenFirst = true;
        release();
      }
    });
    assert.ok(seenFirst, 'the first event reached the client before the server wrote the second');
    assert.is(sse.status, 200);
    assert.ok(sse.body.equals(Buffer.concat([first, second])), 'SSE bytes unchanged (a line that is not UTF-8 too)');
    assert.is(received[0]?.headers['x-client'], 'kept');
    assert.ok(received[0]?.body.equals(initialize));
    const bigRequest = Buffer.concat([Buffer.from('{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"'), Buffer.alloc(2_000_050, 0x61), Buffer.from([0xfe]), Buffer.from('"}}')]);
    const json = await send({ 'x-case': 'json' }, bigRequest);
    assert.ok(received[1]?.body.equals(bigRequest), 'an oversize request body that is not UTF-8 reaches the server unchanged');
    assert.ok(json.body.equals(bigJson), 'an oversize JSON answer reaches the client unchanged');
    const pairs = (raw: string[]) => raw.reduce<string[]>((out, v, i) => (i % 2 === 0 ? [...out, `${v.toLowerCase()}: ${raw[i + 1]}`] : out), []);
    assert.ok(pairs(json.raw).filter((h) => h.startsWith('set-cookie')).length === 2, 'repeated headers stay repeated');
    assert.ok(pairs(json.raw).includes('x-custom: kept'));
    const redirect = await send({ 'x-case': 'redirect' }, Buffer.from('{"jsonrpc":"2.0","id":3,"method":"ping"}'));
    assert.is(redirect.status, 307);
    assert.ok(pairs(redirect.raw).includes('location: http://elsewhere.invalid/mcp'));
    assert.is(received.length, 3, 'the redirect was not followed');
    assert.equal(await interrupt(tap), { code: 1, signal: null }, tap.stderr);
    for (const rule of ['transport/body-over-limit', 'json/invalid-utf8']) assert.match(tap.stderr, `[${rule}]`);
    const trace = parseTrace(readFileSync(traceFile));
    assert.ok(trace.findings.some((f) => f.rule === 'transport/body-over-limit' && f.severity === 'warning'), 'the limit is the checker\'s: a warning');
    assert.ok(trace.findings.some((f) => f.rule === 'json/invalid-utf8'));
    assert.ok(trace.events.some((e) => e.kind === 'http_response' && e.status === 307 && e.headers['location'] === 'http://elsewhere.invalid/mcp'));
  } finally {
    tap?.kill();
    await upstream.stop();
  }
});

test('http: a kept-alive connection the server closed as a request went out is replaced: the request is sent again, the client sees no 502', async () => {
  // The server closes each connection when a second request arrives on it, before answering: the
  // race a kept-alive connection loses when the server times it out just as the tap reuses it.
  const served = new WeakMap<object, number>();
  const peer = await listenLoopback((req, res) => {
    const count = (served.get(req.socket) ?? 0) + 1;
    served.set(req.socket, count);
    if (count > 1) return void req.socket.destroy();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { id } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: number };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, result: {} }));
    });
  });
  let tap: RunningTap | undefined;
  try {
    const started = await httpTap(peer.url, join(tmp.dir, 'reused.json'));
    tap = started.tap;
    for (const id of [1, 2, 3]) {
      const r = await fetch(started.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' }) });
      assert.is(r.status, 200, `request ${id}`);
      assert.equal(await r.json(), { jsonrpc: '2.0', id, result: {} });
    }
  } finally {
    if (tap !== undefined) await interrupt(tap);
    await peer.stop();
  }
});

test('http: only a loopback address is listened on; anything else is a usage error (exit 2)', async () => {
  for (const listen of ['0.0.0.0:0', '192.168.1.2:8080', 'example.com:80', '127.0.0.1']) {
    const tap = startTap(['--listen', listen, '--upstream', 'http://127.0.0.1:1/mcp']);
    assert.equal(await tap.ended, { code: 2, signal: null }, listen);
    assert.match(tap.stderr, /--listen/);
  }
});

test('http: the body of a 405 refusing a GET is passed on and not judged as a message (the page asks for the status alone); an error body answering a POST is judged', async () => {
  const refusal = '{"jsonrpc":"2.0","error":{"code":-32000,"message":"Method not allowed."},"id":null}';
  const upstream: RunningPeer = await listenLoopback((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'GET') res.writeHead(405, { 'content-type': 'application/json', allow: 'POST' }).end(refusal);
      else res.writeHead(400, { 'content-type': 'application/json' }).end(refusal);
    });
  });
  const traceFile = join(tmp.dir, 'refused-get.json');
  let tap: RunningTap | undefined;
  try {
    const started = await httpTap(upstream.url, traceFile);
    tap = started.tap;
    const send = (method: string, body?: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(started.url, { method, headers: { accept: 'application/json, text/event-stream', ...(body === undefined ? {} : { 'content-type': 'application/json' }) } }, (res) => {
          const got: Buffer[] = [];
          res.on('data', (c: Buffer) => got.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(got).toString('utf8') }));
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end(body);
      });
    const get = await send('GET');
    assert.equal(get, { status: 405, body: refusal }, 'passed on unchanged');
    const post = await send('POST', '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}');
    assert.equal(post, { status: 400, body: refusal });
    assert.equal(await interrupt(tap), { code: 1, signal: null }, tap.stderr);
    const trace = parseTrace(readFileSync(traceFile));
    const exchangeOf = (method: string) => {
      const request = trace.events.find((e) => e.kind === 'http_request' && e.method === method);
      return request?.kind === 'http_request' ? request.exchange : undefined;
    };
    const messagesOf = (exchange: number | undefined) => trace.events.filter((e) => e.kind === 'message' && e.exchange === exchange).length;
    assert.is(messagesOf(exchangeOf('GET')), 0, 'the refusal of the GET is no message of the session');
    assert.is(messagesOf(exchangeOf('POST')), 2, 'the POST carried a request and was answered with an error');
    const idType = trace.findings.filter((f) => f.rule === 'envelope/id-type');
    assert.is(idType.length, 1, JSON.stringify(trace.findings));
    const at = trace.events[idType[0]?.event as number];
    assert.is(at?.kind === 'message' ? at.exchange : undefined, exchangeOf('POST'));
  } finally {
    tap?.kill();
    await upstream.stop();
  }
});

test.run();
