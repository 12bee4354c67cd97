// Why: an exercised call that asks for progress carries its own progress token, and each progress
// notification for it restarts its time limit (lifecycle, Timeouts: a sender MAY reset the clock on
// progress, and SHOULD still enforce a maximum): a long tool that reports progress is waited for,
// a silent one stops at the limit, and one that reports progress forever stops at the maximum.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { JsonObject } from '../../validators/context.ts';
import { Exchange, PROGRESS_MAX_LIMITS } from '../../live/exchange.ts';
import { LiveRecorder } from '../../live/recorder.ts';
import type { ClientTransport } from '../../live/transport.ts';

/** A transport whose server part is a script: `onRequest` gets each request and a way to answer. */
function scripted(onRequest: (message: JsonObject, deliver: (m: JsonObject) => void) => void): { transport: ClientTransport; sent: JsonObject[] } {
  const sent: JsonObject[] = [];
  let receive: ((m: JsonObject, event: number) => void) | undefined;
  let event = 0;
  const transport: ClientTransport = {
    kind: 'stdio',
    start: async (onServerMessage) => { receive = onServerMessage; },
    send: async (message) => {
      sent.push(message);
      if ('method' in message && 'id' in message) onRequest(message, (m) => receive?.(m, event++));
    },
    close: async () => ({ kind: 'stdio' }) as never,
  };
  return { transport, sent };
}

const LIMIT = 60;
const progress = (token: unknown, n: number): JsonObject => ({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token as number, progress: n } });

async function callWith(script: (message: JsonObject, deliver: (m: JsonObject) => void) => void, progressAsked = true) {
  const { transport, sent } = scripted(script);
  const recorder = new LiveRecorder();
  const exchange = new Exchange(transport, recorder, LIMIT, () => ({ result: {} }));
  await exchange.start();
  const started = Date.now();
  const answer = await exchange.send('tools/call', { name: 'slow', arguments: {}, _meta: { keep: 1 } }, { ownStop: true, progress: progressAsked }).answer;
  return { answer, sent, elapsed: Date.now() - started, recorder };
}

/** Answers after `steps` progress notifications spaced at two thirds of the limit. */
const reportsThenAnswers = (steps: number) => (message: JsonObject, deliver: (m: JsonObject) => void) => {
  const token = (message['params'] as { _meta?: { progressToken?: unknown } })._meta?.progressToken;
  for (let i = 1; i <= steps; i++) setTimeout(() => deliver(progress(token, i)), (LIMIT * 2 * i) / 3);
  setTimeout(() => deliver({ jsonrpc: '2.0', id: message['id'] as number, result: { content: [] } }), (LIMIT * 2 * (steps + 1)) / 3);
};

test('a call asking for progress carries its id as its progress token, other _meta members kept', async () => {
  const { sent, answer } = await callWith((m, deliver) => deliver({ jsonrpc: '2.0', id: m['id'] as number, result: { content: [] } }));
  assert.is(answer.kind, 'result');
  assert.equal((sent[0]?.['params'] as JsonObject)['_meta'], { keep: 1, progressToken: sent[0]?.['id'] });
});

test('progress restarts the limit: a call answered after three limits, reporting progress within each, is answered', async () => {
  const { answer, elapsed } = await callWith(reportsThenAnswers(4));
  assert.is(answer.kind, 'result');
  assert.ok(elapsed > LIMIT * 3, `answered after ${elapsed} ms`);
});

test('without asking for progress the same call stops at the limit: the checker\'s own stop, cancelled', async () => {
  const { answer, sent, recorder } = await callWith(reportsThenAnswers(4), false);
  assert.is(answer.kind, 'timeout');
  assert.not.ok('_meta' in sent[0]! && 'progressToken' in ((sent[0]['params'] as JsonObject)['_meta'] as JsonObject));
  assert.equal(recorder.finish().findings.map((f) => f.rule), ['lifecycle/exercise-timeout']);
  assert.ok(sent.some((m) => m['method'] === 'notifications/cancelled'));
});

test('progress for another token restarts nothing', async () => {
  const { answer, recorder } = await callWith((m, deliver) => {
    for (let i = 1; i <= 4; i++) setTimeout(() => deliver(progress('someone-else', i)), (LIMIT * 2 * i) / 3);
  });
  assert.is(answer.kind, 'timeout');
  assert.match(recorder.finish().findings[0]?.message ?? '', /without an answer or progress/);
});

test(`progress forever stops at ${PROGRESS_MAX_LIMITS} limits in all, said so`, async () => {
  const { answer, elapsed, recorder } = await callWith(reportsThenAnswers(1000));
  assert.is(answer.kind, 'timeout');
  assert.ok(elapsed >= LIMIT * PROGRESS_MAX_LIMITS - 5 && elapsed < LIMIT * (PROGRESS_MAX_LIMITS + 4), `stopped after ${elapsed} ms`);
  assert.match(recorder.finish().findings[0]?.message ?? '', new RegExp(`${PROGRESS_MAX_LIMITS} times --timeout`));
});

test.run();
