// Why: a client that sends and never reads its answers must not make the judging server hold them:
// over stdio (`serve`, and each connection of check-client's relay) the client's input is not read
// while more than MAX_HELD_OUTPUT_BYTES of answers wait, and reading resumes once they drain.
import { PassThrough, Writable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_HELD_OUTPUT_BYTES, serveLines } from '../../judging-server/line-channel.ts';

/** An output whose reader has stopped: nothing written completes until `drain()` lets it all through. */
function stalledOutput(): { output: Writable; drain(): void; written(): number } {
  let stalled: (() => void)[] = [];
  let flowing = false;
  let bytes = 0;
  const output = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (flowing) done();
      else stalled.push(done);
    },
  });
  return {
    output,
    drain: () => {
      flowing = true;
      const waiting = stalled;
      stalled = [];
      for (const done of waiting) done();
    },
    written: () => bytes,
  };
}

const line = (message: unknown) => `${JSON.stringify(message)}\n`;

test('answers a client does not read are held to a bound: its input is paused, and resumed once they drain', async () => {
  const input = new PassThrough();
  const { output, drain, written } = stalledOutput();
  const { session, ended } = serveLines(input, output, { scenarios: new Set(), timeoutMs: 2_000 });
  input.write(line({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'unread', version: '1' } } }));
  input.write(line({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  const pad = 'p'.repeat(200_000);
  const pings = 150;
  let accepted = 0;
  for (let i = 0; i < pings; i++) {
    if (input.write(line({ jsonrpc: '2.0', id: i + 1, method: 'tools/call', params: { name: 'echo', arguments: { text: `${i}-${pad}` } } }))) accepted++;
    await new Promise((r) => setImmediate(r));
  }
  await new Promise((r) => setTimeout(r, 200));
  const held = output.writableLength;
  assert.ok(held < MAX_HELD_OUTPUT_BYTES + 2 * 1024 * 1024, `${(held / 1048576).toFixed(1)} MB of answers held`);
  assert.ok(input.isPaused(), 'the client\'s input is no longer read');
  assert.ok(input.readableLength + input.writableLength > 10 * 1024 * 1024, 'what the client sent waits in its own pipe, not in answers');
  drain();
  input.end();
  await ended;
  assert.ok(written() > pings * 200_000, 'every call answered once the output drained');
  assert.ok(session.messages >= pings, `${session.messages} messages`);
  assert.ok(accepted < pings, 'the client felt the back-pressure');
});

test.run();
