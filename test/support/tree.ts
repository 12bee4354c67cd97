// Why: what the docs and the compiler settings say about the project's folders is checked against
// the folders as they are, so a new folder is named or the check fails; the list is read from the
// tree, never kept by hand.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/** The checkout's top-level folders, sorted: not hidden, not ignored by .gitignore (node_modules, dist). */
export function topLevelFolders(root = ROOT): string[] {
  const ignored = new Set(readFileSync(join(root, '.gitignore'), 'utf8').split('\n')
    .map((line) => line.trim()).filter((line) => line.endsWith('/')).map((line) => line.replace(/^\/|\/$/g, '')));
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !ignored.has(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/** The files directly in `root` whose names match `pattern`, sorted. */
export function rootFiles(pattern: RegExp, root = ROOT): string[] {
  return readdirSync(root, { withFileTypes: true }).filter((e) => e.isFile() && pattern.test(e.name)).map((e) => e.name).sort();
}

/** Whether `folder` (top-level) holds a TypeScript file at any depth. */
export function holdsTypeScript(folder: string, root = ROOT): boolean {
  const walk = (dir: string): boolean => readdirSync(dir, { withFileTypes: true }).some((e) =>
    e.isDirectory() ? e.name !== 'node_modules' && walk(join(dir, e.name)) : /\.[cm]?ts$/.test(e.name));
  return walk(join(root, folder));
}
