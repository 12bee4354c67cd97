// Why: mcp-statechart's findings on 2026-07-28 servers are held against a second opinion, the
// official conformance suite's server scenarios (0.2.0 alphas), run over Streamable HTTP on the
// same servers: the correct modern peer, the 2.x SDK's createMcpHandler, and each broken modern
// peer. The suite needs Node 22 and is no dependency of the project: this is a manual procedure,
// run only when CONFORMANCE_NODE names a Node 22 binary and CONFORMANCE_CLI the suite's
// dist/index.js (both installed outside the checkout); without them it says so and exits 0.
// Every server listens on 127.0.0.1 (an ephemeral port) and is stopped when its run ends.
// Usage: CONFORMANCE_NODE=... CONFORMANCE_CLI=... node --import tsx scripts/conformance-cross-check.ts [--json]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningPeer } from '../test/peers/http-peer.ts';
import { startModernHttpPeer } from '../test/peers/http-modern-peers.ts';
import { startSdkV2Http } from '../test/peers/sdk-v2-http.ts';

/** The servers of the cross-check, each as started for one run of the suite. */
const SERVERS: readonly { readonly name: string; readonly start: () => Promise<RunningPeer> }[] = [
  { name: 'modern-correct', start: () => startModernHttpPeer() },
  { name: 'sdk-2 createMcpHandler', start: () => startSdkV2Http('stateless') },
  { name: 'modern-accept-mismatch', start: () => startModernHttpPeer({ acceptMismatch: true }) },
  { name: 'modern-unknown-method-200', start: () => startModernHttpPeer({ unknownMethodStatus: 200 }) },
  { name: 'modern-unsupported-200', start: () => startModernHttpPeer({ unsupportedStatus: 200 }) },
  { name: 'modern-malformed-200', start: () => startModernHttpPeer({ malformedStatus: 200 }) },
];

/** One check of the suite, as its checks.json gives it. */
interface SuiteCheck {
  readonly id: string;
  readonly status: string;
  readonly errorMessage?: string;
}

/** What one run of the suite gave on one server. */
export interface ServerFigures {
  readonly server: string;
  /** Scenarios the suite scores for 2026-07-28, and of them those with no failing check. */
  readonly scored: { readonly run: number; readonly passed: number; readonly failed: number };
  /** Scenarios run but not scored (extensions, pending). */
  readonly unscored: { readonly run: number; readonly passed: number; readonly failed: number };
  /** Every failing check: scenario, check id, the suite's message. */
  readonly failures: readonly { readonly scenario: string; readonly scored: boolean; readonly check: string; readonly message: string }[];
}

/** Runs the suite's 2026-07-28 server requirements against `url`, its results written below `out`. */
function runSuite(node: string, cli: string, url: string, out: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, [cli, 'server', '--url', url, '--requirements', '2026-07-28', '-o', out, '--timeout', '30000'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (c: Buffer) => void (text += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => void (text += c.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGTERM'), 600_000);
    child.on('error', reject);
    child.on('close', () => {
      clearTimeout(timer);
      resolve(text);
    });
  });
}

/** The scenarios the suite named as run but not scored (its "Not scored" list). */
function unscoredScenarios(log: string): Set<string> {
  const at = log.indexOf('Not scored');
  const names = new Set<string>();
  if (at === -1) return names;
  for (const match of log.slice(at).matchAll(/^\s+[✓✗] (\S+) \(/gmu)) names.add(match[1] as string);
  return names;
}

/** The figures of one run, read from its output folder (one folder per scenario, each a checks.json). */
function figuresOf(server: string, out: string, log: string): ServerFigures {
  const unscored = unscoredScenarios(log);
  const scored = { run: 0, passed: 0, failed: 0 };
  const other = { run: 0, passed: 0, failed: 0 };
  const failures: ServerFigures['failures'][number][] = [];
  for (const folder of readdirSync(out).sort()) {
    const file = join(out, folder, 'checks.json');
    if (!existsSync(file)) continue;
    const scenario = folder.replace(/^server-/, '').replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, '');
    const checks = JSON.parse(readFileSync(file, 'utf8')) as SuiteCheck[];
    const failed = checks.filter((c) => c.status === 'FAILURE');
    const counted = unscored.has(scenario) ? other : scored;
    counted.run++;
    if (failed.length === 0) counted.passed++;
    else counted.failed++;
    for (const c of failed) failures.push({ scenario, scored: !unscored.has(scenario), check: c.id, message: c.errorMessage ?? '' });
  }
  return { server, scored, unscored: other, failures };
}

async function main(): Promise<number> {
  const node = process.env['CONFORMANCE_NODE'];
  const cli = process.env['CONFORMANCE_CLI'];
  if (node === undefined || cli === undefined || !existsSync(node) || !existsSync(cli)) {
    process.stdout.write('conformance cross-check skipped: set CONFORMANCE_NODE (a Node 22 binary) and CONFORMANCE_CLI (the suite\'s dist/index.js)\n');
    return 0;
  }
  const json = process.argv.includes('--json');
  const results: ServerFigures[] = [];
  for (const server of SERVERS) {
    const out = mkdtempSync(join(tmpdir(), 'mcp-statechart-conformance-'));
    const peer = await server.start();
    try {
      const log = await runSuite(node, cli, peer.url.href, out);
      results.push(figuresOf(server.name, out, log));
    } finally {
      await peer.stop();
      rmSync(out, { recursive: true, force: true });
    }
  }
  if (json) {
    process.stdout.write(JSON.stringify(results, null, 2) + '\n');
    return 0;
  }
  for (const r of results) {
    process.stdout.write(`${r.server}: scored ${r.scored.run} run, ${r.scored.passed} passed, ${r.scored.failed} failed; not scored ${r.unscored.run} run, ${r.unscored.passed} passed, ${r.unscored.failed} failed\n`);
    for (const f of r.failures.filter((f) => f.scored)) process.stdout.write(`  ${f.scenario} / ${f.check}: ${f.message.replace(/\s+/g, ' ').slice(0, 200)}\n`);
  }
  return 0;
}

process.exitCode = await main();
