import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '../runner/errors.ts';
import type { Fixture } from '../runner/fixture-schema.ts';
import { parseFixture } from '../runner/load-fixture.ts';
import { DEFAULT_MAX_BYTES } from '../validators/strict-json.ts';
import { errnoCode, ReadError } from './cli/io-error.ts';
import { readBounded } from './read-bounded.ts';

/** A fixture file to read, with the label that names it in output (never a local path). */
export interface FixtureFile {
  readonly path: string;
  readonly label: string;
  /** The file as the user typed it (a folder's files: the folder as typed, then the file within). */
  readonly argument: string;
}

/** Expands fixture paths: a file stays itself, a folder gives its `*.json` files, sorted, recursively. */
export function fixtureFiles(paths: readonly string[], shown: (path: string) => string = (path) => path): FixtureFile[] {
  const out: FixtureFile[] = [];
  const walk = (dir: string, prefix: string, typed: string): void => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch (error) {
      throw new ReadError(errnoCode(error), typed);
    }
    for (const name of names) {
      const full = join(dir, name);
      const argument = join(typed, name);
      if (isFolder(full, argument)) walk(full, `${prefix}${name}/`, argument);
      else if (name.endsWith('.json')) out.push({ path: full, label: `${prefix}${name}`, argument });
    }
  };
  for (const p of paths) {
    if (isFolder(p, shown(p))) walk(p, '', shown(p));
    else out.push({ path: p, label: basename(p), argument: shown(p) });
  }
  return out;
}

function isFolder(path: string, argument: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch (error) {
    throw new ReadError(errnoCode(error), argument);
  }
}

/** The bundled fixtures folder, next to the package root. */
export function bundledFixtures(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    if (existsSync(join(dir, 'fixtures')) && existsSync(join(dir, 'package.json'))) return join(dir, 'fixtures');
    dir = dirname(dir);
  }
  return join(process.cwd(), 'fixtures');
}

/** Reads and checks every fixture file under `paths` (default: the bundled fixtures), sorted, each within the strict reader's size limit. */
export async function loadFixtures(paths: readonly string[]): Promise<{ readonly label: string; readonly fixture: Fixture }[]> {
  const files = paths.length > 0 ? fixtureFiles(paths) : fixtureFiles([bundledFixtures()], () => 'fixtures');
  if (files.length === 0) throw new InputError('fixture/invalid', '', 'no fixture files (*.json) found in the given folder');
  const out: { readonly label: string; readonly fixture: Fixture }[] = [];
  for (const file of files) {
    const bytes = await readBounded(file.path, DEFAULT_MAX_BYTES).catch((error: unknown) => {
      throw error instanceof ReadError ? error.about(file.argument) : error;
    });
    out.push({ label: file.label, fixture: parseFixture(bytes, file.label) });
  }
  return out;
}
