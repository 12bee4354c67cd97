// Why: the live inspector page shows a tapped session to a browser on this machine; like every
// loopback listener of the tool it must serve only requests addressed to it by a loopback name
// from pages on this machine (a page elsewhere could otherwise read the session through DNS
// rebinding), answer nothing but GET, and end its event streams and connections when stopped.
import http from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LiveFrames } from '../../inspector/live-frames.ts';
import { startLiveInspector } from '../../inspector/live-server.ts';

interface Answer { readonly status: number; readonly type: string | undefined; readonly body: string }

/** One request to the inspector at `url`, with the headers given (Host defaults to the URL's). */
function request(url: string, options: { method?: string; path?: string; headers?: Record<string, string>; firstChunk?: boolean } = {}): Promise<Answer> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, path: options.path ?? '/', method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        // An event stream stays open: its first chunk is enough.
        if (options.firstChunk) {
          res.destroy();
          resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body });
        }
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

test('the live inspector serves its page and event stream on its loopback address, and refuses requests not addressed to it', async () => {
  const inspector = await startLiveInspector(new LiveFrames((v) => v), 'a session', '127.0.0.1', 0);
  try {
    assert.match(inspector.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    const port = new URL(inspector.url).port;
    const page = await request(inspector.url);
    assert.is(page.status, 200);
    assert.match(page.type ?? '', /^text\/html/);
    assert.match(page.body, /a session/);
    // Another loopback name of the same port is this listener too.
    assert.is((await request(inspector.url, { headers: { host: `localhost:${port}` } })).status, 200);
    const events = await request(inspector.url, { path: '/events', firstChunk: true });
    assert.is(events.status, 200);
    assert.is(events.type, 'text/event-stream');
    assert.match(events.body, /^: mcp-statechart tap\n\n/);
    assert.is((await request(inspector.url, { path: '/elsewhere' })).status, 404);

    // A name rebound to 127.0.0.1, a page on a foreign origin, another port: not served.
    for (const headers of [{ host: `rebound.example:${port}` }, { origin: 'http://attacker.example' }, { host: '127.0.0.1:1' }]) {
      const refused = await request(inspector.url, { headers });
      assert.is(refused.status, 403, JSON.stringify(headers));
      assert.is(refused.body, 'not served\n');
    }
    // A page on this machine may open it.
    assert.is((await request(inspector.url, { headers: { origin: 'http://localhost:8080' } })).status, 200);
    // Nothing but GET, addressed to it or not.
    assert.is((await request(inspector.url, { method: 'POST' })).status, 405);
    assert.is((await request(inspector.url, { method: 'POST', headers: { host: `rebound.example:${port}` } })).status, 405);
  } finally {
    await inspector.stop();
  }
});

test('stopping the live inspector ends an open event stream and stops listening', async () => {
  const inspector = await startLiveInspector(new LiveFrames((v) => v), 'a session', '127.0.0.1', 0);
  const u = new URL(inspector.url);
  let stopped: Promise<void> | undefined;
  const ended = new Promise<string>((resolve, reject) => {
    http.get({ host: u.hostname, port: u.port, path: '/events', agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        if (body.startsWith(': mcp-statechart tap')) stopped ??= inspector.stop();
      });
      res.on('end', () => resolve(body));
      res.on('error', reject);
    }).on('error', reject);
  });
  assert.match(await ended, /^: mcp-statechart tap\n\n/);
  await stopped;
  const refused = await request(inspector.url).then(() => 'answered', (e: NodeJS.ErrnoException) => e.code);
  assert.is(refused, 'ECONNREFUSED');
});

test.run();
