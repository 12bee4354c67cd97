// Why: recorded traffic is judged offline by the same session as fixtures, but as one stream:
// every line is judged (a bad line is a finding on it) and every finding reported with its line,
// and the file is read in chunks so a transcript of any length runs in flat memory. --json always
// prints one document, also when the run could not complete. A trace written by `check` is read
// here too and judged again, its findings placed by event.
import { MAX_FINDINGS } from '../../transcripts/transcript-judge.ts';
import type { TranscriptRun } from '../../transcripts/transcript-report.ts';
import { MAX_LINE_BYTES } from '../../transcripts/transcript-line.ts';
import { PROFILE_IDS, PROFILES } from '../../validators/profiles.ts';
import { RULES } from '../../validators/rules/index.ts';
import type { CommandArgs, CommandIO, CommandResult, ExitCode } from '../cli/command.ts';
import { describeFailure, failureDocument } from '../cli/failure.ts';
import { countOf, FindingText } from '../../reports/renderers/finding-text.ts';
import { choiceOption, integerOption } from '../cli/parse-args.ts';
import { styleFor, type Style } from '../../reports/renderers/style.ts';
import { terminalInputNote } from '../../files/read-bounded.ts';
import { judgeInputFile } from '../transcript-file.ts';
import { TranscriptText } from '../transcript-text.ts';
import { formatTraceSummary, looksLikeTrace, validateTraceStream, type TraceValidation } from './validate-trace.ts';
import { envelopeText } from '../../reports/envelope.ts';
import { MAX_KEY_CHARS } from '../../judge/long-keys.ts';
import { forgottenNotice } from '../../judge/forgotten-notice.ts';

/** The largest --max-line-bytes: a line is decoded whole, and strings this long are still safe. */
export const MAX_LINE_LIMIT = 256 * 1024 * 1024;

/** The profiles `validate --profile` takes: `auto` (negotiated from the traffic) and every profile id. */
export const TRANSCRIPT_PROFILES: readonly string[] = ['auto', ...PROFILE_IDS];

/** The closing summary line of the text output. */
export function formatValidateSummary(run: TranscriptRun, style: Style = styleFor(false)): string {
  const r = run.report;
  const status = r.status === 'ok' ? style.ok(r.status) : style.error(r.status);
  return `${status}: ${countOf(r.lines, 'line')}, ${countOf(r.messages, 'message')}, ${countOf(r.counts.error, 'error')}, ${countOf(r.counts.warning, 'warning')} (${run.profile.id}, MCP ${r.protocol_version})`;
}

/** The JSON document: the report, with `status: "error"` and the reason when the run could not complete. */
function jsonDocument(run: TranscriptRun): string {
  if (run.failure === undefined) return envelopeText({ ...run.report });
  const { status, ...rest } = run.report;
  return envelopeText({ status, error: failureDocument(describeFailure(run.failure)).error, ...rest });
}

/** `validate FILE|- [--json] [--quiet] [--profile ID] [--max-line-bytes N] [--max-findings N]`. */
export async function run(args: CommandArgs, io: CommandIO): Promise<CommandResult> {
  const json = args.flag('json');
  const quiet = args.flag('quiet');
  const profile = choiceOption(args, 'profile', TRANSCRIPT_PROFILES);
  const maxLineBytes = integerOption(args, 'max-line-bytes', 1, MAX_LINE_LIMIT, MAX_LINE_BYTES);
  const maxFindings = integerOption(args, 'max-findings', 0, Number.MAX_SAFE_INTEGER, json ? MAX_FINDINGS : 0);
  const style = styleFor(io.color);
  const findingText = new FindingText(style, RULES, profile === undefined ? undefined : PROFILES.get(profile)?.revision);
  const text = json || quiet ? undefined : new TranscriptText(findingText, io.out);
  const path = args.positionals[0] as string;
  const note = terminalInputNote(path, 'a transcript or trace');
  if (note !== undefined) io.err(note);
  const input = await judgeInputFile<TraceValidation>(path, {
    maxLineBytes,
    maxFindings,
    ...(profile === undefined ? {} : { profile }),
    ...(text === undefined ? {} : { onFinding: (f) => text.finding(f) }),
  }, { looksLike: looksLikeTrace, read: validateTraceStream });
  if (input.kind === 'other') {
    const { report, methodOf, causes } = input.value;
    findingText.revision = report.protocol_version ?? undefined;
    if (!json && !quiet) {
      const shown = report.findings.map((f, i) => ({ ...f, at: f.event, place: f.event === null ? 'run' : `event ${f.event}`, method: methodOf(f.event), cause: causes[i] }));
      for (const line of findingText.grouped(shown, 'event')) io.out(line + '\n');
    }
    return { exitCode: report.status === 'ok' ? 0 : 1, output: json ? envelopeText({ ...report }) : formatTraceSummary(report, style) };
  }
  const judged = input.run;
  text?.end();
  if (judged.shortened !== undefined) {
    io.err(`mcp-statechart validate: ${countOf(judged.shortened, 'id or token', 'ids or tokens')} over ${MAX_KEY_CHARS} characters judged through a stand-in (its start, length and SHA-256)\n`);
  }
  const forgotten = forgottenNotice(judged.forgotten);
  if (forgotten !== undefined) io.err(`mcp-statechart validate: ${forgotten}\n`);
  const exitCode: ExitCode = judged.failure !== undefined ? 2 : judged.report.status === 'ok' ? 0 : 1;
  return {
    exitCode,
    output: json ? jsonDocument(judged) : formatValidateSummary(judged, style),
    ...(judged.failure === undefined ? {} : { failure: judged.failure }),
  };
}
