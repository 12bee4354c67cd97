// Why: a checker is pointed at servers that crash, stall, flood and lie. Each faulty server here,
// over stdio and over Streamable HTTP, is checked the way a user checks it (the built CLI in its
// own process) and must end in a clear finding, or exit 2, within its time bound, with the
// checker's peak RSS under 200 MB, no stack trace, and nothing left behind: no process of the
// server (each is started with a unique marker argument and looked for in /proc afterwards) and
// no connection to the peer.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Trace } from '../../trace/trace-schema.ts';
import { ConnectionDropPeer, RedirectPeer, Status503Peer, WrongContentTypePeer } from '../peers/http-broken-peers.ts';
import { SilentStreamPeer, SseBareLinePeer } from '../peers/http-broken-streams.ts';
import { HugeContentLengthPeer, SseBodyPeer, StatusPeer } from '../peers/http-faulty-peers.ts';
import type { McpHttpPeer } from '../peers/http-mcp-peer.ts';
import { PEAK_RSS_HOOK, peakRss } from '../support/peak-rss.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const PEERS = join(ROOT, 'test/peers/stdio');
const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-faulty-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

/** The checker's peak RSS bound, in MB. */
const MAX_RSS_MB = 200;

interface Fault {
  readonly name: string;
  /** A stdio peer's file name, or an HTTP peer. */
  readonly peer: string | (() => McpHttpPeer);
  /** --timeout, in seconds. */
  readonly timeout: number;
  readonly exit: 0 | 1 | 2;
  /** Rules that must be among the findings. */
  readonly rules: readonly string[];
  /** The run must end within this many seconds (the timeout plus the shutdown waits, with a margin for a loaded machine). */
  readonly seconds: number;
  readonly check?: (trace: Trace, peer: McpHttpPeer | undefined) => void;
}

const FAULTS: readonly Fault[] = [
  { name: 'exits mid-handshake (after initialize, before answering ping)', peer: 'exits-mid-handshake', timeout: 10, exit: 1, rules: ['transport/closed-with-pending-requests'], seconds: 8 },
  {
    name: 'crashes with a signal', peer: 'crash-signal', timeout: 10, exit: 1, rules: ['transport/closed-with-pending-requests'], seconds: 8,
    check: (t) => assert.ok(t.events.some((e) => e.kind === 'process_exit' && e.signal === 'SIGKILL' && e.forced === 'none')),
  },
  { name: 'prints garbage', peer: 'prints-garbage', timeout: 1, exit: 1, rules: ['json/syntax', 'transport/timeout'], seconds: 10 },
  { name: 'prints a partial line and stalls', peer: 'partial-line-stall', timeout: 1, exit: 1, rules: ['transport/timeout', 'transport/stdio-unterminated-message'], seconds: 10 },
  {
    // The specification sets no size limit: the limit is the checker's, so it says it stopped reading (a warning) and blames the server for nothing.
    name: 'writes one line of 64 MiB', peer: 'huge-line', timeout: 10, exit: 0, rules: ['transport/line-over-limit'], seconds: 10,
    check: (t) => {
      assert.ok(t.events.some((e) => e.kind === 'transport_error' && e.code === 'line-too-long'));
      assert.equal(t.findings.map((f) => `${f.rule} ${f.severity}`), ['transport/line-over-limit warning'], 'no error: what the checker did not read is not the server\'s fault');
      assert.match(t.findings[0]?.message ?? '', /the checker stopped reading/);
    },
  },
  {
    // The flood is the server's doing, against a SHOULD (rate limiting): a warning on the server; the requests the checker no longer reads are not blamed on it.
    name: 'floods stdout with valid notifications', peer: 'flood-notifications', timeout: 30, exit: 0, rules: ['transport/message-flood'], seconds: 25,
    check: (t) => {
      assert.not.ok(t.events.some((e) => e.kind === 'timeout'), 'the bound ends it, not the time limit');
      assert.equal(t.findings.map((f) => `${f.rule} ${f.severity}`), ['transport/message-flood warning']);
      assert.match(t.findings[0]?.message ?? '', /the server sent 10,000 messages in a row without a response among them: the checker stopped reading/);
    },
  },
  {
    name: 'floods with notifications between responses to ids never sent', peer: 'bogus-responses-flood', timeout: 10, exit: 1, rules: ['transport/message-flood'], seconds: 15,
    check: (t) => assert.ok(t.events.some((e) => e.kind === 'transport_error' && e.code === 'message-flood')),
  },
  {
    name: 'writes 300 one-megabyte log notifications, then never answers ping', peer: 'byte-flood', timeout: 2, exit: 1, rules: ['transport/timeout'], seconds: 30,
    check: (t) => {
      assert.ok(t.omitted !== undefined && t.omitted.events > 0, 'the trace says what it left out');
      assert.ok(JSON.stringify(t).length < 64 * 1024 * 1024, 'the trace stays under the reader\'s limit');
      assert.not.ok(t.findings.some((f) => f.rule === 'transport/stdio-unterminated-message' || f.rule === 'json/syntax'), 'a line cut by the checker is not blamed');
    },
  },
  {
    name: 'leaves a detached grandchild holding its stdout, and exits 0', peer: 'detached-grandchild', timeout: 10, exit: 0, rules: [], seconds: 10,
    check: (t) => {
      assert.is(t.cleanup['process_forced'], 'none', 'a server that exited on its own was not forced');
      assert.is(t.cleanup['process_exit_code'], 0);
      assert.is(t.cleanup['detached_processes_killed'], 1, 'the grandchild was ended and reported');
    },
  },
  {
    name: 'ignores stdin closing and SIGTERM (SIGKILL follows)', peer: 'ignores-stdin-close', timeout: 10, exit: 0, rules: [], seconds: 15,
    check: (t) => assert.is(t.cleanup['process_forced'], 'SIGKILL'),
  },
  {
    name: 'closes stdout but keeps running', peer: 'closes-stdout', timeout: 30, exit: 1, rules: ['transport/closed-with-pending-requests'], seconds: 15,
    check: (t) => assert.ok(t.events.some((e) => e.kind === 'transport_error' && e.code === 'stdout-closed')),
  },
  { name: 'HTTP 500', peer: () => new StatusPeer(500), timeout: 10, exit: 1, rules: ['http/error-status'], seconds: 8 },
  { name: 'HTTP 503', peer: () => new Status503Peer('json'), timeout: 10, exit: 1, rules: ['http/error-status'], seconds: 8 },
  { name: 'HTTP 404 (after the handshake)', peer: () => new StatusPeer(404), timeout: 10, exit: 1, rules: ['http/error-status'], seconds: 8 },
  { name: 'HTTP 413', peer: () => new StatusPeer(413), timeout: 10, exit: 1, rules: ['http/error-status'], seconds: 8 },
  { name: 'connection reset mid-response', peer: () => new ConnectionDropPeer('json'), timeout: 10, exit: 1, rules: ['http/connection-lost'], seconds: 8 },
  { name: 'malformed SSE: a line that is no field', peer: () => new SseBareLinePeer(), timeout: 10, exit: 1, rules: ['http/sse-ignored-field', 'http/stream-closed-before-response'], seconds: 8 },
  { name: 'malformed SSE: an event with no data', peer: () => new SseBodyPeer(() => 'event: message\n\n'), timeout: 10, exit: 1, rules: ['http/stream-closed-before-response'], seconds: 8 },
  { name: 'malformed SSE: a partial event, then close', peer: () => new SseBodyPeer((r) => `event: message\ndata: ${r.slice(0, 30)}`), timeout: 10, exit: 1, rules: ['http/stream-closed-before-response'], seconds: 8 },
  {
    name: 'an SSE stream open forever with no event', peer: () => new SilentStreamPeer(), timeout: 1, exit: 1, rules: ['http/timeout'], seconds: 10,
    check: (t) => assert.ok(t.events.some((e) => e.kind === 'timeout' && e.limit_ms === 1000)),
  },
  {
    name: 'a redirect to another host (not followed; a warning, no line forbids it)', peer: () => new RedirectPeer('http://elsewhere.invalid/mcp'), timeout: 10, exit: 0, rules: ['http/redirect-other-origin'], seconds: 8,
    check: (_t, peer) => assert.equal(peer!.seen.map((r) => r.method).filter((m) => m !== 'POST'), ['DELETE'], 'nothing but the session\'s own requests'),
  },
  { name: 'a wrong Content-Type', peer: () => new WrongContentTypePeer('json'), timeout: 10, exit: 1, rules: ['http/response-content-type'], seconds: 8 },
  {
    name: 'a 2 GB Content-Length, then nothing', peer: () => new HugeContentLengthPeer(), timeout: 30, exit: 0, rules: ['transport/body-over-limit'], seconds: 10,
    check: (t) => {
      assert.not.ok(t.events.some((e) => e.kind === 'timeout'), 'refused at once, not waited for');
      assert.equal(t.findings.map((f) => `${f.rule} ${f.severity}`), ['transport/body-over-limit warning'], 'no error: what the checker did not read is not the server\'s fault');
    },
  },
];

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly seconds: number;
  readonly rssMb: number;
}

/** Runs the CLI without blocking this process's event loop (which serves the HTTP peers). */
function check(args: string[]): Promise<Run> {
  const started = performance.now();
  return new Promise((done) => {
    execFile(process.execPath, ['--import', PEAK_RSS_HOOK, CLI, 'check', ...args], { encoding: 'utf8', cwd: ROOT, timeout: 120_000, env: { PATH: process.env['PATH'] ?? '' }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const status = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
      const peak = peakRss(stderr);
      done({ status, stdout, stderr: peak.stderr, seconds: (performance.now() - started) / 1000, rssMb: peak.mb });
    });
  });
}

/** Processes whose command line contains `marker` (read from /proc; none where /proc is absent). */
export function processesWith(marker: string): number[] {
  const found: number[] = [];
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return found;
  }
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker)) found.push(Number(pid));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

for (const fault of FAULTS) {
  test(`${typeof fault.peer === 'string' ? 'stdio' : 'HTTP'}: ${fault.name}: exit ${fault.exit} with ${fault.rules.join(', ') || 'no finding'}, bounded, nothing left behind`, async () => {
    const out = join(dir, `${randomUUID()}.json`);
    const base = ['--timeout', String(fault.timeout), '--output', out];
    let run: Run;
    let peer: McpHttpPeer | undefined;
    if (typeof fault.peer === 'string') {
      const marker = `--faulty-marker=${randomUUID()}`;
      run = await check([...base, '--stdio', '--', process.execPath, join(PEERS, `${fault.peer}.mjs`), marker]);
      assert.equal(processesWith(marker), [], 'no process of the server is left');
    } else {
      peer = fault.peer();
      const url = await peer.start();
      try {
        run = await check([...base, '--url', url.href]);
        assert.is(await peer.connectionsAfterClientClose(), 0, 'no connection to the server is left');
      } finally {
        await peer.stop();
      }
    }
    const trace = JSON.parse(readFileSync(out, 'utf8')) as Trace;
    const rules = trace.findings.map((f) => f.rule);
    assert.is(run.status, fault.exit, `${run.stdout}${run.stderr}`);
    for (const rule of fault.rules) assert.ok(rules.includes(rule), `expected ${rule}, got ${rules.join(', ') || 'nothing'}`);
    assert.ok(run.seconds < fault.seconds, `took ${run.seconds.toFixed(1)} s (bound ${fault.seconds} s)`);
    assert.ok(run.rssMb < MAX_RSS_MB, `peak RSS ${run.rssMb.toFixed(0)} MB (bound ${MAX_RSS_MB} MB)`);
    assert.not.match(run.stderr, /\n\s+at .*:\d+:\d+/, 'no stack trace');
    if (typeof fault.peer === 'string') assert.is(trace.cleanup['process_exited'], true);
    else assert.is(trace.cleanup['http_sockets_closed'], true);
    fault.check?.(trace, peer);
    if (process.env['FAULTY_TIMES']) console.log(`${fault.name}: exit ${run.status}, ${run.seconds.toFixed(2)} s, ${run.rssMb.toFixed(0)} MB`);
  });
}

test.run();
