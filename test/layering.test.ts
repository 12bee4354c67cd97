// Why: dependencies point one way, so the core can be read, tested and reused alone: nothing
// imports the CLI (scripts/), validators/ import nothing of ours, machines/ only validators/ and
// machines/. This scans every import of every source file (type-only ones included) and names
// each one that points the wrong way.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = resolve(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', 'dist', 'test', '.git', 'docs', 'fixtures']);
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

/** Every TypeScript source file outside tests, as a path relative to the checkout. */
function sources(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || (dir === ROOT && SKIP.has(entry.name))) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.m?ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [relative(ROOT, path)] : [];
  });
}

/** The top-level folder of a checkout-relative path (`.` for a file at the top). */
function folderOf(path: string): string {
  const parts = path.split(sep);
  return parts.length === 1 ? '.' : (parts[0] as string);
}

/** The relative imports of a source text, as checkout-relative paths. */
export function importsOf(file: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (spec !== undefined && spec.startsWith('.')) out.push(relative(ROOT, resolve(ROOT, dirname(file), spec)));
  }
  return out;
}

/** What `file` may not import, and why; undefined when the import is allowed. */
export function forbidden(file: string, imported: string): string | undefined {
  const from = folderOf(file);
  const to = folderOf(imported);
  if (to === 'scripts' && from !== 'scripts') return 'nothing outside scripts/ imports scripts/';
  if (from === 'validators' && to !== 'validators') return 'validators/ import nothing of ours outside validators/';
  if (from === 'machines' && to !== 'machines' && to !== 'validators') return 'machines/ import only validators/ and machines/';
  return undefined;
}

test('the rules catch what they forbid and allow the rest', () => {
  assert.ok(forbidden('reports/write-reports.ts', 'scripts/cli/style.ts'));
  assert.ok(forbidden('bench/fuzz-rate.ts', 'scripts/commands/live-args.ts'));
  assert.ok(forbidden('validators/context.ts', 'machines/session.ts'));
  assert.ok(forbidden('machines/session.ts', 'runner/errors.ts'));
  assert.is(forbidden('scripts/commands/check.ts', 'scripts/cli/command.ts'), undefined);
  assert.is(forbidden('machines/session.ts', 'validators/finding.ts'), undefined);
  assert.is(forbidden('judge/judge.ts', 'machines/session.ts'), undefined);
  assert.equal(importsOf('reports/a.ts', "import type { X } from '../scripts/cli/style.ts';\nexport { y } from './b.ts';\nconst m = await import('../live/c.ts');"),
    ['scripts/cli/style.ts', 'reports/b.ts', 'live/c.ts']);
});

test('no source file imports against the layering', () => {
  const files = sources();
  assert.ok(files.includes(join('machines', 'session.ts')) && files.includes(join('scripts', 'cli.ts')), 'the scan sees the sources');
  const wrong: string[] = [];
  for (const file of files) {
    for (const imported of importsOf(file, readFileSync(join(ROOT, file), 'utf8'))) {
      const why = forbidden(file, imported);
      if (why !== undefined) wrong.push(`${file} imports ${imported}: ${why}`);
    }
  }
  assert.equal(wrong, []);
});

test.run();
