// Why: a transition no fixture takes is an untested rule path. This plays every case with the
// actors' inspection on, reports per machine what was declared, taken, allowlisted and never
// taken, and exits 1 while a gap (never taken, not allowlisted) remains.
import { loadAllowlist } from '../../coverage/allowlist.ts';
import { measureWithTranscripts, type PlayableTranscript } from '../../coverage/measure.ts';
import { buildReport } from '../../coverage/report.ts';
import { suggestCases } from '../../coverage/suggest.ts';
import { formatCoverageText } from '../../coverage/text.ts';
import type { CommandArgs, CommandResult } from '../cli/command.ts';
import { writeOutputFile } from '../../files/output-file.ts';
import { loadInputs, type FixtureFile } from '../fixture-files.ts';
import { judgeTranscriptFile } from '../transcript-file.ts';
import { coverageHtml } from '../../coverage/html.ts';
import { envelopeText } from '../../reports/envelope.ts';
import { PROFILE_IDS } from '../../validators/profiles.ts';
import { choiceOption } from '../cli/parse-args.ts';

/** Options of `coverage`. */
export interface CoverageOptions {
  readonly json?: boolean | undefined;
  readonly html?: string | undefined;
  readonly suggest?: boolean | undefined;
  /** Print the totals line alone (and the suggestions, when asked for). */
  readonly quiet?: boolean | undefined;
  /** Judge every fixture under this profile rather than its own (as `cases --profile`). */
  readonly profile?: string | undefined;
}

/** A transcript file as one case: judged through a session whose actors report to the coverage recorder. */
function playable(file: FixtureFile): PlayableTranscript {
  return {
    label: file.label,
    play: async (inspect) => {
      const run = await judgeTranscriptFile(file.path, { inspect, maxFindings: 0 });
      if (run.failure !== undefined) throw run.failure;
      return run.profile;
    },
  };
}

/** Runs `coverage`: returns what to print and the exit code (1 while a gap remains). */
export async function runCoverage(paths: readonly string[], options: CoverageOptions): Promise<CommandResult> {
  const inputs = await loadInputs(paths);
  const m = await measureWithTranscripts(inputs.fixtures, inputs.transcripts.map(playable), options.profile);
  const report = buildReport(m, loadAllowlist());
  const suggestions = options.suggest ? suggestCases(m.graphs, report, m.home) : undefined;
  if (options.html !== undefined) {
    await writeOutputFile(options.html, await coverageHtml(report, m.graphs));
  }
  let output: string;
  if (options.json) {
    output = envelopeText(suggestions ? { ...report, suggestions } : { ...report });
  } else {
    const lines = formatCoverageText(report).split('\n');
    const totals = lines.pop() as string;
    if (options.quiet) lines.length = 0;
    if (suggestions) {
      const count = suggestions.reduce((n, g) => n + g.cases.length, 0);
      lines.push(count === 0
        ? 'no gaps: nothing to suggest'
        : `suggested cases for ${count} gap${count === 1 ? '' : 's'} (paste each list into the "cases" of the fixture named above it; fill in each description):`);
      for (const g of suggestions) {
        lines.push(`for ${g.fixture} (judged under profile ${g.profile}):`, JSON.stringify(g.cases, null, 2));
      }
    }
    lines.push(totals);
    output = lines.join('\n');
  }
  return { output, exitCode: report.status === 'ok' ? 0 : 1 };
}

/** `coverage [PATH...] [--json] [--html FILE] [--suggest] [--quiet]`. */
export async function run(args: CommandArgs): Promise<CommandResult> {
  return runCoverage(args.positionals, { json: args.flag('json'), html: args.string('html'), suggest: args.flag('suggest'), quiet: args.flag('quiet'), profile: choiceOption(args, 'profile', PROFILE_IDS) });
}
