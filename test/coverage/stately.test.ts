import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { streamToStately } from '../../inspector/stately.ts';
import { parseFixture } from '../../runner/load-fixture.ts';
import { bundledFixtures, COURSE, ROOT } from './bundled.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

// A separate process plays the Stately UI's part: it connects to the bridge over the loopback
// WebSocket and lists the inspection events the bridge replays to it.
const LISTENER = `
const ws = new WebSocket(process.argv[1]);
const types = [];
ws.onmessage = (m) => types.push(JSON.parse(m.data).type);
ws.onerror = () => { console.log('[]'); process.exit(1); };
setTimeout(() => { console.log(JSON.stringify(types)); ws.close(); process.exit(0); }, 1500);
`;

function listen(url: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--experimental-websocket', '--no-warnings', '-e', LISTENER, url], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.on('error', reject);
    child.on('exit', () => resolve(JSON.parse(out.trim() || '[]') as string[]));
  });
}

test('--stately: the inspection events of a case reach the bridge over a loopback WebSocket', async () => {
  const source = existsSync(COURSE)
    ? { fixture: parseFixture(new Uint8Array(readFileSync(COURSE)), 'mcp-cases.json'), name: 'valid_resource_subscription_update_reread_and_unsubscribe' }
    : { fixture: bundledFixtures().find((f) => f.fixture.cases.some((c) => c.name === 'sub_update_reread_unsubscribe'))!.fixture, name: 'sub_update_reread_unsubscribe' };
  const index = source.fixture.cases.findIndex((c) => c.name === source.name);
  const port = await freePort();
  const stream = await streamToStately(source.fixture, source.fixture.cases[index]!, index, port);
  try {
    assert.is(stream.result.status, 'passed');
    assert.is(stream.url, `ws://127.0.0.1:${port}`);
    const types = await listen(stream.url);
    assert.ok(types.includes('@xstate.actor'), 'actors are announced');
    assert.ok(types.includes('@xstate.snapshot'), 'snapshots are sent');
    assert.ok(types.includes('@xstate.event'), 'events are sent');
    const page = await fetch(stream.pageUrl).then((r) => r.text());
    assert.match(page, stream.url, 'the page connects to the loopback bridge');
  } finally {
    await stream.stop();
  }
});

test('--stately on a port in use: exit 2 and a message that names the port, no internal error', async () => {
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = taken.address() as { port: number };
    const run = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'inspect', 'spec_tasks_cancel_crossed_completion', '--stately', '--port', String(port)],
      { encoding: 'utf8', timeout: 30_000 });
    assert.is(run.status, 2);
    assert.is(run.stderr, `mcp-statechart: port ${port} on 127.0.0.1 is in use [cli/port-unavailable]\n`);
  } finally {
    await new Promise((resolve) => taken.close(resolve));
  }
});

test.run();
