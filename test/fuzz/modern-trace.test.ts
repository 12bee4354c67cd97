// Why: the trace format (version 1) is extended, not changed, for the stateless revision: a
// sequence may say it was played in the modern era, and its actions may be of the stateless kinds,
// each with strictly typed arguments; anything else in those places is not a trace, and a trace
// without the era is a legacy one, as every older trace is.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runSequence } from '../../fuzz/run-sequence.ts';
import { streamableHttp } from '../../live/streamable-http.ts';
import { parseTrace, replayableSequence } from '../../trace/parse-trace.ts';
import { traceText } from '../../trace/trace-file.ts';
import { InputError } from '../../files/input-error.ts';
import { stdioPeer } from './support.ts';

const ENV = { PATH: process.env['PATH'] ?? '' };

test('a 2026-07-28 fuzz trace reads back with its era and stateless actions; a wrong era or argument is no trace', async () => {
  const run = await runSequence([{ kind: 'retry', args: { state: 'altered' } }, { kind: 'stale-cursor', args: { method: 'tools/list' } }, { kind: 'listen' }], {
    target: stdioPeer('modern-correct'), headerEnv: [], timeoutMs: 2000, protocolVersion: '2025-11-25', era: 'modern',
    env: ENV, httpTransport: streamableHttp, mode: 'fuzz', seed: 3, recorded: {},
  });
  const text = traceText(run.trace);
  const read = replayableSequence(parseTrace(new TextEncoder().encode(text)));
  assert.equal(read, { seed: 3, era: 'modern', actions: [{ kind: 'retry', args: { state: 'altered' } }, { kind: 'stale-cursor', args: { method: 'tools/list' } }, { kind: 'listen' }] });
  const older = JSON.parse(text) as { sequence: Record<string, unknown> };
  delete older.sequence['era'];
  assert.is(replayableSequence(parseTrace(new TextEncoder().encode(JSON.stringify(older)))).era, undefined, 'no era: a legacy sequence, as in every older trace');
  const refused = (mutate: (t: { sequence: Record<string, unknown> }) => void): unknown => {
    const t = JSON.parse(text) as { sequence: Record<string, unknown> };
    mutate(t);
    try {
      parseTrace(new TextEncoder().encode(JSON.stringify(t)));
    } catch (error) {
      return error;
    }
    return undefined;
  };
  for (const [what, mutate] of [
    ['an era no revision has', (t: { sequence: Record<string, unknown> }) => (t.sequence['era'] = 'sideways')],
    ['a retry state of another name', (t: { sequence: Record<string, unknown> }) => (t.sequence['actions'] = [{ kind: 'retry', args: { state: 'guessed' } }])],
    ['a listen with arguments', (t: { sequence: Record<string, unknown> }) => (t.sequence['actions'] = [{ kind: 'listen', args: { uri: 'file:///etc/passwd' } }])],
  ] as const) {
    const error = refused(mutate);
    assert.ok(error instanceof InputError, what);
    assert.is((error as InputError).rule, 'fixture/trace-invalid', what);
    assert.match((error as InputError).message, /\/sequence/, what);
  }
});

test.run();
