// Why: a transcript may be far larger than memory. `validate -` is fed a long, valid session from a
// generator in this process (no file on disk: 10,000,000 messages would be about 1 GB), and its
// peak RSS must stay under 150 MB however long the input, with every message judged. The default
// suite feeds 1,000,000 messages (about a minute on an idle machine); LOAD_MESSAGES=10000000 runs
// the full load (its figure is in RELIABILITY.md).
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PEAK_RSS_HOOK, peakRss } from '../support/peak-rss.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const MESSAGES = Math.max(2, Math.floor(Number(process.env['LOAD_MESSAGES'] ?? 1_000_000) / 2) * 2);
const MAX_RSS_MB = 150;

const HEADER = JSON.stringify({ mcp_statechart_transcript: 1, setup: 'ready', protocol_version: '2025-11-25', capabilities: { client: {}, server: { tools: {} } } });
const TOOLS = JSON.stringify({ tools: [{ name: 'echo', description: 'Echoes its text.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }] });

/** Request and response pairs: pings, and every hundredth a tools/list with its result. */
function pair(id: number): string {
  const method = id % 200 === 0 ? 'tools/list' : 'ping';
  const result = method === 'tools/list' ? TOOLS : '{}';
  return `{"direction":"client_to_server","message":{"jsonrpc":"2.0","id":${id},"method":"${method}"}}\n{"direction":"server_to_client","message":{"jsonrpc":"2.0","id":${id},"result":${result}}}\n`;
}

test(`validate - on ${MESSAGES.toLocaleString('en-US')} messages from a generator: every one judged, peak RSS under ${MAX_RSS_MB} MB`, async () => {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', PEAK_RSS_HOOK, CLI, 'validate', '-', '--quiet'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'], timeout: 60 * 60_000 });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const exited = new Promise<number | null>((done) => child.once('close', (code) => done(code)));
  try {
    const stdin = child.stdin;
    stdin.on('error', () => {});
    stdin.write(`${HEADER}\n`);
    for (let sent = 0; sent < MESSAGES;) {
      let chunk = '';
      for (let k = 0; k < 500 && sent < MESSAGES; k++, sent += 2) chunk += pair(sent);
      if (!stdin.write(chunk)) await new Promise((r) => stdin.once('drain', r));
    }
    stdin.end();
    const code = await exited;
    const rssMb = peakRss(stderr).mb;
    const seconds = (performance.now() - started) / 1000;
    console.log(`validate load: ${MESSAGES.toLocaleString('en-US')} messages in ${seconds.toFixed(0)} s, peak RSS ${rssMb.toFixed(0)} MB (bound ${MAX_RSS_MB} MB)`);
    assert.is(code, 0, stdout + stderr);
    assert.is(stdout, `ok: ${MESSAGES + 1} lines, ${MESSAGES} messages, 0 errors, 0 warnings (2025-11-25, MCP 2025-11-25)\n`);
    assert.ok(rssMb < MAX_RSS_MB, `peak RSS ${rssMb.toFixed(0)} MB`);
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  }
});

test.run();
