// Why: a peer chooses how long its strings are, so every table the checker keeps is bounded in
// bytes as well as entries (RELIABILITY.md, "Limits"). The unit tests show each table within its
// bound; these show the built CLI, as a user runs it, staying under 300 MB of peak RSS while half a
// gigabyte or more of long ids, params, URIs and listings goes through it, ending with exit 0 or 1
// and saying which bound it met. The input is generated as a stream, never held in this process.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PEAK_RSS_HOOK, peakRss } from '../support/peak-rss.ts';
import { tempFolder } from '../live/tap-support.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const MAX_RSS_MB = 300;
const tmp = tempFolder('byte-bounds-cli');
test.after(() => tmp.remove());

/** 500 KB of one character, written as the tail of a long string (its head makes each one unique). */
const PAD = (c: string) => c.repeat(500_000);
const PADS = { p: PAD('p'), a: PAD('a'), u: PAD('u'), d: PAD('d').slice(0, 450_000) } as const;
const HEADER = `${JSON.stringify({ mcp_statechart_transcript: 1, setup: 'ready', protocol_version: '2025-11-25', capabilities: { client: {}, server: { tools: {}, resources: { subscribe: true } } } })}\n`;
const c2s = (message: string) => `{"direction":"client_to_server","message":{"jsonrpc":"2.0",${message}}}\n`;
const s2c = (message: string) => `{"direction":"server_to_client","message":{"jsonrpc":"2.0",${message}}}\n`;

interface Run { readonly code: number | null; readonly stdout: string; readonly stderr: string; readonly mb: number; readonly seconds: number }

/** Runs the CLI with `args`, writing `lines` to its stdin with backpressure; the peak RSS is the child's own. */
async function run(args: readonly string[], lines: () => Iterable<string>): Promise<Run> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', PEAK_RSS_HOOK, CLI, ...args], { cwd: tmp.dir, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c.length > 100_000 ? '' : c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const closed = new Promise<number | null>((done) => child.once('close', (code) => done(code)));
  const kill = setTimeout(() => child.kill('SIGKILL'), 120_000);
  try {
    child.stdin.on('error', () => {});
    let chunk = '';
    for (const line of lines()) {
      chunk += line;
      if (chunk.length < 1_000_000) continue;
      if (!child.stdin.write(chunk)) await new Promise((r) => child.stdin.once('drain', r));
      chunk = '';
    }
    child.stdin.end(chunk);
    const code = await closed;
    const peak = peakRss(stderr);
    return { code, stdout, stderr: peak.stderr, mb: peak.mb, seconds: (performance.now() - started) / 1000 };
  } finally {
    clearTimeout(kill);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

function held(name: string, r: Run): void {
  console.log(`  ${name}: exit ${r.code}, peak RSS ${r.mb.toFixed(0)} MB, ${r.seconds.toFixed(0)} s`);
  assert.ok(r.code === 0 || r.code === 1, `exit ${r.code}: ${r.stderr.slice(-2000)}`);
  assert.ok(Number.isFinite(r.mb) && r.mb < MAX_RSS_MB, `peak RSS ${r.mb.toFixed(0)} MB`);
  assert.not.match(r.stderr, /\n\s+at |RangeError|internal error/);
}

test('validate - fed 2,000 unanswered pings with 500 KB string ids: ids judged through stand-ins, the oldest forgotten past 1,024 pending', async () => {
  const r = await run(['validate', '-', '--quiet'], function* () {
    yield HEADER;
    for (let i = 0; i < 2000; i++) yield c2s(`"id":"${i}-${PADS.p}","method":"ping"`);
  });
  held('2,000 pings with 500 KB ids', r);
  assert.match(r.stdout, /^ok: 2001 lines, 2000 messages, 0 errors, 2000 warnings/);
  assert.match(r.stderr, /2000 ids or tokens over 1024 characters judged through a stand-in/);
});

test('validate - fed 2,000 tools/call with 500 KB params, none answered: correlation/pending-bytes-limit, the newest still pending', async () => {
  const r = await run(['validate', '-', '--json'], function* () {
    yield HEADER;
    for (let i = 0; i < 2000; i++) yield c2s(`"id":${i},"method":"tools/call","params":{"name":"echo","arguments":{"text":"${i}-${PADS.a}"}}`);
  });
  held('2,000 tools/call with 500 KB params', r);
  const doc = JSON.parse(r.stdout) as { findings: { rule: string }[]; counts: { error: number } };
  const rules = new Set(doc.findings.map((f) => f.rule));
  assert.equal([...rules].sort(), ['correlation/pending-bytes-limit', 'correlation/unanswered-request']);
  assert.is(doc.counts.error, 0);
  assert.ok(doc.findings.filter((f) => f.rule === 'correlation/unanswered-request').length >= 30, 'the newest are tracked to the end');
});

test('validate - fed 600 subscribes with 500 KB URIs, each answered: the oldest forgotten past 8 Mi characters, and said', async () => {
  const r = await run(['validate', '-', '--quiet'], function* () {
    yield HEADER;
    for (let i = 0; i < 600; i++) {
      yield c2s(`"id":${i},"method":"resources/subscribe","params":{"uri":"file:///${i}-${PADS.u}"}`);
      yield s2c(`"id":${i},"result":{}`);
    }
    yield s2c(`"method":"notifications/resources/updated","params":{"uri":"file:///599-${PADS.u}"}`);
    yield s2c(`"method":"notifications/resources/updated","params":{"uri":"file:///0-${PADS.u}"}`);
  });
  held('600 subscribes with 500 KB URIs', r);
  assert.match(r.stdout, /^ok: 1203 lines, 1202 messages, 0 errors, 0 warnings/);
  assert.match(r.stderr, /\d+ subscriptions forgotten past the checker's bound \(10,000 subscriptions or 8 Mi characters of URIs\)/);
});

test('validate - fed 200 tools/list results of 1.8 MB each: the oldest descriptors forgotten past 16 MiB, and said', async () => {
  const tools = (i: number) => [0, 1, 2, 3].map((k) => `{"name":"t${i}_${k}","description":"${PADS.d}","inputSchema":{"type":"object"}}`).join(',');
  const r = await run(['validate', '-', '--quiet'], function* () {
    yield HEADER;
    for (let i = 0; i < 200; i++) {
      yield c2s(`"id":${i},"method":"tools/list"`);
      yield s2c(`"id":${i},"result":{"tools":[${tools(i)}]}`);
    }
    yield c2s(`"id":"call","method":"tools/call","params":{"name":"t0_0","arguments":{}}`);
    yield s2c(`"id":"call","result":{"content":[]}`);
  });
  held('200 listings of 1.8 MB', r);
  assert.match(r.stdout, /^ok: 403 lines, 402 messages, 0 errors, 0 warnings/);
  assert.match(r.stderr, /\d+ listed tools forgotten past the checker's bound \(16 MiB of descriptors\)/);
});

/** A stdio server answering every request: initialize with `capabilities`, tools/list with four 450 KB descriptors, anything else with {}. */
const SERVER = (capabilities: object) => `import { createInterface } from 'node:readline';
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
const pad = 'd'.repeat(450_000);
let listed = 0;
lines.on('line', (line) => {
  const m = JSON.parse(line);
  if (m.id === undefined) return;
  const result = m.method === 'initialize' ? { protocolVersion: '2025-11-25', capabilities: ${JSON.stringify(capabilities)}, serverInfo: { name: 's', version: '1' } }
    : m.method === 'tools/list' ? { tools: [0, 1, 2, 3].map((k) => ({ name: 't' + listed++ + '_' + k, description: pad, inputSchema: { type: 'object' } })) } : {};
  process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result }) + '\\n');
});\n`;

/** Runs the stdio tap in front of `server`, as a client would: initialize, wait for its answer, then `requests`; returns what the client got. */
async function tapThrough(name: string, server: string, requests: () => Iterable<string>): Promise<{ run: Run; answers: number }> {
  const file = join(tmp.dir, `${name}.mjs`);
  writeFileSync(file, server);
  const initialize = JSON.stringify({ jsonrpc: '2.0', id: 'init', method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } });
  const child = spawn(process.execPath, ['--import', PEAK_RSS_HOOK, CLI, 'tap', '--trace', join(tmp.dir, `${name}.json`), '--', process.execPath, file], { cwd: tmp.dir, stdio: ['pipe', 'pipe', 'pipe'] });
  const started = performance.now();
  let stderr = '';
  let answers = 0;
  let tail = '';
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  child.stdout.setEncoding('utf8').on('data', (c: string) => {
    const parts = (tail + c).split('\n');
    tail = parts.pop() ?? '';
    answers += parts.filter((l) => l.includes('"result"')).length;
    if (tail.length > 100_000) tail = tail.includes('"result"') ? '"result"' : '';
  });
  const closed = new Promise<number | null>((done) => child.once('close', (code) => done(code)));
  const kill = setTimeout(() => child.kill('SIGKILL'), 120_000);
  try {
    child.stdin.on('error', () => {});
    const write = async (line: string) => {
      if (!child.stdin.write(`${line}\n`)) await new Promise((r) => child.stdin.once('drain', r));
    };
    await write(initialize);
    while (answers === 0 && child.exitCode === null) await new Promise((r) => setTimeout(r, 20));
    await write('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    for (const line of requests()) await write(line);
    child.stdin.end();
    const code = await closed;
    const peak = peakRss(stderr);
    return { run: { code, stdout: '', stderr: peak.stderr, mb: peak.mb, seconds: (performance.now() - started) / 1000 }, answers };
  } finally {
    clearTimeout(kill);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

test('the stdio tap between a client sending 600 subscribes with 500 KB URIs and a server answering each: peak RSS under 300 MB, every answer relayed', async () => {
  const { run: r, answers } = await tapThrough('subscribes', SERVER({ resources: { subscribe: true } }), function* () {
    for (let i = 0; i < 600; i++) yield `{"jsonrpc":"2.0","id":${i},"method":"resources/subscribe","params":{"uri":"file:///${i}-${PADS.u}"}}`;
  });
  held('tap, 600 subscribes with 500 KB URIs', r);
  assert.is(answers, 601, 'every answer reached the client');
  assert.match(r.stderr, /mcp-statechart tap: pass: 1203 messages .*\d+ subscriptions forgotten past the checker's bound/);
});

test('the stdio tap in front of a server listing 200 times four descriptors of 450 KB: peak RSS under 300 MB, every listing relayed', async () => {
  const { run: r, answers } = await tapThrough('listings', SERVER({ tools: {} }), function* () {
    for (let i = 0; i < 200; i++) yield `{"jsonrpc":"2.0","id":${i},"method":"tools/list"}`;
  });
  held('tap, 200 listings of 1.8 MB', r);
  assert.is(answers, 201, 'every answer reached the client');
  assert.match(r.stderr, /mcp-statechart tap: pass: 403 messages .*\d+ listed tools forgotten past the checker's bound/);
});

test.run();
