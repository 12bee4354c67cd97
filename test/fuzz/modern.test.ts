// Why: fuzz of the stateless revision (2026-07-28) earns trust only if it finds a defect that no
// single request shows and a check does not reach, shrinks it, and the saved trace comes back 10
// times out of 10 with the same signature in the same era; and only if correct 2026-07-28 servers
// (the project's peers and the 2.x SDK's serveStdio) come out clean from the same seed. Every
// request it sends carries the revision's per-request _meta.
import { resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Action } from '../../trace/action-schema.ts';
import { runSequence } from '../../fuzz/run-sequence.ts';
import { streamableHttp } from '../../live/streamable-http.ts';
import { runCheck } from '../../live/run-check.ts';
import type { LiveTarget } from '../../live/connection.ts';
import { actionsOf, errorRules, fuzzModern, replaySaved, stdioPeer } from './support.ts';

const SEED = 7;
const ENV = { PATH: process.env['PATH'] ?? '' };
const SERVE_STDIO: LiveTarget = { transport: 'stdio', command: [process.execPath, resolve(import.meta.dirname, '../peers/stdio/sdk-v2-serve-stdio.mjs')] };

type Sent = { direction: string; message: Record<string, unknown>; probe?: string };
function messagesOf(events: readonly { kind: string }[]): Sent[] {
  return events.flatMap((e) => {
    const m = e as { kind: string; direction?: string; message?: unknown; probe?: string };
    return m.kind === 'message' && typeof m.message === 'object' && m.message !== null ? [{ direction: m.direction as string, message: m.message as Record<string, unknown>, ...(m.probe === undefined ? {} : { probe: m.probe }) }] : [];
  });
}
const requests = (sent: Sent[]) => sent.filter((m) => m.direction === 'client_to_server' && 'id' in m.message);

function play(peer: string, actions: Action[]) {
  return runSequence(actions, {
    target: stdioPeer(peer), headerEnv: [], timeoutMs: 2000, protocolVersion: '2025-11-25', era: 'modern',
    env: ENV, httpTransport: streamableHttp, mode: 'fuzz', seed: SEED, recorded: {},
  });
}

const DEFECTS: { peer: string; rules: string[]; minimal: Action[] }[] = [
  // Once its prompt has asked for input, the second tools/list page turns "private".
  { peer: 'modern-private-after-input', rules: ['stateless/cache-scope-changed'], minimal: [{ kind: 'prompt' }, { kind: 'echo' }, { kind: 'list', args: { method: 'tools/list' } }] },
  // A listen re-opened after a dropped one gets a notification before its acknowledgement.
  { peer: 'modern-relisten-before-ack', rules: ['stateless/not-acknowledged'], minimal: [{ kind: 'listen' }, { kind: 'listen' }] },
];

for (const defect of DEFECTS) {
  test(`${defect.peer}: found within the default runs, shrunk to the stated sequence, replayed 10/10 in the modern era`, async () => {
    const target = stdioPeer(defect.peer);
    const found = await fuzzModern(target, SEED);
    assert.is(found.outcome, 'found');
    assert.equal(errorRules(found), defect.rules);
    assert.equal(actionsOf(found), defect.minimal);
    assert.is(found.run.trace.sequence?.era, 'modern');
    assert.ok(found.runs <= 50, `found in run ${found.runs}`);
    // Every request carries the per-request _meta: the version, the client's capabilities, its identity.
    for (const r of requests(messagesOf(found.run.trace.events))) {
      const meta = (r.message['params'] as Record<string, unknown> | undefined)?.['_meta'] as Record<string, unknown> | undefined;
      assert.is(meta?.['io.modelcontextprotocol/protocolVersion'], '2026-07-28', JSON.stringify(r.message));
      assert.type(meta?.['io.modelcontextprotocol/clientCapabilities'], 'object');
      assert.type(meta?.['io.modelcontextprotocol/clientInfo'], 'object');
    }
    assert.not.ok(requests(messagesOf(found.run.trace.events)).some((r) => r.message['method'] === 'initialize'), 'no handshake');
    const replayed = await replaySaved(found, target);
    assert.is(replayed.couldNotRun, false);
    assert.is(replayed.reproduced, 10);
    assert.is(replayed.last.trace.signature, found.run.trace.signature);
    assert.is(replayed.last.trace.sequence?.era, 'modern');
  });
}

test('the defects show only across requests: the same lists without the prompt, one listen alone, are clean; a full check (lists before the prompt, one listen) finds neither', async () => {
  const without = await play('modern-private-after-input', [{ kind: 'echo' }, { kind: 'list', args: { method: 'tools/list' } }, { kind: 'prompt' }, { kind: 'list', args: { method: 'tools/list' } }]);
  assert.is(without.trace.status, 'pass', JSON.stringify(without.trace.findings));
  for (const peer of ['modern-private-after-input', 'modern-relisten-before-ack']) {
    const check = await runCheck({
      target: stdioPeer(peer), scope: 'full', timeoutMs: 2000, protocolVersion: '2025-11-25', era: 'modern',
      calls: [], answers: { roots: [] }, headerEnv: [], env: ENV,
    });
    assert.equal(check.trace.findings.filter((f) => f.severity === 'error'), [], peer);
  }
  const once = await play('modern-relisten-before-ack', [{ kind: 'listen' }, { kind: 'drop-listen' }, { kind: 'echo' }]);
  assert.is(once.trace.status, 'pass', JSON.stringify(once.trace.findings));
});

test('correct 2026-07-28 peers and the 2.x SDK\'s serveStdio fuzzed from the same seed: clean', async () => {
  for (const [name, target, runs] of [
    ['modern-correct', stdioPeer('modern-correct'), 50],
    ['modern-prompt-asks', stdioPeer('modern-prompt-asks'), 50],
    ['sdk-v2-serve-stdio', SERVE_STDIO, 25],
  ] as const) {
    const result = await fuzzModern(target, SEED, runs, 20, 5000);
    assert.is(result.outcome, 'clean', `${name}: ${JSON.stringify(result.run.trace.findings)}`);
    assert.is(result.runs, runs, name);
    assert.equal(result.run.trace.findings.filter((f) => f.severity === 'error'), [], name);
  }
});

test('the stateless action kinds on a correct peer: retries with the state echoed (a new id), altered and replayed (marked probes), a listen dropped and re-opened, stale and forged cursors: no error', async () => {
  const run = await play('modern-prompt-asks', [
    { kind: 'prompt' }, { kind: 'retry', args: { state: 'echoed' } }, { kind: 'retry', args: { state: 'replayed' } },
    { kind: 'prompt' }, { kind: 'retry', args: { state: 'altered' } },
    { kind: 'listen' }, { kind: 'drop-listen' }, { kind: 'listen' },
    { kind: 'list', args: { method: 'tools/list' } }, { kind: 'list', args: { method: 'tools/list' } },
    { kind: 'stale-cursor', args: { method: 'tools/list' } }, { kind: 'forged-cursor', args: { method: 'tools/list' } },
    { kind: 'discover' }, { kind: 'echo' }, { kind: 'echo' }, { kind: 'cancel', args: { which: 'latest' } },
  ]);
  assert.is(run.trace.status, 'pass', JSON.stringify(run.trace.findings));
  // A forged cursor answered with a page: the pagination page's SHOULD, a warning.
  assert.equal(run.trace.findings.map((f) => `${f.rule} ${f.severity}`), ['probe/invalid-params-code warning']);
  const sent = requests(messagesOf(run.trace.events));
  const gets = sent.filter((m) => m.message['method'] === 'prompts/get');
  const state = (m: Sent) => (m.message['params'] as Record<string, unknown>)['requestState'];
  assert.equal(gets.map(state), [undefined, 'greeting:ask-1', 'greeting:ask-1', undefined, 'greeting:ask-1.altered-by-the-client']);
  assert.equal(gets.map((m) => m.probe), [undefined, undefined, 'wrong-request-state', undefined, 'wrong-request-state']);
  assert.is(new Set(gets.map((m) => m.message['id'])).size, gets.length, 'every retry has an id of its own');
  const listens = sent.filter((m) => m.message['method'] === 'subscriptions/listen').map((m) => m.message['id']);
  assert.is(listens.length, 2);
  const cancelled = messagesOf(run.trace.events).filter((m) => m.message['method'] === 'notifications/cancelled').map((m) => (m.message['params'] as Record<string, unknown>)['requestId']);
  assert.ok(listens.every((id) => cancelled.includes(id)), 'each listen stream is dropped (the second at the end of the run)');
  const cursors = sent.filter((m) => m.message['method'] === 'tools/list').map((m) => (m.message['params'] as Record<string, unknown>)['cursor']);
  assert.equal(cursors, [undefined, 'page-2', 'page-2', 'mcp-statechart-forged-cursor']);
});

test.run();
