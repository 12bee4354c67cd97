// Why: how a fuzz search is spread is a command-line matter (--jobs N at once on this machine,
// --shard I/N of the seed's runs on this one of N machines) that never changes what a run plays,
// so it is parsed apart from the search's own settings and recorded in the trace only as the shard
// (which `report --merge` needs); the number of jobs is not recorded: the trace is the same for any.
import { MAX_JOBS, type RunPlan } from '../../fuzz/parallel.ts';
import { parseShard, runsOfShard, shardText, WHOLE } from '../../fuzz/shard.ts';
import type { CommandArgs } from '../cli/command.ts';
import { integerOption } from '../cli/parse-args.ts';
import { UsageError } from '../cli/usage-error.ts';

/** --jobs and --shard as a plan, and what the trace records of it; a UsageError for bad ones. */
export function parseRunPlan(args: CommandArgs, runs: number): { plan: RunPlan; recorded: { shard?: string } } {
  const jobs = integerOption(args, 'jobs', 1, MAX_JOBS, 1);
  const text = args.string('shard');
  if (text === undefined) return { plan: { jobs, shard: WHOLE }, recorded: {} };
  const shard = parseShard(text);
  if (typeof shard === 'string') throw new UsageError('fuzz', shard);
  if (shard.count > runs) throw new UsageError('fuzz', `--shard ${shardText(shard)}: more shards than runs (${runs}); every shard needs at least one run`);
  return { plan: { jobs, shard }, recorded: { shard: shardText(shard) } };
}

/** What a shard's summary line adds: which shard, and how many of the seed's runs are its own. */
export function shardNote(plan: RunPlan, runs: number): string {
  if (plan.shard === WHOLE) return '';
  return ` [shard ${shardText(plan.shard)}: ${runsOfShard(plan.shard, runs)} of the seed's ${runs} runs; merge the shards' traces with report --merge]`;
}
