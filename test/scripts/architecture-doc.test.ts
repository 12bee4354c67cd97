// Why: a newcomer reads docs/architecture.md to find where a concept lives, and tsc checks only
// what tsconfig.json includes. Both are checked against the folders as they are: a new folder
// must be named in the page's folder table and included, and a folder that is gone must leave
// both. The root holds no stray source file.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { holdsTypeScript, rootFiles, topLevelFolders } from '../support/tree.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const PAGE = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');

/** The folders the page's tables name in their first column (`name/`, several to a cell allowed). */
function tableFolders(page: string): string[] {
  const named = new Set<string>();
  for (const line of page.split('\n')) {
    const first = /^\|([^|]*)\|/.exec(line)?.[1];
    if (first === undefined) continue;
    for (const m of first.matchAll(/`([\w.-]+)\/`/g)) named.add(m[1]!);
  }
  return [...named].sort();
}

/** What differs between the folders and what names them: `unnamed` (in the tree only) and `stale` (named only). */
function compare(folders: readonly string[], named: readonly string[]): { unnamed: string[]; stale: string[] } {
  return { unnamed: folders.filter((f) => !named.includes(f)), stale: named.filter((n) => !folders.includes(n)) };
}

test('docs/architecture.md names every top-level folder in its folder table, and no folder that is gone', () => {
  assert.equal(compare(topLevelFolders(), tableFolders(PAGE)), { unnamed: [], stale: [] });
});

test('the folder table is read from its first column: a folder missing from it, or one named that is gone, is reported', () => {
  const page = '| folder | concept |\n| --- | --- |\n| `a/`, `b/` | two |\n| `gone/` | `c/` only in prose |\n';
  assert.equal(tableFolders(page), ['a', 'b', 'gone']);
  assert.equal(compare(['a', 'b', 'c'], tableFolders(page)), { unnamed: ['c'], stale: ['gone'] });
});

test('tsconfig.json includes every folder that holds TypeScript, and only folders that exist', () => {
  const include = (JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')) as { include: string[] }).include;
  const sources = topLevelFolders().filter((f) => holdsTypeScript(f));
  assert.equal(compare(sources, include), { unnamed: [], stale: [] });
});

test('the root holds no source file: code lives in the folder of its concept', () => {
  assert.equal(rootFiles(/\.([cm]?[jt]s|tsx|jsx)$/), []);
});

test.run();
