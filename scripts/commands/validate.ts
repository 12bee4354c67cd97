// Why: recorded traffic is judged offline by the same session as fixtures, but as one stream:
// every line is fed and every finding reported with its line, and the file is read in chunks so
// a transcript of any length runs in flat memory. A trace written by `check` is read here too and
// judged again. Errors never echo more than the argument typed.
import { validateTranscript, type TranscriptFinding, type TranscriptReport } from '../../transcripts/transcript-judge.ts';
import { RULES } from '../../validators/rules/index.ts';
import type { CommandArgs, CommandIO, CommandResult } from '../cli/command.ts';
import { countOf, FindingText } from '../cli/finding-text.ts';
import { ReadError } from '../cli/io-error.ts';
import { styleFor, type Style } from '../cli/style.ts';
import { openInputStream, readErrorFrom } from '../read-bounded.ts';
import { formatTraceSummary, looksLikeTrace, validateTraceStream, type TraceValidation } from './validate-trace.ts';

const CHUNK = 64 * 1024;

/** The closing summary line of the text output. */
export function formatValidateSummary(r: TranscriptReport, style: Style = styleFor(false)): string {
  const status = r.status === 'ok' ? style.ok(r.status) : style.error(r.status);
  return `${status}: ${countOf(r.lines, 'line')}, ${countOf(r.messages, 'message')}, ${countOf(r.counts.error, 'error')}, ${countOf(r.counts.warning, 'warning')} (${r.profile}, MCP ${r.protocol_version})`;
}

/** Options of `validate`. */
export interface ValidateCommandOptions {
  readonly json: boolean;
  /** Where text output goes finding by finding (default: nowhere). */
  readonly onFinding?: (finding: TranscriptFinding) => void;
}

/** A transcript's report, or a trace's. */
export type ValidateResult = { readonly kind: 'transcript'; readonly report: TranscriptReport } | ({ readonly kind: 'trace' } & TraceValidation);

/** The input's first chunk, and the whole input again as a stream (that chunk, then the rest). */
async function peek(source: AsyncIterable<Uint8Array>): Promise<{ head: Uint8Array; all: AsyncIterable<Uint8Array> }> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  const head = first.done === true ? new Uint8Array(0) : first.value;
  async function* all(): AsyncGenerator<Uint8Array> {
    if (first.done === true) return;
    yield head;
    for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) yield next.value;
  }
  return { head, all: all() };
}

/** Judges the transcript or trace at `path` (`-` for standard input). */
export async function runValidate(path: string, options: ValidateCommandOptions): Promise<ValidateResult> {
  const argument = path === '-' ? 'standard input' : path;
  const source = await openInputStream(path, CHUNK).catch((error: unknown) => {
    throw readErrorFrom(error).about(argument);
  });
  try {
    const { head, all } = await peek(source);
    if (looksLikeTrace(head)) return { kind: 'trace', ...(await validateTraceStream(all)) };
    return { kind: 'transcript', report: await validateTranscript(all, options.json ? {} : { keepFindings: false, ...(options.onFinding ? { onFinding: options.onFinding } : {}) }) };
  } catch (error) {
    if (error instanceof ReadError) throw error.about(argument);
    if (typeof (error as { code?: unknown } | null)?.code === 'string') throw readErrorFrom(error).about(argument);
    throw error;
  } finally {
    if (path !== '-') source.destroy();
  }
}

/** `validate FILE|- [--json] [--quiet]`. */
export async function run(args: CommandArgs, io: CommandIO): Promise<CommandResult> {
  const json = args.flag('json');
  const quiet = args.flag('quiet');
  const style = styleFor(io.color);
  const text = new FindingText(style, RULES);
  const onFinding = json || quiet ? undefined
    : (f: TranscriptFinding) => io.out(text.format({ ...f, place: `line ${f.line}` }) + '\n');
  const result = await runValidate(args.positionals[0] as string, { json, ...(onFinding ? { onFinding } : {}) });
  const exitCode = result.report.status === 'ok' ? 0 : 1;
  if (json) return { exitCode, output: JSON.stringify(result.report, null, 2) };
  if (result.kind === 'transcript') return { exitCode, output: formatValidateSummary(result.report, style) };
  if (!quiet) for (const f of result.report.findings) io.out(text.format({ ...f, place: `event ${f.event ?? '-'}`, method: result.methodOf(f.event) }) + '\n');
  return { exitCode, output: formatTraceSummary(result.report, style) };
}
