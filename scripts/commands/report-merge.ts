// Why: a fuzz search spread over a CI matrix (fuzz --shard I/N on N machines) leaves N traces;
// `report --merge` reads them all (each checked as `report` checks one), makes sure they are every
// shard of one search, and reports the one that stands for the whole search: the lowest-numbered
// run that failed (or could not run), else the search's last run. That is the trace an unsharded
// search of the same seed writes, so the verdict, signature and shrunk sequence do not depend on N.
import { MergeError, mergeShards, type MergedShards, type ShardSummary } from '../../fuzz/shard.ts';
import { InputError } from '../../files/input-error.ts';
import { countOf } from '../../reports/renderers/finding-text.ts';

/** The shards' traces as one search; an InputError (`fixture/shards-mismatch`) names the trace and the JSON Pointer. */
export function mergeTraces<T extends ShardSummary>(traces: readonly T[]): MergedShards<T> {
  try {
    return mergeShards(traces);
  } catch (error) {
    if (!(error instanceof MergeError)) throw error;
    throw new InputError(error.rule, error.pointer, `report --merge: trace ${error.file + 1} of ${traces.length}: ${error.message} (at ${error.pointer})`);
  }
}

/** One line saying what the shards add up to. */
export function mergeLine(merged: MergedShards<ShardSummary>): string {
  const of = `${countOf(merged.count, 'shard')} of seed ${merged.seed} (${countOf(merged.runs, 'run')})`;
  if (merged.outcome === 'found') return `merged ${of}: the first failure is run ${merged.run}, in trace ${merged.chosen + 1}\n`;
  if (merged.outcome === 'error') return `merged ${of}: run ${merged.run} could not run, in trace ${merged.chosen + 1}\n`;
  return `merged ${of}: nothing found; the last run is run ${merged.run}, in trace ${merged.chosen + 1}\n`;
}
