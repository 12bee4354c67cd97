// Why: a peer chooses how long its strings are. Ids and tokens of 500 KB must not make the tap's
// tables hold the traffic (they are judged through a stand-in that says what it replaced), and
// the inspector's frames must be bounded in bytes, not only in number: a frame too large to
// show is shortened and says so. The tap's peak RSS stays under 300 MB under such a client.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LiveFrames, MAX_LIVE_FRAME_BYTES } from '../../inspector/live-frames.ts';
import { keyStandIn, MAX_KEY_CHARS, shortenKeys } from '../../judge/long-keys.ts';
import { TapRecorder } from '../../live/tap-recorder.ts';
import { parseTrace } from '../../trace/parse-trace.ts';
import { judgeTrace } from '../../live/trace-judge.ts';
import { Redactor } from '../../trace/redaction.ts';
import { PEAK_RSS_HOOK, peakRss } from '../support/peak-rss.ts';
import { CLI, tempFolder, validateJson } from './tap-support.ts';
import { spawn } from 'node:child_process';

const tmp = tempFolder('tap-bounds');
test.after(() => tmp.remove());

const INITIALIZE = JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } });
const INITIALIZED = JSON.stringify({ jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } });

test('a long key gets a stand-in that is equal for equal keys, different for different ones, short, ASCII-safe, and says what it replaced', () => {
  const a = 'a'.repeat(500_000);
  const b = `${'a'.repeat(499_999)}b`;
  assert.is(keyStandIn(a), keyStandIn(`${a}`));
  assert.is.not(keyStandIn(a), keyStandIn(b));
  assert.ok(keyStandIn(a).length < 200);
  assert.match(keyStandIn(a), /\.\.\.\[500000 characters, sha256 [0-9a-f]{32}\]$/);
  const emoji = `${'x'.repeat(63)}\u{1F600}${'y'.repeat(2000)}`;
  assert.not.match(keyStandIn(emoji), /[\ud800-\udbff](?![\udc00-\udfff])/, 'never a lone surrogate');
  const short = { jsonrpc: '2.0', id: 'x'.repeat(MAX_KEY_CHARS), method: 'ping' };
  assert.is(shortenKeys(short).message, short, 'a key within the bound is left as it is');
  const { message, shortened } = shortenKeys({ jsonrpc: '2.0', id: a, method: 'notifications/cancelled', params: { requestId: b, _meta: { progressToken: a } } });
  assert.is(shortened, 3);
  assert.equal(message, { jsonrpc: '2.0', id: keyStandIn(a), method: 'notifications/cancelled', params: { requestId: keyStandIn(b), _meta: { progressToken: keyStandIn(a) } } });
});

test('the tap judges long ids through stand-ins as it judges short ones: the answer is correlated, a duplicate is still found, and the trace judges again to the same signature', () => {
  const recorder = new TapRecorder({});
  const id = (n: number) => `${n}`.padEnd(100_000, 'z');
  recorder.message('client_to_server', INITIALIZE);
  recorder.message('server_to_client', INITIALIZED);
  recorder.message('client_to_server', '{"jsonrpc":"2.0","method":"notifications/initialized"}');
  recorder.message('client_to_server', JSON.stringify({ jsonrpc: '2.0', id: id(1), method: 'ping' }));
  recorder.message('server_to_client', JSON.stringify({ jsonrpc: '2.0', id: id(1), result: {} }));
  recorder.message('client_to_server', JSON.stringify({ jsonrpc: '2.0', id: id(2), method: 'ping' }));
  recorder.message('client_to_server', JSON.stringify({ jsonrpc: '2.0', id: id(2), method: 'ping' }));
  recorder.message('server_to_client', JSON.stringify({ jsonrpc: '2.0', id: id(3), result: {} }));
  const { recording } = recorder.finish();
  const rules = recording.findings.map((f) => f.rule);
  // The tap judges both peers: the ping whose id was sent twice was never answered while the server
  // went on sending (the ping page: the receiver MUST respond promptly), and the first ping's answer was correlated.
  assert.equal(rules, ['correlation/ping-unanswered', 'correlation/duplicate-outstanding-id', 'correlation/no-matching-request']);
  assert.equal(recording.findings.map((f) => f.event), [5, 6, 7]);
  assert.is(recorder.counts().shortened, 5);
  const trace = { mode: 'tap', events: recording.events, findings: recording.findings } as unknown as Parameters<typeof judgeTrace>[0];
  assert.equal(judgeTrace(trace).findings.map((f) => f.rule), rules);
  assert.ok(JSON.stringify(recording.events).length < 20_000, 'the kept messages hold stand-ins');
});

test('the inspector keeps frames bounded in bytes: a frame too large to show is shortened and says so, and the kept frames stay under the bound', () => {
  const redactor = new Redactor([]);
  const frames = new LiveFrames((v) => redactor.json(v));
  const recorder = new TapRecorder({ inspect: frames.inspect, onJudged: (step, f, session, label) => frames.judged(step, f, session, label) });
  recorder.message('client_to_server', INITIALIZE);
  recorder.message('server_to_client', INITIALIZED);
  recorder.message('client_to_server', '{"jsonrpc":"2.0","method":"notifications/initialized"}');
  for (let n = 0; n < 60; n++) {
    recorder.message('server_to_client', JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: `${n}`.padEnd(1_500_000, 'd') } }));
  }
  const kept = frames.kept();
  assert.ok(frames.keptBytes <= MAX_LIVE_FRAME_BYTES, `${frames.keptBytes} characters kept`);
  const last = kept[kept.length - 1];
  assert.ok(last !== undefined && last.item.seq === 63, 'the latest frame is kept');
  assert.match(last.item.frame.label, /shortened: \d+ bytes/);
  assert.match(JSON.stringify(last.item.frame.step), /too large to show here/);
  assert.ok(last.text.length < 256 * 1024);
});

/** Runs `tap` (with the peak RSS hook) in front of `server`, feeding it `lines` with backpressure; returns its exit code, stderr and peak RSS in MB. */
async function tapWith(server: string, lines: () => Iterable<string>, args: readonly string[]): Promise<{ code: number | null; stderr: string; mb: number }> {
  const child = spawn(process.execPath, ['--import', PEAK_RSS_HOOK, CLI, 'tap', ...args, '--', process.execPath, server], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  child.stdout!.resume();
  const closed = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  try {
    for (const line of lines()) {
      if (!child.stdin!.write(line)) await new Promise((resolve) => child.stdin!.once('drain', resolve));
    }
    child.stdin!.end();
    const code = await closed;
    const peak = peakRss(stderr);
    return { code, stderr: peak.stderr, mb: peak.mb };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

test('the tap in front of a server that answers nothing, fed 400 requests with ids of 500 KB each: peak RSS under 300 MB, the trace says what it kept', async () => {
  const server = join(tmp.dir, 'answers-initialize-only.mjs');
  writeFileSync(server, `import { createInterface } from 'node:readline';
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => { const m = JSON.parse(line); if (m.method === 'initialize') process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'quiet', version: '1' } } }) + '\\n'); });
lines.on('close', () => process.exit(0));\n`);
  const traceFile = join(tmp.dir, 'long-ids.json');
  const run = await tapWith(server, function* () {
    yield `${INITIALIZE}\n`;
    for (let n = 0; n < 400; n++) yield `${JSON.stringify({ jsonrpc: '2.0', id: `${n}`.padEnd(500_000, 'i'), method: 'ping' })}\n`;
  }, ['--trace', traceFile]);
  if (!Number.isFinite(run.mb)) console.log(run.code, run.stderr.slice(-1500));
  console.log(`  tap peak RSS under 400 requests with 500 KB ids: ${run.mb.toFixed(0)} MB`);
  assert.ok(Number.isFinite(run.mb) && run.mb < 300, `${run.mb} MB`);
  assert.match(run.stderr, /400 ids or tokens over 1024 characters judged through a stand-in/);
  const trace = parseTrace(readFileSync(traceFile));
  assert.ok(trace.events.some((e) => e.kind === 'message' && /\.\.\.\[500000 characters, sha256 /.test(JSON.stringify(e.message))));
  assert.is(validateJson(traceFile).report.signature, trace.signature);
});

test.run();
