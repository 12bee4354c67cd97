import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, relative, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { freePort } from '../../bench/fuzz-rate.ts';

// The package as people get it: `npm pack`, the tarball installed into a folder outside the
// checkout (once with the optional dependencies, once with --omit=optional), and the installed
// `mcp-statechart` run from empty working directories, where it must give what the checkout's
// dist/cli.js gives. COMMANDS lists each run and what it must give; a new command gets a line there.

const ROOT = resolve(import.meta.dirname, '../..');
const CHECKOUT_CLI = join(ROOT, 'dist/cli.js');
const PACKAGE_PAGE = readFileSync(join(ROOT, 'docs/package.md'), 'utf8');
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
/** The budget for the unpacked size of what we ship, as docs/package.md states it. */
const BUDGET_MB = Number(/unpacked size of our own files is at\s+most ([\d.]+) MB/.exec(PACKAGE_PAGE)?.[1]);
/** What may ship: the bundled CLI, the bundled fixtures, and the files npm always adds. */
const SHIPPED = /^(dist\/cli\.(js|cjs)|dist\/index\.(js|d\.ts)|fixtures\/[\w./-]+\.json|docs\/[\w./-]+\.(md|svg|jsonl|json)|package\.json|README\.md|LICENSE)$/;
const OPTIONAL = ['@statelyai/inspect', 'ws'];

const work = mkdtempSync(join(tmpdir(), 'mcp-statechart-clean-install-'));
const inputs = join(work, 'inputs');
mkdirSync(inputs);
test.after(() => {
  restoreManifest();
  rmSync(work, { recursive: true, force: true });
});

/** Puts the checkout's package.json back if a pack was cut short (postpack never ran). */
function restoreManifest(): void {
  if (existsSync(join(ROOT, 'package.json.packing'))) spawnSync(process.execPath, [join(ROOT, 'scripts/pack-manifest.mjs'), 'restore']);
}

/**
 * The environment of a user's shell: without the npm_* variables an enclosing `npm test` sets
 * (a nested npm would take them as its settings), NODE_PATH, or the checkout's node_modules/.bin.
 */
function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^npm_/i.test(key) && key !== 'NODE_PATH') env[key] = value;
  env['PATH'] = (process.env['PATH'] ?? '').split(delimiter).filter((p) => !p.startsWith(join(ROOT, 'node_modules'))).join(delimiter);
  return env;
}

interface Exit {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command as a user's shell would (see userEnv), with `input` on stdin; killed after 3 minutes. */
function runProcess(command: string, args: readonly string[], cwd: string, input = ''): Promise<Exit> {
  return new Promise((done, fail) => {
    const child = spawn(command, [...args], { cwd, env: userEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += String(d)));
    child.stderr.on('data', (d: Buffer) => (stderr += String(d)));
    const timer = setTimeout(() => child.kill(), 180_000);
    child.on('error', fail);
    child.on('close', (status) => {
      clearTimeout(timer);
      done({ status, stdout, stderr });
    });
    child.stdin.end(input);
  });
}

function filesUnder(dir: string, base = dir): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) Object.assign(out, filesUnder(full, base));
    else out[relative(base, full)] = readFileSync(full, 'utf8');
  }
  return out;
}

/** A command as typed: the checkout's is `node dist/cli.js`, an install's its `mcp-statechart`. */
type Command = readonly [string, ...string[]];
const CHECKOUT: Command = [process.execPath, CHECKOUT_CLI];

let runs = 0;
/** Runs `command` with each step's arguments in turn in one fresh empty working directory, as a user would: each exit, then every file left there. */
async function runStepsFromEmptyDir(command: Command, steps: readonly (readonly string[])[], input?: string): Promise<{ exits: Exit[]; files: Record<string, string> }> {
  const cwd = join(work, `run-${++runs}`);
  mkdirSync(cwd);
  const [executable, ...prefix] = command;
  const exits: Exit[] = [];
  for (const args of steps) exits.push(await runProcess(executable, [...prefix, ...args], cwd, input));
  return { exits, files: filesUnder(cwd) };
}

/** Runs `command ...args` from a fresh empty working directory, with `input` on stdin. */
async function runFromEmptyDir(command: Command, args: readonly string[], input: string | undefined): Promise<Run> {
  const { exits: [exit], files } = await runStepsFromEmptyDir(command, [args], input);
  return { ...(exit as Exit), files };
}

interface Run extends Exit {
  /** Every file the run left in its (empty) working directory, by relative path. */
  readonly files: Record<string, string>;
}

// A transcript with one error: the client reuses id 2 while it is still unanswered.
const TRANSCRIPT = join(inputs, 'duplicate-id.jsonl');
const c2s = (message: object) => ({ direction: 'client_to_server', message });
writeFileSync(TRANSCRIPT, [
  { mcp_statechart_transcript: 1 },
  c2s({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1.0.0' } } }),
  { direction: 'server_to_client', message: { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1.0.0' } } } },
  c2s({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  c2s({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
  c2s({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
].map((line) => JSON.stringify(line)).join('\n') + '\n');

// A correct stdio server for `check`, and a trace with findings (a server that sends two responses to one request) for `report`.
const PEER = join(ROOT, 'test/peers/stdio/correct.mjs');
const FAILED_TRACE = join(inputs, 'two-responses.json');
const traced = spawnSync(process.execPath, [CHECKOUT_CLI, 'check', '--output', FAILED_TRACE, '--stdio', '--', process.execPath, join(ROOT, 'test/peers/stdio/two-responses.mjs')], { encoding: 'utf8' });
if (traced.status !== 1) throw new Error(`the trace with findings was not written: ${traced.stdout}${traced.stderr}`);

/** One run of the installed command and what it must give (beyond giving what the checkout gives). */
interface Expectation {
  readonly args: readonly string[];
  readonly input?: string;
  readonly status: number;
  readonly check: (run: Run) => void;
}

const json = (run: Run) => JSON.parse(run.stdout) as Record<string, unknown>;
const COMMANDS: readonly Expectation[] = [
  { args: ['--version'], status: 0, check: (r) => assert.is(r.stdout, `mcp-statechart ${VERSION}\n`) },
  { args: ['cases'], status: 0, check: (r) => assert.match(r.stdout, /^ok: \d+ cases, \d+ passed, \d+ expected failures, 0 unexpected /m) },
  { args: ['validate', TRANSCRIPT], status: 1, check: (r) => assert.match(r.stdout, /^line 6: error: tools\/list \/message\/id: .* \[correlation\/duplicate-outstanding-id\]$/m) },
  {
    args: ['validate', '-', '--json'], input: readFileSync(TRANSCRIPT, 'utf8'), status: 1,
    // Then, where the transcript ends, the first tools/list is still unanswered.
    check: (r) => assert.equal((json(r)['findings'] as { line: number; rule: string }[]).map((f) => [f.line, f.rule]),
      [[6, 'correlation/duplicate-outstanding-id'], [5, 'correlation/unanswered-request']]),
  },
  { args: ['rules', '--json'], status: 0, check: (r) => assert.ok((JSON.parse(r.stdout) as unknown[]).length > 0) },
  { args: ['diagram', 'lifecycle', '--format', 'svg'], status: 0, check: (r) => assert.match(r.stdout, /<svg /) },
  {
    // A live check of a stdio server (a correct test peer): the same verdict and signature (the trace's timings would differ run to run).
    args: ['check', '--json-file', 'check.json', '--stdio', '--', process.execPath, PEER], status: 0,
    check: (r) => {
      assert.match(r.stdout, /^exercise safe \(seed 1\): [^\n]*\n(  not exercised: [^\n]*\n)*pass: 0 errors, 0 warnings; \d+ events, \d+ messages \(2025-11-25, MCP 2025-11-25\); mcp-statechart:v1:[0-9a-f]{64}; wrote 1 file: check\.json\n$/);
      assert.is((JSON.parse(r.files['check.json'] ?? '{}') as { status?: string }).status, 'pass');
    },
  },
  {
    // The reports of a trace with findings: JUnit and SARIF files, exit 1 for its errors.
    args: ['report', FAILED_TRACE, '--junit', 'r.xml', '--sarif', 'r.sarif'], status: 1,
    check: (r) => {
      assert.match(r.files['r.xml'] ?? '', /<testsuites[ >]/);
      assert.is((JSON.parse(r.files['r.sarif'] ?? '{}') as { version?: string }).version, '2.1.0');
    },
  },
  {
    args: ['inspect', 'spec_tasks_cancel_crossed_completion', '--out', 'case.html'], status: 0,
    check: (r) => assert.match(r.files['case.html'] ?? '', /^<!doctype html>/i),
  },
];

let tarball = '';
/** The installed `mcp-statechart` of each install, once it is installed. */
const installs: Record<'full' | 'omitOptional', string | undefined> = { full: undefined, omitOptional: undefined };

test('npm pack ships only the built CLI, the fixtures, the README, the docs pages and a script-free package.json, within the size budget', async () => {
  assert.ok(BUDGET_MB > 0, 'docs/package.md states the budget');
  const manifest = readFileSync(join(ROOT, 'package.json'), 'utf8');
  let packed: Exit;
  try {
    packed = await runProcess('npm', ['pack', '--json', '--pack-destination', work], ROOT);
  } finally {
    restoreManifest();
  }
  assert.is(packed.status, 0, packed.stderr);
  assert.is(readFileSync(join(ROOT, 'package.json'), 'utf8'), manifest, 'postpack puts the checkout\'s package.json back as it was');
  assert.not.ok(existsSync(join(ROOT, 'package.json.packing')));
  const [info] = JSON.parse(packed.stdout) as { filename: string; unpackedSize: number; files: { path: string }[] }[];
  const paths = info!.files.map((f) => f.path);
  assert.equal(paths.filter((p) => !SHIPPED.test(p)), [], 'nothing but dist/cli.js and its bundle dist/cli.cjs, the library dist/index.js and its types dist/index.d.ts, fixtures/*.json, docs/, package.json and README.md');
  assert.ok(paths.includes('docs/cli.md'), 'the pages rule links name are shipped');
  assert.not.ok(paths.some((p) => p.includes('.cache') || p.endsWith('.v8')), 'no code cache is shipped');
  assert.ok(paths.includes('dist/cli.js') && paths.includes('dist/cli.cjs') && paths.some((p) => p.startsWith('fixtures/')));
  assert.ok(info!.unpackedSize <= BUDGET_MB * 1_000_000, `unpacked ${info!.unpackedSize} bytes, budget ${BUDGET_MB} MB`);
  tarball = join(work, info!.filename);
});

test('the tarball installs outside the checkout, with and without the optional dependencies: no script runs, npm warns of nothing', async () => {
  assert.ok(tarball, 'packed');
  const kinds = ['full', 'omitOptional'] as const;
  const folders = kinds.map((kind) => join(work, kind));
  for (let dir = work; dir !== dirname(dir); dir = dirname(dir)) {
    assert.not.ok(existsSync(join(dir, 'node_modules')), `${join(dir, 'node_modules')} would be visible to the installed package`);
  }
  const outputs = await Promise.all(kinds.map((kind, i) => {
    mkdirSync(folders[i]!);
    writeFileSync(join(folders[i]!, 'package.json'), JSON.stringify({ name: `consumer-${kind.toLowerCase()}`, private: true }));
    return runProcess('npm', ['install', tarball, '--no-audit', '--no-fund', '--prefer-offline', ...(kind === 'full' ? [] : ['--omit=optional'])], folders[i]!);
  }));
  kinds.forEach((kind, i) => {
    const { status, stdout, stderr } = outputs[i]!;
    const output = stdout + stderr;
    const folder = folders[i]!;
    assert.is(status, 0, output);
    assert.equal(output.split('\n').filter((l) => /^npm (warn|error)/i.test(l) || l.startsWith('> ')), [], `${kind}: no warning, no lifecycle script`);
    const pkg = join(folder, 'node_modules', 'mcp-statechart');
    const manifest = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as Record<string, unknown>;
    assert.is(manifest['scripts'], undefined, 'no scripts ship');
    assert.is(manifest['allowScripts'], undefined);
    for (const field of ['description', 'keywords', 'license', 'repository', 'engines', 'bin']) assert.ok(manifest[field], `${field} is filled in`);
    assert.equal(Object.keys(manifest['optionalDependencies'] ?? {}).sort(), OPTIONAL, 'the optional dependencies the CLI loads, not those only the checkout\'s tests run');
    for (const name of OPTIONAL) assert.is(existsSync(join(folder, 'node_modules', name)), kind === 'full', `${kind}: ${name}`);
    const shipped = Object.values(filesUnder(join(pkg, 'dist'))).join('\n');
    assert.not.ok(shipped.includes(ROOT), 'the bundle names no path of the checkout');
    installs[kind] = join(folder, 'node_modules', '.bin', 'mcp-statechart');
  });
});

for (const command of COMMANDS) {
  test(`installed, from an empty directory: mcp-statechart ${command.args.join(' ').replace(TRANSCRIPT, 'TRANSCRIPT')} gives what the checkout gives`, async () => {
    const { full, omitOptional } = installs;
    assert.ok(full && omitOptional, 'installed');
    const [checkout, installed, withoutOptional] = await Promise.all([
      runFromEmptyDir(CHECKOUT, command.args, command.input),
      runFromEmptyDir([full], command.args, command.input),
      runFromEmptyDir([omitOptional], command.args, command.input),
    ]);
    assert.is(checkout.status, command.status, checkout.stderr);
    command.check(checkout);
    assert.equal(installed, checkout, 'installed with the optional dependencies');
    assert.equal(withoutOptional, checkout, 'installed without them');
  });
}

// A real server we did not write, as a user would check it: server-everything over stdio and over
// Streamable HTTP, with --scope full, then `report` on the trace that check wrote, in the same
// working directory. Everything must match the checkout's runs but what the server or the clock
// draws anew each run: the trace's timings (a file of their own) and the SSE event ids. The
// exercise is left out (--exercise none): the tools it calls answer with the clock time they ran at
// (a resource 'created at 2:16:14 AM'); test/live/exercise-real-servers.test.ts checks that exercise.
const EVERYTHING = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
const LOOPBACK = join(ROOT, 'test/peers/support/loopback-listen.mjs');
const REPORT = ['report', 'trace.json', '--json-file', 'report.json', '--junit', 'report.xml', '--sarif', 'report.sarif', '--html', 'report.html'];

/**
 * A run with what differs from run to run without differing in result taken out: the timings file
 * (its presence kept) and the SSE event ids, random UUIDs server-everything draws, wherever they
 * appear (the trace, the HTML page's labels, shortened there with an ellipsis).
 */
function comparable(run: { exits: Exit[]; files: Record<string, string> }): unknown {
  const files: Record<string, string> = {};
  for (const [name, text] of Object.entries(run.files)) {
    files[name] = name.endsWith('.timings.json') ? 'TIMINGS' : text.replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f-]*…?/g, 'UUID');
  }
  return { exits: run.exits, files };
}

/** The checkout's run, then the installed ones (with and without the optional dependencies), each of the same steps; all three must agree. */
async function sameEverywhere(steps: readonly (readonly string[])[]): Promise<{ exits: Exit[]; files: Record<string, string> }> {
  const { full, omitOptional } = installs;
  assert.ok(full && omitOptional, 'installed');
  const checkout = await runStepsFromEmptyDir(CHECKOUT, steps);
  const installed = await runStepsFromEmptyDir([full], steps);
  const withoutOptional = await runStepsFromEmptyDir([omitOptional], steps);
  assert.equal(comparable(installed), comparable(checkout), 'installed with the optional dependencies');
  assert.equal(comparable(withoutOptional), comparable(checkout), 'installed without them');
  return checkout;
}

/** What every report of a trace writes, and the summary line it prints, the same as the check's. */
function assertReported(run: { exits: Exit[]; files: Record<string, string> }, status: number): void {
  const [check, report] = run.exits;
  assert.is(report!.status, status, report!.stderr);
  assert.is(report!.stdout.trimEnd().split('\n').at(-1)!.split('; wrote')[0], check!.stdout.trimEnd().split('\n').at(-1)!.split('; wrote')[0]);
  assert.equal(JSON.parse(run.files['report.json'] ?? '{}'), JSON.parse(run.files['check.json'] ?? '{}'), 'report gives the JSON report check gave');
  assert.match(run.files['report.xml'] ?? '', /<testsuites[ >]/);
  assert.is((JSON.parse(run.files['report.sarif'] ?? '{}') as { version?: string }).version, '2.1.0');
  assert.match(run.files['report.html'] ?? '', /^<!doctype html>/i);
}

test('installed, from an empty directory: check --scope full --stdio of server-everything, then report on its trace, gives what the checkout gives', async () => {
  const run = await sameEverywhere([
    ['check', '--scope', 'full', '--exercise', 'none', '--output', 'trace.json', '--json-file', 'check.json', '--stdio', '--', process.execPath, EVERYTHING, 'stdio'],
    REPORT,
  ]);
  const [check] = run.exits;
  assert.is(check!.status, 0, check!.stdout + check!.stderr);
  // Its one finding, a SHOULD: an invalid cursor answered with -32603 rather than -32602 (see docs/live-checks.md).
  assert.match(check!.stdout, /^pass: 0 errors, 1 warning; \d+ events, \d+ messages \(2025-11-25, MCP 2025-11-25\); mcp-statechart:v1:[0-9a-f]{64}; wrote 1 file: check\.json\n$/m);
  assert.ok(run.files['trace.json'] && run.files['trace.timings.json'], 'the trace and its timings');
  assertReported(run, 0);
});

test('installed, from an empty directory: check --scope full --url of server-everything over Streamable HTTP, then report on its trace, gives what the checkout gives', async () => {
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', LOOPBACK, EVERYTHING, 'streamableHttp'], { env: { ...userEnv(), PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise((done) => server.once('exit', done));
  try {
    await new Promise<void>((listening, fail) => {
      let seen = '';
      const timer = setTimeout(() => fail(new Error(`server-everything did not listen within 20 s: ${seen}`)), 20_000);
      server.stderr.on('data', (chunk: Buffer) => {
        seen = (seen + String(chunk)).slice(-4096);
        const at = /loopback-listen: (\{[^\n]*\})\n/.exec(seen)?.[1];
        if (at === undefined) return;
        clearTimeout(timer);
        assert.equal(JSON.parse(at), { address: '127.0.0.1', family: 'IPv4', port });
        listening();
      });
      server.once('exit', (code) => fail(new Error(`server-everything exited (${code}) before listening: ${seen}`)));
    });
    const url = `http://127.0.0.1:${port}/mcp`;
    const run = await sameEverywhere([['check', '--scope', 'full', '--exercise', 'none', '--output', 'trace.json', '--json-file', 'check.json', '--url', url], REPORT]);
    const [check] = run.exits;
    // Its two real MUST violations (400 for a terminated session, any Origin accepted; see docs/live-checks.md).
    assert.is(check!.status, 1, check!.stdout + check!.stderr);
    assert.equal((JSON.parse(run.files['check.json'] ?? '{}') as { findings: { rule: string; severity: string }[] }).findings.filter((f) => f.severity === 'error').map((f) => f.rule).sort(),
      ['http/origin-accepted', 'http/terminated-session-not-404']);
    assertReported(run, 1);
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
});

test('installed where it cannot write (a read-only location), the code cache is skipped silently: the same output, no cache left', async () => {
  const { full } = installs;
  assert.ok(full, 'installed');
  const pkg = join(dirname(dirname(dirname(full))), 'node_modules', 'mcp-statechart');
  const cli = join(pkg, 'dist', 'cli.js');
  const cache = join(pkg, 'node_modules', '.cache', 'mcp-statechart');
  rmSync(join(pkg, 'node_modules', '.cache'), { recursive: true, force: true });
  // Root writes through permission bits, so as root the runs take the unprivileged user's ids.
  const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  const cwd = join(work, 'read-only-run');
  mkdirSync(cwd, { mode: 0o777 });
  chmodSync(work, 0o755);
  spawnSync('chmod', ['-R', 'a-w', pkg]);
  try {
    for (const args of [['cases'], ['validate', TRANSCRIPT], ['rules', '--json']]) {
      const checkout = spawnSync(process.execPath, [CHECKOUT_CLI, ...args], { cwd, encoding: 'utf8', env: userEnv() });
      const installed = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', env: userEnv(), ...asUser });
      assert.is(installed.error, undefined);
      assert.equal([installed.status, installed.stdout, installed.stderr], [checkout.status, checkout.stdout, checkout.stderr], args.join(' '));
      assert.not.ok(existsSync(cache), `${args[0]} left no cache`);
    }
  } finally {
    spawnSync('chmod', ['-R', 'u+w', pkg]);
  }
  // Where it can write, the same run leaves its cache there: the runs above did try to.
  const writable = spawnSync(process.execPath, [cli, 'cases'], { cwd, encoding: 'utf8', env: userEnv() });
  assert.is(writable.status, 0, writable.stderr);
  assert.ok(existsSync(cache) && readdirSync(cache).some((name) => name.endsWith('-cases.v8')), 'a writable install keeps the cache');
});

test('installed without the optional dependencies, inspect --stately says what to install (exit 2)', async () => {
  const { omitOptional } = installs;
  assert.ok(omitOptional, 'installed');
  const run = await runFromEmptyDir([omitOptional], ['inspect', 'spec_tasks_cancel_crossed_completion', '--stately', '--port', '8080'], undefined);
  assert.is(run.status, 2);
  assert.is(run.stderr, 'mcp-statechart: --stately needs the optional packages @statelyai/inspect and ws (npm install @statelyai/inspect ws) [cli/optional-package-missing]\n');
});

test('installed, matrix says it runs from a checkout (its SDKs and peers are not shipped): exit 2, nothing written', async () => {
  const { full } = installs;
  assert.ok(full, 'installed');
  const run = await runFromEmptyDir([full], ['matrix'], undefined);
  assert.is(run.status, 2);
  assert.match(run.stderr, /^mcp-statechart: the matrix runs from a checkout of mcp-statechart .*\[matrix\/sdk-missing\]\n$/);
  assert.equal(run.files, {});
});

test.run();
