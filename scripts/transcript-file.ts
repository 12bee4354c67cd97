// Why: validate, coverage and inspect all read transcripts the same way: a file or standard input,
// in chunks, and a failure to read names the argument as typed, never more of the path.
import type { JudgeOptions, TranscriptRun } from '../transcripts/transcript-report.ts';
import { validateTranscript } from '../transcripts/validate-transcript.ts';
import { ReadError } from './cli/io-error.ts';
import { openInputStream, readErrorFrom } from './read-bounded.ts';

const CHUNK = 64 * 1024;

/** Judges the transcript at `path` (`-` for standard input); a read failure is a ReadError naming the argument. */
export async function judgeTranscriptFile(path: string, options: JudgeOptions = {}): Promise<TranscriptRun> {
  const argument = path === '-' ? 'standard input' : path;
  let source: Awaited<ReturnType<typeof openInputStream>>;
  try {
    source = await openInputStream(path, CHUNK);
  } catch (error) {
    throw readErrorFrom(error).about(argument);
  }
  try {
    const run = await validateTranscript(source, options);
    const failure = run.failure;
    if (failure === undefined || !(failure instanceof ReadError || typeof (failure as { code?: unknown } | null)?.code === 'string')) return run;
    return { ...run, failure: readErrorFrom(failure).about(argument) };
  } finally {
    if (path !== '-') source.destroy();
  }
}
