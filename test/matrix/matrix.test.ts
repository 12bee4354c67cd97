// Why: the matrix must run on this machine with what is installed (nothing fetched), write every
// cell and the summary, and report a broken cell with its findings and its difference. The default
// suite runs a subset (the stdio cells at 2025-11-25 through the CLI, and a server with a broken
// handshake over both transports, the 2026-07-28 cells and the era-fallback cells); MATRIX_FULL=1
// runs every cell, as `matrix` does.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ERA_AUTO, installedPeers, MATRIX_REVISIONS, SDKS, type MatrixClient, type MatrixPeers, type MatrixServer } from '../../matrix/implementations.ts';
import { planCells, runMatrix } from '../../matrix/run-matrix.ts';
import { summarize, type MatrixSummary } from '../../matrix/summary.ts';
import { runCli } from '../../scripts/cli/run-cli.ts';
import { parseTrace } from '../../trace/parse-trace.ts';
import { judgeTrace } from '../../live/trace-judge.ts';
import { InputError } from '../../files/input-error.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'mcp-statechart-matrix-test-'));
test.after(() => rmSync(work, { recursive: true, force: true }));

async function cli(argv: readonly string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => void (out += t), err: (t) => void (err += t), color: false });
  return { code, out, err };
}

function mode(path: string): number {
  return statSync(path).mode & 0o777;
}

test('each SDK\'s revisions are the matrix revisions it lists as supported', async () => {
  const supported: Record<string, readonly string[]> = {
    'sdk-1': (await import('@modelcontextprotocol/sdk/types.js')).SUPPORTED_PROTOCOL_VERSIONS,
    'sdk-1-older': ((await import('sdk-1-older/types.js')) as { SUPPORTED_PROTOCOL_VERSIONS: string[] }).SUPPORTED_PROTOCOL_VERSIONS,
    'sdk-2': (await import('@modelcontextprotocol/server')).SUPPORTED_PROTOCOL_VERSIONS,
  };
  for (const sdk of SDKS) assert.equal(sdk.revisions, MATRIX_REVISIONS.filter((r) => supported[sdk.key]?.includes(r)), sdk.key);
});

test('matrix --transport stdio --revision 2025-11-25: every pair judged clean, the cells written owner-only, the one real difference reported', async () => {
  const output = join(work, 'stdio');
  const run = await cli(['matrix', '--transport', 'stdio', '--revision', '2025-11-25', '--output', output, '--quiet']);
  const summary = JSON.parse(readFileSync(join(output, 'summary.json'), 'utf8')) as MatrixSummary;
  assert.is(summary.counts.cells, 6);
  assert.is(summary.counts.findings + summary.counts.error, 0, run.out);
  for (const cell of summary.cells) {
    assert.is(cell.protocol_version, '2025-11-25', cell.id);
    assert.equal(cell.rules, [], cell.id);
  }
  // The 1.x server (1.32) lists its tool with `execution: {taskSupport: "forbidden"}`; the 2.x servers (both ways of serving) do not.
  const differing = summary.cells.filter((c) => c.status === 'differs');
  assert.equal(differing.map((c) => c.server), ['sdk-1 1.32.2', 'sdk-1 1.32.2']);
  for (const cell of differing) {
    assert.is(cell.difference?.rule, 'matrix/cell-differs');
    assert.is(cell.difference?.pointer, '/6/message/result/tools/0/execution');
    assert.is(cell.difference?.expected, undefined);
    assert.equal(cell.difference?.found, { taskSupport: 'forbidden' });
  }
  assert.is(run.code, 1);
  assert.match(run.out, /^failed: 6 cells, 4 clean and alike, 2 differ, 0 with findings, 0 could not run \(stdio; 2025-11-25\)\n$/);
  assert.is(run.err, '');
  assert.is(mode(join(output, 'summary.json')), 0o600);
  assert.match(readFileSync(join(output, 'summary.md'), 'utf8'), /^\| transport \| revision \| client \| server \| verdict \|/);
  for (const cell of summary.cells) {
    const tracePath = join(output, cell.files.trace);
    assert.is(mode(tracePath), 0o600);
    assert.is(mode(join(output, cell.files.verdict)), 0o600);
    const trace = parseTrace(readFileSync(tracePath));
    assert.is(trace.mode, 'matrix');
    assert.ok(trace.events.filter((e) => e.kind === 'message').length >= 9, `${cell.id}: the whole session is recorded`);
    assert.not.ok(readFileSync(tracePath, 'utf8').includes(ROOT), 'no local path is recorded');
    // The trace judges again to the same verdict.
    assert.is(judgeTrace(trace).signature, trace.signature);
  }
});

/** A server whose initialize result names a version no revision has (test/peers/matrix/). */
function wrongVersionServer(): MatrixServer {
  const script = join(ROOT, 'test/peers/matrix/wrong-version-server.mjs');
  return { name: 'wrong-version', revisions: ['2025-11-25'], argv: (transport) => [process.execPath, script, transport] };
}

test('a server that answers initialize with a wrong protocolVersion: findings on the handshake, the client failed, and the difference named', async () => {
  const installed = installedPeers(ROOT);
  const sdk1 = installed.servers.find((s) => s.name.startsWith('sdk-1 ')) as MatrixServer;
  const peers: MatrixPeers = { ...installed, clients: installed.clients.filter((c) => c.name.startsWith('sdk-2 ')), servers: [sdk1, wrongVersionServer()] };
  const result = await runMatrix({ peers, root: ROOT, revisions: ['2025-11-25'], timeoutMs: 60_000 }, planCells(peers, ['stdio', 'http'], ['2025-11-25']));
  const summary = summarize(result);
  assert.is(summary.status, 'failed');
  assert.equal(summary.cells.map((c) => [c.transport, c.server, c.status]), [
    ['stdio', sdk1.name, 'clean'],
    ['stdio', 'wrong-version', 'findings'],
    ['http', sdk1.name, 'clean'],
    ['http', 'wrong-version', 'findings'],
  ]);
  for (const cell of summary.cells.filter((c) => c.server === 'wrong-version')) {
    assert.ok(cell.rules.includes('lifecycle/protocol-version-mismatch'), `${cell.id}: ${cell.rules.join(', ')}`);
    assert.ok(cell.rules.includes('matrix/client-failed'), `${cell.id}: ${cell.rules.join(', ')}`);
    assert.is(cell.difference?.reference, cell.id.replace('wrong-version', sdk1.name));
    const pointer = cell.transport === 'stdio' ? '/1/message/result/protocolVersion' : '/0/received/0/message/result/protocolVersion';
    assert.equal([cell.difference?.pointer, cell.difference?.expected, cell.difference?.found], [pointer, '2025-11-25', '2024-01-01']);
  }
  const broken = result.cells[1]?.run.trace;
  assert.match(broken?.findings.find((f) => f.rule === 'matrix/client-failed')?.message ?? '', /^the client ended with exit code 1: /);
});

/** The installed peers, narrowed to the clients and servers named (by the start of their names, or exactly). */
function someOf(clients: readonly string[], servers: readonly string[]): MatrixPeers {
  const installed = installedPeers(ROOT);
  const named = <T extends { name: string }>(all: readonly T[], names: readonly string[]) => names.map((n) => all.find((p) => p.name.replace(/ \d[\d.]*/, '') === n) as T);
  return { ...installed, clients: named<MatrixClient>(installed.clients, clients), servers: named<MatrixServer>(installed.servers, servers) };
}

/** The client's messages of a trace, in order. */
function clientMessages(trace: { events: readonly unknown[] }): { method?: string; params?: { _meta?: Record<string, unknown> }; probe?: string }[] {
  return (trace.events as { kind: string; direction?: string; message?: Record<string, unknown>; probe?: string }[])
    .filter((e) => e.kind === 'message' && e.direction === 'client_to_server' && e.message !== undefined)
    .map((e) => ({ ...(e.message as object), ...(e.probe === undefined ? {} : { probe: e.probe }) }));
}

test('2026-07-28 cells: the 2.x client pinned to 2026-07-28 against the 2.x SDK\'s serveStdio and createMcpHandler, clean under the 2026-07-28 profile', async () => {
  const peers = someOf(['sdk-2'], ['sdk-2 dual-era']);
  assert.is(peers.servers[0]?.name.endsWith(' dual-era'), true);
  const result = await runMatrix({ peers, root: ROOT, timeoutMs: 60_000 }, planCells(peers, ['stdio', 'http'], ['2026-07-28']));
  const summary = summarize(result);
  assert.equal(summary.cells.map((c) => [c.transport, c.status, c.rules]), [['stdio', 'clean', []], ['http', 'clean', []]]);
  for (const { run } of result.cells) {
    assert.is(run.trace.profile, '2026-07-28', cellIdOf(run));
    const sent = clientMessages(run.trace);
    assert.is(sent[0]?.method, 'server/discover');
    assert.not.ok(sent.some((m) => m.method === 'initialize' || m.method === 'ping'), 'no handshake, no ping (removed in 2026-07-28)');
    assert.ok(sent.some((m) => m.method === 'tools/call'));
    for (const m of sent.filter((m) => m.method !== undefined && !m.method.startsWith('notifications/'))) {
      assert.is(m.params?._meta?.['io.modelcontextprotocol/protocolVersion'], '2026-07-28', m.method);
    }
    assert.is(judgeTrace(run.trace).signature, run.trace.signature);
  }
});

function cellIdOf(run: { cell: { transport: string; revision: string } }): string {
  return `${run.cell.transport} ${run.cell.revision}`;
}

test('era-fallback cells: the 2.x client in automatic mode falls back to initialize against a 1.x server (its probe judged as the era probe), stays modern against the dual-era server', async () => {
  const peers = someOf(['sdk-2'], ['sdk-1', 'sdk-2 dual-era']);
  const result = await runMatrix({ peers, root: ROOT, timeoutMs: 60_000 }, planCells(peers, ['stdio', 'http'], [ERA_AUTO]));
  const summary = summarize(result);
  assert.equal(summary.cells.map((c) => [c.transport, c.server.replace(/ [\d.]+/, ''), c.status, c.rules]), [
    ['stdio', 'sdk-1', 'clean', []], ['stdio', 'sdk-2 dual-era', 'clean', []], ['http', 'sdk-1', 'clean', []], ['http', 'sdk-2 dual-era', 'clean', []],
  ]);
  for (const { run } of result.cells) {
    const sent = clientMessages(run.trace);
    assert.equal([sent[0]?.method, sent[0]?.probe], ['server/discover', 'era-probe'], cellIdOf(run));
    const legacy = run.cell.server.name.startsWith('sdk-1 ');
    assert.is(run.trace.profile, legacy ? '2025-11-25' : '2026-07-28');
    assert.is(sent.some((m) => m.method === 'initialize'), legacy, 'initialize only after a legacy answer to the probe');
    assert.is(judgeTrace(run.trace).signature, run.trace.signature);
    if (legacy) {
      // Without the mark, the probe opens a 2026-07-28 session that initialize then breaks.
      const unmarked = { ...run.trace, events: run.trace.events.map((e) => (e.kind === 'message' && e.probe !== undefined ? { ...e, probe: undefined } : e)) };
      assert.ok(judgeTrace(JSON.parse(JSON.stringify(unmarked))).findings.some((f) => f.rule.startsWith('stateless/')), cellIdOf(run));
    }
  }
});

test('a 1.x client (plain initialize) against the dual-era 2.x server: served in 2025-11-25 and clean; over HTTP the body of the 405 refusing its GET stream is passed on, not judged as a message', async () => {
  const peers = someOf(['sdk-1'], ['sdk-2 dual-era']);
  const result = await runMatrix({ peers, root: ROOT, timeoutMs: 60_000 }, planCells(peers, ['stdio', 'http'], ['2025-11-25']));
  const summary = summarize(result);
  assert.equal(summary.cells.map((c) => [c.transport, c.status, c.protocol_version, c.rules]), [['stdio', 'clean', '2025-11-25', []], ['http', 'clean', '2025-11-25', []]]);
  for (const { run } of result.cells) assert.not.ok(clientMessages(run.trace).some((m) => m.method === 'server/discover'));
  // The stateless fallback refuses the client's GET with 405 and a body {"id": null, "error": ...}:
  // the transport page asks for the status alone, so the body is no message of the session (live/refusal-body.ts).
  const events = result.cells[1]?.run.trace.events as { kind: string; exchange?: number; method?: string; status?: number }[];
  const get = events.find((e) => e.kind === 'http_request' && e.method === 'GET')?.exchange;
  assert.ok(get !== undefined);
  assert.equal(events.filter((e) => e.exchange === get).map((e) => e.kind === 'message' ? 'message' : e.method ?? e.status), ['GET', 405]);
});

test('without the SDKs or the peers the matrix cannot run, and says why (matrix/sdk-missing)', async () => {
  const empty = mkdtempSync(join(work, 'no-checkout-'));
  assert.throws(() => installedPeers(empty), (e: unknown) => e instanceof InputError && e.rule === 'matrix/sdk-missing' && /from a checkout/.test(e.message));
  assert.throws(() => installedPeers(ROOT, [{ ...(SDKS[0] as (typeof SDKS)[number]), packages: ['@modelcontextprotocol/not-installed'] }]),
    (e: unknown) => e instanceof InputError && e.rule === 'matrix/sdk-missing' && /missing: @modelcontextprotocol\/not-installed$/.test(e.message));
  const bad = await cli(['matrix', '--transport', 'carrier-pigeon', '--json']);
  assert.is(bad.code, 2);
  assert.is((JSON.parse(bad.out) as { error: { rule: string } }).error.rule, 'cli/usage');
});

if (process.env['MATRIX_FULL'] === '1') {
  test('MATRIX_FULL: the whole matrix runs, every cell judged without an error finding', async () => {
    const output = join(work, 'full');
    const run = await cli(['matrix', '--output', output, '--json']);
    const summary = JSON.parse(run.out) as MatrixSummary;
    assert.is(summary.counts.cells, planCells(installedPeers(ROOT)).length);
    assert.is(summary.counts.findings + summary.counts.error, 0, run.out);
    assert.is(run.code, summary.counts.differs > 0 ? 1 : 0);
    // Every HTTP exchange was answered, the GET stream included (its head is sent before any event).
    for (const cell of summary.cells.filter((c) => c.transport === 'http')) {
      const { normalized_events: events } = JSON.parse(readFileSync(join(output, cell.files.verdict), 'utf8')) as { normalized_events: { status: number | null }[] };
      assert.ok(events.every((e) => e.status !== null), cell.id);
    }
  });
}

test.run();
