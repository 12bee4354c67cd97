// Why: what a hostile peer sends must not choose how long a run lasts, how much it holds, or what
// a terminal or a CI parser does with its output. Each test puts the built CLI, as a user runs it,
// against a peer of one class (a backtracking pattern, thousands of distinct schemas, a client
// that will not read, a server whose stderr is not drained, text that is no XML) and holds its
// time, its peak RSS (the child's own) and its output.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PEAK_RSS_HOOK, peakRss } from '../support/peak-rss.ts';
import { tempFolder } from '../live/tap-support.ts';
import { HANDSHAKE, makeTrace, traceText } from '../reports/traces.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const PEERS = join(ROOT, 'test/peers/stdio');
const CLIENTS = join(ROOT, 'test/peers/clients');
/** What a terminal would act on: ESC, other C0 controls but newline, C1 controls, bidirectional overrides, line separators. */
const ACTIVE = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]/;
const MAX_RSS_MB = 300;
const tmp = tempFolder('hostile-peer-bounds');
test.after(() => tmp.remove());

interface Run { readonly code: number | null; readonly signal: NodeJS.Signals | null; readonly stdout: string; readonly stderr: string; readonly mb: number; readonly seconds: number }

/**
 * Runs the CLI with `args`, writing `lines` (if any) to its stdin with backpressure; `signalAt`
 * sends SIGINT after that many ms. The peak RSS is the child's own; the child is killed at `limitMs`.
 */
async function run(args: readonly string[], options: { lines?: () => Iterable<string>; signalAt?: number; limitMs?: number; env?: NodeJS.ProcessEnv } = {}): Promise<Run> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', PEAK_RSS_HOOK, CLI, ...args], { cwd: tmp.dir, stdio: ['pipe', 'pipe', 'pipe'], ...(options.env === undefined ? {} : { env: options.env }) });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout = (stdout + c).slice(-200_000)));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr = (stderr + c).slice(-200_000)));
  const closed = new Promise<[number | null, NodeJS.Signals | null]>((done) => child.once('close', (code, signal) => done([code, signal])));
  const kill = setTimeout(() => child.kill('SIGKILL'), options.limitMs ?? 60_000);
  const interrupt = options.signalAt === undefined ? undefined : setTimeout(() => child.kill('SIGINT'), options.signalAt);
  try {
    child.stdin.on('error', () => {});
    if (options.lines !== undefined) {
      let chunk = '';
      for (const line of options.lines()) {
        chunk += line;
        if (chunk.length < 1_000_000) continue;
        if (!child.stdin.write(chunk)) await new Promise((r) => child.stdin.once('drain', r));
        chunk = '';
      }
      child.stdin.end(chunk);
    }
    const [code, signal] = await closed;
    const peak = peakRss(stderr);
    return { code, signal, stdout, stderr: peak.stderr, mb: peak.mb, seconds: (performance.now() - started) / 1000 };
  } finally {
    clearTimeout(kill);
    if (interrupt !== undefined) clearTimeout(interrupt);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

function held(name: string, r: Run, seconds: number): void {
  console.log(`  ${name}: exit ${r.code}, peak RSS ${r.mb.toFixed(0)} MB, ${r.seconds.toFixed(1)} s`);
  assert.ok(r.seconds < seconds, `took ${r.seconds.toFixed(1)} s`);
  assert.ok(Number.isFinite(r.mb) && r.mb < MAX_RSS_MB, `peak RSS ${r.mb.toFixed(0)} MB`);
  assert.not.match(r.stderr, /\n\s+at |RangeError|internal error/);
}

const HEADER = `${JSON.stringify({ mcp_statechart_transcript: 1, setup: 'ready', protocol_version: '2025-11-25', capabilities: { client: {}, server: { tools: {} } } })}\n`;
const c2s = (message: unknown) => `${JSON.stringify({ direction: 'client_to_server', message })}\n`;
const s2c = (message: unknown) => `${JSON.stringify({ direction: 'server_to_client', message })}\n`;

test('check-client shows a client\'s output with its controls as text, and a secret it prints across two reads redacted', async () => {
  const secret = `tok-${randomBytes(12).toString('hex')}`;
  const env = { PATH: process.env['PATH'] ?? '', MY_API_TOKEN: secret };
  const r = await run(['check-client', '--timeout', '2', '--output', join(tmp.dir, 'noisy.json'), '--stdio', '--', process.execPath, join(CLIENTS, 'noisy-client.mjs'), 'stdio'], { env, limitMs: 60_000 });
  held('check-client, a noisy client', r, 50);
  assert.ok(r.code === 0 || r.code === 1, r.stderr);
  for (const [name, text] of [['stdout', r.stdout], ['stderr', r.stderr]] as const) {
    assert.not.ok(ACTIVE.test(text), `${name}: ${JSON.stringify(text.slice(0, 400))}`);
    assert.not.ok(text.includes(secret.slice(6)) || text.includes(secret.slice(0, 10)), `${name} holds a part of the secret`);
  }
  assert.is(r.stderr.split('token=[REDACTED] end\n').length, 3, 'both streams, each line redacted whole');
  assert.match(r.stderr, /clear\\u001B\[2J\\u001B\]0;title\\u0007 back\\u000Dover \\u202Egnp\.exe\\u2028next \\u009B31m bell\\u0007\n/);
  assert.match(r.stderr, /last line without a newline \\u001B\[31m\n/);
});

test('check-client --http: 64 sessions each sending 7 messages of nearly 2 MB (each within its own limits, 850 MB in all) keep within one run budget, under 300 MB; what is not kept is counted on each session\'s line', async () => {
  const r = await run(['check-client', '--timeout', '2', '--http', '--', process.execPath, join(CLIENTS, 'many-sessions-client.mjs'), '64', '7'], { limitMs: 240_000 });
  held('check-client --http, 64 sessions of large messages', r, 230);
  assert.is(r.code, 1, r.stderr.slice(-2000));
  const lines = r.stderr.split('\n').filter((l) => /: session \d+ of 64: /.test(l));
  assert.is(lines.length, 63, 'every session but the reported one has its line');
  const cut = lines.filter((l) => /; the trace keeps the first \d+ messages; \d+ later events and \d+ findings on them were judged and counted, not kept$/.test(l));
  assert.ok(cut.length >= 56, `${cut.length} session lines say what was not kept`);
});

test('tap: a server flooding stderr to a host that never reads the tap\'s stderr; the tap stays small and ends after the client\'s end of input', async () => {
  const started = performance.now();
  const tap = spawn(process.execPath, [CLI, 'tap', '--trace', join(tmp.dir, 'stderr-flood.json'), '--', process.execPath, join(PEERS, 'stderr-flood.mjs')], { cwd: tmp.dir, stdio: ['pipe', 'pipe', 'pipe'] });
  tap.stdout.resume();
  tap.stderr.pause();
  let peakKb = 0;
  const sample = setInterval(() => {
    try {
      peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${tap.pid}/status`, 'utf8'))?.[1] ?? 0));
    } catch {
      // gone
    }
  }, 100);
  const closed = new Promise<number | null>((done) => tap.once('exit', (code) => done(code)));
  const ending = setTimeout(() => tap.stdin.end(), 4_000);
  const kill = setTimeout(() => tap.kill('SIGKILL'), 60_000);
  const code = await closed;
  clearInterval(sample);
  clearTimeout(ending);
  clearTimeout(kill);
  const seconds = (performance.now() - started) / 1000;
  console.log(`  tap, stderr flood to a host that does not read it: exit ${code}, peak RSS ${(peakKb / 1024).toFixed(0)} MB, ${seconds.toFixed(1)} s`);
  assert.is(code, 0, 'the tap ended by itself, as its server did');
  assert.ok(seconds < 40, `took ${seconds.toFixed(1)} s`);
  assert.ok(peakKb > 0 && peakKb / 1024 < MAX_RSS_MB, `peak RSS ${(peakKb / 1024).toFixed(0)} MB`);
});

test('report --merge of six 40 MB shards reads them one at a time: its peak stays near one shard\'s report, under 300 MB', async () => {
  const shards: string[] = [];
  const big = 'x'.repeat(40 * 1024 * 1024);
  for (let i = 1; i <= 6; i++) {
    const trace = makeTrace([...HANDSHAKE, { kind: 'stderr', text: big, truncated: false }], [], {
      mode: 'fuzz',
      options: { runs: 6, seed: 3, max_steps: 5, shard: `${i}/6` },
      sequence: { seed: 3, actions: [], run: i },
    });
    const file = join(tmp.dir, `shard-${i}.json`);
    writeFileSync(file, traceText(trace));
    shards.push(file);
  }
  const one = await run(['report', shards[0] as string, '--junit', join(tmp.dir, 'one.xml')], { limitMs: 120_000 });
  held('report, one 40 MB shard', one, 100);
  const r = await run(['report', '--merge', ...shards, '--output', join(tmp.dir, 'merged.json'), '--junit', join(tmp.dir, 'merged.xml')], { limitMs: 120_000 });
  held('report --merge, six 40 MB shards', r, 100);
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /merged 6 shards of seed 3 \(6 runs\): nothing found; the last run is run 6, in trace 6/);
  assert.ok(r.mb < one.mb + 100, `merge ${r.mb.toFixed(0)} MB, one shard ${one.mb.toFixed(0)} MB`);
});

test('a tool schema pattern with catastrophic backtracking: check ends at once with the value rejected; SIGINT is answered', async () => {
  const args = ['check', '--call', 'pick', '--args', '{"word":"hello"}', '--timeout', '10', '--stdio', '--', process.execPath, join(PEERS, 'catastrophic-pattern.mjs')];
  const r = await run(args, { limitMs: 30_000 });
  held('check, catastrophic outputSchema pattern', r, 20);
  assert.is(r.code, 1, r.stderr);
  assert.match(r.stdout, /structuredContent\/v: Invalid value: \/v must match pattern "\^\(a\+\)\+\$".*\[toolschema\/instance-invalid\]/);
  const refused = await run(['check', '--call', 'pick', '--args', `{"word":"${'word '.repeat(20)}!"}`, '--stdio', '--', process.execPath, join(PEERS, 'catastrophic-pattern.mjs')], { limitMs: 30_000 });
  held('check, catastrophic inputSchema pattern on the user\'s arguments', refused, 20);
  assert.match(refused.stderr, /--call pick was not sent .*must match pattern/);
});

test('validate: a five-line transcript whose tool schemas backtrack catastrophically ends within seconds', async () => {
  const tool = { name: 'pick', inputSchema: { type: 'object' }, outputSchema: { type: 'object', properties: { v: { type: 'string', pattern: '^(a|aa)+$' }, w: { type: 'string', pattern: '^(\\d+)*\\.$' } } } };
  const r = await run(['validate', '-', '--json'], {
    limitMs: 30_000,
    lines: function* () {
      yield HEADER;
      yield c2s({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
      yield s2c({ jsonrpc: '2.0', id: 1, result: { tools: [tool] } });
      yield c2s({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'pick', arguments: {} } });
      const structured = { v: `${'a'.repeat(60)}b`, w: `${'1'.repeat(60)}x` };
      yield s2c({ jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured } });
    },
  });
  held('validate, five lines', r, 15);
  const doc = JSON.parse(r.stdout) as { findings: { rule: string; pointer: string }[] };
  assert.equal(doc.findings.map((f) => `${f.rule} ${f.pointer}`).sort(), [
    'toolschema/instance-invalid /message/result/structuredContent/v',
    'toolschema/instance-invalid /message/result/structuredContent/w',
  ]);
});

test('validate: 1,500 distinct tool schemas of 20 KB each stay within 300 MB and a bounded time', async () => {
  const r = await run(['validate', '-', '--quiet'], {
    limitMs: 240_000,
    lines: function* () {
      yield HEADER;
      for (let i = 0; i < 1_500; i++) {
        const properties = Object.fromEntries(Array.from({ length: 40 }, (_, k) => [`p${i}_${k}`, { type: 'string', pattern: `^v${i}_${k}[a-z]*$`, description: 'd'.repeat(400) }]));
        yield c2s({ jsonrpc: '2.0', id: i * 2, method: 'tools/list' });
        yield s2c({ jsonrpc: '2.0', id: i * 2, result: { tools: [{ name: `t${i}`, inputSchema: { type: 'object' }, outputSchema: { type: 'object', properties } }] } });
        yield c2s({ jsonrpc: '2.0', id: i * 2 + 1, method: 'tools/call', params: { name: `t${i}`, arguments: {} } });
        yield s2c({ jsonrpc: '2.0', id: i * 2 + 1, result: { content: [{ type: 'text', text: JSON.stringify({ [`p${i}_0`]: `v${i}_0abc` }) }], structuredContent: { [`p${i}_0`]: `v${i}_0abc` } } });
      }
    },
  });
  held('validate, 1,500 distinct schemas', r, 200);
  assert.match(r.stdout, /^ok: 6001 lines, 6000 messages, 0 errors, 0 warnings/);
});

test.run();
