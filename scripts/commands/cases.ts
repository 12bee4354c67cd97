// Why: fixture cases are the offline way in: each case is played through a fresh session and its
// outcome compared with what the case expects. Every case is judged, never only up to the first
// unexpected one, and the text output names each unexpected case with its finding.
import { runCase, type CaseResult } from '../../runner/run-case.ts';
import { profileForFixture } from '../../runner/profile-for.ts';
import { InputError } from '../../files/input-error.ts';
import { PROFILE_IDS } from '../../validators/profiles.ts';
import { RULES, ruleById } from '../../validators/rules/index.ts';
import type { CommandArgs, CommandIO, CommandResult } from '../cli/command.ts';
import { countOf, FindingText } from '../../reports/renderers/finding-text.ts';
import { choiceOption } from '../cli/parse-args.ts';
import { styleFor } from '../../reports/renderers/style.ts';
import { loadFixtures } from '../fixture-files.ts';
import { envelopeFinding, envelopeText } from '../../reports/envelope.ts';

/** The summary `cases --json` prints, keys in this order. */
export interface CasesReport {
  readonly status: 'ok' | 'failed';
  readonly profile: string;
  readonly protocol_version: string;
  readonly case_count: number;
  readonly passed: number;
  readonly expected_failures: number;
  readonly cases: readonly CaseResult[];
}

/** A judged run: the report, and the profiles as `--profile` spells them (for the summary line). */
export interface CasesRun {
  readonly report: CasesReport;
  readonly profileIds: string;
}

/** Runs `f`; a fixture it refuses is named by its label (the profile's own checks do not know it). */
function withLabel<T>(label: string, f: () => T): T {
  try {
    return f();
  } catch (error) {
    if (error instanceof InputError && !error.message.startsWith(`${label}: `)) throw new InputError(error.rule, error.pointer, `${label}: ${error.message}`);
    throw error;
  }
}

/** Reads, checks and judges every case of every fixture file. */
export async function runCases(paths: readonly string[], profileOverride?: string): Promise<CasesRun> {
  const fixtures = await loadFixtures(paths);
  const results: CaseResult[] = [];
  const profiles = new Set<string>();
  const ids = new Set<string>();
  const versions = new Set<string>();
  const prefix = fixtures.length > 1;
  for (const { label, fixture } of fixtures) {
    const profile = withLabel(label, () => profileForFixture(fixture, profileOverride));
    profiles.add(profile.name);
    ids.add(profile.id);
    versions.add(fixture.protocol_version);
    fixture.cases.forEach((kase, i) => {
      const r = runCase(fixture, kase, i, { profile });
      results.push(prefix ? { ...r, name: `${label}#${r.name}` } : r);
    });
  }
  if (results.length === 0) throw new InputError(ruleById('fixture/empty').id, '', 'the fixtures hold no cases: nothing to judge');
  const passed = results.filter((r) => r.status === 'passed').length;
  const expected = results.filter((r) => r.status === 'expected_failure').length;
  const report: CasesReport = {
    status: passed + expected === results.length ? 'ok' : 'failed',
    profile: [...profiles].sort().join(','),
    protocol_version: [...versions].sort().join(','),
    case_count: results.length,
    passed,
    expected_failures: expected,
    cases: results,
  };
  return { report, profileIds: [...ids].sort().join(',') };
}

/** What a wrong_reason case expected, as a note. */
function expectedNote(c: CaseResult): string | undefined {
  const e = c.expected;
  if (e === undefined) return undefined;
  const parts = [
    ...(e.error_contains === undefined ? [] : [`a reason containing ${JSON.stringify(e.error_contains)}`]),
    ...(e.rule === undefined ? [] : [`rule ${e.rule}`]),
  ];
  return `expected ${parts.join(' and ')}`;
}

/** Text output: each unexpected case with its finding (unless quiet), then the summary line. */
export function formatCasesText(run: CasesRun, options: { color: boolean; quiet: boolean }): string {
  const { report } = run;
  const style = styleFor(options.color);
  const text = new FindingText(style, RULES, report.protocol_version);
  const lines: string[] = [];
  for (const c of options.quiet ? [] : report.cases) {
    if (c.status === 'passed' || c.status === 'expected_failure') continue;
    const place = `${style.error(c.status)}: ${c.name}`;
    if (c.rule === undefined || c.reason === undefined) {
      lines.push(`${place}: ${c.reason ?? ''}`);
      continue;
    }
    lines.push(text.format({ place, severity: 'error', rule: c.rule, pointer: c.pointer ?? '', message: c.reason, method: c.method, target: c.target }));
    const note = expectedNote(c);
    if (note !== undefined) lines.push(text.note(note));
  }
  const unexpected = report.case_count - report.passed - report.expected_failures;
  const status = report.status === 'ok' ? style.ok(report.status) : style.error(report.status);
  lines.push(`${status}: ${countOf(report.case_count, 'case')}, ${report.passed} passed, ${countOf(report.expected_failures, 'expected failure')}, ${unexpected} unexpected (${run.profileIds}, MCP ${report.protocol_version})`);
  return lines.join('\n');
}

/**
 * A case as `--json` prints it: its name and status, the finding that ended it in the envelope's
 * one finding shape (its pointer into the fixture file), the reason of a case that passed when it
 * should not have, and what a `wrong_reason` case expected.
 */
export function caseDocument(c: CaseResult): Record<string, unknown> {
  const { name, status, reason, rule, pointer, method, target, expected } = c;
  const finding = rule === undefined ? undefined : envelopeFinding({ rule, severity: 'error', message: reason ?? '', pointer: pointer ?? '', method, target });
  return { name, status, ...(finding === undefined ? { reason } : { finding }), ...(expected === undefined ? {} : { expected }) };
}

/** `cases [PATH...] [--json] [--profile ID] [--quiet]`. */
export async function run(args: CommandArgs, io: CommandIO): Promise<CommandResult> {
  const cases = await runCases(args.positionals, choiceOption(args, 'profile', PROFILE_IDS));
  return {
    exitCode: cases.report.status === 'ok' ? 0 : 1,
    output: args.flag('json') ? envelopeText({ ...cases.report, cases: cases.report.cases.map(caseDocument) }) : formatCasesText(cases, { color: io.color, quiet: args.flag('quiet') }),
  };
}
