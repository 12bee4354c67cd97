// Why: a saved trace is the single source of truth of a live run; `report` turns one into the
// JSON, JUnit, SARIF and HTML reports later or elsewhere (a CI step after the check, a person
// reading an artifact). The trace is untrusted: read within bounds, strict JSON, schema-checked
// and its signature verified, or refused with exit 2 naming the rule and the JSON Pointer.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ReportOptions } from '../../reports/report-options.ts';
import { writeReports } from '../../reports/write-reports.ts';
import { InputError } from '../../files/input-error.ts';
import { parseTrace, TRACE_MAX_BYTES } from '../../trace/parse-trace.ts';
import type { Trace } from '../../trace/trace-schema.ts';
import { couldNotRun } from './could-not-run.ts';
import { StrictJsonError } from '../../validators/strict-json.ts';
import type { CommandArgs, CommandIO, CommandResult } from '../cli/command.ts';
import { readBounded, ReadError, terminalInputNote } from '../../files/read-bounded.ts';
import { secretEnvironmentValues } from '../../trace/redaction.ts';
import { transcriptOfTrace } from '../../trace/trace-transcript.ts';
import { writeOutputFile } from '../../files/output-file.ts';
import { UsageError } from '../cli/usage-error.ts';
import { mergeLine, mergeTraces } from './report-merge.ts';
import { shardSummary } from '../../fuzz/shard.ts';

/**
 * Reads and checks the trace at `path` (`-`: standard input); returns it, with its text only when
 * `withText` (a SARIF report points into it): a large trace is then not held twice more, as bytes
 * and as text, while its reports are made. `checked` is given its bytes once they passed.
 */
export async function readTrace(path: string, withText = true, checked?: (bytes: Uint8Array) => Promise<void>): Promise<{ trace: Trace; text: string | undefined }> {
  let bytes: Uint8Array | undefined = await readTraceBytes(path);
  const trace = parseTrace(bytes);
  await checked?.(bytes);
  const text = withText ? new TextDecoder().decode(bytes) : undefined;
  bytes = undefined;
  return { trace, text };
}

/** A trace file's bytes, within the trace size bound. */
async function readTraceBytes(path: string): Promise<Uint8Array> {
  try {
    return await readBounded(path, TRACE_MAX_BYTES);
  } catch (error) {
    if (error instanceof ReadError) throw error.about(path === '-' ? 'standard input' : path);
    if (error instanceof StrictJsonError) throw new InputError(error.rule, '', `trace: ${error.message}`);
    throw error;
  }
}

/**
 * A full garbage collection, run between shards: what a shard's reading left (its bytes, its text,
 * its parsed value, each as large as the shard) is otherwise collected only once the heap has grown
 * by several shards, and six 40 MB shards peaked at 311 MB where one takes 190 MB. The collector is
 * V8's own, reached through a context made after `--expose-gc` is set.
 */
function fullCollection(): () => void {
  setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  return typeof gc === 'function' ? () => void gc() : () => undefined;
}

/** `report TRACE|- [--json] [--json-file F] [--junit F] [--sarif F] [--html F] [--jsonl F] [--expected-failures F] [--quiet]`, or `report --merge SHARD-TRACE... [--output F] [...]`. */
export async function run(args: CommandArgs, io: CommandIO): Promise<CommandResult> {
  const merge = args.flag('merge');
  if (!merge && args.positionals.length > 1) throw new UsageError('report', 'one trace at a time; the traces of a fuzz search\'s shards are combined with --merge');
  if (!merge && args.string('output') !== undefined) throw new UsageError('report', '--output applies to --merge (the trace that stands for the search)');
  if (merge && args.positionals.includes('-')) throw new UsageError('report', '--merge reads trace files, not standard input');
  let path = args.positionals[0] as string;
  const note = merge ? undefined : terminalInputNote(path, 'a trace');
  if (note !== undefined) io.err(note);
  const sarif = args.string('sarif') !== undefined;
  let trace: Trace;
  let text: string | undefined;
  if (merge) {
    // Each shard is read, checked and folded to what merging needs before the next is read: one
    // trace is held at a time, however many shards; the chosen one is then read again whole.
    const summaries = [];
    const collect = fullCollection();
    for (const shard of args.positionals) {
      summaries.push(shardSummary((await readTrace(shard, false)).trace));
      collect();
    }
    const merged = mergeTraces(summaries);
    const output = args.string('output');
    const chosen = args.positionals[merged.chosen] as string;
    // The chosen trace is read again and checked, then copied as the bytes read.
    ({ trace, text } = await readTrace(chosen, sarif, output === undefined ? undefined : (bytes) => writeOutputFile(output, bytes, { ownerOnly: true, makeFolder: true })));
    path = output ?? (args.positionals[merged.chosen] as string);
    if (!args.flag('json') && !args.flag('quiet')) io.out(mergeLine(merged));
  } else ({ trace, text } = await readTrace(path, sarif));
  const files: Partial<Record<'jsonFile' | 'junit' | 'sarif' | 'html' | 'expectedFailures', string>> = {};
  for (const [key, option] of [['jsonFile', 'json-file'], ['junit', 'junit'], ['sarif', 'sarif'], ['html', 'html'], ['expectedFailures', 'expected-failures']] as const) {
    const value = args.string(option);
    if (value !== undefined) files[key] = value;
  }
  const errorRule = trace.status === 'error' ? couldNotRun('the run', trace).rule : undefined;
  const options: ReportOptions = { ...files, json: args.flag('json'), quiet: args.flag('quiet'), traceFile: path, ...(text === undefined ? {} : { traceText: text }), secrets: secretEnvironmentValues(process.env), ...(errorRule === undefined ? {} : { errorRule }) };
  const jsonl = args.string('jsonl');
  // The transcript is written first: a failure to write it stops the run before any report.
  if (jsonl !== undefined) await writeOutputFile(jsonl, transcriptOfTrace(trace), { ownerOnly: true, makeFolder: true });
  const outcome = await writeReports(trace, options, { stdout: io.out, color: io.color });
  return { exitCode: outcome.exitCode, ...(outcome.failure === undefined ? {} : { failure: outcome.failure }) };
}
