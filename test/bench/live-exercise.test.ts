// Why: the exercise-throughput workload must time `check --exercise all` and the bare SDK client
// making the same calls against one correct server, and refuse to time a check that finds something
// (a defect would make it a different workload); fuzz's exercised rate must draw and call the
// target's own read-only tools, which the protocol-only rate never does.
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fuzzJobsRates, learnSurface } from '../../bench/fuzz-rate.ts';
import { benchPaths } from '../../bench/paths.ts';
import { measureWalls } from '../../bench/processes.ts';
import { computeRatios } from '../../bench/report.ts';
import { exerciseCommands } from '../../bench/run-bench.ts';
import { sequenceArbitrary } from '../../fuzz/generator.ts';

const paths = benchPaths();
const SERVER = join(paths.root, 'bench', 'exercise-server.mjs');
const CLIENT = join(paths.root, 'bench', 'live-sdk-exercise-client.mjs');
const PEERS = resolve(import.meta.dirname, '../peers');

test('check --exercise all and the SDK client making the same calls, against the bench server: both timed, the ratio derived', () => {
  const [check, client] = measureWalls(exerciseCommands(paths.cli, CLIENT, [process.execPath, SERVER]), paths.root, 1);
  assert.ok(check !== undefined && client !== undefined && check.wall_s > 0 && client.wall_s > 0);
  const ratios = computeRatios({ live_check_exercise: check, live_sdk_exercise_client: client } as never);
  assert.is(ratios['live_check_exercise_vs_sdk_client'], Number((check.wall_s / client.wall_s).toPrecision(3)));
});

test('a server whose exercised surface is defective is not timed: the workload fails rather than time a check that found something', () => {
  const [command] = exerciseCommands(paths.cli, CLIENT, [process.execPath, join(PEERS, 'exercise-buggy-sdk1.mjs')]);
  assert.throws(() => measureWalls([command], paths.root, 1), /benchmark child process failed \(exit 1/);
});

test('fuzz\'s exercised rate learns the read-only tools and draws calls of them; the protocol-only rate draws none', async () => {
  const target = { transport: 'stdio', command: [process.execPath, join(PEERS, 'fuzz-surface-correct.mjs')] } as const;
  const surface = await learnSurface(target);
  assert.ok(surface.tools.length > 0);
  const kinds = (draw?: Parameters<typeof sequenceArbitrary>[4]) => new Set(fc.sample(sequenceArbitrary('stdio', 20, [], 'legacy', draw), { seed: 7, numRuns: 10 }).flat().map((a) => a.kind));
  assert.ok(kinds({ surface, mode: 'safe' }).has('call'));
  assert.not.ok(kinds().has('call'));
  const { one, exercise } = await fuzzJobsRates(target, 4, false, true);
  assert.is(one.runs, 2);
  assert.is(exercise?.runs, 2);
  assert.ok((exercise?.runs_per_min ?? 0) > 0);
});

test.run();
