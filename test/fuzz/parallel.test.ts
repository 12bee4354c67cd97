// Why: spreading a search must never change its result: the same seed finds the same first
// failure, shrinks it to the same sequence and writes the same trace (the same signature) whether
// its runs are played one at a time, several at once (--jobs), or dealt out to shards (--shard
// I/N) whose traces report --merge combines; a clean search ends at the same last run. The runs are
// few and the peers local, so each comparison takes seconds.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { RunPool, type RunPlan } from '../../fuzz/parallel.ts';
import type { FuzzResult } from '../../fuzz/run-fuzz.ts';
import type { SequenceRun } from '../../fuzz/run-sequence.ts';
import { MergeError, mergeShards, ownsRun, parseShard, runsOfShard, WHOLE, type Shard } from '../../fuzz/shard.ts';
import { sequenceArbitrary } from '../../fuzz/generator.ts';
import type { Action } from '../../trace/action-schema.ts';
import { traceText } from '../../trace/trace-file.ts';
import type { Trace } from '../../trace/trace-schema.ts';
import { SharedCallStatePeer } from '../peers/http-fuzz-peers.ts';
import { withPeer } from '../peers/http-mcp-peer.ts';
import { fuzz, stdioPeer } from './support.ts';

const SEED = 7;
const RUNS = 8;

/** The trace without the one setting a shard records (`options.shard`), as text. */
function unsharded(trace: Trace): string {
  const { shard: _shard, ...options } = trace.options;
  return traceText({ ...trace, options });
}

async function sharded(peer: string, count: number, jobs: number, runs = RUNS): Promise<FuzzResult[]> {
  const results: FuzzResult[] = [];
  for (let index = 1; index <= count; index++) {
    const shard: Shard = { index, count };
    results.push(await fuzz(stdioPeer(peer), SEED, runs, 20, 2000, { jobs, shard }, { shard: `${index}/${count}` }));
  }
  return results;
}

/** A stdio peer whose second page of tools/list breaks the schema: seed 7 first asks for it at run 3. */
const PAGED = 'paged-tools-lose-schema';

test('a failure found at run 3: --jobs 1, 2 and 3 give the same trace, byte for byte', async () => {
  const serial = await fuzz(stdioPeer(PAGED), SEED, RUNS);
  assert.is(serial.outcome, 'found');
  assert.is(serial.run.trace.sequence?.run, 3, 'the run the failure was drawn as is recorded');
  for (const jobs of [2, 3]) {
    const parallel = await fuzz(stdioPeer(PAGED), SEED, RUNS, 20, 2000, { jobs, shard: WHOLE });
    assert.is(parallel.runs, serial.runs, `--jobs ${jobs}: stopped at the same run`);
    assert.is(parallel.shrinks, serial.shrinks);
    assert.is(traceText(parallel.run.trace), traceText(serial.run.trace), `--jobs ${jobs}`);
  }
});

test('over Streamable HTTP (a session per run on one server), --jobs 3 gives the unsharded trace and deletes every session', async () => {
  const peer = new SharedCallStatePeer('json');
  await withPeer(peer, async (url) => {
    const target = { transport: 'http', url: url.href } as const;
    const serial = await fuzz(target, SEED, RUNS);
    const parallel = await fuzz(target, SEED, RUNS, 20, 2000, { jobs: 3, shard: WHOLE });
    assert.is(serial.outcome, 'found');
    assert.ok((serial.run.trace.sequence?.run ?? 0) > 1, 'found after runs that passed');
    assert.is(traceText(parallel.run.trace), traceText(serial.run.trace));
    assert.ok([...peer.sessions.values()].every((open) => !open), 'every session was deleted');
  });
});

test('the same search in 2 and in 3 shards (2 jobs each), merged: the unsharded first failure, shrunk sequence and signature', async () => {
  const serial = await fuzz(stdioPeer(PAGED), SEED, RUNS);
  assert.is(serial.outcome, 'found');
  for (const count of [2, 3]) {
    const shards = await sharded(PAGED, count, 2);
    for (const s of shards.filter((r) => r.outcome === 'found')) assert.is(s.runs, s.run.trace.sequence?.run, 'a shard reports its failure by its number in the seed\'s runs');
    const merged = mergeShards(shards.map((s) => s.run.trace));
    assert.is(merged.outcome, 'found');
    assert.is(merged.run, serial.run.trace.sequence?.run);
    assert.is(merged.trace.signature, serial.run.trace.signature);
    assert.equal(merged.trace.sequence, serial.run.trace.sequence);
    assert.is(unsharded(merged.trace), traceText(serial.run.trace), `${count} shards: the unsharded trace but for options.shard`);
    assert.is(merged.trace.options['shard'], `${(merged.chosen + 1)}/${count}`);
  }
});

test('a clean search in 3 shards: merged, clean, and its trace is the unsharded search\'s last run', async () => {
  const runs = 5;
  const serial = await fuzz(stdioPeer('correct'), SEED, runs);
  assert.is(serial.outcome, 'clean');
  assert.is(serial.run.trace.sequence?.run, runs);
  const shards = await sharded('correct', 3, 2, runs);
  assert.equal(shards.map((s) => s.run.trace.sequence?.run), [4, 5, 3], 'each shard ends at its own last run');
  const merged = mergeShards(shards.map((s) => s.run.trace));
  assert.is(merged.outcome, 'clean');
  assert.is(merged.run, runs);
  assert.is(unsharded(merged.trace), traceText(serial.run.trace));
});

test('shards deal the runs out round robin, each run to exactly one shard', () => {
  for (const count of [1, 2, 3, 7]) {
    for (const runs of [1, 7, 50]) {
      const owners = Array.from({ length: runs }, (_, p) => Array.from({ length: count }, (_, i) => i + 1).filter((index) => ownsRun({ index, count }, p)));
      assert.ok(owners.every((o) => o.length === 1), `${runs} runs in ${count} shards`);
      const total = Array.from({ length: count }, (_, i) => runsOfShard({ index: i + 1, count }, runs)).reduce((a, b) => a + b);
      assert.is(total, runs);
    }
  }
  assert.equal(parseShard('2/4'), { index: 2, count: 4 });
  for (const bad of ['0/4', '5/4', '1/0', '2', '2/4/1', '-1/4', ' 1/2', '1/1001']) assert.type(parseShard(bad), 'string', bad);
});

/** A played run as the pool sees it: only its position matters here. */
function fakeRun(position: number): SequenceRun {
  return { trace: { position } } as unknown as SequenceRun;
}

test('the pool plays ahead in the seed\'s order, never more than --jobs at once, and only its shard\'s runs', async () => {
  const arbitrary = sequenceArbitrary('stdio', 20);
  const drawn = fc.sample(arbitrary, { seed: SEED, numRuns: 20 });
  for (const plan of [{ jobs: 1, shard: WHOLE }, { jobs: 3, shard: WHOLE }, { jobs: 2, shard: { index: 2, count: 3 } }] as RunPlan[]) {
    let running = 0;
    let most = 0;
    const played: number[] = [];
    const pool = new RunPool(arbitrary, SEED, 20, plan, async (actions, position) => {
      assert.equal(actions, drawn[position], 'the sequence fast-check draws at that position');
      played.push(position);
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 2));
      running--;
      return fakeRun(position);
    });
    const asked: number[] = [];
    for (let position = 0; position < 12; position++) {
      if (!pool.owns(position)) continue;
      const run = await pool.run(position, drawn[position] as Action[]);
      assert.is((run.trace as unknown as { position: number }).position, position);
      asked.push(position);
    }
    pool.stop();
    await pool.drain();
    assert.ok(most <= plan.jobs, `at most ${plan.jobs} at once (saw ${most})`);
    if (plan.jobs > 1) assert.is(most, plan.jobs, 'the jobs were used');
    assert.ok(played.every((p) => ownsRun(plan.shard, p)));
    assert.equal(played.slice(0, asked.length), asked, 'played in order');
    assert.ok(played.length - asked.length <= plan.jobs - 1, 'at most jobs - 1 played beyond the last asked');
  }
});

test('a sequence that is not the one drawn there is played afresh, not taken from the runs played ahead', async () => {
  const arbitrary = sequenceArbitrary('stdio', 20);
  const played: string[] = [];
  const pool = new RunPool(arbitrary, SEED, 10, { jobs: 2, shard: WHOLE }, async (actions, position) => {
    played.push(`${position}:${JSON.stringify(actions)}`);
    return fakeRun(position);
  });
  const other: Action[] = [{ kind: 'reconnect' }];
  await pool.run(0, other);
  await pool.drain();
  assert.ok(played.includes(`0:${JSON.stringify(other)}`));
});

function fuzzTrace(shard: string | undefined, overrides: Partial<Trace> = {}, run = 1): Trace {
  return {
    mcp_statechart_trace: 1,
    mode: 'fuzz',
    options: { runs: 10, seed: 3, max_steps: 20, ...(shard === undefined ? {} : { shard }) },
    status: 'pass',
    signature: 'mcp-statechart:v1:' + '0'.repeat(64),
    sequence: { seed: 3, actions: [], run },
    ...overrides,
  } as unknown as Trace;
}

function mergeRefusal(traces: Trace[]): { pointer: string; file: number; message: string } {
  try {
    mergeShards(traces);
  } catch (error) {
    if (error instanceof MergeError) return { pointer: error.pointer, file: error.file, message: error.message };
    throw error;
  }
  throw new Error('merged');
}

test('merging refuses what is not every shard of one search, naming the trace and the JSON Pointer', () => {
  assert.is(mergeRefusal([fuzzTrace('1/2')]).message, 'shard 2/2 missing: every shard of the search is needed');
  assert.equal(mergeRefusal([fuzzTrace('1/2'), fuzzTrace('1/2')]).pointer, '/options/shard');
  assert.equal(mergeRefusal([fuzzTrace('1/2'), fuzzTrace('2/3')]), { pointer: '/options/shard', file: 1, message: 'the shard is one of 3, the first trace\'s one of 2' });
  assert.is(mergeRefusal([fuzzTrace('1/2'), fuzzTrace('2/2', { options: { runs: 10, seed: 4, max_steps: 20, shard: '2/2' } })]).pointer, '/options/seed');
  assert.is(mergeRefusal([fuzzTrace(undefined)]).pointer, '/options/shard');
  assert.is(mergeRefusal([fuzzTrace('1/1', { mode: 'check' })]).pointer, '/mode');
  assert.is(mergeRefusal([fuzzTrace('1/1', { sequence: { seed: 3, actions: [] } })]).pointer, '/sequence/run');
  const found = mergeShards([fuzzTrace('1/3', {}, 7), fuzzTrace('2/3', { status: 'fail' }, 5), fuzzTrace('3/3', { status: 'error' }, 3)]);
  assert.equal([found.outcome, found.run, found.chosen], ['error', 3, 2], 'the lowest-numbered run that did not pass, of any kind');
  const clean = mergeShards([fuzzTrace('2/2', {}, 10), fuzzTrace('1/2', {}, 9)]);
  assert.equal([clean.outcome, clean.run, clean.chosen], ['clean', 10, 0]);
});

test.run();
