// Why: the tap's added latency is a difference of paired rounds, never of two medians taken apart,
// and the figures the bench prints must come from a real relay: a short run of the child through
// the built CLI gives every figure for both transports, and the summary pairs round with round.
import { resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { summariseTapLatency, type Side } from '../../bench/tap-latency.ts';
import { formatBenchText } from '../../bench/report.ts';

const ROOT = resolve(import.meta.dirname, '../..');

test('added latency is the median of each round\'s tap-minus-direct difference', () => {
  const side: Side = {
    messages: 100,
    rate: 1000,
    direct: [{ p50_ms: 1, p99_ms: 10, peer_cpu_us_per_message: 50 }, { p50_ms: 5, p99_ms: 50, peer_cpu_us_per_message: 60 }, { p50_ms: 2, p99_ms: 20, peer_cpu_us_per_message: 55 }],
    tap: [{ p50_ms: 1.5, p99_ms: 11, peer_cpu_us_per_message: 80 }, { p50_ms: 5.2, p99_ms: 58, peer_cpu_us_per_message: 90 }, { p50_ms: 2.3, p99_ms: 20.5, peer_cpu_us_per_message: 70 }],
  };
  const figure = summariseTapLatency(side);
  assert.is(figure.added_p50_ms, 0.3);
  assert.is(figure.added_p99_ms, 1);
  assert.is(figure.direct_p99_ms, 20);
  assert.is(figure.tap_cpu_us, 80);
  assert.is(figure.server_cpu_us, 55);
  const text = formatBenchText({ machine: { cpus: 2, model: 'm', node: 'v20', platform: 'linux-x64', memory_gb: 1 }, workloads: { tap_stdio: figure } as never, ratios: {} });
  assert.match(text, /tap_stdio +100 messages, 1,000 msg\/s, direct_p50 2 ms, .*added_p99 1 ms, tap_cpu 80 µs, server_cpu 55 µs/);
  assert.match(text, /MISSED: tap: added round-trip p99 under 1 ms over stdio at 1,000 messages\/s \(1 ms\)/);
});

test('the relay child measures both transports through the built CLI (a short run)', () => {
  const r = spawnSync(process.execPath, [resolve(ROOT, 'bench/tap-latency.mjs'), resolve(ROOT, 'dist/cli.js'), '1', '80', '400', '16', '100'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  assert.is(r.status, 0, r.stderr);
  const result = JSON.parse(r.stdout) as { stdio: Side; http: Side };
  for (const side of [result.stdio, result.http]) {
    assert.is(side.direct.length, 1);
    assert.is(side.tap.length, 1);
    for (const arm of [...side.direct, ...side.tap]) assert.ok(arm.p50_ms > 0 && arm.p99_ms >= arm.p50_ms, JSON.stringify(arm));
  }
});

test.run();
