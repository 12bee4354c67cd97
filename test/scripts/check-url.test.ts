// Why: `check --url` is how a user checks a Streamable HTTP server. Run as the user runs it (the
// built CLI in its own process) against loopback peers we control: a correct server is clean with
// exit 0 and its session id never reaches the trace, a defect is a finding with exit 1 naming its
// rule, credentials from --header-env never reach any output, and a server that demands
// credentials or is not there at all means the check could not run (exit 2).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { freePort } from '../../bench/fuzz-rate.ts';
import { AuthRequiredPeer, CredentialEchoPeer, TerminatedSession400Peer } from '../peers/http-broken-peers.ts';
import { McpHttpPeer } from '../peers/http-mcp-peer.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-check-url-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

const SECRET = 'Bearer tok-5d1e8a7c33f94b20';
const ENV = { PATH: process.env['PATH'] ?? '', MCP_TOKEN: SECRET };

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the CLI without blocking this process's event loop, which serves the peer. */
function check(args: string[]): Promise<Run> {
  return new Promise((done) => {
    execFile(process.execPath, [CLI, 'check', ...args], { encoding: 'utf8', cwd: ROOT, timeout: 60_000, env: ENV }, (error, stdout, stderr) => {
      const status = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
      done({ status, stdout, stderr });
    });
  });
}

async function withPeer(peer: McpHttpPeer, body: (url: string) => Promise<void>): Promise<void> {
  const url = await peer.start();
  try {
    await body(url.href);
  } finally {
    await peer.stop();
  }
}

test('a correct Streamable HTTP server: exit 0, a trace that re-validates, session ids recorded as placeholders', async () => {
  for (const answer of ['json', 'sse'] as const) {
    const peer = new McpHttpPeer(answer);
    await withPeer(peer, async (url) => {
      const out = join(dir, `clean-${answer}.json`);
      const r = await check(['--url', url, '--scope', 'full', '--output', out]);
      assert.is(r.status, 0, `${answer}: ${r.stdout}${r.stderr}`);
      assert.match(r.stdout, /^exercise safe \(seed 1\): 0 resource\(s\) read, 0 template\(s\) expanded and read, 0 prompt\(s\) got, 0 tool\(s\) called\n  not exercised: tool "echo": not annotated readOnlyHint: true \(include it with --exercise all\)\npass: 0 errors, 0 warnings; \d+ events, \d+ messages \(2025-11-25, MCP 2025-11-25\); mcp-statechart:v1:[0-9a-f]{64}\n$/);
      const trace = readFileSync(out, 'utf8');
      assert.ok(peer.sessions.size > 0, 'the peer issued a session');
      for (const id of peer.sessions.keys()) assert.not.ok(trace.includes(id), `${answer}: a session id reached the trace`);
      assert.match(trace, /session-1/);
      const v = await new Promise<Run>((done) => {
        execFile(process.execPath, [CLI, 'validate', out], { encoding: 'utf8', cwd: ROOT }, (error, stdout, stderr) => {
          done({ status: error === null ? 0 : (error.code as number), stdout, stderr });
        });
      });
      assert.is(v.status, 0, v.stdout + v.stderr);
    });
  }
});

test('an HTTP defect is a finding: exit 1, the rule named', async () => {
  await withPeer(new TerminatedSession400Peer('json'), async (url) => {
    const r = await check(['--url', url, '--scope', 'full', '--json']);
    assert.is(r.status, 1, r.stderr);
    const report = JSON.parse(r.stdout) as { status: string; findings: { rule: string }[] };
    assert.is(report.status, 'fail');
    assert.ok(report.findings.some((f) => f.rule === 'http/terminated-session-not-404'), r.stdout);
  });
});

test('a credential from --header-env is sent, and never printed or written, even when the server echoes it back', async () => {
  const peer = new CredentialEchoPeer('json');
  await withPeer(peer, async (url) => {
    const out = join(dir, 'echo.json');
    const r = await check(['--url', url, '--header-env', 'Authorization=MCP_TOKEN', '--output', out, '--json']);
    assert.ok(r.status === 1 || r.status === 0, r.stderr);
    assert.ok(peer.seen.some((s) => s.headers.authorization === SECRET), 'the header was sent');
    const token = SECRET.slice('Bearer '.length);
    for (const [where, text] of [['stdout', r.stdout], ['stderr', r.stderr], ['trace', readFileSync(out, 'utf8')]] as const) {
      assert.not.ok(text.includes(token), `the credential reached ${where}`);
    }
  });
});

test('credentials demanded (401) or nothing listening: the check could not run, exit 2 with the reason', async () => {
  await withPeer(new AuthRequiredPeer('json'), async (url) => {
    const r = await check(['--url', url]);
    assert.is(r.status, 2, r.stdout + r.stderr);
    assert.match(r.stderr, /could not run the check: .*401/);
  });
  const port = await freePort();
  const r = await check(['--url', `http://127.0.0.1:${port}/mcp`, '--timeout', '5']);
  assert.is(r.status, 2, r.stdout + r.stderr);
  assert.match(r.stderr, /could not run the check/);
  assert.not.match(r.stderr, /\n\s+at /, 'no stack trace');
});

test.run();
