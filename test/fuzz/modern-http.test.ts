// Why: over Streamable HTTP, fuzz of the stateless revision (2026-07-28) plays each run on a fresh
// connection to the one server at --url, every request with its _meta mirrored in the headers the
// transport page requires: a defect is found, shrunk and replayed 10/10 there too, and the correct
// modern peer and the 2.x SDK's createMcpHandler come out clean from the same seed.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startModernHttpPeer } from '../peers/http-modern-peers.ts';
import { startSdkV2Http } from '../peers/sdk-v2-http.ts';
import { actionsOf, errorRules, fuzzModern, replaySaved } from './support.ts';

const SEED = 7;

test('a second tools/list page without ttlMs over HTTP: found, shrunk to echo, list tools/list, replayed 10/10 on fresh connections', async () => {
  const peer = await startModernHttpPeer({ secondPageWithoutTtl: true });
  try {
    const target = { transport: 'http', url: peer.url.href } as const;
    const found = await fuzzModern(target, SEED);
    assert.is(found.outcome, 'found');
    assert.equal(errorRules(found), ['stateless/cacheable-result']);
    // `echo` reads the first page to find the tool; `list` then reads the second.
    assert.equal(actionsOf(found), [{ kind: 'echo' }, { kind: 'list', args: { method: 'tools/list' } }]);
    assert.is(found.run.trace.sequence?.era, 'modern');
    assert.equal(found.run.trace.target, { transport: 'http' }, 'the trace names no URL');
    const replayed = await replaySaved(found, target);
    assert.is(replayed.reproduced, 10);
    assert.is(replayed.last.trace.signature, found.run.trace.signature);
  } finally {
    await peer.stop();
  }
});

test('the correct modern HTTP peer and createMcpHandler fuzzed with the same seed: clean', async () => {
  for (const [name, start, runs] of [['modern peer', () => startModernHttpPeer(), 30], ['createMcpHandler', () => startSdkV2Http('stateless'), 20]] as const) {
    const peer = await start();
    try {
      const result = await fuzzModern({ transport: 'http', url: peer.url.href }, SEED, runs, 20, 5000);
      assert.is(result.outcome, 'clean', `${name}: ${JSON.stringify(result.run.trace.findings)}`);
      assert.is(result.runs, runs);
    } finally {
      await peer.stop();
    }
  }
});

test.run();
