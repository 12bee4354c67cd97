// Why: fuzz must be deterministic against a real server we did not write: the official "everything"
// reference server, fuzzed twice from one seed, plays the same sequences with the same findings (its
// traces differ only by notifications it sends on its own timers); and it must be fair to
// it: serving tools/list between its initialize result and notifications/initialized (as it does)
// breaks no requirement, so the search goes past it and finds nothing.
import { createRequire } from 'node:module';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { errorRules, fuzz } from './support.ts';

const SERVER = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
const TARGET = { transport: 'stdio', command: [process.execPath, SERVER, 'stdio'] } as const;

test('server-everything over stdio, one seed twice: the same sequence and findings; clean', async () => {
  const first = await fuzz(TARGET, 1, 5, 20, 15_000);
  const second = await fuzz(TARGET, 1, 5, 20, 15_000);
  assert.is(first.outcome, 'clean', JSON.stringify(first.run.trace.findings));
  assert.equal(errorRules(first), []);
  assert.equal(second.run.trace.sequence, first.run.trace.sequence);
  assert.equal(second.run.trace.findings, first.run.trace.findings);
});

test.run();
