// Why: fuzz must be deterministic against a real server we did not write: the official "everything"
// reference server, fuzzed twice from one seed, gives byte-identical traces, and what it reports is
// the one real violation docs/live-checks.md explains (it serves tools/list before notifications/initialized).
import { createRequire } from 'node:module';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { traceText } from '../../trace/trace-file.ts';
import { actionsOf, errorRules, fuzz } from './support.ts';

const SERVER = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/dist/index.js');
const TARGET = { transport: 'stdio', command: [process.execPath, SERVER, 'stdio'] } as const;

test('server-everything over stdio, one seed twice: the same trace, byte for byte; its one finding explained', async () => {
  const first = await fuzz(TARGET, 1, 5, 20, 15_000);
  const second = await fuzz(TARGET, 1, 5, 20, 15_000);
  assert.is(first.outcome, 'found');
  assert.equal(errorRules(first), ['probe/served-before-initialized']);
  assert.equal(actionsOf(first), [{ kind: 'early', args: { method: 'tools/list' } }]);
  assert.is(traceText(second.run.trace), traceText(first.run.trace));
});

test.run();
