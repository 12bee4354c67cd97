// Why: validate, coverage and inspect all read transcripts the same way: a file or standard input,
// in chunks, and a failure to read names the argument as typed, never more of the path. validate
// also reads a trace written by `check`, told apart from a transcript by its first bytes.
import type { JudgeOptions, TranscriptRun } from '../transcripts/transcript-report.ts';
import { validateTranscript } from '../transcripts/validate-transcript.ts';
import { ReadError } from '../files/io-error.ts';
import { openInputStream, readErrorFrom, readStreamBounded } from '../files/read-bounded.ts';
import { parseTrace, TRACE_MAX_BYTES } from '../trace/parse-trace.ts';
import { transcriptOfTrace } from '../trace/trace-transcript.ts';
import { looksLikeTrace } from './commands/validate-trace.ts';

const CHUNK = 64 * 1024;

/** Another document the input may be instead of a transcript: how to tell it, and how to read it whole. */
export interface OtherDocument<T> {
  /** Whether an input beginning with these bytes is this document. */
  looksLike(head: Uint8Array): boolean;
  read(source: AsyncIterable<Uint8Array>): Promise<T>;
}

/** What an input turned out to be, judged. */
export type JudgedInput<T> = { readonly kind: 'transcript'; readonly run: TranscriptRun } | { readonly kind: 'other'; readonly value: T };

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

function isReadFailure(failure: unknown): boolean {
  return failure instanceof ReadError || typeof (failure as { code?: unknown } | null)?.code === 'string';
}

/**
 * Judges the input at `path` (`-` for standard input) as `other` when its first bytes say so, else
 * as a transcript; a read failure is a ReadError naming the argument.
 */
export async function judgeInputFile<T>(path: string, options: JudgeOptions, other: OtherDocument<T> | undefined): Promise<JudgedInput<T>> {
  const argument = path === '-' ? 'standard input' : path;
  let source: Awaited<ReturnType<typeof openInputStream>>;
  try {
    source = await openInputStream(path, CHUNK);
  } catch (error) {
    throw readErrorFrom(error).about(argument);
  }
  try {
    const { head, all } = other === undefined ? { head: new Uint8Array(0), all: source } : await peek(source);
    if (other !== undefined && other.looksLike(head)) return { kind: 'other', value: await other.read(all) };
    const run = await validateTranscript(all, options);
    const failure = run.failure;
    if (failure === undefined || !isReadFailure(failure)) return { kind: 'transcript', run };
    return { kind: 'transcript', run: { ...run, failure: readErrorFrom(failure).about(argument) } };
  } catch (error) {
    if (error instanceof ReadError) throw error.about(argument);
    throw error;
  } finally {
    if (path !== '-') source.destroy();
  }
}

/** A trace read whole and checked, as the transcript of its message events. */
const TRACE_AS_TRANSCRIPT: OtherDocument<string> = {
  looksLike: looksLikeTrace,
  read: async (source) => transcriptOfTrace(parseTrace(await readStreamBounded(source, TRACE_MAX_BYTES))),
};

async function* once(text: string): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(text);
}

/**
 * Judges the transcript at `path` (`-` for standard input), or the message events of the trace
 * there as one (transcriptOfTrace); a read failure is a ReadError naming the argument.
 */
export async function judgeTranscriptFile(path: string, options: JudgeOptions = {}): Promise<TranscriptRun> {
  const judged = await judgeInputFile(path, options, TRACE_AS_TRANSCRIPT);
  if (judged.kind === 'transcript') return judged.run;
  return validateTranscript(once(judged.value), options);
}
