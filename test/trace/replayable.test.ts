// Why: a trace is untrusted input, and replay acts on it: it must never choose what runs. The one
// trace reader refuses, before anything starts, a trace without an action sequence and one whose
// target, options or sequence name an executable, URL, environment or working directory, naming
// the rule and the JSON Pointer; a sequence holds only actions of the known kinds.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { InputError } from '../../files/input-error.ts';
import { parseTrace, replayableSequence } from '../../trace/parse-trace.ts';
import type { Trace } from '../../trace/trace-schema.ts';
import { cleanTrace, makeTrace, traceText } from '../reports/traces.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const SEQUENCE = { seed: 7, actions: [{ kind: 'echo' }, { kind: 'cancel', args: { which: 'oldest' } }, { kind: 'early', args: { method: 'tools/list' } }] } as const;

function fuzzTrace(extra: Record<string, unknown> = {}): Trace {
  return makeTrace(cleanTrace().events, [], { mode: 'fuzz', target: { transport: 'stdio' }, options: { runs: 50, seed: 7 }, sequence: structuredClone(SEQUENCE) as unknown as Trace['sequence'], ...extra } as Partial<Trace>);
}

function refusal(trace: unknown): InputError {
  try {
    replayableSequence(parseTrace(bytes(JSON.stringify(trace))));
  } catch (error) {
    assert.instance(error, InputError);
    return error as InputError;
  }
  throw new Error('accepted');
}

test('a fuzz trace is read back with its seed and actions; an old check trace is still a valid trace', () => {
  assert.equal(replayableSequence(parseTrace(bytes(traceText(fuzzTrace())))), SEQUENCE);
  assert.ok(parseTrace(bytes(traceText(cleanTrace()))));
});

test('a trace that names a command, URL, environment or working directory is refused, at its pointer', () => {
  // A check trace's target names its command or URL, so only replay refuses those; a run control at
  // the top of the options is refused by the reader itself, whoever reads the trace.
  const cases: [unknown, string, string][] = [
    [fuzzTrace({ target: { transport: 'stdio', command: ['rm', '-rf', '/'] } }), '/target/command', 'fixture/trace-not-replayable'],
    [fuzzTrace({ target: { transport: 'http', url: 'http://attacker.invalid/' } }), '/target/url', 'fixture/trace-not-replayable'],
    [fuzzTrace({ options: { runs: 1, env: { NODE_OPTIONS: '--require x' } } }), '/options/env', 'fixture/trace-invalid'],
    [fuzzTrace({ options: { cwd: '/etc' } }), '/options/cwd', 'fixture/trace-invalid'],
    [fuzzTrace({ options: { nested: [{ Executable: '/bin/sh' }] } }), '/options/nested/0/Executable', 'fixture/trace-not-replayable'],
  ];
  for (const [trace, pointer, rule] of cases) {
    const e = refusal(trace);
    assert.is(e.rule, rule, e.message);
    assert.is(e.pointer, pointer);
    assert.match(e.message, /^trace: /);
  }
});

test('a trace without a sequence (a check trace) is refused; an action of an unknown kind or with extra arguments is not a trace', () => {
  const check = refusal(cleanTrace());
  assert.is(check.rule, 'fixture/trace-not-replayable');
  assert.is(check.pointer, '/sequence');
  const unknownKind = refusal(fuzzTrace({ sequence: { seed: 1, actions: [{ kind: 'spawn', args: { command: 'sh' } }] } }));
  assert.is(unknownKind.rule, 'fixture/trace-invalid');
  const extra = refusal(fuzzTrace({ sequence: { seed: 1, actions: [{ kind: 'ping', args: { url: 'http://x.invalid/' } }] } }));
  assert.is(extra.rule, 'fixture/trace-invalid');
  assert.match(extra.pointer, /^\/sequence\/actions\/0/);
});

test.run();
