import { runCase, type CaseResult } from '../../runner/run-case.ts';
import { profileForFixture } from '../../runner/profile-for.ts';
import { loadFixtures } from '../fixture-files.ts';

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

/** Reads, checks and judges every case of every fixture file. */
export async function runCases(paths: readonly string[], profileOverride?: string): Promise<CasesReport> {
  const fixtures = await loadFixtures(paths);
  const results: CaseResult[] = [];
  const profiles = new Set<string>();
  const versions = new Set<string>();
  const prefix = fixtures.length > 1;
  for (const { label, fixture } of fixtures) {
    const profile = profileForFixture(fixture, profileOverride);
    profiles.add(profile.name);
    versions.add(fixture.protocol_version);
    fixture.cases.forEach((kase, i) => {
      const r = runCase(fixture, kase, i, { profile });
      results.push(prefix ? { ...r, name: `${label}#${r.name}` } : r);
    });
  }
  const passed = results.filter((r) => r.status === 'passed').length;
  const expected = results.filter((r) => r.status === 'expected_failure').length;
  return {
    status: passed + expected === results.length ? 'ok' : 'failed',
    profile: [...profiles].sort().join(','),
    protocol_version: [...versions].sort().join(','),
    case_count: results.length,
    passed,
    expected_failures: expected,
    cases: results,
  };
}

/** Text output: one line per unexpected case, then a summary line. */
export function formatCasesText(report: CasesReport): string {
  const lines: string[] = [];
  for (const c of report.cases) {
    if (c.status === 'passed' || c.status === 'expected_failure') continue;
    lines.push(`${c.status}: ${c.name}${c.reason ? ` — ${c.reason}` : ''}${c.rule ? ` [${c.rule}]` : ''}${c.pointer ? ` at ${c.pointer}` : ''}`);
  }
  const unexpected = report.case_count - report.passed - report.expected_failures;
  lines.push(`${report.status}: ${report.case_count} cases, ${report.passed} passed, ${report.expected_failures} expected failures, ${unexpected} unexpected (${report.profile}, MCP ${report.protocol_version})`);
  return lines.join('\n');
}
