import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { RULES } from '../../validators/rules/index.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const SOURCE_FOLDERS = ['bench', 'coverage', 'fuzz', 'inspector', 'live', 'machines', 'matrix', 'reports', 'runner', 'scripts', 'trace', 'transcripts', 'validators'];

/** Rules no source raises by its full id, each with the reason; checked both ways. */
const NOT_RAISED_VERBATIM: Readonly<Record<string, string>> = {};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

function sources(): { path: string; text: string }[] {
  return SOURCE_FOLDERS.flatMap((f) => sourceFiles(join(ROOT, f)))
    .filter((path) => !path.includes('/validators/rules/'))
    .map((path) => ({ path: path.slice(ROOT.length), text: readFileSync(path, 'utf8') }));
}

test('every rule id is area/kebab-slug and matches its registry key', () => {
  assert.ok(RULES.size > 0);
  for (const [id, rule] of RULES) {
    assert.is(rule.id, id);
    assert.match(id, /^[a-z0-9]+\/[a-z0-9]+(-[a-z0-9]+)*$/);
    assert.ok(rule.text.length > 0, id);
    assert.ok(rule.spec.length > 0, id);
  }
});

test('every rule id appears verbatim at a raising site outside the registry, or is listed with a reason', () => {
  const text = sources().map((s) => s.text).join('\n');
  const missing = [...RULES.keys()].filter((id) => !text.includes(`'${id}'`) && !(id in NOT_RAISED_VERBATIM));
  assert.equal(missing, [], 'raise these by their full id');
  const stale = Object.keys(NOT_RAISED_VERBATIM).filter((id) => !RULES.has(id) || text.includes(`'${id}'`));
  assert.equal(stale, [], 'these are raised verbatim now (or gone): drop them from the list');
});

test('no source reaches a rule through an area object or an alias', () => {
  const indirect = sources().flatMap(({ path, text }) =>
    text.split('\n').flatMap((line, i) => (/\b[a-z]+Rules\s*(\[|\.)|\bR\[/.test(line) ? [`${path}:${i + 1}`] : [])),
  );
  assert.equal(indirect, []);
});

test.run();
