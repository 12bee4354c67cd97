// Why: recorded traffic is judged offline by the same session as fixtures, but as one stream:
// every line is fed and every finding reported with its line, and the file is read in chunks so
// a transcript of any length runs in flat memory. Errors never echo more than the argument typed.
import { validateTranscript, type TranscriptFinding, type TranscriptReport } from '../../transcripts/transcript-judge.ts';
import { RULES } from '../../validators/rules/index.ts';
import type { CommandArgs, CommandIO, CommandResult } from '../cli/command.ts';
import { countOf, FindingText } from '../cli/finding-text.ts';
import { ReadError } from '../cli/io-error.ts';
import { styleFor, type Style } from '../cli/style.ts';
import { openInputStream, readErrorFrom } from '../read-bounded.ts';

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

/** Judges the transcript at `path` (`-` for standard input). */
export async function runValidate(path: string, options: ValidateCommandOptions): Promise<TranscriptReport> {
  const argument = path === '-' ? 'standard input' : path;
  const source = await openInputStream(path, CHUNK).catch((error: unknown) => {
    throw readErrorFrom(error).about(argument);
  });
  try {
    return await validateTranscript(source, options.json ? {} : { keepFindings: false, ...(options.onFinding ? { onFinding: options.onFinding } : {}) });
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
  const report = await runValidate(args.positionals[0] as string, { json, ...(onFinding ? { onFinding } : {}) });
  return { exitCode: report.status === 'ok' ? 0 : 1, output: json ? JSON.stringify(report, null, 2) : formatValidateSummary(report, style) };
}
