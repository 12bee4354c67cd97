import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { LoadedFixture } from '../../coverage/measure.ts';
import { parseFixture } from '../../runner/load-fixture.ts';
import { fixtureFiles } from '../../scripts/fixture-files.ts';

/** The package root. */
export const ROOT = resolve(import.meta.dirname, '../..');

/** The public course fixture, read in place. */
export const COURSE = resolve(ROOT, '../shared/course/mcp-cases.json');

/** Every bundled fixture file, parsed, in the order the CLI reads them. */
export function bundledFixtures(): LoadedFixture[] {
  return fixtureFiles([join(ROOT, 'fixtures')]).map((f) => ({ label: f.label, fixture: parseFixture(new Uint8Array(readFileSync(f.path)), f.label) }));
}
