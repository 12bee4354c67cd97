import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { existsSync } from 'node:fs';
import { InputError } from '../../runner/errors.ts';
import { parseFixture } from '../../runner/load-fixture.ts';
import { runCase, type CaseResult } from '../../runner/run-case.ts';
import { profileForFixture } from '../../runner/profile-for.ts';
import { fixtureFiles } from '../fixture-files.ts';
import { readBounded } from '../read-bounded.ts';

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

const FIXTURE_LIMIT = 2_000_000;

/** The bundled fixtures folder, next to the package root. */
export function bundledFixtures(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    if (existsSync(join(dir, 'fixtures')) && existsSync(join(dir, 'package.json'))) return join(dir, 'fixtures');
    dir = dirname(dir);
  }
  return join(process.cwd(), 'fixtures');
}

/** Reads, checks and judges every case of every fixture file. */
export async function runCases(paths: readonly string[], profileOverride?: string): Promise<CasesReport> {
  const files = fixtureFiles(paths.length > 0 ? paths : [bundledFixtures()]);
  if (files.length === 0) throw new InputError('fixture/invalid', '', 'no fixture files (*.json) found in the given folder [fixture/invalid]');
  const results: CaseResult[] = [];
  const profiles = new Set<string>();
  const versions = new Set<string>();
  const prefix = files.length > 1;
  for (const file of files) {
    const fixture = parseFixture(await readBounded(file.path, FIXTURE_LIMIT), file.label);
    const profile = profileForFixture(fixture, profileOverride);
    profiles.add(profile.name);
    versions.add(fixture.protocol_version);
    fixture.cases.forEach((kase, i) => {
      const r = runCase(fixture, kase, i, { profile });
      results.push(prefix ? { ...r, name: `${file.label}#${r.name}` } : r);
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
