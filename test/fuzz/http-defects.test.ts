// Why: over Streamable HTTP, fuzz runs each sequence in a fresh session on one server
// (--reuse-server) and must find what only a sequence shows there: a second request in flight
// turned away with 503 (reported as the HTTP status it is, never as a timeout), a resumption that
// loses its Last-Event-ID. Each is shrunk to the
// sequence docs/fuzz-replay.md states and replayed 10/10; the correct peers, JSON and SSE, come out clean, and so
// does one that serves a request sent before notifications/initialized.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Action } from '../../trace/action-schema.ts';
import { Busy503Peer, HttpServesBeforeInitializedPeer, ResumeLosesLastEventIdPeer } from '../peers/http-fuzz-peers.ts';
import { McpHttpPeer, withPeer } from '../peers/http-mcp-peer.ts';
import { actionsOf, errorRules, fuzz, replaySaved } from './support.ts';

const SEED = 7;

const DEFECTS: { name: string; peer: () => McpHttpPeer; rules: string[]; minimal: Action[] }[] = [
  { name: '503 while another request is answered', peer: () => new Busy503Peer(), rules: ['http/error-status'], minimal: [{ kind: 'duplicate-id' }] },
  { name: 'a resumption that loses Last-Event-ID', peer: () => new ResumeLosesLastEventIdPeer(), rules: ['http/event-id-reused', 'correlation/no-matching-request'], minimal: [{ kind: 'reconnect' }] },
];

for (const defect of DEFECTS) {
  test(`${defect.name}: found, shrunk to the stated sequence, replayed 10/10 in fresh sessions`, async () => {
    await withPeer(defect.peer(), async (url) => {
      const target = { transport: 'http', url: url.href } as const;
      const found = await fuzz(target, SEED);
      assert.is(found.outcome, 'found');
      assert.equal(errorRules(found), defect.rules);
      assert.equal(actionsOf(found), defect.minimal);
      assert.not.ok(found.run.trace.findings.some((f) => f.rule === 'http/timeout' || f.rule === 'transport/timeout'), 'no timeout reported');
      assert.equal(found.run.trace.target, { transport: 'http' }, 'the trace names no URL');
      const replayed = await replaySaved(found, target);
      assert.is(replayed.reproduced, 10);
    });
  });
}

test('correct peers (JSON and SSE answers) fuzzed with the same seed: clean, every session deleted', async () => {
  for (const answer of ['json', 'sse'] as const) {
    const peer = new McpHttpPeer(answer);
    await withPeer(peer, async (url) => {
      const result = await fuzz({ transport: 'http', url: url.href }, SEED);
      assert.is(result.outcome, 'clean', `${answer}: ${JSON.stringify(result.run.trace.findings)}`);
      assert.ok(peer.sessions.size >= 50, 'a fresh session per run');
      assert.ok([...peer.sessions.values()].every((open) => !open), 'every session was deleted');
    });
  }
});

test('a server that serves a request sent before notifications/initialized: clean (serving it is no failure)', async () => {
  await withPeer(new HttpServesBeforeInitializedPeer('json'), async (url) => {
    const result = await fuzz({ transport: 'http', url: url.href }, SEED);
    assert.is(result.outcome, 'clean', JSON.stringify(result.run.trace.findings));
  });
});

test.run();
