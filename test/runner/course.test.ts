import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseFixture } from '../../runner/load-fixture.ts';
import { profileForFixture } from '../../runner/profile-for.ts';
import { runCase } from '../../runner/run-case.ts';

const COURSE = resolve(import.meta.dirname, '../../../shared/course/mcp-cases.json');

if (!existsSync(COURSE)) {
  test('the course fixture is present', () => {
    if (process.env['CI']) assert.unreachable('../shared/course/mcp-cases.json is missing on CI');
    console.warn(`skipping: ${join('..', 'shared', 'course', 'mcp-cases.json')} is not present`);
  });
} else {
  const fixture = parseFixture(new Uint8Array(readFileSync(COURSE)), 'mcp-cases.json');
  const profile = profileForFixture(fixture);

  test('the course fixture: 54 cases, 16 passed, 38 expected failures', () => {
    const results = fixture.cases.map((c, i) => runCase(fixture, c, i, { profile }));
    const unexpected = results.filter((r) => r.status !== 'passed' && r.status !== 'expected_failure');
    assert.equal(unexpected, []);
    assert.is(results.length, 54);
    assert.is(results.filter((r) => r.status === 'passed').length, 16);
    assert.is(results.filter((r) => r.status === 'expected_failure').length, 38);
  });

  test('flipping one expectation makes exactly that case unexpected, and every other case is still judged', () => {
    for (const [i, kase] of fixture.cases.entries()) {
      const flipped = { ...kase, expect: kase.expect === 'pass' ? 'fail' as const : 'pass' as const };
      const r = runCase(fixture, flipped, i, { profile });
      assert.ok(r.status === (kase.expect === 'pass' ? 'unexpected_pass' : 'unexpected_failure'), kase.name);
    }
  });

  test('an error_contains fragment that the reason lacks is a wrong-reason failure', () => {
    const i = fixture.cases.findIndex((c) => c.name === 'boolean_request_id_rejected');
    const r = runCase(fixture, { ...fixture.cases[i]!, error_contains: 'something else entirely' }, i, { profile });
    assert.is(r.status, 'wrong_reason');
    assert.is(r.rule, 'envelope/id-type');
    assert.is(r.pointer, `/cases/${i}/steps/0/message/id`);
  });
}

test.run();
