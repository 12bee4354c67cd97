// Why: the bench's 256-case fixture must stay what it says it is: the first cases of its source
// under the source's header, the ones the course's reference judges otherwise left out, 256 in
// all, each case unchanged, and judged by `cases` with every case as expected.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { COURSE_REFERENCE_MAX_CASES, course256Path, course256Source, LEFT_OUT } from '../../bench/course-256.ts';

const ROOT = resolve(import.meta.dirname, '../..');
type Fixture = { description?: string; cases: { name: string }[] } & Record<string, unknown>;

test('bench/course-256.json: the source\'s first cases but the ones left out, unchanged, under its header', () => {
  const fixture = JSON.parse(readFileSync(course256Path(ROOT), 'utf8')) as Fixture;
  const { description: _d, cases: sourceCases, ...header } = JSON.parse(readFileSync(course256Source(ROOT), 'utf8')) as Fixture;
  const { cases, ...own } = fixture;
  assert.equal(own, header);
  assert.is(cases.length, COURSE_REFERENCE_MAX_CASES);
  const left = new Set<string>(LEFT_OUT);
  const expected = sourceCases.slice(0, COURSE_REFERENCE_MAX_CASES + LEFT_OUT.length).filter((c) => !left.has(c.name));
  assert.equal(cases, expected);
  assert.ok(LEFT_OUT.every((name) => sourceCases.slice(0, COURSE_REFERENCE_MAX_CASES + LEFT_OUT.length).some((c) => c.name === name)), 'every case left out is one of the source\'s first');
});

test.run();
