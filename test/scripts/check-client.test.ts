// Why: `check-client` and `serve` judge clients. A careful client (hand-written, and the official
// 1.x and 2.x SDK clients) comes out clean over stdio and Streamable HTTP; each deliberately broken
// client is caught with the rule its defect breaks; a client that never connects could not be
// checked (exit 2, one line); the trace is the source of truth (validate judges it the same), and
// the HTML page draws the client on the left and mcp-statechart as its server.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const CLIENT = join(ROOT, 'test/peers/clients/client.mjs');
const SDK_CLIENT = join(ROOT, 'test/peers/clients/sdk-client.mjs');
const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-check-client-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

const ENV = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '' };

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the CLI without blocking this process (the judging server of an in-process test would need it). */
function cli(args: readonly string[], env: NodeJS.ProcessEnv = ENV): Promise<Run> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => { stdout += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      done({ status, stdout, stderr });
    });
  });
}

const hand = (transport: 'stdio' | 'http', defect = 'none') => ['--timeout', '2', `--${transport}`, '--', process.execPath, CLIENT, transport, defect];

test('a careful client over stdio: exit 0; the trace is owner-only, judged again the same by validate, and the reports are written', async () => {
  const out = join(dir, 'clean.json');
  const r = await cli(['check-client', '--output', out, '--html', join(dir, 'clean.html'), '--junit', join(dir, 'clean.xml'), '--sarif', join(dir, 'clean.sarif'), ...hand('stdio')]);
  assert.is(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /^pass: 0 errors, 0 warnings; \d+ events, \d+ messages \(2025-11-25, MCP 2025-11-25\); mcp-statechart:v1:[0-9a-f]{64}; wrote 3 files: /);
  assert.match(r.stderr, /mcp-statechart check-client: scenario ping: answered\n/);
  assert.match(r.stderr, /scenario pagination: pages listed: tools 3, resources 3, prompts 3 \(of 3 each\)/);
  assert.match(r.stderr, /scenario cancel: the slow call was cancelled; no answer sent/);
  assert.match(r.stderr, /scenario undeclared: answered with an error/);
  assert.is(statSync(out).mode & 0o777, 0o600);
  const trace = JSON.parse(readFileSync(out, 'utf8')) as { mode: string; status: string; signature: string; events: { kind: string; probe?: string }[] };
  assert.is(trace.mode, 'check-client');
  assert.is(trace.status, 'pass');
  assert.ok(trace.events.some((e) => e.probe === 'undeclared-elicitation-mode'), 'the undeclared URL-mode elicitation is marked as the server\'s probe');
  const v = spawnSync(process.execPath, [CLI, 'validate', out, '--json'], { encoding: 'utf8', cwd: ROOT });
  assert.is(v.status, 0, v.stdout + v.stderr);
  assert.is((JSON.parse(v.stdout) as { signature: string }).signature, trace.signature);
  const html = readFileSync(join(dir, 'clean.html'), 'utf8');
  const client = html.indexOf('>Client<');
  const server = html.indexOf('>Server (mcp-statechart)<');
  assert.ok(client > 0 && server > client, 'the client is the left lifeline, mcp-statechart the server');
  assert.ok(existsSync(join(dir, 'clean.xml')) && existsSync(join(dir, 'clean.sarif')));
});

test('a careful client over Streamable HTTP: exit 0, the requests\' headers recorded', async () => {
  const out = join(dir, 'clean-http.json');
  const r = await cli(['check-client', '--output', out, ...hand('http')]);
  assert.is(r.status, 0, r.stdout + r.stderr);
  const trace = JSON.parse(readFileSync(out, 'utf8')) as { target: { transport: string; url: string }; events: { kind: string; headers?: Record<string, string> }[] };
  assert.is(trace.target.transport, 'http');
  assert.match(trace.target.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  assert.ok(trace.events.some((e) => e.kind === 'http_request' && e.headers?.['accept'] === 'application/json, text/event-stream'));
});

/** Each broken client's defect and the rule that catches it. */
const DEFECTS: readonly [defect: string, rule: string][] = [
  ['skip-initialized', 'lifecycle/initialized-missing'],
  ['wrong-id', 'correlation/no-matching-request'],
  ['roots-not-file', 'roots/file-uri'],
  ['sampling-missing', 'sampling/result'],
  ['elicitation-schema', 'elicitation/content-required'],
  ['no-ping', 'transport/timeout'],
];

for (const transport of ['stdio', 'http'] as const) {
  for (const [defect, rule] of DEFECTS) {
    test(`a client that breaks a MUST (${defect}, ${transport}) is caught by ${rule}: exit 1`, async () => {
      const r = await cli(['check-client', ...hand(transport, defect)]);
      assert.is(r.status, 1, r.stdout + r.stderr);
      assert.ok(r.stdout.includes(`[${rule}]`), r.stdout);
      assert.match(r.stdout, /^fail: /m);
    });
  }
}

test('a client without roots is asked for them: refusing with -32601 is clean, answering is a warning (probe/undeclared-capability-answer), exit 0', async () => {
  const refused = await cli(['check-client', ...hand('stdio', 'no-roots')]);
  assert.is(refused.status, 0, refused.stdout + refused.stderr);
  assert.match(refused.stdout, /^pass: 0 errors, 0 warnings/);
  const answered = await cli(['check-client', ...hand('stdio', 'answers-undeclared-roots')]);
  assert.is(answered.status, 0, answered.stdout + answered.stderr);
  assert.ok(answered.stdout.includes('[probe/undeclared-capability-answer]'), answered.stdout);
  assert.match(answered.stdout, /^pass: 0 errors, 1 warning;/m);
});

for (const major of ['1', '2'] as const) {
  for (const transport of ['stdio', 'http'] as const) {
    test(`the official ${major}.x SDK client over ${transport} comes out clean`, async () => {
      const r = await cli(['check-client', '--timeout', '2', `--${transport}`, '--', process.execPath, SDK_CLIENT, major, transport]);
      assert.is(r.status, 0, r.stdout + r.stderr);
      assert.match(r.stdout, /^pass: 0 errors, 0 warnings;/);
      assert.match(r.stderr, /scenario progress: 2 notifications\/progress sent/);
      assert.match(r.stderr, /scenario cancel: the slow call was cancelled/);
    });
  }
}

const MODERN_CLIENT = join(ROOT, 'test/peers/clients/modern-client.mjs');
const modern = (transport: 'stdio' | 'http', defect = 'none', pinned = true) => [
  '--timeout', '2', ...(pinned ? ['--protocol-version', '2026-07-28'] : []), `--${transport}`, '--', process.execPath, MODERN_CLIENT, transport, defect,
];

for (const transport of ['stdio', 'http'] as const) {
  test(`a careful 2026-07-28 client over ${transport} is clean, pinned or with both eras served; the trace is judged again the same`, async () => {
    for (const pinned of [true, false]) {
      const out = join(dir, `modern-${transport}-${pinned}.json`);
      const r = await cli(['check-client', '--output', out, ...modern(transport, 'none', pinned)]);
      assert.is(r.status, 0, r.stdout + r.stderr);
      assert.match(r.stdout, /^pass: 0 errors, 0 warnings; \d+ events, \d+ messages \(2026-07-28, MCP 2026-07-28 on every request\)/);
      assert.match(r.stderr, /scenario retry: retried with the requestState echoed\n/);
      assert.match(r.stderr, /scenario elicitation-form: answered in the retry \(accept\)\n/);
      assert.match(r.stderr, /scenario subscribe: listened to mcp-statechart:\/\/judging-server\/watched/);
      assert.match(r.stderr, /scenario cancel: the slow call was cancelled/);
      assert.match(r.stderr, transport === 'http'
        ? /scenario list-changed: sent on the listen stream, which was then dropped; the client opened it again\n/
        : /scenario list-changed: 3 list_changed sent on the listen stream\n/);
      const trace = JSON.parse(readFileSync(out, 'utf8')) as { signature: string; events: { kind: string; status?: number; message?: { result?: { resultType?: string } } }[] };
      assert.ok(trace.events.some((e) => e.message?.result?.resultType === 'input_required'), 'the retry round is in the trace');
      const v = spawnSync(process.execPath, [CLI, 'validate', out, '--json'], { encoding: 'utf8', cwd: ROOT });
      assert.is(v.status, 0, v.stdout + v.stderr);
      assert.is((JSON.parse(v.stdout) as { signature: string }).signature, trace.signature);
    }
  });
}

/** Each broken 2026-07-28 client's defect, the transports it is tried on, and the rule that catches it. */
const MODERN_DEFECTS: readonly [defect: string, transports: readonly ('stdio' | 'http')[], rule: string][] = [
  ['retry-reused-id', ['stdio', 'http'], 'stateless/retry-reused-id'],
  ['state-altered', ['stdio', 'http'], 'stateless/request-state-not-echoed'],
  ['no-meta-version', ['stdio', 'http'], 'stateless/request-meta-missing'],
  ['cursor-altered', ['stdio', 'http'], 'pagination/cursor-not-issued'],
  ['no-method-header', ['http'], 'http/client-method-header'],
  ['no-param-header', ['http'], 'http/client-param-header'],
  ['calls-invalid-tool', ['http'], 'http/client-invalid-tool-called'],
  ['state-leaked', ['stdio', 'http'], 'stateless/retry-different-request'],
];

for (const [defect, transports, rule] of MODERN_DEFECTS) {
  for (const transport of transports) {
    test(`a 2026-07-28 client that breaks a MUST (${defect}, ${transport}) is caught by ${rule} alone: exit 1`, async () => {
      const r = await cli(['check-client', ...modern(transport, defect)]);
      assert.is(r.status, 1, r.stdout + r.stderr);
      const cited = [...new Set([...r.stdout.matchAll(/error: .*\[([a-z-]+\/[a-z-]+)\]$/gm)].map((m) => m[1]))];
      assert.equal(cited, [rule], r.stdout);
    });
  }
}

for (const transport of ['stdio', 'http'] as const) {
  for (const mode of ['2026-07-28', 'auto'] as const) {
    test(`the official 2.x SDK client (${mode === 'auto' ? 'automatic mode' : 'pinned to 2026-07-28'}) over ${transport} comes out clean in 2026-07-28${transport === 'stdio' ? ', its discover probe a session of its own' : ''}`, async () => {
      const r = await cli(['check-client', '--timeout', '2', `--${transport}`, '--', process.execPath, SDK_CLIENT, '2', transport], { ...ENV, VERSION_MODE: mode });
      assert.is(r.status, 0, r.stdout + r.stderr);
      assert.match(r.stdout, /^pass: 0 errors, 0 warnings; \d+ events, \d+ messages \(2026-07-28, MCP 2026-07-28 on every request\)/);
      assert.match(r.stderr, /scenario retry: retried with the requestState echoed\n/);
      if (transport === 'stdio') assert.match(r.stderr, /session 1 of 2: pass: 0 errors, 0 warnings; 2 events, 2 messages/, 'the short-lived probe process: server/discover alone, no fault');
      else assert.match(r.stderr, /which was then dropped; the client opened it again/);
    });
  }
}

test('the 2.x SDK client in automatic mode against a judging server pinned to 2025-11-25 falls back to initialize: its probe is no fault, the session legacy and clean', async () => {
  for (const transport of ['stdio', 'http'] as const) {
    const r = await cli(['check-client', '--timeout', '2', '--protocol-version', '2025-11-25', `--${transport}`, '--', process.execPath, SDK_CLIENT, '2', transport], { ...ENV, VERSION_MODE: 'auto' });
    assert.is(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /^pass: 0 errors, 0 warnings; \d+ events, \d+ messages \(2025-11-25, MCP 2025-11-25\)/);
    if (transport === 'stdio') assert.match(r.stderr, /session 1 of 2: pass: 0 errors, 0 warnings; 2 events, 2 messages/);
  }
});

for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
  test(`an interrupted run (${signal}) ends the client and writes the trace and reports recorded so far: exit ${code}`, async () => {
    const out = join(dir, `interrupted-${signal}.json`);
    const child = spawn(process.execPath, [CLI, 'check-client', '--timeout', '60', '--output', out, '--junit', join(dir, `interrupted-${signal}.xml`), '--stdio', '--', process.execPath, join(ROOT, 'test/peers/clients/hanging-client.mjs')],
      { cwd: ROOT, env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => { stdout += c.toString(); });
    const connected = new Promise<void>((resolve) => child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
      if (stderr.includes('hanging-client: initialized')) resolve();
    }));
    const closed = new Promise<number | null>((resolve) => child.on('close', (status) => resolve(status)));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    await connected;
    // The relay has the initialized notification once the judging server answers; give it a moment to arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.kill(signal);
    const status = await closed;
    clearTimeout(timer);
    assert.is(status, code, stdout + stderr);
    const trace = JSON.parse(readFileSync(out, 'utf8')) as { status: string; error: string; events: { kind: string }[] };
    assert.is(trace.status, 'error');
    assert.is(trace.error, `the client check was interrupted (${signal}) before the client exited`);
    assert.ok(trace.events.filter((e) => e.kind === 'message').length >= 2, 'initialize and its answer were recorded');
    assert.ok(existsSync(join(dir, `interrupted-${signal}.xml`)), 'the reports are written too');
    assert.match(stdout, /^error \(the run could not complete: the client check was interrupted/m);
  });
}

test('a client that never connects, or cannot be started, could not be checked: exit 2 and one line naming why', async () => {
  const never = await cli(['check-client', '--stdio', '--', process.execPath, '-e', 'process.exit(3)']);
  assert.is(never.status, 2, never.stdout + never.stderr);
  assert.is(never.stderr, 'mcp-statechart: could not run the client check: the client exited (code 3) without connecting to the judging server (start the command in MCP_SERVER_COMMAND) [cli/client-unavailable]\n');
  const missing = await cli(['check-client', '--http', '--', join(dir, 'no-such-client')]);
  assert.is(missing.status, 2);
  assert.is(missing.stderr, 'mcp-statechart: could not run the client check: the client could not be started: ENOENT [cli/client-unavailable]\n');
});

test('bad arguments are usage errors (exit 2)', async () => {
  const both = await cli(['check-client', '--stdio', '--http', '--', 'node']);
  assert.is(both.status, 2);
  assert.match(both.stderr, /say how the client speaks/);
  const unknown = await cli(['check-client', '--scenario', 'nope', '--stdio', '--', 'node']);
  assert.is(unknown.status, 2);
  assert.match(unknown.stderr, /--scenario is one of ping, roots, /);
});

test('serve alone, named as a host\'s server, writes its trace and report when the host disconnects', async () => {
  const out = join(dir, 'served.json');
  const command = JSON.stringify([process.execPath, CLI, 'serve', '--timeout', '1', '--output', out, '--scenario', 'ping', '--scenario', 'roots']);
  const r = await new Promise<Run>((done) => {
    const child = spawn(process.execPath, [CLIENT, 'stdio'], { cwd: ROOT, env: { ...ENV, MCP_SERVER_COMMAND: command }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
    child.on('close', (status) => done({ status, stdout: '', stderr }));
  });
  assert.is(r.status, 0, r.stderr);
  assert.match(r.stderr, /mcp-statechart serve: scenario ping: answered\n/);
  assert.match(r.stderr, /^pass: 0 errors, 0 warnings; /m);
  const trace = JSON.parse(readFileSync(out, 'utf8')) as { status: string; options: { scenarios: Record<string, string> } };
  assert.is(trace.status, 'pass');
  assert.equal(Object.keys(trace.options.scenarios).sort(), ['ping', 'roots']);
});

test('serve pinned to 2026-07-28, named as a stateless host\'s server, judges it and writes its trace when the host disconnects', async () => {
  const out = join(dir, 'served-modern.json');
  const command = JSON.stringify([process.execPath, CLI, 'serve', '--protocol-version', '2026-07-28', '--timeout', '2', '--output', out]);
  const r = await new Promise<Run>((done) => {
    const child = spawn(process.execPath, [MODERN_CLIENT, 'stdio', 'state-altered'], { cwd: ROOT, env: { ...ENV, MCP_SERVER_COMMAND: command }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
    child.on('close', (status) => done({ status, stdout: '', stderr }));
  });
  assert.is(r.status, 0, r.stderr);
  assert.match(r.stderr, /\[stateless\/request-state-not-echoed\]/);
  const trace = JSON.parse(readFileSync(out, 'utf8')) as { status: string; profile: string };
  assert.equal([trace.status, trace.profile], ['fail', '2026-07-28']);
});

test.run();
