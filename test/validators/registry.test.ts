import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { RULES } from '../../validators/rules/index.ts';
import { COURSE, ERROR_KEYWORDS, type Keyword } from '../../validators/rules/rule.ts';

/** The keywords a warning may rest on: a recommendation, a robustness probe, or the tool's own note about its run. */
const WARNING_KEYWORDS: readonly Keyword[] = ['SHOULD', 'SHOULD NOT', 'probe', 'tool'];
/** The areas that are the tool's own (its command line, its files, its matrix): they rest on no specification line. */
const TOOL_AREAS = new Set(['cli', 'fixture', 'matrix']);

const ROOT = new URL('../../', import.meta.url).pathname;
const SOURCE_FOLDERS = ['bench', 'coverage', 'files', 'fuzz', 'inspector', 'judge', 'judging-server', 'lib', 'live', 'machines', 'matrix', 'reports', 'runner', 'scenario', 'scripts', 'trace', 'transcripts', 'validators'];

/** Rules no source raises by its full id, each with the reason; checked both ways. */
const NOT_RAISED_VERBATIM: Readonly<Record<string, string>> = {
  'stateless/input-response-unknown-key': 'retired: the mrtr page has the server ignore keys it did not ask for, so a client sending one breaks nothing',
  'prompts/duplicate-name': 'retired: the prompts page calls a name a unique identifier and requires nothing of a listing',
  'prompts/unknown-prompt': 'retired: no line forbids a client to get a prompt the server did not list',
  'prompts/unknown-argument': 'retired: no line forbids an argument the prompt does not declare',
  'tools/stale-cursor': 'retired: the pagination page asks only that cursors be opaque',
};

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

test('every rule states the keyword it rests on, and its severity follows it: an error a requirement, a warning a recommendation or a probe', () => {
  const wrong: string[] = [];
  for (const [id, rule] of RULES) {
    const allowed = rule.severity === 'error' ? ERROR_KEYWORDS : WARNING_KEYWORDS;
    if (!allowed.includes(rule.keyword)) wrong.push(`${id}: ${rule.severity} resting on ${rule.keyword}`);
    const area = id.split('/')[0] as string;
    if (TOOL_AREAS.has(area) !== (rule.keyword === 'tool') && !(rule.keyword === 'tool' && rule.severity === 'warning')) wrong.push(`${id}: keyword ${rule.keyword} in area ${area}`);
    // auth/: the declared authorization policy of a fixture, the course's model (judged only where a policy is declared).
    if (rule.keyword === 'course' && area !== 'auth' && !Object.values(COURSE).includes(rule.spec as never) && !/course profile/i.test(rule.text)) wrong.push(`${id}: course keyword without the course link or wording`);
    if ((rule.keyword === 'SHOULD' || rule.keyword === 'SHOULD NOT') && !/should/i.test(rule.text + decodeURIComponent(rule.spec))) wrong.push(`${id}: ${rule.keyword} not named in its text or link`);
  }
  assert.equal(wrong, []);
});

test('the keywords an error may rest on exclude SHOULD, SHOULD NOT and probe', () => {
  for (const k of ['SHOULD', 'SHOULD NOT', 'probe'] as const) assert.not.ok(ERROR_KEYWORDS.includes(k), k);
});

test.run();
