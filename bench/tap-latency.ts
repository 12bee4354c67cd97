// Why: the tap's cost is felt as added round-trip time, so the bench relays pings between the SDK's
// client and an SDK server directly and through the tap (bench/tap-latency.mjs, a child process so
// that the bench's own work does not disturb the timings), in alternating order each round, and
// reports each arm's p50 and p99, the tap's added latency (the median over rounds of each round's
// difference, paired), and the CPU time per message of the tap and of the server, which load on a
// shared machine disturbs far less than wall-clock percentiles do.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { median, significant } from './measure.ts';
import type { Skipped } from './workloads.ts';

/** One transport's latency figures, milliseconds unless named otherwise. */
export interface TapLatency {
  readonly messages: number;
  readonly rate_msgs_per_s: number;
  readonly rounds: number;
  readonly direct_p50_ms: number;
  readonly direct_p99_ms: number;
  readonly tap_p50_ms: number;
  readonly tap_p99_ms: number;
  readonly added_p50_ms: number;
  readonly added_p99_ms: number;
  /** CPU time of the tap per relayed message, and of the server per message when direct (Linux only). */
  readonly tap_cpu_us?: number;
  readonly server_cpu_us?: number;
}

/** Messages and rate per transport: stdio at the target's 1,000 messages/s; HTTP at what the SDK client sustains here. */
export const TAP_LOAD = { rounds: 3, stdio: { messages: 2000, rate: 1000 }, http: { messages: 240, rate: 60 } } as const;

/** One arm of one round, as the child prints it. */
export interface Arm {
  readonly p50_ms: number;
  readonly p99_ms: number;
  readonly peer_cpu_us_per_message?: number;
}

/** One transport's rounds, as the child prints them. */
export interface Side {
  readonly messages: number;
  readonly rate: number;
  readonly direct: Arm[];
  readonly tap: Arm[];
}

/** One transport's rounds as figures: medians of each arm, and the median of the rounds' differences (paired). */
export function summariseTapLatency(side: Side): TapLatency {
  const of = (arms: Arm[], key: 'p50_ms' | 'p99_ms') => significant(median(arms.map((a) => a[key])));
  const added = (key: 'p50_ms' | 'p99_ms') => significant(median(side.tap.map((t, i) => t[key] - (side.direct[i]?.[key] ?? Number.NaN))));
  const cpu = (arms: Arm[]) => {
    const list = arms.map((a) => a.peer_cpu_us_per_message).filter((v): v is number => typeof v === 'number');
    return list.length === arms.length && list.length > 0 ? significant(median(list)) : undefined;
  };
  const tapCpu = cpu(side.tap);
  const serverCpu = cpu(side.direct);
  return {
    messages: side.messages,
    rate_msgs_per_s: side.rate,
    rounds: side.tap.length,
    direct_p50_ms: of(side.direct, 'p50_ms'),
    direct_p99_ms: of(side.direct, 'p99_ms'),
    tap_p50_ms: of(side.tap, 'p50_ms'),
    tap_p99_ms: of(side.tap, 'p99_ms'),
    added_p50_ms: added('p50_ms'),
    added_p99_ms: added('p99_ms'),
    ...(tapCpu === undefined ? {} : { tap_cpu_us: tapCpu }),
    ...(serverCpu === undefined ? {} : { server_cpu_us: serverCpu }),
  };
}

/** Both transports' figures, or why they were skipped. */
export function tapLatencies(root: string, cli: string): { tap_stdio: TapLatency | Skipped; tap_http: TapLatency | Skipped } {
  const script = join(root, 'bench', 'tap-latency.mjs');
  if (!existsSync(script)) {
    const skipped = { skipped: 'bench/tap-latency.mjs is not here (an installed package)' };
    return { tap_stdio: skipped, tap_http: skipped };
  }
  const { rounds, stdio, http } = TAP_LOAD;
  const args = [script, cli, rounds, stdio.messages, stdio.rate, http.messages, http.rate].map(String);
  const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', timeout: 300_000 });
  if (r.status !== 0) throw new Error(`benchmark child process failed (tap latency: ${(r.stderr || r.stdout).trim().split('\n').slice(-3).join(' | ')})`);
  const result = JSON.parse(r.stdout) as { stdio: Side; http: Side };
  return { tap_stdio: summariseTapLatency(result.stdio), tap_http: summariseTapLatency(result.http) };
}
