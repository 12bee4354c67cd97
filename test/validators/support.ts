import * as assert from 'uvu/assert';
import type { ValidationContext } from '../../validators/context.ts';
import type { Finding } from '../../validators/finding.ts';
import { COURSE_PROFILE, SPEC_2025_06_18, SPEC_2025_11_25 } from '../../validators/profiles.ts';
import { listedToolsContext } from '../../machines/tool-catalogue.ts';

/** The strict course profile, with no tools known. */
export const ctx: ValidationContext = listedToolsContext(COURSE_PROFILE, new Map());

/** The 2025-11-25 specification profile (open shapes, no course limits), with no tools known. */
export const loose: ValidationContext = listedToolsContext(SPEC_2025_11_25, new Map());

/** The 2025-06-18 specification profile, with no tools known. */
export const older: ValidationContext = listedToolsContext(SPEC_2025_06_18, new Map());

/** Findings as `rule pointer` strings: what tests assert. */
export function pairs(findings: readonly Finding[]): string[] {
  return findings.map((f) => `${f.rule} ${f.pointer}`);
}

/** Asserts that `predicate` accepts every string of `yes` and rejects every one of `no`. */
export function each(predicate: (s: string) => boolean, yes: readonly string[], no: readonly string[]): void {
  for (const s of yes) assert.ok(predicate(s), `expected accepted: ${JSON.stringify(s)}`);
  for (const s of no) assert.not.ok(predicate(s), `expected rejected: ${JSON.stringify(s)}`);
}
