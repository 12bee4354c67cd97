// Why: a seed's runs are one numbered list (run 1, 2, ... in the order fast-check draws them), so
// they can be dealt out to machines without changing what any run is: shard I of N takes the runs
// whose number leaves remainder I-1 when divided by N (round robin, so every shard starts early in
// the list, where failures are usually found). Each shard stops at its own first failure, shrinks
// it as an unsharded search would, and records the run's number in its trace; merging keeps the
// shard whose failure (or run that could not complete) has the lowest number, which is the run an
// unsharded search stops at. The merged verdict therefore does not depend on N.
import { createHash } from 'node:crypto';
import type { Trace } from '../trace/trace-schema.ts';

/** One shard of a search: `index` of `count`, both from 1 (`--shard 2/4`). */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** The whole search as one shard. */
export const WHOLE: Shard = { index: 1, count: 1 };

/** The most shards a search is split into. */
export const MAX_SHARDS = 1000;

/** `I/N` as a shard, or a sentence saying what is wrong with it. */
export function parseShard(text: string): Shard | string {
  const match = /^([0-9]{1,4})\/([0-9]{1,4})$/.exec(text);
  if (match === null) return `--shard takes I/N (the shard's number and the number of shards, e.g. 2/4), got ${JSON.stringify(text.slice(0, 40))}`;
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || count > MAX_SHARDS) return `--shard: the number of shards is from 1 to ${MAX_SHARDS}, got ${count}`;
  if (index < 1 || index > count) return `--shard: the shard's number is from 1 to ${count}, got ${index}`;
  return { index, count };
}

/** `I/N`, as the trace and the command line spell a shard. */
export function shardText(shard: Shard): string {
  return `${shard.index}/${shard.count}`;
}

/** Whether the shard plays the run at position `position` (from 0) of the seed's list. */
export function ownsRun(shard: Shard, position: number): boolean {
  return position % shard.count === shard.index - 1;
}

/** How many of the seed's first `runs` runs the shard plays. */
export function runsOfShard(shard: Shard, runs: number): number {
  return Math.floor(runs / shard.count) + (shard.index <= runs % shard.count ? 1 : 0);
}

/**
 * What merging reads of a shard's trace: its mode, options, status, seed and run. A caller merging
 * many shards keeps only this of each (report --merge reads them one at a time) and the chosen one whole.
 */
export interface ShardSummary {
  readonly mode: Trace['mode'];
  readonly options: Trace['options'];
  readonly status: Trace['status'];
  readonly sequence?: { readonly seed: number; readonly run?: number | undefined } | undefined;
}

/** The longest option value a summary keeps as it is; a longer one is kept as its SHA-256 (compared alike). */
const SUMMARY_VALUE_CHARS = 1024;

/** The part of a trace merging reads (see ShardSummary), each option bounded: nothing else is kept. */
export function shardSummary(trace: Trace): ShardSummary {
  const { mode, status, sequence } = trace;
  const options: Record<string, unknown> = {};
  for (const key of ['shard', ...SHARED_OPTIONS]) {
    if (!Object.hasOwn(trace.options, key)) continue;
    const value = trace.options[key];
    const json = JSON.stringify(value);
    options[key] = json === undefined || json.length <= SUMMARY_VALUE_CHARS ? value : `sha256:${createHash('sha256').update(json).digest('hex')}`;
  }
  return { mode, options: options as Trace['options'], status, ...(sequence === undefined ? {} : { sequence: { seed: sequence.seed, run: sequence.run } }) };
}

/** What a set of shard traces adds up to. */
export interface MergedShards<T extends ShardSummary = Trace> {
  /** The trace that stands for the whole search: the lowest-numbered run that failed or could not run, else the last run. */
  readonly trace: T;
  /** Its position among the traces given. */
  readonly chosen: number;
  readonly outcome: 'found' | 'clean' | 'error';
  /** The number (from 1) of the run the trace was drawn as. */
  readonly run: number;
  readonly seed: number;
  readonly runs: number;
  readonly count: number;
}

/** A reason a set of traces cannot be merged, with the JSON Pointer (in the trace named) it is about. */
export class MergeError extends Error {
  readonly rule = 'fixture/shards-mismatch';
  readonly file: number;
  readonly pointer: string;
  constructor(file: number, pointer: string, message: string) {
    super(message);
    this.file = file;
    this.pointer = pointer;
  }
}

/** The settings every shard of one search must share. */
const SHARED_OPTIONS = ['seed', 'runs', 'max_steps', 'protocol_version', 'timeout_ms', 'reuse_server'] as const;

interface ShardTrace<T extends ShardSummary> {
  readonly trace: T;
  readonly shard: Shard;
  readonly run: number;
}

function shardOf<T extends ShardSummary>(trace: T, file: number): ShardTrace<T> {
  if (trace.mode !== 'fuzz') throw new MergeError(file, '/mode', `a trace written by fuzz is needed, this one was written by ${trace.mode}`);
  const text = trace.options['shard'];
  const shard = typeof text === 'string' ? parseShard(text) : undefined;
  if (typeof shard !== 'object') throw new MergeError(file, '/options/shard', 'the trace was not written by fuzz --shard I/N');
  const run = trace.sequence?.run;
  if (run === undefined) throw new MergeError(file, '/sequence/run', 'the trace does not say which run it was drawn as');
  return { trace, shard, run };
}

/** Merges the traces of every shard of one search (each exactly once) into the search's verdict. */
export function mergeShards<T extends ShardSummary>(traces: readonly T[]): MergedShards<T> {
  const shards = traces.map(shardOf);
  const first = shards[0];
  if (first === undefined) throw new Error('mergeShards: no trace');
  const count = first.shard.count;
  const seen = new Map<number, number>();
  shards.forEach((s, file) => {
    if (s.shard.count !== count) throw new MergeError(file, '/options/shard', `the shard is one of ${s.shard.count}, the first trace's one of ${count}`);
    for (const key of SHARED_OPTIONS) {
      if (JSON.stringify(s.trace.options[key]) !== JSON.stringify(first.trace.options[key])) {
        throw new MergeError(file, `/options/${key}`, `${key} is ${JSON.stringify(s.trace.options[key])}, the first trace's ${JSON.stringify(first.trace.options[key])}: not one search`);
      }
    }
    if (s.trace.sequence?.seed !== first.trace.sequence?.seed) throw new MergeError(file, '/sequence/seed', 'the seed differs from the first trace\'s: not one search');
    const again = seen.get(s.shard.index);
    if (again !== undefined) throw new MergeError(file, '/options/shard', `shard ${shardText(s.shard)} is given twice (traces ${again + 1} and ${file + 1})`);
    seen.set(s.shard.index, file);
  });
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length > 0) throw new MergeError(0, '/options/shard', `shard ${missing.map((i) => `${i}/${count}`).join(', ')} missing: every shard of the search is needed`);
  const ended = shards.map((s, file) => ({ ...s, file })).filter((s) => s.trace.status !== 'pass');
  const pool = ended.length > 0 ? ended : shards.map((s, file) => ({ ...s, file }));
  // The lowest-numbered run that did not pass, else the last run of the search.
  const pick = pool.reduce((best, s) => (ended.length > 0 ? s.run < best.run : s.run > best.run) ? s : best);
  const outcome = pick.trace.status === 'fail' ? 'found' : pick.trace.status === 'error' ? 'error' : 'clean';
  const runs = first.trace.options['runs'];
  return { trace: pick.trace, chosen: pick.file, outcome, run: pick.run, seed: first.trace.sequence?.seed ?? 0, runs: typeof runs === 'number' ? runs : pick.run, count };
}
