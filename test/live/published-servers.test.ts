// Why: the verdicts that matter are the ones on servers other people published. Each server here
// is installed from npm (a dev dependency, or an optional one for a binary published for one
// platform, which is skipped with its reason where npm does not install it), runs offline without credentials, and is judged with
// the commands users run: `check --scope full` and a short `fuzz`, in the era each speaks; a legacy
// server asked for 2026-07-28 must give exit 2 and no finding. A check's findings are asserted
// exactly (rule, severity, count), each error with the line of the specification it rests on; a
// fuzz run's findings must each be one explained here. Any finding not explained fails the test:
// either the server changed or the checker did, and someone must read the page again. The list,
// with what each server gets and why, is docs/real-servers.md.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { platformPackage } from '../support/platform-packages.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const installed = createRequire(join(ROOT, 'package.json')).resolve;
const inModules = (path: string): string => join(ROOT, 'node_modules', path);

const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-published-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
const root = join(dir, 'root');
mkdirSync(root);
writeFileSync(join(root, 'a.txt'), 'hello\n');

/**
 * What every server is given: no credentials, a home of its own (servers that keep state write
 * under it), telemetry off where a server offers the switch.
 */
const ENV: NodeJS.ProcessEnv = {
  PATH: process.env['PATH'] ?? '',
  HOME: join(dir, 'home'),
  MEMORY_FILE_PATH: join(dir, 'memory.jsonl'),
  AZURE_MCP_COLLECT_TELEMETRY: 'false',
  DOTNET_CLI_TELEMETRY_OPTOUT: '1',
  DOTNET_BUNDLE_EXTRACT_BASE_DIR: join(dir, 'dotnet'),
};
mkdirSync(ENV['HOME']!);

/** `rule severity` and how many times a run must raise it. */
type Expected = Readonly<Record<string, number>>;

interface PublishedServer {
  readonly name: string;
  readonly command: readonly string[];
  /** The optional dependency a binary server comes in (published for one platform), and its executable inside node_modules. */
  readonly platformBound?: { readonly name: string; readonly file: string };
  /** Arguments of `check` beyond `--scope full`. */
  readonly checkArgs?: readonly string[];
  /** Arguments of `fuzz` beyond its fixed ones (the era, where the case names one). */
  readonly fuzzArgs?: readonly string[];
  /**
   * The rule of the could-not-run error a check and a fuzz must end with (exit 2, no finding): the
   * server does not speak the era the case asks for.
   */
  readonly couldNotRun?: string;
  /** A legacy server also checked asked for 2026-07-28 (`--protocol-version 2026-07-28`): exit 2, no finding. */
  readonly askedModern?: true;
  /** The protocol version it negotiates when offered 2025-11-25; null when checked in 2026-07-28 (the version is named on every request, none is negotiated). */
  readonly version: string | null;
  /** Every finding of `check --scope full`, counted. */
  readonly check: Expected;
  /** The findings a fuzz run may raise (each explained below); any other fails. */
  readonly fuzz: readonly string[];
}

/** A legacy server asked for 2026-07-28: it answers server/discover -32601 and tools/list without resultType. */
const NOT_MODERN = 'cli/server-unavailable';

/**
 * A published server on the TypeScript 2.x SDK: the MCP Apps examples bundle
 * @modelcontextprotocol/server 2.0.0 (`--stdio`; without it they listen on 0.0.0.0, which the
 * test does not start). Checked in the legacy era, and asked for 2026-07-28, which SDK 2.0.0 does
 * not speak: exit 2, blamed for nothing.
 */
function sdkV2Example(pkg: string): PublishedServer[] {
  const command = [process.execPath, inModules(`${pkg}/dist/index.js`), '--stdio'];
  const name = `${pkg} 2.0.3 (TypeScript SDK 2.x: @modelcontextprotocol/server 2.0.0)`;
  return [
    { name, command, checkArgs: ['--era', 'legacy'], fuzzArgs: ['--era', 'legacy'], version: '2025-11-25', check: { [INVALID_PARAMS]: 1 }, fuzz: [INVALID_PARAMS] },
    { name: `${name} asked for 2026-07-28`, command, checkArgs: ['--protocol-version', '2026-07-28'], fuzzArgs: ['--protocol-version', '2026-07-28'], couldNotRun: NOT_MODERN, version: null, check: {}, fuzz: [] },
  ];
}

/** Where the Kubernetes server looks for a cluster: a kubeconfig naming 127.0.0.1:9, where nothing listens (every call is refused locally). */
const KUBECONFIG = join(dir, 'kubeconfig');
writeFileSync(KUBECONFIG, [
  'apiVersion: v1', 'kind: Config',
  'clusters:', '- name: local', '  cluster:', '    server: https://127.0.0.1:9',
  'contexts:', '- name: local', '  context:', '    cluster: local', '    user: nobody', '    namespace: default',
  'current-context: local',
  'users:', '- name: nobody', '  user:', '    token: none',
  '',
].join('\n'));
const KUBERNETES = {
  platformBound: { name: 'kubernetes-mcp-server-linux-amd64', file: 'kubernetes-mcp-server-linux-amd64/bin/kubernetes-mcp-server-linux-amd64' },
  // --read-only: only the tools it annotates readOnlyHint: true are listed; --stateless: it serves 2026-07-28.
  command: [inModules('kubernetes-mcp-server-linux-amd64/bin/kubernetes-mcp-server-linux-amd64'), '--kubeconfig', KUBECONFIG, '--read-only', '--stateless'],
} as const;

// probe/invalid-params-code (warning): the full check asks for a list with `cursor: 42`. The
// pagination page (2025-11-25 and 2025-06-18, server/utilities/pagination): "Invalid cursors
// **SHOULD** result in an error with code -32602 (Invalid params)." A SHOULD: a warning, never an error.
const INVALID_PARAMS = 'probe/invalid-params-code warning';
// probe/unknown-method-code (error): JSON-RPC 2.0, 5.1 Error object: the code "indicates the error
// type that occurred" and "-32601 Method not found: The method does not exist / is not available".
const UNKNOWN_METHOD = 'probe/unknown-method-code error';
// probe/unsupported-version-code (error): a request naming version 1900-01-01 in its _meta, on the
// connection that served 2026-07-28 requests before it. Versioning, Protocol Version Negotiation:
// "If the server does not implement the requested version ... it **MUST** respond with an
// UnsupportedProtocolVersionError" (-32022); basic, Stateless Protocol: "Servers **MUST NOT** rely on
// prior requests over the same connection to establish context (e.g., capabilities, protocol
// version, client identity)". The C# SDK 2.0 answers -32600 "The negotiated protocol version cannot
// change within a session".
const UNSUPPORTED_VERSION = 'probe/unsupported-version-code error';
// stateless/malformed-request-served (error): the full check's server/discover without _meta, served
// with a result. Basic, _meta: "A request missing any required field is malformed; the server
// **MUST** reject it with JSON-RPC error code -32602 (Invalid params)".
const MALFORMED_SERVED = 'stateless/malformed-request-served error';
// stateless/unsupported-version-not-rejected (error): the same probe answered with a result. The
// versioning page's MUST above; the session's rule for a served request, one finding (the probe
// rule adds nothing for the same answer, nor the result's shape: it owed an error).
const UNSERVED_VERSION = 'stateless/unsupported-version-not-rejected error';

const CHECKED: readonly PublishedServer[] = [
  {
    name: '@modelcontextprotocol/server-everything 2026.8.31 (TypeScript SDK 1.x)',
    askedModern: true,
    command: [process.execPath, installed('@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
    version: '2025-11-25',
    // It answers the invalid cursor with -32603 (Internal error).
    check: { [INVALID_PARAMS]: 1 },
    fuzz: [INVALID_PARAMS],
  },
  {
    name: '@modelcontextprotocol/server-memory 2026.8.31 (TypeScript SDK 1.x)',
    askedModern: true,
    command: [process.execPath, installed('@modelcontextprotocol/server-memory/dist/index.js')],
    version: '2025-11-25',
    check: { [INVALID_PARAMS]: 1 },
    fuzz: [INVALID_PARAMS],
  },
  {
    name: '@modelcontextprotocol/server-filesystem 2026.8.31 (TypeScript SDK 1.x)',
    askedModern: true,
    command: [process.execPath, installed('@modelcontextprotocol/server-filesystem/dist/index.js'), root],
    checkArgs: ['--root', pathToFileURL(root).href],
    version: '2025-11-25',
    check: { [INVALID_PARAMS]: 1 },
    fuzz: [INVALID_PARAMS],
  },
  {
    name: '@modelcontextprotocol/server-sequential-thinking 2026.8.31 (TypeScript SDK 1.x)',
    askedModern: true,
    command: [process.execPath, installed('@modelcontextprotocol/server-sequential-thinking/dist/index.js')],
    version: '2025-11-25',
    check: { [INVALID_PARAMS]: 1 },
    fuzz: [INVALID_PARAMS],
  },
  {
    // A server on a TypeScript framework: firecrawl-mcp is built on fastmcp 4.3.2. Without an API
    // key it starts and lists its tools; no tool is called. Its output schemas use
    // `additionalProperties: {}` (a schema, as zod's record() emits): valid JSON Schema, no finding.
    name: 'firecrawl-mcp 3.26.0 (fastmcp 4.3.2)',
    askedModern: true,
    command: [process.execPath, inModules('firecrawl-mcp/dist/index.js')],
    version: '2025-11-25',
    check: { [INVALID_PARAMS]: 1 },
    fuzz: [INVALID_PARAMS],
  },
  {
    // Native Go on the official Go SDK (github.com/modelcontextprotocol/go-sdk v1.4.1), shipped as
    // a binary in an npm package. It ignores the end of stdin and SIGTERM (the checker's SIGKILL
    // ends it, as the stdio transport page allows); that is no finding. Checked in era auto: it
    // answers the server/discover probe with error 0 and, under load, sends tools/list_changed
    // before the initialize the probe delayed, which is described, not judged (docs/live-checks.md).
    name: 'mcp-cron-linux-amd64 0.9.1 (Go, modelcontextprotocol/go-sdk 1.4.1)',
    askedModern: true,
    platformBound: { name: 'mcp-cron-linux-amd64', file: 'mcp-cron-linux-amd64/bin/mcp-cron' },
    command: [inModules('mcp-cron-linux-amd64/bin/mcp-cron'), '--transport', 'stdio', '--db-path', join(dir, 'cron.db')],
    version: '2025-11-25',
    // It answers a method no revision defines with error code 0, not -32601 (JSON-RPC 2.0, above),
    // and the invalid cursor with code 0 too (the SHOULD above).
    check: { [UNKNOWN_METHOD]: 1, [INVALID_PARAMS]: 1 },
    fuzz: [UNKNOWN_METHOD, INVALID_PARAMS],
  },
  {
    // Native Rust on rmcp 1.1.1, shipped as a binary in an npm package; it speaks 2025-06-18.
    // Offered 2025-11-25 it answers 2025-06-18, which the lifecycle page allows ("the server
    // MUST respond with another protocol version it supports").
    name: '@temporal-cortex/cortex-mcp-linux-x64 0.9.1 (Rust, rmcp 1.1.1)',
    askedModern: true,
    platformBound: { name: '@temporal-cortex/cortex-mcp-linux-x64', file: '@temporal-cortex/cortex-mcp-linux-x64/bin/cortex-mcp' },
    command: [inModules('@temporal-cortex/cortex-mcp-linux-x64/bin/cortex-mcp')],
    version: '2025-06-18',
    // It answers the invalid cursor with a result (the SHOULD above).
    check: { [INVALID_PARAMS]: 1 },
    fuzz: [INVALID_PARAMS],
  },
  {
    // Native .NET on the C# SDK (ModelContextProtocol.Core 2.0), a single-file binary in an npm
    // package: Microsoft's template for Azure MCP servers. Without Azure credentials it starts and
    // lists its tools; no tool is called.
    name: '@azure/mcp-template-linux-x64 0.0.12-alpha.6621500 (.NET, C# SDK 2.0)',
    platformBound: { name: '@azure/mcp-template-linux-x64', file: '@azure/mcp-template-linux-x64/dist/mcptmp' },
    command: [inModules('@azure/mcp-template-linux-x64/dist/mcptmp'), 'server', 'start'],
    // It also answers server/discover (the C# SDK 2.0 serves 2026-07-28): this case checks its
    // 2025-11-25 era; the next case checks its 2026-07-28 era.
    checkArgs: ['--era', 'legacy'],
    version: '2025-11-25',
    check: { [INVALID_PARAMS]: 1 },
    fuzz: [INVALID_PARAMS],
  },
  {
    // The same server in the era the checker chooses for it by default: it answers server/discover,
    // so it is checked (and fuzzed) in 2026-07-28.
    name: '@azure/mcp-template-linux-x64 0.0.12-alpha.6621500 (.NET, C# SDK 2.0) in 2026-07-28',
    platformBound: { name: '@azure/mcp-template-linux-x64', file: '@azure/mcp-template-linux-x64/dist/mcptmp' },
    command: [inModules('@azure/mcp-template-linux-x64/dist/mcptmp'), 'server', 'start'],
    version: null,
    check: { [MALFORMED_SERVED]: 1, [UNSUPPORTED_VERSION]: 1, [INVALID_PARAMS]: 1 },
    fuzz: [INVALID_PARAMS],
  },
  ...sdkV2Example('@modelcontextprotocol/server-budget-allocator'),
  ...sdkV2Example('@modelcontextprotocol/server-scenario-modeler'),
  ...sdkV2Example('@modelcontextprotocol/server-basic-vanillajs'),
  {
    // Native Go on the official Go SDK 1.8 (github.com/modelcontextprotocol/go-sdk v1.8.0), a
    // binary in an npm package, with a kubeconfig naming no reachable cluster: its 14 read-only
    // tools are called by the exercise and answer that the cluster is unreachable (isError).
    name: 'kubernetes-mcp-server-linux-amd64 0.0.67 (Go, modelcontextprotocol/go-sdk 1.8.0)',
    ...KUBERNETES,
    checkArgs: ['--era', 'legacy'],
    fuzzArgs: ['--era', 'legacy'],
    version: '2025-11-25',
    // It answers the invalid cursor with -32602, as the pagination page asks.
    check: {},
    fuzz: [],
  },
  {
    name: 'kubernetes-mcp-server-linux-amd64 0.0.67 (Go, modelcontextprotocol/go-sdk 1.8.0) in 2026-07-28',
    ...KUBERNETES,
    checkArgs: ['--protocol-version', '2026-07-28'],
    fuzzArgs: ['--protocol-version', '2026-07-28'],
    version: null,
    // It serves a request naming version 1900-01-01 as a legacy request (a result without
    // resultType), where the versioning page has it answer UnsupportedProtocolVersionError; and it
    // serves a list request whose _meta names a log level no page defines (logging, Error Handling: the server
    // "SHOULD reject that request" with -32602: a warning).
    check: { [UNSERVED_VERSION]: 1, 'probe/invalid-log-level-code warning': 1 },
    fuzz: [],
  },
  {
    // Not published: the project's echo server made with the published 2.x TypeScript SDK
    // (@modelcontextprotocol/server 2.4.0), the way its documentation shows.
    name: 'an echo server on @modelcontextprotocol/server 2.4.0 (TypeScript SDK 2.x)',
    askedModern: true,
    command: [process.execPath, join(ROOT, 'matrix/peers/sdk-v2-echo-server.mjs'), 'stdio'],
    version: '2025-11-25',
    check: { [INVALID_PARAMS]: 1 },
    fuzz: [INVALID_PARAMS],
  },
];

const SERVERS: readonly PublishedServer[] = [
  ...CHECKED,
  ...CHECKED.filter((s) => s.askedModern === true).map((s): PublishedServer => ({
    name: `${s.name} asked for 2026-07-28`,
    ...(s.platformBound === undefined ? {} : { platformBound: s.platformBound }),
    command: s.command,
    checkArgs: ['--protocol-version', '2026-07-28'],
    fuzzArgs: ['--protocol-version', '2026-07-28'],
    couldNotRun: NOT_MODERN,
    version: null,
    check: {},
    fuzz: [],
  })),
];

interface Outcome {
  readonly status: number | null;
  readonly stderr: string;
  readonly report: { status: string; protocol_version: string | null; error?: { rule: string; message: string }; findings: { rule: string; severity: string; pointer: string; message: string }[] } | undefined;
}

/** Runs the CLI (asynchronously, so that runs overlap) and parses its JSON report. */
function cli(args: readonly string[]): Promise<Outcome> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: dir, env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      let report: Outcome['report'];
      try {
        report = JSON.parse(stdout) as Outcome['report'];
      } catch {
        report = undefined;
      }
      done({ status, stderr, report });
    });
  });
}

/** Runs the jobs, at most `width` at a time (the servers mostly wait: on start, on their shutdown). */
async function pool<T>(jobs: readonly (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array<T>(jobs.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]!();
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

/** Whether each server can run here: its platform-bound package installed, skipped by npm here (why), or missing. */
const availability = SERVERS.map((s) => (s.platformBound === undefined ? { usable: true } as const : platformPackage(s.platformBound.name, s.platformBound.file)));
const RUNNABLE = SERVERS.filter((_, i) => availability[i]!.usable);

const FUZZ = ['--runs', '3', '--seed', '1', '--max-steps', '8', '--timeout', '10'];
const runs = pool(RUNNABLE.flatMap((s) => [
  () => cli(['check', '--json', '--scope', 'full', '--timeout', '20', ...(s.checkArgs ?? []), '--stdio', '--', ...s.command]),
  () => cli(['fuzz', '--json', ...FUZZ, ...(s.fuzzArgs ?? []), '--stdio', '--', ...s.command]),
]), 3);

function counted(findings: readonly { rule: string; severity: string }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of findings) out[`${f.rule} ${f.severity}`] = (out[`${f.rule} ${f.severity}`] ?? 0) + 1;
  return out;
}

function shown(outcome: Outcome): string {
  return outcome.report === undefined ? outcome.stderr : outcome.report.findings.map((f) => `${f.rule} ${f.severity} ${f.pointer}: ${f.message}`).join('\n') + outcome.stderr;
}

SERVERS.forEach((server, i) => {
  const available = availability[i]!;
  if (!available.usable) {
    // Skipped where npm does not install the package; where it should have, its absence fails.
    test(`${server.name}: installed where npm installs it`, () => {
      if ('missing' in available) assert.unreachable(available.missing);
      else console.warn(`skipping ${server.name}: ${available.skip}`);
    });
    return;
  }
  const index = RUNNABLE.indexOf(server);
  if (server.couldNotRun !== undefined) {
    for (const [what, at] of [['check', 0], ['fuzz', 1]] as const) {
      test(`${server.name}: ${what} could not run (exit 2), and blames the server for nothing`, async () => {
        const outcome = (await runs)[index * 2 + at]!;
        assert.ok(outcome.report, `no JSON report: ${outcome.stderr}`);
        assert.is(outcome.status, 2, shown(outcome));
        assert.is(outcome.report!.status, 'error');
        assert.is(outcome.report!.error?.rule, server.couldNotRun, shown(outcome));
        assert.equal(counted(outcome.report!.findings), {}, shown(outcome));
      });
    }
    return;
  }
  test(`${server.name}: check --scope full finds exactly what the specification supports`, async () => {
    const outcome = (await runs)[index * 2]!;
    assert.ok(outcome.report, `no JSON report: ${outcome.stderr}`);
    assert.is(outcome.report!.protocol_version, server.version);
    assert.equal(counted(outcome.report!.findings), server.check, shown(outcome));
    const errors = Object.keys(server.check).some((k) => k.endsWith(' error'));
    assert.is(outcome.status, errors ? 1 : 0, shown(outcome));
  });

  test(`${server.name}: fuzz raises nothing that is not explained`, async () => {
    const outcome = (await runs)[index * 2 + 1]!;
    assert.ok(outcome.report, `no JSON report: ${outcome.stderr}`);
    const unexplained = outcome.report!.findings.filter((f) => !server.fuzz.includes(`${f.rule} ${f.severity}`));
    assert.equal(unexplained.map((f) => `${f.rule} ${f.severity} ${f.pointer}: ${f.message}`), []);
    const errors = outcome.report!.findings.some((f) => f.severity === 'error');
    assert.is(outcome.status, errors ? 1 : 0, shown(outcome));
  });
});

test.run();
