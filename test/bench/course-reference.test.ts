import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { measureWalls } from '../../bench/processes.ts';
import { benchCommandLine, COURSE_REFERENCE_ENV, courseReference, PYTHON_ENV } from '../../bench/run-bench.ts';
import { isSkipped } from '../../bench/workloads.ts';

const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-course-reference-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
const script = join(dir, 'validate_mcp_messages.py');
const course = join(dir, 'mcp-cases.json');
writeFileSync(script, '');
writeFileSync(course, '{}');

test('course_reference: skipped, with the reason, unless the environment names an existing script and the course fixture is there', () => {
  const unset = courseReference(course, {});
  assert.ok(isSkipped(unset) && unset.skipped.includes(COURSE_REFERENCE_ENV));
  const missing = courseReference(course, { [COURSE_REFERENCE_ENV]: join(dir, 'absent.py') });
  assert.ok(isSkipped(missing) && missing.skipped.includes('names no file'));
  const noCourse = courseReference(join(dir, 'absent.json'), { [COURSE_REFERENCE_ENV]: script });
  assert.ok(isSkipped(noCourse) && noCourse.skipped.includes('course fixture'));
});

test('course_reference: run as the course says, python3 -B SCRIPT FIXTURE, exit 0 only; the interpreter may be named', () => {
  assert.equal(courseReference(course, { [COURSE_REFERENCE_ENV]: script }), { command: 'python3', args: ['-B', script, course], accept: [0] });
  assert.equal(courseReference(course, { [COURSE_REFERENCE_ENV]: script, [PYTHON_ENV]: '/usr/bin/python3.11' }), { command: '/usr/bin/python3.11', args: ['-B', script, course], accept: [0] });
});

test('a timed command may name its own program (the reference is no Node script)', () => {
  const [sh] = measureWalls([{ command: '/bin/sh', args: ['-c', 'exit 0'], accept: [0] }], dir, 3);
  assert.ok(sh !== undefined && sh.wall_s > 0 && sh.runs === 3);
  assert.throws(() => measureWalls([{ command: '/bin/sh', args: ['-c', 'exit 3'], accept: [0] }], dir, 1), /exit 3/);
});

test('the command a report names says which settings added the reference, by file name, no folder', () => {
  assert.is(benchCommandLine(['--write'], {}), 'node dist/cli.js bench --write');
  assert.is(benchCommandLine(['--write'], { [COURSE_REFERENCE_ENV]: script, [PYTHON_ENV]: '/usr/bin/python3.11' }),
    `${COURSE_REFERENCE_ENV}=validate_mcp_messages.py ${PYTHON_ENV}=python3.11 node dist/cli.js bench --write`);
});

test.run();
