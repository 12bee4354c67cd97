import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ReadError } from './read-bounded.ts';

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
