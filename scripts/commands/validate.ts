// Why: recorded traffic is judged offline by the same session as fixtures, but as one stream:
// every line is fed and every finding reported with its line, and the file is read in chunks so
// a transcript of any length runs in flat memory. Errors never echo the local path.
import { InputError } from '../../runner/errors.ts';
import { validateTranscript, type TranscriptFinding, type TranscriptReport } from '../../transcripts/transcript-judge.ts';
import { StrictJsonError } from '../../validators/strict-json.ts';
import { openInputStream, ReadError, readErrorFrom } from '../read-bounded.ts';
import { looksLikeTrace, validateTraceStream, type TraceValidateReport } from './validate-trace.ts';

const CHUNK = 64 * 1024;

/** Options of `validate`. */
export interface ValidateCommandOptions {
  readonly json: boolean;
  /** Where text output goes line by line (default stdout). */
  readonly write?: (text: string) => void;
}

/** One finding as a text line: `line N: rule pointer message`. */
export function formatFindingText(f: TranscriptFinding): string {
  return `line ${f.line}: ${f.rule} ${f.pointer} ${f.message}`;
}

/** The closing summary line of the text output. */
export function formatValidateSummary(r: TranscriptReport): string {
  return `${r.status}: ${r.lines} lines, ${r.messages} messages, ${r.counts.error} errors, ${r.counts.warning} warnings (${r.profile}, MCP ${r.protocol_version})`;
}

/** A transcript's report, or a trace's. */
export type ValidateResult = { readonly kind: 'transcript'; readonly report: TranscriptReport } | { readonly kind: 'trace'; readonly report: TraceValidateReport };

/** The input's first chunk, and the whole input again as a stream (the chunk followed by the rest). */
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

/**
 * Judges the transcript or trace at `path` (`-` for standard input). A transcript's text output
 * streams one line per finding as it is found; JSON output keeps the findings for the report.
 */
export async function runValidate(path: string, options: ValidateCommandOptions): Promise<ValidateResult> {
  const source = await openInputStream(path, CHUNK);
  const write = options.write ?? ((text: string) => void process.stdout.write(text));
  try {
    const { head, all } = await peek(source);
    if (looksLikeTrace(head)) return { kind: 'trace', report: await validateTraceStream(all) };
    return { kind: 'transcript', report: await validateTranscript(all, options.json
      ? {}
      : { keepFindings: false, onFinding: (f) => write(formatFindingText(f) + '\n') }) };
  } catch (error) {
    if (error instanceof InputError || error instanceof StrictJsonError || error instanceof ReadError) throw error;
    if (typeof (error as { code?: unknown } | null)?.code === 'string') throw readErrorFrom(error);
    throw error;
  } finally {
    if (path !== '-') source.destroy();
  }
}
