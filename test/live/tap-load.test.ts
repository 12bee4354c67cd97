// Why: a tap stays in front of a server for a whole desktop session, so a long or flooding session
// must not grow its memory or disturb the bytes. A server floods 100,000 log notifications through
// it; the client must receive every byte in order, the tap's peak RSS must stay bounded, and the
// trace must keep its bounded head (judged again to the same findings) and count the rest.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseTrace } from '../../trace/parse-trace.ts';
import { floodLine } from '../peers/stdio/flood.mjs';
import { startTap, tempFolder, validateJson } from './tap-support.ts';

const FLOOD = resolve(import.meta.dirname, '../peers/stdio/flood.mjs');
const COUNT = 100_000;
/** The bound the tap's peak resident memory must stay under, in bytes. */
const PEAK_RSS_LIMIT = 200 * 1024 * 1024;

const tmp = tempFolder('tap-load');
test.after(() => tmp.remove());

/** The peak resident set size of a running process, from /proc (Linux), in bytes. */
function peakRss(pid: number): number | undefined {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m === null ? undefined : Number(m[1]) * 1024;
  } catch {
    return undefined;
  }
}

test(`load: the tap relays ${COUNT.toLocaleString('en')} flooded messages in order, byte for byte, with peak RSS under 200 MB, and keeps a bounded trace`, async () => {
  const traceFile = join(tmp.dir, 'flood.json');
  const tap = startTap(['--trace', traceFile, '--', process.execPath, FLOOD, String(COUNT)]);
  const started = Date.now();
  try {
    tap.child.stdin!.write('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"load","version":"1"}}}\n');
    const received = () => tap.stdout.reduce((n, c) => n + c.length, 0);
    while (!Buffer.concat(tap.stdout).includes('\n')) await new Promise((r) => setTimeout(r, 10));
    const answer = Buffer.concat(tap.stdout).toString('utf8');
    tap.child.stdin!.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
    const expected = Buffer.concat([Buffer.from(answer), Buffer.from(Array.from({ length: COUNT }, (_, n) => floodLine(n)).join(''))]);
    const until = Date.now() + 60_000;
    while (received() < expected.length && Date.now() < until && tap.child.exitCode === null) await new Promise((r) => setTimeout(r, 20));
    const peak = peakRss(tap.child.pid as number);
    tap.child.stdin!.end();
    const end = await tap.ended;
    const seconds = (Date.now() - started) / 1000;
    console.log(`  tap load: ${COUNT} messages relayed in ${seconds.toFixed(1)} s, tap peak RSS ${peak === undefined ? 'unknown' : `${(peak / 1024 / 1024).toFixed(0)} MB`}`);
    assert.equal(end, { code: 0, signal: null }, tap.stderr.slice(-2000));
    const got = Buffer.concat(tap.stdout);
    assert.is(got.length, expected.length);
    assert.ok(got.equals(expected), 'every byte arrived, in order');
    if (peak !== undefined) assert.ok(peak < PEAK_RSS_LIMIT, `peak RSS ${peak} bytes`);
    const trace = parseTrace(readFileSync(traceFile));
    const kept = trace.events.filter((e) => e.kind === 'message').length;
    assert.is(kept, 10_000, 'the trace keeps the first 10,000 messages');
    assert.is(trace.omitted?.events, COUNT + 3 - kept, 'the rest are counted');
    assert.equal(trace.findings, []);
    assert.is(validateJson(traceFile).report.signature, trace.signature);
    assert.match(tap.stderr, /mcp-statechart tap: pass: 100,?003 messages|mcp-statechart tap: pass: 100003 messages/);
  } finally {
    tap.kill();
  }
});

test.run();
