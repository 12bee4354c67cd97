// Why: fuzz earns trust only if it finds sequence-only defects it was not told about, shrinks each
// to the sequence docs/fuzz-replay.md states, and the saved trace comes back 10 times out of 10 with the
// same signature; and only if correct servers, fuzzed from the same seeds, come out clean. Each
// peer is correct but for one defect, over stdio; the default number of runs is used.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Action } from '../../trace/action-schema.ts';
import { runSequence } from '../../fuzz/run-sequence.ts';
import { streamableHttp } from '../../live/streamable-http.ts';
import { actionsOf, errorRules, fuzz, replaySaved, STDIO_PEERS, stdioPeer } from './support.ts';

const SEED = 7;

const DEFECTS: { peer: string; rules: string[]; minimal: Action[] }[] = [
  { peer: 'swap-after-cancel', rules: ['probe/answer-of-another-request'], minimal: [{ kind: 'echo' }, { kind: 'echo' }, { kind: 'cancel', args: { which: 'oldest' } }] },
  // Two overlapping calls: the first is never answered (timeout), the second is answered twice
  // (the second answer matches no request in flight).
  {
    peer: 'overlap-mixup',
    rules: ['correlation/no-matching-request', 'probe/answer-of-another-request', 'transport/timeout'],
    minimal: [{ kind: 'echo' }, { kind: 'echo' }],
  },
];

for (const defect of DEFECTS) {
  test(`${defect.peer}: found within the default runs, shrunk to the stated sequence, replayed 10/10`, async () => {
    const target = stdioPeer(defect.peer);
    const found = await fuzz(target, SEED);
    assert.is(found.outcome, 'found');
    assert.equal(errorRules(found), defect.rules);
    assert.equal(actionsOf(found), defect.minimal);
    assert.equal(found.run.trace.sequence?.seed, SEED);
    assert.equal(found.run.trace.target, { transport: 'stdio' }, 'the trace names no command');
    const replayed = await replaySaved(found, target);
    assert.is(replayed.couldNotRun, false);
    assert.is(replayed.reproduced, 10);
    assert.is(replayed.last.trace.signature, found.run.trace.signature);
  });
}

test('correct peers fuzzed with the same seed: clean (a late answer to a cancelled call, a request served before initialized: no failure)', async () => {
  for (const peer of ['correct', 'slow-echo', 'serves-before-initialized']) {
    const result = await fuzz(stdioPeer(peer), SEED);
    assert.is(result.outcome, 'clean', `${peer}: ${JSON.stringify(result.run.trace.findings)}`);
    assert.equal(result.run.trace.findings.filter((f) => f.severity === 'error'), []);
  }
});

test('a server that mixes up two requests sharing one id: the checker sent them (a client MUST NOT), so a robustness warning, not a failure', async () => {
  const result = await fuzz(stdioPeer('duplicate-id-mixup'), SEED);
  assert.is(result.outcome, 'clean', JSON.stringify(result.run.trace.findings));
  const rules = new Set(result.run.trace.findings.map((f) => `${f.rule} ${f.severity}`));
  assert.not.ok([...rules].some((r) => r.endsWith(' error')), [...rules].join(', '));
});


// The overlap peer is correct but for the overlap: the same calls made one at a time, and every
// other kind of action, find nothing.
test('overlap-mixup, its calls one at a time (each settled before the next): no finding, each call answered once', async () => {
  const serial: Action[] = [
    { kind: 'echo' }, { kind: 'settle' }, { kind: 'echo' }, { kind: 'settle' }, { kind: 'ping' },
    { kind: 'echo' }, { kind: 'cancel', args: { which: 'oldest' } }, { kind: 'settle' }, { kind: 'list', args: { method: 'tools/list' } }, { kind: 'echo' },
  ];
  const run = await runSequence(serial, {
    target: stdioPeer('overlap-mixup'),
    headerEnv: [],
    timeoutMs: 2000,
    protocolVersion: '2025-11-25',
    env: { PATH: process.env['PATH'] ?? '' },
    httpTransport: streamableHttp,
    mode: 'fuzz',
    seed: SEED,
    recorded: {},
  });
  assert.is(run.trace.status, 'pass', JSON.stringify(run.trace.findings));
  assert.equal(run.trace.findings, []);
  const messages = run.trace.events.flatMap((e) => (e.kind === 'message' && typeof e.message === 'object' && e.message !== null ? [{ direction: e.direction, message: e.message as Record<string, unknown> }] : []));
  const calls = messages.filter((m) => m.direction === 'client_to_server' && m.message['method'] === 'tools/call').map((m) => m.message['id']);
  const answered = messages.filter((m) => m.direction === 'server_to_client' && calls.includes(m.message['id'])).map((m) => m.message['id']);
  assert.is(calls.length, 4);
  assert.equal(answered, calls);
});

test('overlap-mixup, fuzz --without echo,duplicate-id,reuse-id (no tools/call drawn): clean, exit 0', () => {
  const root = resolve(import.meta.dirname, '../..');
  const peer = join(STDIO_PEERS, 'overlap-mixup.mjs');
  const args = [join(root, 'dist/cli.js'), 'fuzz', '--seed', String(SEED), '--without', 'echo,duplicate-id,reuse-id', '--stdio', '--', process.execPath, peer];
  const cli = spawnSync(process.execPath, args, { encoding: 'utf8', cwd: root, timeout: 120_000, env: { PATH: process.env['PATH'] ?? '' } });
  assert.is(cli.status, 0, cli.stdout + cli.stderr);
  assert.match(cli.stdout, /^fuzz: nothing found in 50 runs \(seed 7\)/);
  assert.match(cli.stdout, /\npass: 0 errors, 0 warnings;/);
});

test.run();
