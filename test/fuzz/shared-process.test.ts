// Why: in 2026-07-28 a stateless stdio server can serve a whole search from one process
// (fuzz --reuse-server). That holds only if each run stays its own: its trace holds its own
// messages alone, its ids are its own (past every id sent on the process before it), an answer
// the server still owed an earlier run is kept out, a run that leaves a request unanswered retires
// the process, and a failure found so is shrunk on fresh processes exactly as without reuse, or,
// when a fresh process does not show it (a server whose state leaks from run to run), is said to
// rest on the runs before it and left unshrunk. Legacy servers never share a process.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ExerciseMode } from '../../exercise/tool-policy.ts';
import type { FuzzEra } from '../../fuzz/generator.ts';
import { runFuzz, type FuzzResult } from '../../fuzz/run-fuzz.ts';
import type { LiveTarget } from '../../live/connection.ts';
import { SharedStdioServer } from '../../live/shared-stdio.ts';
import { streamableHttp } from '../../live/streamable-http.ts';
import type { Recorder } from '../../live/transport.ts';
import type { JsonObject } from '../../validators/context.ts';
import { actionsOf, errorRules, replaySaved, stdioPeer } from './support.ts';

const ENV = { PATH: process.env['PATH'] ?? '' };
const SDK_V2 = stdioPeer('sdk-v2-serve-stdio');

function search(target: LiveTarget, options: { runs: number; seed?: number; reuse: boolean; era?: FuzzEra; exercise?: ExerciseMode; without?: string[]; jobs?: number }): Promise<FuzzResult> {
  const seed = options.seed ?? 7;
  return runFuzz({
    target, headerEnv: [], timeoutMs: 2000, protocolVersion: '2025-11-25', era: options.era ?? 'modern', env: ENV, httpTransport: streamableHttp,
    runs: options.runs, seed, maxSteps: 20, exercise: options.exercise ?? 'none', reuseProcess: options.reuse,
    ...(options.without === undefined ? {} : { without: options.without }),
    ...(options.jobs === undefined ? {} : { plan: { jobs: options.jobs, shard: { index: 1, count: 1 } } }),
    recorded: { runs: options.runs, seed, reuse_server: options.reuse },
  });
}

/** The ids of the client's requests in a trace, and of the responses in it. */
function ids(result: FuzzResult): { requests: unknown[]; responses: unknown[] } {
  const requests: unknown[] = [];
  const responses: unknown[] = [];
  for (const e of result.run.trace.events) {
    if (e.kind !== 'message' || typeof e.message !== 'object' || e.message === null || Array.isArray(e.message)) continue;
    const m = e.message as JsonObject;
    if (e.direction === 'client_to_server' && typeof m['method'] === 'string' && m['id'] !== undefined) requests.push(m['id']);
    if (e.direction === 'server_to_client' && m['method'] === undefined && m['id'] !== undefined) responses.push(m['id']);
  }
  return { requests, responses };
}

test('the 2.x SDK\'s serveStdio server: a clean search on one process, each run with its own ids, recorded as shared', async () => {
  const result = await search(SDK_V2, { runs: 12, reuse: true, exercise: 'safe' });
  assert.is(result.outcome, 'clean', JSON.stringify(result.run.trace.findings));
  assert.is(result.shared?.processes, 1, 'one process served the surface run and the 12 runs');
  const cleanup = result.run.trace.cleanup;
  assert.is(cleanup['process_shared'], true);
  assert.is(cleanup['process_runs_before'], 12, 'the last run followed the surface run and 11 runs');
  const { requests, responses } = ids(result);
  assert.ok(requests.length > 0);
  assert.ok(requests.every((id) => typeof id === 'number' && id > 1), 'the last run\'s ids continue past those sent before it');
  assert.ok(responses.every((id) => requests.includes(id)), 'the trace holds answers to its own requests alone');
  assert.equal((result.run.trace.options['shared_process'] as JsonObject)['processes'], 1);
});

test('without --reuse-server, or in the legacy era, each run starts the server afresh', async () => {
  const fresh = await search(SDK_V2, { runs: 3, reuse: false });
  assert.is(fresh.shared, undefined);
  assert.is(fresh.run.trace.cleanup['process_shared'], undefined);
  assert.is(ids(fresh).requests[0], 1);
  const legacy = await search(stdioPeer('correct'), { runs: 3, reuse: true, era: 'legacy' });
  assert.is(legacy.shared, undefined, 'a legacy process holds one session: never shared');
  assert.is(legacy.run.trace.cleanup['process_shared'], undefined);
});

test('a server that cannot be started: the search could not run, as without reuse', async () => {
  const result = await search({ transport: 'stdio', command: ['/nonexistent/mcp-statechart-no-such-server'] }, { runs: 3, reuse: true });
  assert.is(result.outcome, 'error');
  assert.is(result.run.trace.status, 'error');
});

test('two jobs share two processes, one run at a time each', async () => {
  const result = await search(SDK_V2, { runs: 8, reuse: true, jobs: 2 });
  assert.is(result.outcome, 'clean');
  assert.ok((result.shared?.processes ?? 0) <= 2, `processes: ${result.shared?.processes}`);
});

test('a failure found on a shared process that a fresh one shows too is shrunk on fresh processes, as without reuse', async () => {
  const target = stdioPeer('modern-no-result-type');
  const alone = await search(target, { runs: 30, reuse: false });
  const shared = await search(target, { runs: 30, reuse: true });
  assert.is(alone.outcome, 'found');
  assert.is(shared.outcome, 'found');
  assert.equal(errorRules(shared), ['stateless/result-type']);
  assert.is(shared.runs, alone.runs, 'found in the same run of the seed');
  assert.equal(actionsOf(shared), actionsOf(alone), 'shrunk to the same sequence');
  assert.is(shared.shared?.found?.fresh_process, 'reproduced');
  assert.is(shared.run.trace.cleanup['process_shared'], undefined, 'the shrunk run is a fresh process\'s');
  assert.equal((shared.run.trace.options['shared_process'] as JsonObject)['found'], shared.shared?.found);
  const replay = await replaySaved(shared, target, 3);
  assert.is(replay.reproduced, 3);
});

test('state that leaks from run to run: found with reuse, not on a fresh process, said so and left unshrunk', async () => {
  const target = stdioPeer('modern-leaks-state');
  const alone = await search(target, { runs: 6, reuse: false, without: ['discover'] });
  assert.is(alone.outcome, 'clean', 'no run on its own shows it');
  const shared = await search(target, { runs: 6, reuse: true, without: ['discover'] });
  assert.is(shared.outcome, 'found');
  assert.equal(errorRules(shared), ['stateless/result-type']);
  assert.is(shared.runs, 3, 'the third server/discover on the process is the third run\'s');
  assert.is(shared.shrinks, 0);
  assert.equal(shared.shared?.found, { runs_before: 2, fresh_process: 'not-reproduced' });
  assert.is(shared.run.trace.cleanup['process_shared'], true, 'the trace is the shared run\'s own');
  const replay = await replaySaved(shared, target, 2);
  assert.is(replay.reproduced, 0, 'replay starts a fresh process: it does not show it');
});

/** A recorder that keeps the texts it is given. */
function texts(): Recorder & { lines: string[] } {
  const lines: string[] = [];
  let n = 0;
  return {
    lines,
    message: (direction, text) => {
      lines.push(`${direction === 'client_to_server' ? '>' : '<'} ${text}`);
      let message: unknown;
      try { message = JSON.parse(text); } catch { message = undefined; }
      return { index: n++, message };
    },
    event: () => n++,
    finding: () => {},
  };
}

// Answers each request 300 ms after it came, echoing its id.
const SLOW = `require('node:readline').createInterface({ input: process.stdin }).on('line', (l) => { const m = JSON.parse(l); if (m.id !== undefined && m.method !== undefined) setTimeout(() => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: { resultType: 'complete' } }) + '\\n'), 300); });`;

test('a late answer to an earlier run\'s cancelled request stays out of the next run; an unanswered request retires the process', async () => {
  const server = new SharedStdioServer({ command: process.execPath, args: ['-e', SLOW], env: ENV, graceMs: 500 });
  try {
    const first = texts();
    const one = server.lease(first);
    await one.start(() => {});
    assert.is(one.firstId, 1);
    await one.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
    await one.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } });
    const closedOne = await one.close();
    assert.is(closedOne['process_runs_before'], 0);
    const second = texts();
    const two = server.lease(second);
    assert.is(two.firstId, 2, 'past the id the first run sent');
    const answered: unknown[] = [];
    await two.start((m) => answered.push(m['id']));
    await two.send({ jsonrpc: '2.0', id: 2, method: 'ping' });
    await new Promise((r) => setTimeout(r, 700));
    assert.equal(answered, [2], 'the answer owed to the first run reached neither run');
    assert.ok(second.lines.every((l) => !l.includes('"id":1')), second.lines.join('\n'));
    const closedTwo = await two.close();
    assert.is(closedTwo['late_answers_of_earlier_runs'], 1);
    assert.is(closedTwo['process_runs_before'], 1);
    assert.is(server.processes, 1);
    // A run that leaves a request unanswered: the process is ended with it, and the next run starts another.
    const three = server.lease(texts());
    await three.start(() => {});
    await three.send({ jsonrpc: '2.0', id: 3, method: 'ping' });
    const closedThree = await three.close();
    assert.is(closedThree['process_exited'], true, 'retired: ended as a fresh run ends its own');
    const four = server.lease(texts());
    await four.start(() => {});
    assert.is(server.processes, 2);
    await four.close();
  } finally {
    await server.close();
  }
});

const CLI = join(resolve(import.meta.dirname, '../..'), 'dist/cli.js');
const cli = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 120_000, env: ENV });
const command = (target: LiveTarget): string[] => (target.transport === 'stdio' ? ['--stdio', '--', ...target.command] : []);

test('the CLI: fuzz --reuse-server over stdio says when a failure rests on earlier runs; a legacy server gets a process per run, said on stderr', () => {
  const leaks = cli(['fuzz', '--seed', '7', '--runs', '6', '--without', 'discover', '--reuse-server', ...command(stdioPeer('modern-leaks-state'))]);
  assert.is(leaks.status, 1, leaks.stderr);
  assert.match(leaks.stdout, /^fuzz: found in run 2 of 6 \(seed 7\); not shrunk, 0 actions: .*a fresh process does not show it, .*fuzz it without --reuse-server\)\n/);
  assert.match(leaks.stdout, /\[stateless\/result-type\]/);
  const legacy = cli(['fuzz', '--seed', '7', '--runs', '2', '--reuse-server', ...command(stdioPeer('correct'))]);
  assert.is(legacy.status, 0, legacy.stderr);
  assert.match(legacy.stderr, /--reuse-server: the server speaks the legacy era, where one process holds one session; each run starts the server afresh/);
});

test.run();
