// Why: recorded traffic is judged offline by the same session as fixtures, but as one stream:
// every line is fed and every finding reported with its line, and the file is read in chunks so
// a transcript of any length runs in flat memory. Errors never echo the local path.
import { InputError } from '../../runner/errors.ts';
import { validateTranscript, type TranscriptFinding, type TranscriptReport } from '../../transcripts/transcript-judge.ts';
import { StrictJsonError } from '../../validators/strict-json.ts';
import { openInputStream, ReadError, readErrorFrom } from '../read-bounded.ts';

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

/**
 * Judges the transcript at `path` (`-` for standard input). Text output streams one line per
 * finding as it is found; JSON output keeps the findings for the report.
 */
export async function runValidate(path: string, options: ValidateCommandOptions): Promise<TranscriptReport> {
  const source = await openInputStream(path, CHUNK);
  const write = options.write ?? ((text: string) => void process.stdout.write(text));
  try {
    return await validateTranscript(source, options.json
      ? {}
      : { keepFindings: false, onFinding: (f) => write(formatFindingText(f) + '\n') });
  } catch (error) {
    if (error instanceof InputError || error instanceof StrictJsonError || error instanceof ReadError) throw error;
    if (typeof (error as { code?: unknown } | null)?.code === 'string') throw readErrorFrom(error);
    throw error;
  } finally {
    if (path !== '-') source.destroy();
  }
}
