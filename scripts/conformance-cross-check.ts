// Why: mcp-statechart's findings on 2026-07-28 servers are held against a second opinion, the
// official conformance suite's server scenarios (0.2.0 alphas), run over Streamable HTTP on the
// same servers: the correct modern peer, the 2.x SDK's createMcpHandler, and each broken modern
// peer. The suite needs Node 22 and is no dependency of the project: this is a manual procedure,
// run only when CONFORMANCE_NODE names a Node 22 binary and CONFORMANCE_CLI the suite's
// dist/index.js (both installed outside the checkout); without them it says so and exits 0.
// Every server listens on 127.0.0.1 (an ephemeral port) and is stopped when its run ends.
// With --client it runs the suite's 2026-07-28 client scenarios instead (the suite is then the
// server, on its own ephemeral port) against the hand-written 2026-07-28 client
// (test/peers/clients/modern-client.mjs, which follows MCP_CONFORMANCE_SCENARIO) and each of its
// one-defect variants that a scenario exercises: a second opinion on check-client's rules.
// Usage: CONFORMANCE_NODE=... CONFORMANCE_CLI=... node --import tsx scripts/conformance-cross-check.ts [--client] [--json]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningPeer } from '../test/peers/http-peer.ts';
import { startModernHttpPeer } from '../test/peers/http-modern-peers.ts';
import { startSdkV2Http } from '../test/peers/sdk-v2-http.ts';
import { MODERN_VERSION } from '../validators/era.ts';

/** The servers of the cross-check, each as started for one run of the suite. */
const SERVERS: readonly { readonly name: string; readonly start: () => Promise<RunningPeer> }[] = [
  { name: 'modern-correct', start: () => startModernHttpPeer() },
  { name: 'sdk-2 createMcpHandler', start: () => startSdkV2Http('stateless') },
  { name: 'modern-accept-mismatch', start: () => startModernHttpPeer({ acceptMismatch: true }) },
  { name: 'modern-unknown-method-200', start: () => startModernHttpPeer({ unknownMethodStatus: 200 }) },
  { name: 'modern-unsupported-200', start: () => startModernHttpPeer({ unsupportedStatus: 200 }) },
  { name: 'modern-malformed-200', start: () => startModernHttpPeer({ malformedStatus: 200 }) },
];

/** The suite's 2026-07-28 client scenarios (authorization aside), each with the client defects it exercises besides the correct client. */
const CLIENT_SCENARIOS: readonly { readonly scenario: string; readonly defects: readonly string[] }[] = [
  { scenario: 'tools_call', defects: [] },
  { scenario: 'request-metadata', defects: [] },
  { scenario: 'sep-2322-client-request-state', defects: ['state-altered', 'retry-reused-id', 'state-leaked'] },
  { scenario: 'http-standard-headers', defects: ['no-method-header'] },
  { scenario: 'http-custom-headers', defects: ['no-param-header'] },
  { scenario: 'http-invalid-tool-headers', defects: ['calls-invalid-tool'] },
  { scenario: 'json-schema-ref-no-deref', defects: [] },
  { scenario: 'json-schema-2020-12-preservation', defects: [] },
];

const MODERN_CLIENT = join(import.meta.dirname, '../test/peers/clients/modern-client.mjs');

/** What one client scenario gave one client: the suite's failing checks. */
export interface ClientFigures {
  readonly scenario: string;
  readonly client: string;
  readonly checks: number;
  readonly failed: readonly { readonly check: string; readonly message: string }[];
}

/** Runs one client scenario of the suite against the hand-written client with `defect`, its results written below `out`. */
function runClientScenario(node: string, cli: string, scenario: string, defect: string, out: string): Promise<void> {
  const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(MODERN_CLIENT)} http ${defect}`;
  return new Promise((resolve, reject) => {
    const child = spawn(node, [cli, 'client', '--command', command, '--scenario', scenario, '--spec-version', MODERN_VERSION, '-o', out, '--timeout', '15000'], { stdio: ['ignore', 'ignore', 'ignore'] });
    const timer = setTimeout(() => child.kill('SIGTERM'), 120_000);
    child.on('error', reject);
    child.on('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** The checks of every scenario folder below `out`. */
function checksBelow(out: string): SuiteCheck[] {
  const all: SuiteCheck[] = [];
  for (const folder of readdirSync(out).sort()) {
    const file = join(out, folder, 'checks.json');
    if (existsSync(file)) all.push(...(JSON.parse(readFileSync(file, 'utf8')) as SuiteCheck[]));
  }
  return all;
}

/** Every client scenario against the correct client and the defects it exercises. */
async function clientCrossCheck(node: string, cli: string): Promise<ClientFigures[]> {
  const results: ClientFigures[] = [];
  for (const { scenario, defects } of CLIENT_SCENARIOS) {
    for (const defect of ['none', ...defects]) {
      const out = mkdtempSync(join(tmpdir(), 'mcp-statechart-conformance-client-'));
      try {
        await runClientScenario(node, cli, scenario, defect, out);
        const checks = checksBelow(out);
        results.push({ scenario, client: defect === 'none' ? 'modern-correct' : `modern-${defect}`, checks: checks.length,
          failed: checks.filter((c) => c.status === 'FAILURE').map((c) => ({ check: c.id, message: c.errorMessage ?? '' })) });
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    }
  }
  return results;
}

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
    const child = spawn(node, [cli, 'server', '--url', url, '--requirements', MODERN_VERSION, '-o', out, '--timeout', '30000'], { stdio: ['ignore', 'pipe', 'pipe'] });
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
  if (process.argv.includes('--client')) {
    const clients = await clientCrossCheck(node, cli);
    if (json) process.stdout.write(JSON.stringify(clients, null, 2) + '\n');
    else {
      for (const r of clients) {
        process.stdout.write(`${r.scenario} / ${r.client}: ${r.checks} checks, ${r.failed.length} failed${r.failed.length === 0 ? '' : `: ${[...new Set(r.failed.map((f) => f.check))].join(', ')}`}\n`);
      }
    }
    return 0;
  }
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
