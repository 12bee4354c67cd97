// Why: the official "everything" reference server, run in its Streamable HTTP mode as a child
// process, is an HTTP server we did not write. Driven through our transport with every HTTP probe,
// it must come out with exactly the violations it really has (each explained in docs/live-checks.md), no
// more: it answers a request carrying a terminated session id with 400 instead of 404, and it
// accepts requests from any Origin.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { freePort } from '../../bench/fuzz-rate.ts';
import { drive } from '../live/support/http-driver.ts';

const SERVER = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
const LOOPBACK = fileURLToPath(new URL('./support/loopback-listen.mjs', import.meta.url));
const START_LIMIT_MS = 15_000;

/** Starts the server on `port` and resolves with the address it reports listening on. */
function startServer(port: number): { child: ChildProcess; listening: Promise<{ address: string; port: number }> } {
  const child = spawn(process.execPath, ['--import', LOOPBACK, SERVER, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const listening = new Promise<{ address: string; port: number }>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`the server did not listen within ${START_LIMIT_MS} ms: ${seen}`)), START_LIMIT_MS);
    child.stderr?.on('data', (chunk: Buffer) => {
      seen = (seen + chunk.toString('utf8')).slice(-4096);
      const line = /loopback-listen: (\{[^\n]*\})\n/.exec(seen);
      if (line?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(JSON.parse(line[1]) as { address: string; port: number });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before listening: ${seen}`));
    });
  });
  return { child, listening };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

test('server-everything over Streamable HTTP: clean but for its two real violations', async () => {
  const port = await freePort();
  const { child, listening } = startServer(port);
  try {
    assert.equal(await listening, { address: '127.0.0.1', family: 'IPv4', port });
    const outcomes: boolean[] = [];
    const run = await drive(new URL(`http://127.0.0.1:${port}/mcp`), {
      timeoutMs: 5_000,
      probes: async (t, request) => {
        outcomes.push(await t.openGetStream(), await t.resumeStream());
        await t.probeForeignOrigin(request('ping'));
        await t.terminateAndProbe(request('ping'));
      },
    });
    assert.equal(run.failures.map((f) => f.message), []);
    assert.is(run.answers.size, 4, 'initialize, ping, tools/list and the foreign-Origin ping were answered');
    assert.equal(outcomes, [true, true], 'it offers a GET stream and resumes from event ids');
    const errors = run.recorder.errors().map((f) => f.rule);
    assert.equal(errors, ['http/origin-accepted', 'http/terminated-session-not-404']);
    const warnings = run.recorder.findings.filter((f) => f.severity === 'warning' && !f.rule.startsWith('toolschema/'));
    assert.equal(warnings, [], 'no HTTP warning: its SSE answers are primed and terminated');
    assert.equal(run.evidence, { http_session: 'deleted', http_requests_aborted: 0, http_sockets_closed: true });
  } finally {
    await stop(child);
  }
});

test.run();
