import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '../runner/errors.ts';
import type { Fixture } from '../runner/fixture-schema.ts';
import { parseFixture } from '../runner/load-fixture.ts';
import { DEFAULT_MAX_BYTES } from '../validators/strict-json.ts';
import { readBounded, ReadError } from './read-bounded.ts';

/** A fixture file to read, with the label that names it in output (never a local path). */
export interface FixtureFile {
  readonly path: string;
  readonly label: string;
}

/** Expands fixture paths: a file stays itself, a folder gives its `*.json` files, sorted, recursively. */
export function fixtureFiles(paths: readonly string[]): FixtureFile[] {
  const out: FixtureFile[] = [];
  const walk = (dir: string, prefix: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full, `${prefix}${name}/`);
      else if (name.endsWith('.json')) out.push({ path: full, label: `${prefix}${name}` });
    }
  };
  for (const p of paths) {
    let isDir: boolean;
    try {
      isDir = statSync(p).isDirectory();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
      throw new ReadError(code, `could not read a fixture path: ${code === 'ENOENT' ? 'no such file or folder' : 'not readable'} (${code})`);
    }
    if (isDir) walk(p, '');
    else out.push({ path: p, label: basename(p) });
  }
  return out;
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
  const files = fixtureFiles(paths.length > 0 ? paths : [bundledFixtures()]);
  if (files.length === 0) throw new InputError('fixture/invalid', '', 'no fixture files (*.json) found in the given folder [fixture/invalid]');
  const out: { readonly label: string; readonly fixture: Fixture }[] = [];
  for (const file of files) out.push({ label: file.label, fixture: parseFixture(await readBounded(file.path, DEFAULT_MAX_BYTES), file.label) });
  return out;
}
